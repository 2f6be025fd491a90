/**
 * The e-mail content retention's steps (services/maintenance/housekeeping.ts) with a recording
 * stand-in for D1: one bounded UPDATE at a time, a cap per run, and the log saying when a backlog
 * is left for the next run. The real statements run in test/integration/housekeeping.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { HousekeepingStore } from "../../../src/adapters/d1/housekeeping";
import { runHousekeeping, SENT_EMAIL_DATA_RETENTION_DAYS } from "../../../src/services/maintenance/housekeeping";
import { createRecordingLog } from "../../support/worker/memory-store";

const NOW = Date.parse("2026-11-27T03:17:00.000Z");

/** A store holding `backlog` messages whose content is due to be cleared. */
function storeWith(backlog: number) {
  const calls: { cutoff: string; limit: number }[] = [];
  let left = backlog;
  const store: HousekeepingStore = {
    deleteEndedSessions: async () => 0,
    deletePurgeLogBefore: async () => 0,
    deleteStripeEventsBefore: async () => 0,
    deleteExpiredContactHolds: async () => 0,
    clearFinishedMessageData: async (cutoff, limit) => {
      calls.push({ cutoff: cutoff.toISOString(), limit });
      const cleared = Math.min(left, limit);
      left -= cleared;
      return cleared;
    },
  };
  return { store, calls };
}

describe("clearing old e-mails' content", () => {
  it("clears in steps of at most 1,000 messages until a step finds fewer, as of the retention period", async () => {
    const { store, calls } = storeWith(2_345);
    const report = await runHousekeeping({ store, now: () => NOW, log: createRecordingLog().log });
    expect(calls.map((c) => c.limit)).toEqual([1_000, 1_000, 1_000]);
    expect(new Set(calls.map((c) => c.cutoff))).toEqual(new Set([new Date(NOW - SENT_EMAIL_DATA_RETENTION_DAYS * 86_400_000).toISOString()]));
    expect(report).toMatchObject({ emailDataCleared: 2_345, emailDataLeftForNextRun: false });
  });

  it("stops after 50 steps in one run and says that some are left for the next", async () => {
    const { store, calls } = storeWith(500_000);
    const recording = createRecordingLog();
    const report = await runHousekeeping({ store, now: () => NOW, log: recording.log });
    expect(calls).toHaveLength(50);
    expect(report).toMatchObject({ emailDataCleared: 50_000, emailDataLeftForNextRun: true });
    expect(recording.lines.find((l) => l.event === "housekeeping.done")?.fields).toMatchObject({ emailDataCleared: 50_000, emailDataLeftForNextRun: true });
  });
});
