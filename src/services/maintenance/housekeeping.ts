/**
 * The daily housekeeping job: ended sessions are kept a week (to explain a recent sign-out when
 * someone asks) and then deleted; the purge log is kept 90 days.
 */
import type { HousekeepingStore } from "../../adapters/d1/housekeeping";
import type { Logger } from "../../log";

const DAY_MS = 86_400_000;
export const ENDED_SESSION_RETENTION_DAYS = 7;
export const PURGE_LOG_RETENTION_DAYS = 90;

export async function runHousekeeping(deps: { store: HousekeepingStore; now: () => number; log: Logger }) {
  const now = deps.now();
  const sessions = await deps.store.deleteEndedSessions(new Date(now - ENDED_SESSION_RETENTION_DAYS * DAY_MS));
  const purgeLog = await deps.store.deletePurgeLogBefore(new Date(now - PURGE_LOG_RETENTION_DAYS * DAY_MS));
  deps.log.info("housekeeping.done", { sessionsDeleted: sessions, purgeLogDeleted: purgeLog });
  return { sessionsDeleted: sessions, purgeLogDeleted: purgeLog };
}
