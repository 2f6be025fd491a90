/**
 * Builds the member import for a request (init), and its job for the jobs queue's consumer and
 * the sweep (src/index.ts), from the validated configuration: its stores, the membership types
 * (the CMS), Stripe for the ids a file links, and the e-mail outbox for the paced invitations.
 */
import { createAuditLog } from "../adapters/d1/audit-log";
import { createEmailPauseStore } from "../adapters/d1/email-pause";
import { createImportInvitationStore } from "../adapters/d1/import-invitations";
import { createMemberImportJobStore } from "../adapters/d1/member-import-jobs";
import { createMemberImportStore } from "../adapters/d1/member-import";
import { countQueries } from "../adapters/d1/query-count";
import { createBillingApi } from "../adapters/stripe/billing-api";
import type { Config } from "../env";
import { log } from "../log";
import type { ContentService } from "../services/content/content-service";
import type { EmailOutbox } from "../services/email/outbox";
import { createMemberImport, createMemberImportJobs, type MemberImportDeps } from "../services/member-import/member-import";

/** Hands an import on to the jobs queue. */
const handOn = (config: Config) => async (importId: number) => void (await config.bindings.jobsQueue.send({ job: "member-import", importId }));

export function memberImportDeps(config: Config, content: Pick<ContentService, "memberships">, outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">, db = config.bindings.db): MemberImportDeps {
  const billing = config.stripe ? createBillingApi(config.stripe) : null;
  const pauses = createEmailPauseStore(db);
  return {
    jobs: createMemberImportJobStore(db),
    members: createMemberImportStore(db),
    membershipTypes: async () => (await content.memberships()).map(({ slug, title }) => ({ slug, title })),
    stripe: billing ? { customer: (id) => billing.retrieveCustomer(id), subscription: (id) => billing.retrieveSubscription(id) } : null,
    audit: createAuditLog(db),
    batch: (statements) => db.batch(statements),
    continueLater: handOn(config),
    invitations: {
      store: createImportInvitationStore(db),
      outbox,
      paused: async () => (await pauses.current(new Date())) !== null,
      perDay: config.memberImport.invitationsPerDay,
    },
    newClaim: () => crypto.randomUUID(),
    now: () => new Date(),
    log,
  };
}

/** For a request: receiving files and showing imports. */
export const memberImport = (config: Config, content: Pick<ContentService, "memberships">, outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">) =>
  createMemberImport(memberImportDeps(config, content, outbox));

/** For the jobs queue and the sweep. */
export const memberImportJobs = (config: Config, content: Pick<ContentService, "memberships">, outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">, db?: D1Database) =>
  createMemberImportJobs(memberImportDeps(config, content, outbox, db));

/** One jobs-queue invocation's part of an import, logged with the D1 queries it made (Cloudflare allows 1,000). */
export async function continueImportCounted(config: Config, content: Pick<ContentService, "memberships">, outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">, importId: number): Promise<void> {
  const counted = countQueries(config.bindings.db);
  const job = await memberImportJobs(config, content, outbox, counted.db).continue(importId);
  log.info("member_import.invocation", { importId, phase: job?.phase ?? null, position: job?.position ?? null, d1Queries: counted.queries() });
}
