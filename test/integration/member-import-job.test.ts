/**
 * The member import's job against the real local D1 and the real Strapi's membership types, at
 * the service level so the test decides when an invocation ends: a job cut off after its first
 * chunk (its hand-over lost) and run again, or run by two workers at once, writes every row once;
 * and claim invitations go into the outbox a day's budget at a time, not all at once, and not at
 * all while Email Service has paused sending. Chunks are small here so a few hundred rows cross
 * every boundary; member-import.test.ts runs the real sizes through the Worker's queue handler.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOutboxStore } from "../../src/adapters/d1/outbox";
import { IMPORT_COLUMNS } from "../../src/domain/member-import";
import { getConfig, type Bindings } from "../../src/env";
import { log } from "../../src/log";
import { publishedContent } from "../../src/wiring/content";
import { memberImportDeps } from "../../src/wiring/member-import";
import { createEmailOutbox } from "../../src/services/email/outbox";
import { createMemberImport, createMemberImportJobs, type MemberImportDeps } from "../../src/services/member-import/member-import";

const LIMITS = { checkChunk: 50, writeChunk: 40, chunksPerInvocation: 2 };
let files = 0;
const tag = () => `job${Date.now().toString(36)}${(files++).toString(36)}`;

function csv(t: string, count: number, firstNumber: number): File {
  const lines = [IMPORT_COLUMNS.join(",")];
  for (let i = 0; i < count; i++) {
    const number = i % 2 ? "" : String(firstNumber + i);
    lines.push(`${t}-${i}@example.org,"Member ${i}",Full member,${i % 5 ? "active" : "lapsed"},2026-01-01,2099-12-31,${number},"${i} Guild Street\nBristol",offline,newsletter`);
  }
  return new File([`${lines.join("\r\n")}\r\n`], "members.csv", { type: "text/csv" });
}

interface Harness {
  deps: MemberImportDeps;
  /** Imports handed on to the jobs queue, in order. */
  handedOn: number[];
  /** Every outbox id handed to the e-mail queue. */
  delivered: string[];
  /** The write chunks whose batch committed and moved the import: "pass:from-to". */
  written: string[];
}

function harness(overrides: Partial<MemberImportDeps> = {}): Harness {
  const config = getConfig(env as unknown as Bindings);
  const content = publishedContent(config, () => undefined);
  const delivered: string[] = [];
  const outbox = createEmailOutbox({ store: createOutboxStore(env.DB), queue: { enqueue: async (ids) => void delivered.push(...ids) }, newId: () => crypto.randomUUID(), log });
  const base = memberImportDeps(config, content, outbox);
  const handedOn: number[] = [];
  const written: string[] = [];
  const ranges = new WeakMap<D1PreparedStatement, string>();
  const deps: MemberImportDeps = {
    ...base,
    jobs: {
      ...base.jobs,
      write: (importId, pass, from, to, claim) => {
        const statement = base.jobs.write(importId, pass, from, to, claim);
        ranges.set(statement, `${pass}:${from}-${to}`);
        return statement;
      },
    },
    batch: async (statements) => {
      const results = await env.DB.batch(statements);
      const moved = (results[0]?.meta.changes ?? 0) > 0;
      for (const statement of statements) if (moved && ranges.has(statement)) written.push(ranges.get(statement)!);
      return results;
    },
    continueLater: async (importId) => void handedOn.push(importId),
    limits: LIMITS,
    ...overrides,
  };
  return { deps, handedOn, delivered, written };
}

const phaseOf = async (importId: number) => (await env.DB.prepare("SELECT phase, position FROM member_imports WHERE id = ?1").bind(importId).first<{ phase: string; position: number }>())!;
const importedCount = async (t: string) =>
  (await env.DB.prepare("SELECT count(*) AS n, count(DISTINCT member_number) AS numbers, count(member_number) AS numbered FROM memberships WHERE import_email LIKE ?1 || '-%'")
    .bind(t)
    .first<{ n: number; numbers: number; numbered: number }>())!;
const invitationsFor = async (t: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'claim-invitation' AND recipient LIKE ?1 || '-%'").bind(t).first<{ n: number }>())!.n;
const audits = async () => (await env.DB.prepare("SELECT count(*) AS n FROM staff_audit_log WHERE action = 'members.imported'").first<{ n: number }>())!.n;
const highestNumber = async () => (await env.DB.prepare("SELECT COALESCE(MAX(member_number), 0) AS n FROM memberships").first<{ n: number }>())!.n;

async function upload(h: Harness, file: File, invite: boolean): Promise<number> {
  const outcome = await createMemberImport(h.deps).upload(file, { staffEmail: "staff@guildhall.example", mode: "import", invite });
  expect(outcome.problems).toEqual([]);
  return outcome.importId!;
}

/** Every write chunk of a pass, in order, covers rows 1..rows once. */
function expectEachRowWrittenOnce(written: string[], rows: number) {
  for (const pass of ["0", "1"]) {
    const ranges = written
      .filter((w) => w.startsWith(`${pass}:`))
      .map((w) => w.slice(2).split("-").map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0]);
    if (ranges.length === 0) continue;
    expect(ranges[0]![0], `pass ${pass} starts at the first row`).toBe(1);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0], `pass ${pass}: chunk ${i} follows the one before`).toBe(ranges[i - 1]![1] + 1);
    expect(ranges.at(-1)![1]).toBe(rows);
  }
}

