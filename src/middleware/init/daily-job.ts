/**
 * Builds the daily job (services/maintenance/daily-job.ts) for the scheduled handler, which has
 * no request: its stores, the content service and the e-mail services, from the validated
 * configuration (as email.ts does for the queue consumer and the sweep).
 */
import { createEntitlementStore } from "../../adapters/d1/entitlements";
import { createHousekeepingStore } from "../../adapters/d1/housekeeping";
import { createMembershipYearStore } from "../../adapters/d1/membership-year";
import type { Config } from "../../env";
import { log } from "../../log";
import { runDailyJob } from "../../services/maintenance/daily-job";
import { membershipTerms } from "../../services/membership/terms";
import { backgroundContent, emailServices } from "./email";

export function dailyJob(config: Config, waitUntil: (promise: Promise<unknown>) => void) {
  const { db } = config.bindings;
  const content = backgroundContent(config, waitUntil);
  const { outbox } = emailServices(config, content);
  const batch = (statements: D1PreparedStatement[]) => db.batch(statements);
  return {
    /** One run, as of `now` (the trigger's scheduled time). */
    run: (now: Date) =>
      runDailyJob(
        {
          housekeeping: createHousekeepingStore(db),
          year: {
            store: createMembershipYearStore(db),
            outbox,
            terms: async () => membershipTerms(await content.memberships(), await content.allGeneralPages()),
            graceDays: config.membership.graceDays,
            log,
          },
          webinars: { webinars: () => content.webinars(), owners: createEntitlementStore(db).owners, outbox, batch },
          outbox,
          log,
        },
        now,
      ),
  };
}
