/**
 * The daily membership-year run at sizes one invocation cannot finish, against the real local D1:
 * it reads only the members it is due to act on, in keyset pages, hands the rest of the run on
 * (the jobs queue, recorded here) and finishes there; a run cut off after its first page and run
 * again writes each reminder and each lapse once and queues every message it wrote; a rerun of a
 * finished run writes nothing; a run whose hand-over was lost is handed on again by the sweep.
 * The page size and pages per invocation are small here so a few hundred members cross every
 * boundary; the benchmark runs the real ones at full size.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDailyJobProgressStore } from "../../src/adapters/d1/daily-job-progress";
import { createMembershipYearStore } from "../../src/adapters/d1/year-run-store";
import { createOutboxStore } from "../../src/adapters/d1/outbox";
import type { MembershipTerms } from "../../src/domain/membership";
import { log } from "../../src/log";
import { createEmailOutbox } from "../../src/services/email/outbox";
import { continueMembershipYear, runMembershipYear, type MembershipYearDeps } from "../../src/services/membership/year-run";
import { restartStalledRuns } from "../../src/services/membership/stalled-year-runs";

const DAY = 86_400_000;
const GRACE_DAYS = 30;
const LIMITS = { pageSize: 50, pagesPerInvocation: 3 };

/** `count` active offline members `prefix-0…` whose period ends at `periodEnd`, set-based. */
async function seedMembers(prefix: string, count: number, periodEnd: string) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?2)
     INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
     SELECT ?1 || '-' || printf('%05d', i), ?1 || '-' || i || '@scale.example', 'full-member', 'Full member', 'active', 'offline', '2039-01-01', ?3 FROM n`,
  )
    .bind(prefix, count, periodEnd)
    .run();
}

interface Harness {
  deps: MembershipYearDeps;
  /** Runs handed on to the jobs queue, in order. */
  handedOn: string[];
  /** Every message id handed to the e-mail queue. */
  queued: Set<string>;
}

function harness(overrides: Partial<MembershipYearDeps> = {}): Harness {
  const handedOn: string[] = [];
  const queued = new Set<string>();
  const outbox = createEmailOutbox({
    store: createOutboxStore(env.DB),
    queue: { enqueue: async (ids) => ids.forEach((id) => queued.add(id)) },
    newId: () => crypto.randomUUID(),
    log,
  });
  const store = createMembershipYearStore(env.DB);
  const deps: MembershipYearDeps = {
    store,
    progress: createDailyJobProgressStore(env.DB),
    outbox,
    terms: async () => new Map([["full-member", { subscriptionPence: 22_000 } as MembershipTerms]]),
    graceDays: GRACE_DAYS,
    log,
    continueLater: async (runAt) => void handedOn.push(runAt),
    now: () => new Date(),
    limits: LIMITS,
    ...overrides,
  };
  return { deps, handedOn, queued };
}

/** Drains the recorded jobs queue as its consumer would, one message at a time. */
async function drain(h: Harness) {
  let invocations = 0;
  while (h.handedOn.length) {
    await continueMembershipYear(h.deps, h.handedOn.shift()!);
    invocations += 1;
  }
  return invocations;
}

const outboxRows = async (kind: string, prefix: string) =>
  (
    await env.DB.prepare("SELECT id, dedupe_key FROM email_outbox WHERE kind = ?1 AND user_id LIKE ?2 || '-%'").bind(kind, prefix).all<{ id: string; dedupe_key: string }>()
  ).results;

const statusCount = async (prefix: string, status: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM memberships WHERE user_id LIKE ?1 || '-%' AND status = ?2").bind(prefix, status).first<{ n: number }>())!.n;

describe("the membership year past one invocation", () => {
  // Each test has its own year, so their members never meet.
  const at = (year: number) => new Date(`${year}-03-01T03:17:00Z`);

  beforeAll(async () => {
    // 2041: 230 reminders due (one common renewal date), 120 past grace, 40 in grace (left alone).
    await seedMembers("due41", 230, "2041-03-20");
    await seedMembers("old41", 120, "2041-01-10");
    await seedMembers("grace41", 40, "2041-02-15");
    // 2042: the run cut off after its first page.
    await seedMembers("due42", 180, "2042-03-25");
    await seedMembers("old42", 70, "2042-01-02");
  });

  it("hands the rest of the run on, and the queue's consumer finishes it: every reminder and lapse once, every message queued", async () => {
    const h = harness();
    const first = await runMembershipYear(h.deps, at(2041));
    expect(first.done).toBe(false);
    expect(h.handedOn).toEqual([at(2041).toISOString()]);
    const invocations = await drain(h);
    expect(invocations).toBeGreaterThan(1);

    const progress = await createDailyJobProgressStore(env.DB).get(at(2041).toISOString());
    expect(progress?.part).toBe("done");
    expect(await statusCount("old41", "lapsed")).toBe(120);
    expect(await statusCount("grace41", "active")).toBe(40);
    expect(await statusCount("due41", "active")).toBe(230);

    const reminders = await outboxRows("renewal-reminder", "due41");
    expect(reminders).toHaveLength(230);
    expect(reminders.every((r) => r.dedupe_key.endsWith(":30"))).toBe(true);
    const lapses = await outboxRows("membership-lapsed", "old41");
    expect(lapses).toHaveLength(120);
    expect(await outboxRows("renewal-reminder", "grace41")).toHaveLength(0);
    // Every message written was handed to the e-mail queue as its page committed.
    for (const { id } of [...reminders, ...lapses]) expect(h.queued.has(id)).toBe(true);
    expect(progress).toMatchObject({ lapsed: 120 });
    expect(progress!.reminders).toBeGreaterThanOrEqual(230);
  });

  it("cut off after its first page and run again: each reminder and each lapse once, every written message queued", async () => {
    let batches = 0;
    const store = createMembershipYearStore(env.DB);
    const cut = harness({
      store: {
        ...store,
        batch: async (statements) => {
          batches += 1;
          if (batches === 2) throw new Error("cut off: the invocation ran out of time");
          return store.batch(statements);
        },
      },
    });
    await expect(runMembershipYear(cut.deps, at(2042))).rejects.toThrow("cut off");
    const afterCut = await createDailyJobProgressStore(env.DB).get(at(2042).toISOString());
    expect(afterCut).toMatchObject({ part: "lapses", pages: 1 });

    const again = harness();
    await runMembershipYear(again.deps, at(2042));
    await drain(again);

    expect(await statusCount("old42", "lapsed")).toBe(70);
    const reminders = await outboxRows("renewal-reminder", "due42");
    const lapses = await outboxRows("membership-lapsed", "old42");
    expect(reminders).toHaveLength(180);
    expect(lapses).toHaveLength(70);
    expect(new Set(reminders.map((r) => r.dedupe_key)).size).toBe(180);
    const queued = new Set([...cut.queued, ...again.queued]);
    for (const { id } of [...reminders, ...lapses]) expect(queued.has(id)).toBe(true);
  });

  it("writes nothing when a finished run is run again", async () => {
    const h = harness();
    await runMembershipYear(h.deps, at(2041));
    await drain(h);
    expect(h.queued.size).toBe(0);
    expect(await outboxRows("renewal-reminder", "due41")).toHaveLength(230);
    const progress = await createDailyJobProgressStore(env.DB).get(at(2041).toISOString());
    expect(progress).toMatchObject({ part: "done", lapsed: 0, reminders: 0 });
  });

  it("hands a run that stopped moving to the queue again (the sweep), and a stale worker's page moves nothing", async () => {
    await seedMembers("due43", 120, "2043-03-10");
    const lost = harness();
    await runMembershipYear(lost.deps, at(2043));
    // The hand-over is lost: nobody drains `lost`. Fifteen minutes on, the sweep finds the run.
    const progressStore = createDailyJobProgressStore(env.DB);
    const stalled = await progressStore.get(at(2043).toISOString());
    const later = new Date(Date.parse(stalled!.updatedAt) + 16 * 60_000);
    const sweep = harness();
    expect(await restartStalledRuns({ progress: progressStore, continueLater: sweep.deps.continueLater, log }, later)).toEqual([at(2043).toISOString()]);
    await drain(sweep);
    expect(await outboxRows("renewal-reminder", "due43")).toHaveLength(120);
    expect((await progressStore.get(at(2043).toISOString()))?.part).toBe("done");
    // The lost message turns up after all: the run is finished, so it does nothing.
    await drain(lost);
    expect(await outboxRows("renewal-reminder", "due43")).toHaveLength(120);
  });

  it("reads within bounded pages: no invocation makes more than a few queries a page", async () => {
    await seedMembers("due44", 260, "2044-03-15");
    // Counted where the run meets D1: each read is one query, each batch as many as its statements.
    let queries = 0;
    const store = createMembershipYearStore(env.DB);
    const progress = createDailyJobProgressStore(env.DB);
    const counted = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => (...args: A) => ((queries += 1), f(...args));
    const h = harness({
      store: {
        ...store,
        pastPeriod: counted(store.pastPeriod),
        endingBetween: counted(store.endingBetween),
        batch: (statements) => ((queries += statements.length), store.batch(statements)),
      },
      progress: { ...progress, start: counted(progress.start), get: counted(progress.get), stalled: counted(progress.stalled) },
    });
    const perInvocation: number[] = [];
    queries = 0;
    await runMembershipYear(h.deps, at(2044));
    perInvocation.push(queries);
    while (h.handedOn.length) {
      queries = 0;
      await continueMembershipYear(h.deps, h.handedOn.shift()!);
      perInvocation.push(queries);
    }
    expect(await outboxRows("renewal-reminder", "due44")).toHaveLength(260);
    // A page: its read, its writes (messages, lapses, progress) and its counts.
    for (const n of perInvocation) expect(n).toBeLessThanOrEqual(LIMITS.pagesPerInvocation * 5 + 2);
  });
});