describe("an import job cut off", () => {
  it("after its first chunk, its hand-over lost, and run again: goes on from the chunk after, writing every row and each invitation once", async () => {
    const t = tag();
    const rows = 230;
    const auditsBefore = await audits();
    // The invocation ends after one chunk and its message to the queue is lost.
    const cut = harness({ limits: { ...LIMITS, chunksPerInvocation: 1 }, continueLater: async () => undefined });
    const importId = await upload(cut, csv(t, rows, (await highestNumber()) + 5_000_000), true);
    await createMemberImportJobs(cut.deps).continue(importId);
    expect(await phaseOf(importId)).toEqual({ phase: "checking", position: LIMITS.checkChunk });

    // Run again (the sweep hands it on): on from row 51, through the checks and into writing.
    const h = harness();
    const jobs = createMemberImportJobs(h.deps);
    while ((await phaseOf(importId)).phase === "checking") await jobs.continue(importId);
    expect((await phaseOf(importId)).phase).toBe("writing");

    // Cut off again after one write chunk, then run to the end.
    const cutWrite = harness({ limits: { ...LIMITS, chunksPerInvocation: 1 }, continueLater: async () => undefined });
    const before = await phaseOf(importId);
    await createMemberImportJobs(cutWrite.deps).continue(importId);
    expect(cutWrite.written).toEqual([`0:${before.position + 1}-${before.position + LIMITS.writeChunk}`]);
    expect(await phaseOf(importId)).toEqual({ phase: "writing", position: before.position + LIMITS.writeChunk });
    while ((await phaseOf(importId)).phase === "writing") await jobs.continue(importId);
    expect((await phaseOf(importId)).phase).toBe("done");

    expectEachRowWrittenOnce([...cutWrite.written, ...h.written], rows);
    const written = await importedCount(t);
    expect(written.n).toBe(rows);
    expect(written.numbers).toBe(written.numbered);
    expect(await invitationsFor(t)).toBe(rows);
    expect(await audits()).toBe(auditsBefore + 1);

    // A finished import run again writes nothing.
    const rerun = harness();
    await createMemberImportJobs(rerun.deps).continue(importId);
    expect(rerun.written).toEqual([]);
    expect(await audits()).toBe(auditsBefore + 1);
  });

  it("run by two workers at once (a repeated queue message): each chunk is written by one of them only", async () => {
    const t = tag();
    const rows = 180;
    const h = harness({ limits: { ...LIMITS, chunksPerInvocation: 100 } });
    const importId = await upload(h, csv(t, rows, (await highestNumber()) + 6_000_000), false);
    const jobs = createMemberImportJobs(h.deps);
    await Promise.all([jobs.continue(importId), jobs.continue(importId)]);
    while (["checking", "writing"].includes((await phaseOf(importId)).phase)) await jobs.continue(importId);
    expect((await phaseOf(importId)).phase).toBe("done");
    expectEachRowWrittenOnce(h.written, rows);
    expect((await importedCount(t)).n).toBe(rows);
  });
});

describe("claim invitations of a large import", () => {
  it("go into the outbox a day's budget at a time, oldest first, not while sending is paused; staff see how many wait", async () => {
    const t = tag();
    const rows = 12;
    let now = new Date("2031-05-01T10:00:00Z");
    const h = harness({ now: () => now, limits: { ...LIMITS, chunksPerInvocation: 100 } });
    h.deps.invitations = { ...h.deps.invitations, perDay: 5 };
    const importId = await upload(h, csv(t, rows, (await highestNumber()) + 7_000_000), true);
    const jobs = createMemberImportJobs(h.deps);
    await jobs.continue(importId);
    expect((await phaseOf(importId)).phase).toBe("done");
    // The first day's five, handed to the e-mail queue; the rest wait.
    expect(await invitationsFor(t)).toBe(5);
    expect(h.delivered).toHaveLength(5);
    const view = await createMemberImport(h.deps).view(importId);
    expect(view!.invitations).toEqual({ queued: 7, written: 5, perDay: 5, writtenToday: 5 });

    // The same day again (the sweep): nothing more.
    await jobs.sweep(now);
    expect(await invitationsFor(t)).toBe(5);

    // A pause for Email Service's daily quota holds them back even on a new day.
    now = new Date("2031-05-02T00:05:00Z");
    await env.DB.prepare("INSERT INTO email_sending_pause (id, paused_until, reason, detail, updated_at) VALUES (1, '2999-01-01T00:00:00.000Z', 'daily-quota', 'test', ?1)")
      .bind(now.toISOString())
      .run();
    try {
      await jobs.sweep(now);
      expect(await invitationsFor(t)).toBe(5);
    } finally {
      await env.DB.prepare("DELETE FROM email_sending_pause WHERE id = 1").run();
    }
    await jobs.sweep(now);
    expect(await invitationsFor(t)).toBe(10);
    now = new Date("2031-05-03T00:05:00Z");
    await jobs.sweep(now);
    expect(await invitationsFor(t)).toBe(12);
    expect(h.delivered).toHaveLength(12);
    expect((await createMemberImport(h.deps).view(importId))!.invitations).toMatchObject({ queued: 0, written: 12 });
  });
});
