/**
 * The daily housekeeping job: ended sessions are kept a week (to explain a recent sign-out when
 * someone asks) and then deleted; the purge log is kept 90 days; handled Stripe event ids 30 days
 * (Stripe retries an event for up to three days, so a replay after that is not expected).
 */
import type { HousekeepingStore } from "../../adapters/d1/housekeeping";
import type { Logger } from "../../log";

const DAY_MS = 86_400_000;
export const ENDED_SESSION_RETENTION_DAYS = 7;
export const PURGE_LOG_RETENTION_DAYS = 90;
export const STRIPE_EVENT_RETENTION_DAYS = 30;

export async function runHousekeeping(deps: { store: HousekeepingStore; now: () => number; log: Logger }) {
  const now = deps.now();
  const sessions = await deps.store.deleteEndedSessions(new Date(now - ENDED_SESSION_RETENTION_DAYS * DAY_MS));
  const purgeLog = await deps.store.deletePurgeLogBefore(new Date(now - PURGE_LOG_RETENTION_DAYS * DAY_MS));
  const stripeEvents = await deps.store.deleteStripeEventsBefore(new Date(now - STRIPE_EVENT_RETENTION_DAYS * DAY_MS));
  deps.log.info("housekeeping.done", { sessionsDeleted: sessions, purgeLogDeleted: purgeLog, stripeEventsDeleted: stripeEvents });
  return { sessionsDeleted: sessions, purgeLogDeleted: purgeLog, stripeEventsDeleted: stripeEvents };
}
