/**
 * A membership-year run hands its rest to the jobs queue; if that message is lost (the queue gave
 * up after its retries), the run would wait for tomorrow's. The e-mail sweep (every ten minutes)
 * calls this to hand any run that has not moved for a while to the queue again. A run that is in
 * fact still moving is harmless to hand on twice: its pages are compare-and-set on its progress.
 */
import type { DailyJobProgressStore } from "../../adapters/d1/daily-job-progress";
import type { Logger } from "../../log";

/** A run whose progress has not moved for this long is taken to have lost its hand-over. */
export const STALLED_AFTER_MS = 15 * 60_000;

export async function restartStalledRuns(
  deps: { progress: Pick<DailyJobProgressStore, "stalled">; continueLater: (runAt: string) => Promise<void>; log: Logger },
  now: Date,
): Promise<string[]> {
  const runs = await deps.progress.stalled(new Date(now.getTime() - STALLED_AFTER_MS).toISOString(), 10);
  for (const runAt of runs) {
    deps.log.warn("membership_year.restarted", { runAt, reason: "no progress for 15 minutes" });
    await deps.continueLater(runAt);
  }
  return runs;
}
