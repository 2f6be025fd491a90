/**
 * How far each day's run of the membership year has gone (migrations/0039): the run's clock, the
 * part it is on and its keyset position. The position moves in the same batch as the page's
 * writes, and only from where the caller read it (compare and set), so of two workers on the same
 * run only one moves it, and a run cut off resumes after the last page that committed.
 */
import type { PeriodPosition } from "./year-run-store";

export type YearRunPart = "lapses" | "upkeep" | "reminders" | "done";

export interface YearRunProgress {
  /** The run's clock and name (the cron's scheduled time), the same for every page of the run. */
  runAt: string;
  part: YearRunPart;
  after: PeriodPosition | null;
  pages: number;
  lapsed: number;
  reminders: number;
  updatedAt: string;
}

export interface YearRunStep {
  part: YearRunPart;
  after: PeriodPosition | null;
}

export interface DailyJobProgressStore {
  /**
   * Starts the run at `runAt`: a new run; a run cut off before it finished goes on from where it
   * stopped; a finished one starts again from the beginning (a rerun, which writes nothing twice).
   */
  start(runAt: string, now: string): Promise<YearRunProgress>;
  get(runAt: string): Promise<YearRunProgress | null>;
  /** Moves the run from `from` (as read) to `to`: a statement for the page's batch that changes nothing if another worker moved it first. */
  advance(from: YearRunProgress, to: YearRunStep, now: string): D1PreparedStatement;
  /** Adds to a run's counts (for its report; nothing decides by them). */
  count(runAt: string, lapsed: number, reminders: number): D1PreparedStatement;
  /** Runs not done whose last step is older than `staleBefore`: their continuation was lost. */
  stalled(staleBefore: string, limit: number): Promise<string[]>;
}

interface Row {
  run_at: string;
  part: YearRunPart;
  after_period_end: string | null;
  after_user_id: string | null;
  pages: number;
  lapsed: number;
  reminders: number;
  updated_at: string;
}

const toProgress = (row: Row): YearRunProgress => ({
  runAt: row.run_at,
  part: row.part,
  after: row.after_period_end !== null && row.after_user_id !== null ? { periodEnd: row.after_period_end, userId: row.after_user_id } : null,
  pages: row.pages,
  lapsed: row.lapsed,
  reminders: row.reminders,
  updatedAt: row.updated_at,
});

export function createDailyJobProgressStore(db: D1Database): DailyJobProgressStore {
  const get = async (runAt: string) => {
    const row = await db.prepare("SELECT * FROM daily_job_progress WHERE run_at = ?1").bind(runAt).first<Row>();
    return row ? toProgress(row) : null;
  };
  const restart = (column: string, value: string) => `${column} = CASE WHEN part = 'done' THEN ${value} ELSE ${column} END`;
  return {
    async start(runAt, now) {
      // A restart bumps `pages` too, so a worker still holding the finished run's last page moves nothing.
      const row = await db
        .prepare(
          `INSERT INTO daily_job_progress (run_at, part, updated_at) VALUES (?1, 'lapses', ?2)
           ON CONFLICT (run_at) DO UPDATE SET
             ${restart("after_period_end", "NULL")}, ${restart("after_user_id", "NULL")}, ${restart("lapsed", "0")}, ${restart("reminders", "0")},
             ${restart("pages", "pages + 1")}, ${restart("updated_at", "?2")}, ${restart("part", "'lapses'")}
           RETURNING *`,
        )
        .bind(runAt, now)
        .first<Row>();
      return toProgress(row!);
    },
    get,
    advance: (from, to, now) =>
      db
        .prepare(
          `UPDATE daily_job_progress
           SET part = ?4, after_period_end = ?5, after_user_id = ?6, pages = pages + 1, updated_at = ?7
           WHERE run_at = ?1 AND part = ?2 AND pages = ?3`,
        )
        .bind(from.runAt, from.part, from.pages, to.part, to.after?.periodEnd ?? null, to.after?.userId ?? null, now),
    count: (runAt, lapsed, reminders) =>
      db.prepare("UPDATE daily_job_progress SET lapsed = lapsed + ?2, reminders = reminders + ?3 WHERE run_at = ?1").bind(runAt, lapsed, reminders),
    async stalled(staleBefore, limit) {
      const { results } = await db
        .prepare("SELECT run_at FROM daily_job_progress WHERE part <> 'done' AND updated_at < ?1 ORDER BY updated_at LIMIT ?2")
        .bind(staleBefore, limit)
        .all<{ run_at: string }>();
      return results.map((r) => r.run_at);
    },
  };
}
