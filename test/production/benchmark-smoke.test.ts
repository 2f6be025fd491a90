/**
 * Every benchmark script still runs to the end and reports every figure, at a tiny size: a bench
 * that silently broke (a renamed route, a changed form, a page that now fails) would otherwise be
 * found only when someone next needs its figures. No time is asserted: at these sizes the figures
 * mean nothing, and speed is the bench's own report to make.
 *
 * Each script starts its own CMS, Firebase Auth emulator and Worker on ports shifted by
 * BENCH_PORT_OFFSET (700, plus 25 for each hundred of this run's TEST_PORT_OFFSET: a bench's
 * ports span 24, so two runs with different offsets do not meet; a taken port fails the bench at
 * once, naming it), and stops them again.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const PORT_OFFSET = 700 + 25 * (Math.floor(Number(process.env.TEST_PORT_OFFSET ?? 0) / 100) % 13);
const dir = mkdtempSync(join(tmpdir(), "guildhall-bench-smoke-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node scripts/<script> …args` to the end; its exit code and output. */
function runScript(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join("scripts", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, BENCH_PORT_OFFSET: String(PORT_OFFSET) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const FIVE_MINUTES = 300_000;

describe("the benchmark scripts at a tiny size", () => {
  it(
    "npm run bench -- --tiny reports every scenario, the ratios, publish-to-visible, the member import and the CMS calls",
    async () => {
      const { code, output } = await runScript("bench.mjs", ["--tiny"]);
      expect(output, output).not.toContain("FAILED");
      expect(code, output).toBe(0);
      for (const label of ["home / (cached)", "general page /about (cached)", "webinars list /webinars (cached)", "items priced at the edge", "home / (rendered each time, KV cache)", "home / (no cache, CMS"]) {
        expect(output).toContain(label);
      }
      expect(output).toMatch(/Publish -> visible: \d+ ms/);
      expect(output).toMatch(/Member import \(\/staff\/members\/import, 40 generated rows/);
      expect(output).toMatch(/upload again for real \(idempotent\)\s+\d+ ms request, +[\d.]+ s in all, \d+ job invocations, at most \d+ D1 queries each/);
      expect(output).toMatch(/Site search \(\/search/);
      expect(output).toMatch(/purge with 100 cached entries/);
      expect(output).toMatch(/per 1,000 cached page views .*: \d+/);
    },
    FIVE_MINUTES,
  );

  it(
    "npm run bench:publish with 5 s windows edits one page under load and reports both windows, the ratio, the CMS requests and when the edit showed",
    async () => {
      const { code, output } = await runScript("bench-publish.mjs", ["--publish-window", "5", "--connections", "2", "--edit", "page"]);
      expect(output, output).not.toContain("FAILED");
      expect(code, output).toBe(0);
      expect(output).toContain("Publish under load (2 connections");
      expect(output).toMatch(/before the publish\s+\d+/);
      expect(output).toMatch(/after the publish\s+\d+/);
      expect(output).toMatch(/p99 after \/ before [\d.]+; edit visible after/);
      expect(output).toMatch(/CMS requests after the publish: \d+/);
      expect(output).toMatch(/(PASS|FAIL) {2}p99 in the window after the publish at most 2x the window before: [\d.]+ ms against [\d.]+ ms/);
      expect(output).toMatch(/(PASS|FAIL) {2}one CMS request per operation after the publish: at most \d+ for one operation/);
      expect(output).toMatch(/load average [\d. ]+ at the start/);
    },
    FIVE_MINUTES,
  );

  it(
    "npm run bench:practitioners -- --tiny reports every search at both sizes and their ratios",
    async () => {
      const { code, output } = await runScript("bench-practitioners.mjs", ["--tiny"]);
      expect(output, output).not.toContain("FAILED");
      expect(code, output).toBe(0);
      expect(output).toContain("Find a practitioner (/find-a-practitioner");
      for (const size of ["50 listings", "200 listings"]) expect(output).toContain(size);
      for (const search of ["from London, 25 miles", "from Exeter, 25 miles", "a service and step-free", "from Birmingham, 100 miles", "from a browser's position"]) {
        expect(output).toMatch(new RegExp(`${search.replace(/[()]/g, "\\$&")}.*p50 [\\d.]+ ms`));
        expect(output).toMatch(new RegExp(`p50 at 200 / at 50, .*${search.replace(/[()]/g, "\\$&")}.*: [\\d.]+×`));
      }
    },
    FIVE_MINUTES,
  );

  it(
    "npm run bench:import -- --rows 40 reports the four runs of the import",
    async () => {
      const { code, output } = await runScript("bench-member-import.mjs", ["--rows", "40"]);
      expect(code, output).toBe(0);
      expect(output).toContain("Member import (40 rows");
      for (const run of ["dry run, 40 rows, 3 bad", "dry run, 40 rows", "import the dry run, 40 rows", "upload again for real (idempotent)"]) {
        // The request, the time until the import's page shows it finished, job invocations and their most D1 queries.
        expect(output).toMatch(new RegExp(`${run.replace(/[()]/g, "\\$&")}\\s+\\d+ ms\\s+[\\d.]+ s\\s+\\d+\\s+\\d+`));
      }
    },
    FIVE_MINUTES,
  );

  it(
    "npm run bench:messages -- --members 200 fans one message out to everyone and reports its time and D1 queries",
    async () => {
      const { code, output } = await runScript("bench-messages.mjs", ["--members", "200"]);
      expect(code, output).toBe(0);
      expect(output).toContain("Bulk message fan-out (200 members)");
      expect(output).toMatch(/recipients and e-mails written\s+200\n/);
      expect(output).toMatch(/time until all written\s+[\d.]+ s/);
      expect(output).toMatch(/D1 queries in all\s+\d+/);
      expect(output).toMatch(/D1 queries at most in one\s+\d+ \(limit 1,000\) PASS/);
    },
    FIVE_MINUTES,
  );

  it(
    "npm run bench:scale -- --records 200,300 times the pages of both sizes in turn and reports every page, the export, both daily runs and both e-mail drains, every target but the pages' growth passed",
    async () => {
      const json = join(dir, "bench-scale.json");
      const { code, output } = await runScript("bench-scale.mjs", ["--records", "200,300", "--reps", "2", "--json", json]);
      const result = JSON.parse(readFileSync(json, "utf8"));
      // At these sizes a page's growth from 200 to 300 records is noise: the bench judges it (and
      // exits 1 when it fails), the test does not. Every other target must pass.
      const failed = result.checks.filter((check: { pass: boolean }) => !check.pass);
      const isGrowth = (check: { name: string }) => check.name.includes("× p50 at 200");
      expect(failed.filter((check: { name: string }) => !isGrowth(check)), output).toEqual([]);
      expect(code, output).toBe(failed.length > 0 ? 1 : 0);
      expect(result.checks.filter(isGrowth)).toHaveLength(14);
      expect(result.sizes.map((size: { records: number }) => size.records)).toEqual([200, 300]);
      // Both sizes are seeded before the first page is timed, and each page is timed at both in turn.
      const lines = output.split("\n");
      const lastSeed = lines.findLastIndex((line) => line.includes("seeding the demo society"));
      const firstPage = lines.findIndex((line) => line.includes("pages: register, active tab"));
      expect(lastSeed, output).toBeGreaterThanOrEqual(0);
      expect(firstPage, output).toBeGreaterThan(lastSeed);
      expect(lines[firstPage]).toContain("2 reps at 200 and 300 records in turn");
      expect(result.loadAtPages).toHaveLength(3);
      for (const size of result.sizes) expectSizeReported(size);
      // The drain at max_concurrency: wrangler.toml's lanes and batch size, every copy sent once
      // though some were handed over twice.
      expect(result.emailConsumer).toEqual({ maxConcurrency: 5, maxBatchSize: 10 });
      for (const { concurrentDrain } of result.sizes) {
        expect(concurrentDrain).toMatchObject({ lanes: 5, batchSize: 10, complete: true, claimedTwice: 0, localQueueSettled: true });
        expect(concurrentDrain.messages).toBe(concurrentDrain.expected);
        expect(concurrentDrain.sentOnce).toBe(concurrentDrain.expected);
        expect(concurrentDrain.redelivered).toBeGreaterThan(0);
        expect(concurrentDrain.invocations).toBeGreaterThan(0);
        expect(concurrentDrain.d1QueriesPerMessage).toBeGreaterThan(0);
      }
      expect(output).toMatch(/PASS {2}200 records: the members export is complete/);
      expect(output).toMatch(/PASS {2}300 records: the drain at max_concurrency sends each message once/);
      expect(output).toMatch(/(PASS|FAIL) {2}dashboard: p50 at 300 ≤ 1.5× p50 at 200/);
      expect(output).toContain("The same day's mail at max_concurrency: 5 batches of 10 at once");
      expect(output).toContain("Cloudflare 1,000");
    },
    FIVE_MINUTES * 2,
  );
});

/** Every figure of one size of the scale bench is there. */
// The bench's JSON, as read back: only the figures these checks name are typed.
function expectSizeReported(size: Record<string, any>) {
  expect(size.pages.map((page: { id: string }) => page.id)).toEqual([
    "register-active",
    "register-renewal_due",
    "register-in_grace",
    "register-lapsed",
    "register-cancelled",
    "register-awaiting_payment",
    "register-all",
    "member",
    "applications",
    "orders",
    "directory",
    "dashboard",
    "ledger-month",
    "vat-quarter",
  ]);
  for (const page of size.pages) {
    expect(page.p50Ms, page.id).toBeGreaterThan(0);
    // Every page reads D1, so a zero would mean the counter is not in front of the Worker.
    expect(page.maxQueries, page.id).toBeGreaterThan(0);
    // A register tab's rows shown are reported, so a growth ratio of pages of different lengths is seen as such.
    if (page.id.startsWith("register-")) expect(page.rows, page.id).toBeGreaterThan(0);
  }
  // The small tabs are given at most one record in 50 each towards a full page; the Worker's memory is read.
  expect(size.seed.fullPages.inGrace).toBeLessThanOrEqual(size.records / 50);
  expect(size.seed.fullPages.awaitingPayment).toBeLessThanOrEqual(size.records / 50);
  expect(size.seed.peakRssBytes).toBeGreaterThan(0);
  expect(size.export).toMatchObject({ rows: size.export.expectedRows, refused: false, incomplete: false });
  expect(size.export.maxQueries).toBeGreaterThan(0);
  for (const run of [size.dailyJob.ordinary, size.dailyJob.busy]) {
    expect(run.done).toBe(true);
    expect(run.maxQueries).toBeGreaterThan(0);
    expect(run.peakHeapBytes).toBeGreaterThan(0);
  }
  expect(size.dailyJob.busy.reminderCheck).toMatchObject({ written: size.dailyJob.busy.dueMembers, sentOnce: size.dailyJob.busy.dueMembers });
  expect(size.emailDrain).toMatchObject({ complete: true });
  expect(size.emailDrain.messages).toBeGreaterThanOrEqual(size.emailDrain.expected);
  expect(size.emailDrain.d1QueriesPerMessage).toBeGreaterThan(0);
}
