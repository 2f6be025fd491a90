/**
 * What the cron triggers and the queues' consumer run (src/index.ts), which have no request:
 * the e-mail services, the daily job (services/maintenance/daily-job.ts) and the membership
 * year's continuation on the jobs queue, from the same area modules a request uses.
 */
import { createDailyJobProgressStore } from "../adapters/d1/daily-job-progress";
import { createDirectoryStore } from "../adapters/d1/directory";
import { createEventBookingStore } from "../adapters/d1/event-bookings";
import { createEventReminderStore } from "../adapters/d1/event-reminders";
import { createEntitlementStore } from "../adapters/d1/entitlements";
import { createHousekeepingStore } from "../adapters/d1/housekeeping";
import { createMembershipYearStore } from "../adapters/d1/year-run-store";
import { createOutboxStore } from "../adapters/d1/outbox";
import { createUnpaidReleaseStore } from "../adapters/d1/unpaid-releases";
import { createEmailArchive } from "../adapters/r2/email-archive";
import type { Config } from "../env";
import { log } from "../log";
import type { ContentService } from "../services/content/content-service";
import type { EmailServices } from "../services/email/email-services";
import { runDailyJob } from "../services/maintenance/daily-job";
import { continueMembershipYear, type MembershipYearDeps } from "../services/membership/year-run";
import { restartStalledRuns } from "../services/membership/stalled-year-runs";
import { publishedTerms } from "../services/membership/terms";
import { publishedContent } from "./content";
import { createNotices } from "../services/email/notices";
import { offerFreedPlaces, runPlaceCheck } from "../services/events/waitlist-offers";
import type { PlaceCheck } from "../services/events/place-checks";
import type { EventReminderDeps } from "../services/events/event-reminders";
import { emailServices } from "./email";
import { buildCore } from "./core";
import { eventCancellation } from "./event-cancellation";
import { waitlistOfferDeps } from "./events";
import { practitionerPhotoSweep } from "./practitioners";
import { refundServiceOf } from "./money";
import { buildPayments } from "./payments";

type WaitUntil = (promise: Promise<unknown>) => void;

/** Hands the rest of a membership-year run to the jobs queue. */
const handOn = (config: Config) => async (runAt: string) => void (await config.bindings.jobsQueue.send({ job: "membership-year", runAt }));

function membershipYear(config: Config, content: ContentService, outbox: MembershipYearDeps["outbox"]): MembershipYearDeps {
  const { db } = config.bindings;
  return {
    store: createMembershipYearStore(db),
    progress: createDailyJobProgressStore(db),
    outbox,
    terms: publishedTerms(content),
    graceDays: config.membership.graceDays,
    log,
    continueLater: handOn(config),
    now: () => new Date(),
  };
}

/** The e-mail services for the delivery queue's consumer and the e-mail sweep. */
export function backgroundEmail(config: Config, waitUntil: WaitUntil): EmailServices {
  return emailServices(config, publishedContent(config, waitUntil));
}

export function dailyJob(config: Config, waitUntil: WaitUntil) {
  const { db } = config.bindings;
  const content = publishedContent(config, waitUntil);
  const { outbox } = emailServices(config, content);
  const batch = (statements: D1PreparedStatement[]) => db.batch(statements);
  return {
    /** One run, as of `now` (the trigger's scheduled time). */
    run: (now: Date) =>
      runDailyJob(
        {
          housekeeping: createHousekeepingStore(db),
          year: membershipYear(config, content, outbox),
          webinars: { webinars: () => content.webinars(), ownersNotYetTold: createEntitlementStore(db).ownersNotYetTold, outbox, batch },
          events: eventReminderDeps(config, content, outbox),
          directory: { store: createDirectoryStore(db), graceDays: config.membership.graceDays, log },
          unpaid: { store: createUnpaidReleaseStore(db), outbox, batch, log },
          emailArchive: { store: createOutboxStore(db), archive: createEmailArchive(config.bindings.emailArchive) },
          practitionerPhotos: practitionerPhotoSweep(config),
          log,
        },
        now,
      ),
  };
}

/** The daily job's event reminders (exported for their test, which runs them alone). */
export function eventReminderDeps(config: Config, content: ContentService, outbox: EventReminderDeps["outbox"]): EventReminderDeps {
  const { db } = config.bindings;
  return {
    events: () => content.events(),
    store: createEventReminderStore(db),
    bookings: createEventBookingStore(db),
    outbox,
    batch: (statements) => db.batch(statements),
    log,
  };
}

/** The jobs queue's work: going on with a membership-year run. */
export function membershipYearJobs(config: Config, waitUntil: WaitUntil) {
  const content = publishedContent(config, waitUntil);
  const deps = membershipYear(config, content, emailServices(config, content).outbox);
  return { continue: (runAt: string) => continueMembershipYear(deps, runAt) };
}

/** For the sweep: hands runs whose hand-over was lost to the jobs queue again (needs only their progress). */
export function stalledYearRuns(config: Config) {
  const progress = createDailyJobProgressStore(config.bindings.db);
  return { restart: (now: Date) => restartStalledRuns({ progress, continueLater: handOn(config), log }, now) };
}

/** For the sweep and the jobs queue: events' freed places offered to their waiting lists, and offers not taken up passed on. */
export function waitlistOffers(config: Config, waitUntil: WaitUntil) {
  const content = publishedContent(config, waitUntil);
  const { outbox } = emailServices(config, content);
  const deps = waitlistOfferDeps({ config, db: config.bindings.db, published: content, notices: createNotices({ outbox, waitUntil, log }) });
  return {
    run: (now: Date) => offerFreedPlaces(deps, now),
    /** A check a hold scheduled for its end. */
    check: (check: PlaceCheck, now: Date) => runPlaceCheck(deps, check, now),
  };
}

/** The jobs queue's and the sweep's work on a cancelled event: refunding or releasing its next orders, with a request's own refund path. */
export function eventCancellationJobs(config: Config, waitUntil: WaitUntil) {
  const core = buildCore(config, { waitUntil, clientAddress: "", preview: false });
  return eventCancellation(core, refundServiceOf(core, buildPayments(core)));
}
