/**
 * The daily housekeeping job: ended sessions are kept a week (to explain a recent sign-out when
 * someone asks) and then deleted; the purge log is kept 90 days; handled Stripe event ids 30 days
 * (Stripe retries an event for up to three days, so a replay after that is not expected); an
 * e-mail's content (its template data: names, amounts, addresses) 30 days after it was sent or
 * suppressed, long enough to answer "what did that e-mail say?", after which only who it went
 * to, its kind, subject and dates stay. Failed and waiting messages keep theirs: they may still go.
 * A patient's message held for confirmation (Find a practitioner) goes once its link has expired.
 */
import type { HousekeepingStore } from "../../adapters/d1/housekeeping";
import type { Logger } from "../../log";

const DAY_MS = 86_400_000;
export const ENDED_SESSION_RETENTION_DAYS = 7;
export const PURGE_LOG_RETENTION_DAYS = 90;
export const STRIPE_EVENT_RETENTION_DAYS = 30;
export const SENT_EMAIL_DATA_RETENTION_DAYS = 30;
/**
 * Messages cleared per UPDATE, and UPDATEs per run: at most 50,000 messages a day, far more than
 * the site sends, so a backlog (the first run on a large outbox) is cleared over a few days, each
 * run well inside D1's limits on queries and time; the log says when some are left.
 */
const EMAIL_DATA_CHUNK = 1_000;
const EMAIL_DATA_CHUNKS_PER_RUN = 50;

async function clearOldEmailData(store: HousekeepingStore, cutoff: Date): Promise<{ cleared: number; more: boolean }> {
  let cleared = 0;
  for (let chunk = 0; chunk < EMAIL_DATA_CHUNKS_PER_RUN; chunk++) {
    const changed = await store.clearFinishedMessageData(cutoff, EMAIL_DATA_CHUNK);
    cleared += changed;
    if (changed < EMAIL_DATA_CHUNK) return { cleared, more: false };
  }
  return { cleared, more: true };
}

export async function runHousekeeping(deps: { store: HousekeepingStore; now: () => number; log: Logger }) {
  const now = deps.now();
  const sessions = await deps.store.deleteEndedSessions(new Date(now - ENDED_SESSION_RETENTION_DAYS * DAY_MS));
  const purgeLog = await deps.store.deletePurgeLogBefore(new Date(now - PURGE_LOG_RETENTION_DAYS * DAY_MS));
  const stripeEvents = await deps.store.deleteStripeEventsBefore(new Date(now - STRIPE_EVENT_RETENTION_DAYS * DAY_MS));
  const emailData = await clearOldEmailData(deps.store, new Date(now - SENT_EMAIL_DATA_RETENTION_DAYS * DAY_MS));
  const contactHolds = await deps.store.deleteExpiredContactHolds(new Date(now));
  const report = {
    sessionsDeleted: sessions,
    purgeLogDeleted: purgeLog,
    stripeEventsDeleted: stripeEvents,
    emailDataCleared: emailData.cleared,
    emailDataLeftForNextRun: emailData.more,
    expiredContactHoldsDeleted: contactHolds,
  };
  deps.log.info("housekeeping.done", report);
  return report;
}
