// The sizes of `npm run bench:scale`. Each is a fresh Worker (bundled, in Miniflare, behind the
// D1 query counter) with the demo society of `records` membership records seeded into its local
// D1 (startScaleSize). The staff pages are timed at every size in turn (measurePages); then each
// size alone runs the members export, the daily job on an ordinary day and on a day when many
// members are due a reminder, the e-mail drain of those reminders through the local queue, and a
// drain of the same day's mail at the consumer's max_concurrency (finishScaleSize).
import { DEMO_ACCOUNTS, FIREBASE_LOCAL_API_KEY, FIREBASE_PROJECT_ID } from "../lib/firebase.mjs";
import { DEMO_SOCIETY_USER_PREFIX, demoSocietySql } from "../lib/demo-society.mjs";
import { demoSecondFactorSql, localTotpKey } from "../lib/staff-totp.mjs";
import { ROOT } from "../lib/worker.mjs";
import { invocationOf } from "./d1-counter.mjs";
import { connectHeapSampler } from "./heap-sampler.mjs";
import { describeRuntimeEnd, runtimeMemory } from "./runtime-watch.mjs";
import { staffClient } from "./member-import.mjs";
import { startBenchWorker } from "./worker.mjs";

const DAY = 86_400_000;
const DAILY_CRON = "17 3 * * *";
/** The busiest reminder day the bench holds the job to (a common renewal date). */
export const REMINDER_DAY_MEMBERS = 45_000;
/** Rows one members export may hold (src/services/csv-stream.ts EXPORT_MAX_ROWS). */
const EXPORT_MAX_ROWS = 200_000;
const REGISTER_TABS = ["active", "renewal_due", "in_grace", "lapsed", "cancelled", "awaiting_payment", "all"];
/** How long the bench waits for a job or a drain before it reports it unfinished. */
const JOB_TIMEOUT_MS = 12 * 60_000;

const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows of a CSV file (quoted fields may hold line breaks), without its heading. */
export function csvRows(text) {
  let rows = 0;
  let quoted = false;
  let empty = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    if (!quoted && char === "\n") {
      if (!empty) rows += 1;
      empty = true;
    } else if (char !== "\r") empty = false;
  }
  if (!empty) rows += 1;
  return Math.max(0, rows - 1);
}

/**
 * Starts one size's Worker and seeds its demo society; the pages are measured later, beside the
 * other sizes' (measurePages), and the rest by finishScaleSize.
 *
 * @param {object} options
 * @param {number} options.records membership records to seed
 * @param {string} options.today the day the society's history ends (YYYY-MM-DD)
 */
export async function startScaleSize({ records, today, workerOptions, scriptPath, entryPath, assetsDir, vars, workerPort, inspectorPort, auth, step }) {
  const invocations = [];
  const log = { errors: 0, first: [] };
  const worker = await startBenchWorker({
    workerOptions,
    scriptPath,
    entryPath,
    assetsDir,
    port: workerPort,
    inspectorPort,
    vars: {
      ...vars,
      SITE_URL: `http://127.0.0.1:${workerPort}`,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_PROJECT_ID,
      FIREBASE_API_KEY: FIREBASE_LOCAL_API_KEY,
      STAFF_EMAILS: DEMO_ACCOUNTS.staff.email,
    },
    onLog: ({ level, message }) => {
      const invocation = invocationOf(message);
      if (invocation) return void invocations.push({ ...invocation, loggedAt: Date.now() });
      if (level !== "error") return;
      log.errors += 1;
      if (log.first.length < 6) log.first.push(message.slice(0, 300));
    },
  });
  let heap;
  try {
    heap = await connectHeapSampler(inspectorPort);
    const db = await worker.mf.getD1Database("DB");
    const seeded = await whileRuntimeRuns(worker, `seeding ${records.toLocaleString("en-GB")} records`, seed(db, { records, today, step, vars }));
    seeded.peakRssBytes = runtimeMemory(worker.runtime).peakRssBytes;
    const staff = staffClient(worker.url);
    await staff.signIn(DEMO_ACCOUNTS.staff);
    await staff.passSecondFactor();
    const member = staffClient(worker.url);
    await member.signIn(DEMO_ACCOUNTS.member);
    return { records, today, worker, heap, db, seeded, staff, member, invocations, log, pages: pagesOf({ today, staff, member, seeded }) };
  } catch (error) {
    heap?.close();
    await worker.dispose().catch(() => undefined);
    throw error;
  }
}

/** Raised when a size's workerd process ends under the bench: `runtimeEnded` lets the caller start the size again. */
export class RuntimeEndedError extends Error {
  runtimeEnded = true;
}

/**
 * `work`, unless the Worker's workerd process ends first: then an error saying how it ended
 * (signal, memory, its last output). Miniflare would start a fresh runtime with an empty
 * in-memory D1, so the work could only fail later and obscurely.
 */
export function whileRuntimeRuns(worker, what, work) {
  if (!worker.runtime) return work;
  return Promise.race([
    work,
    worker.runtime.ended.then((runtime) => {
      throw new RuntimeEndedError(`The Worker's runtime ended while ${what}: ${describeRuntimeEnd(runtime)}`);
    }),
  ]);
}

/** Stops a size's Worker (and its storage) without measuring the rest. */
export async function stopScaleSize(size) {
  size.heap.close();
  await size.worker.dispose().catch(() => undefined);
}

/** The pages measured at a size, each with the client that asks for it. */
function pagesOf({ today, staff, member, seeded }) {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const lastMonth = new Date(Date.UTC(new Date(todayMs).getUTCFullYear(), new Date(todayMs).getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1, 0));
  const quarterOf = (ms) => `${new Date(ms).getUTCFullYear()}-Q${Math.floor(new Date(ms).getUTCMonth() / 3) + 1}`;
  return [
    ...REGISTER_TABS.map((tab) => ({ id: `register-${tab}`, label: `register, ${tab.replaceAll("_", " ")} tab`, client: staff, path: `/staff/members?status=${tab}` })),
    { id: "member", label: "a member's page", client: staff, path: `/staff/members/${encodeURIComponent(seeded.memberWithHistory)}` },
    { id: "applications", label: "applications list", client: staff, path: "/staff/applications" },
    { id: "orders", label: "orders list", client: staff, path: "/staff/orders" },
    { id: "directory", label: "directory search (a town)", client: member, path: "/members/directory?q=Bristol" },
    { id: "dashboard", label: "dashboard", client: staff, path: "/staff/dashboard" },
    { id: "ledger-month", label: `ledger, a month (${day(lastMonth.getTime()).slice(0, 7)})`, client: staff, path: `/staff/finance?from=${day(lastMonth.getTime())}&to=${day(monthEnd.getTime())}` },
    { id: "vat-quarter", label: `VAT summary, a quarter (${quarterOf(todayMs - 92 * DAY)})`, client: staff, path: `/staff/finance/vat?quarter=${quarterOf(todayMs - 92 * DAY)}` },
  ];
}

/**
 * Times every page at every size, interleaved: after one unmeasured request at each size, rep i
 * asks the page of each size in turn (smallest first on even reps, largest first on odd ones), so
 * whatever else the machine is doing weighs on every size alike and the growth ratio measures size,
 * not the moment. Sets each size's `pageResults`.
 */
export async function measurePages(sizes, { reps, step }) {
  for (const size of sizes) size.pageResults = [];
  for (const { id, label } of sizes[0].pages) {
    step(`pages: ${label}, ${reps} reps at ${sizes.map((s) => s.records.toLocaleString("en-GB")).join(" and ")} records in turn`);
    const runs = sizes.map((size) => ({ size, page: size.pages.find((p) => p.id === id), times: [], from: size.invocations.length }));
    const ask = async ({ page }) => {
      const result = await page.client.get(page.path);
      if (result.status !== 200) throw new Error(`GET ${page.path} answered ${result.status}: ${result.body.slice(0, 300)}`);
      return result.ms;
    };
    // The register's rows shown, from the unmeasured request: a tab compared across sizes must show as many at each.
    for (const run of runs) {
      const first = await run.page.client.get(run.page.path);
      if (first.status !== 200) throw new Error(`GET ${run.page.path} answered ${first.status}: ${first.body.slice(0, 300)}`);
      run.rows = run.page.id.startsWith("register-") ? (first.body.match(/<tr data-member-state=/g) ?? []).length : null;
    }
    for (let i = 0; i < reps; i++) {
      for (const run of i % 2 === 0 ? runs : [...runs].reverse()) run.times.push(await ask(run));
    }
    for (const { size, page, times, from, rows } of runs) {
      const counted = await invocationsOf(size.invocations, from, (inv) => inv.kind === "fetch" && inv.label === `GET ${page.path}`, reps + 1);
      size.pageResults.push({ ...page, client: undefined, p50Ms: median(times), requests: times.length, rows, ...maxima(counted) });
    }
  }
}

/**
 * The rest of one size, after its pages: the members export, the daily job on an ordinary day and
 * on a day when many members are due a reminder, that day's e-mail drain through the local queue,
 * then a drain at the consumer's max_concurrency; stops the size's Worker.
 *
 * @param {number} options.drainSeconds how long each e-mail drain is watched at most (its rate is
 *   measured over what it sent by then: at the local queue's pace a large day takes far longer)
 * @param {{ maxConcurrency: number, maxBatchSize: number }} options.emailConsumer wrangler.toml's
 */
export async function finishScaleSize(size, { drainSeconds, emailConsumer, step }) {
  const { records, today, worker, heap, db, seeded, staff, invocations, log } = size;
  try {
    const todayMs = Date.parse(`${today}T00:00:00Z`);

    // ── Members export ─────────────────────────────────────────────────────────────────────
    step(`${records.toLocaleString("en-GB")} records: members export`);
    const expectedRows = (await db.prepare("SELECT COUNT(*) AS n FROM memberships").first()).n;
    const exportFrom = invocations.length;
    const download = await staff.get("/staff/members.csv?status=all");
    // A download cut off midway (past the export's time budget the Worker errors the stream, so a
    // short file is never taken for a whole one) is reported as incomplete, not a failed run.
    const [exportInvocation] = await invocationsOf(invocations, exportFrom, (inv) => inv.label.startsWith("GET /staff/members.csv"), 1).catch((error) => {
      if (download.cutOff) return [];
      throw error;
    });
    const refused = download.status === 409;
    if (!refused && download.status !== 200) throw new Error(`The members export answered ${download.status}`);
    const exportResult = {
      expectedRows,
      rows: refused ? 0 : csvRows(download.body),
      incomplete: download.body.includes("Export incomplete") || download.cutOff !== null,
      cutOff: download.cutOff,
      refused,
      refusalExpected: expectedRows > EXPORT_MAX_ROWS,
      ms: download.ms,
      bytes: download.body.length,
      ...maxima(exportInvocation ? [exportInvocation] : []),
    };

    // ── The daily job: an ordinary day, then a day when many are due a reminder ─────────────
    const ordinary = await dailyRun({ db, worker, heap, invocations, at: Date.parse(`${today}T03:17:00Z`), step: (m) => step(`${records.toLocaleString("en-GB")} records: ${m}`), label: "ordinary day" });
    await drain(db, { since: ordinary.startedIso });

    const dueDay = todayMs + DAY;
    const wanted = Math.min(REMINDER_DAY_MEMBERS, Math.floor(records * 0.45));
    const endsOn = day(dueDay + 30 * DAY);
    // A common renewal date: `wanted` active records (those ending latest) are moved to end 30
    // days after the run, joining any that already end then.
    await db
      .prepare(
        `UPDATE memberships SET period_end = ?1 WHERE user_id IN (
           SELECT user_id FROM memberships WHERE status = 'active' AND ends_on IS NULL AND period_end > ?2 AND user_id LIKE ?3 ORDER BY period_end DESC, user_id LIMIT ?4)`,
      )
      .bind(endsOn, day(dueDay), `${DEMO_SOCIETY_USER_PREFIX}%`, wanted)
      .run();
    const { n: dueMembers } = await db.prepare("SELECT COUNT(*) AS n FROM memberships WHERE status = 'active' AND ends_on IS NULL AND period_end = ?1").bind(endsOn).first();
    if (dueMembers < wanted) throw new Error(`Only ${dueMembers} active records could be given the common renewal date (wanted ${wanted}).`);
    const busy = await dailyRun({ db, worker, heap, invocations, at: dueDay + (3 * 60 + 17) * 60_000, step: (m) => step(`${records.toLocaleString("en-GB")} records: ${m}`), label: `${dueMembers.toLocaleString("en-GB")} due a reminder` });
    const reminders = await db
      .prepare(
        `SELECT COUNT(*) AS written, COUNT(DISTINCT user_id) AS members, SUM(status = 'sent') AS sent, SUM(status = 'sent' AND attempts = 1) AS sentOnce
         FROM email_outbox WHERE kind = 'renewal-reminder' AND dedupe_key LIKE ?1`,
      )
      .bind(`renewal-reminder:%:${endsOn}:30`)
      .first();

    // ── The e-mail drain of that day's reminders, through the queue ────────────────────────
    step(`${records.toLocaleString("en-GB")} records: e-mail drain of ${dueMembers.toLocaleString("en-GB")} reminders`);
    const drained = await drain(db, { since: busy.startedIso, step, timeoutMs: drainSeconds * 1000 });
    const sentRow = await db
      .prepare(`SELECT COUNT(*) AS sent, SUM(attempts) AS attempts FROM email_outbox WHERE status = 'sent' AND sent_at >= ?1`)
      .bind(busy.startedIso)
      .first();
    const emailInvocations = invocations.filter((inv) => inv.kind === "queue" && inv.label.startsWith("guildhall-email") && inv.loggedAt >= busy.startedMs);
    const emailQueries = emailInvocations.reduce((sum, inv) => sum + inv.queries, 0);
    const drainMs = drained.lastSentMs - busy.startedMs;
    const finalReminders = await db
      .prepare(`SELECT SUM(status = 'sent') AS sent, SUM(status = 'sent' AND attempts = 1) AS sentOnce FROM email_outbox WHERE kind = 'renewal-reminder' AND dedupe_key LIKE ?1`)
      .bind(`renewal-reminder:%:${endsOn}:30`)
      .first();

    // ── The same day's mail at the consumer's max_concurrency ───────────────────────────────
    const concurrentDrain = await drainConcurrently({
      db,
      worker,
      invocations,
      since: busy.startedIso,
      sinceMs: busy.startedMs,
      queued: dueMembers,
      endsOn,
      windowSeconds: drainSeconds,
      emailConsumer,
      step: (m) => step(`${records.toLocaleString("en-GB")} records: ${m}`),
    });

    const all = invocations.filter((inv) => inv.loggedAt >= seeded.readyMs);
    return {
      records,
      seed: seeded,
      pages: size.pageResults,
      export: exportResult,
      dailyJob: { ordinary, busy: { ...busy, dueMembers, endsOn, reminderCheck: { ...reminders, sent: finalReminders.sent, sentOnce: finalReminders.sentOnce } } },
      emailDrain: {
        messages: sentRow.sent,
        expected: dueMembers,
        complete: drained.complete,
        windowSeconds: drainSeconds,
        ms: drainMs,
        perSecond: sentRow.sent / (drainMs / 1000),
        invocations: emailInvocations.length,
        d1QueriesPerMessage: emailQueries / Math.max(1, sentRow.sent),
        ...maxima(emailInvocations),
      },
      concurrentDrain,
      allInvocations: { count: all.length, ...maxima(all), unattributedQueries: Math.max(0, ...all.map((inv) => inv.unattributed ?? 0)) },
      workerLog: log,
    };
  } finally {
    await stopScaleSize(size);
  }
}

/** Ids the bench gives the messages it hands the consumer itself (the D1 counter labels their invocations). */
const BENCH_MESSAGE_PREFIX = "bench-";
/** The outbox rows the concurrent drain writes: copies of that day's reminders. */
const COPY_PREFIX = "bench-concurrent-";
/** How long the concurrent drain waits for the local queue to hand over the parked messages (each claims nothing). */
const LOCAL_QUEUE_WAIT_MS = 3 * 60_000;

/**
 * The drain as production runs it: Cloudflare runs up to max_concurrency consumer invocations of
 * the e-mail queue at once, where the local queue runs one at a time. The bench hands batches of
 * max_batch_size straight to the Worker's queue handler (the same code a queue delivery runs,
 * behind the same D1 counter), from max_concurrency lanes at once, against the same local D1.
 *
 * What the local queue still holds of the day is parked first (its rows' next attempt is put
 * off, so its deliveries claim nothing) and the bench waits until the local queue has handed them
 * all over, so the lanes are not competing with a last serial consumer. The lanes then send fresh
 * copies of the day's reminders (new ids and dedupe keys, not on any queue). One message in ten
 * is handed over a second time, in a batch that runs beside its first one, as Queues' at-least-once
 * delivery may: the claim must keep every message to one send.
 */
async function drainConcurrently({ db, worker, invocations, since, sinceMs, queued, endsOn, windowSeconds, emailConsumer, step }) {
  const { maxConcurrency, maxBatchSize } = emailConsumer;
  const parked = await db
    .prepare(`UPDATE email_outbox SET next_attempt_at = '9999-12-31T00:00:00.000Z' WHERE status IN ('pending', 'retry') AND created_at >= ?1`)
    .bind(since)
    .run();
  step(`concurrent drain: ${parked.meta.changes} messages of the day parked; waiting for the local queue to hand over all ${queued.toLocaleString("en-GB")}`);
  const handedOver = () =>
    invocations
      .filter((inv) => inv.kind === "queue" && inv.loggedAt >= sinceMs && /^guildhall-email x\d+$/.test(inv.label))
      .reduce((sum, inv) => sum + Number(inv.label.slice(inv.label.lastIndexOf("x") + 1)), 0);
  const waitStarted = Date.now();
  while (handedOver() < queued && Date.now() - waitStarted < LOCAL_QUEUE_WAIT_MS) await sleep(250);
  const localQueueSettled = handedOver() >= queued;

  await db
    .prepare(
      `INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data)
       SELECT ?2 || id, dedupe_key || ':concurrent', kind, category, recipient, user_id, subject, data
       FROM email_outbox WHERE kind = 'renewal-reminder' AND dedupe_key LIKE ?1`,
    )
    .bind(`renewal-reminder:%:${endsOn}:30`, COPY_PREFIX)
    .run();
  const ids = (await db.prepare("SELECT id FROM email_outbox WHERE id LIKE ?1 ORDER BY rowid").bind(`${COPY_PREFIX}%`).all()).results.map((row) => row.id);
  // Every tenth message again, a batch's worth of lanes later: it lands beside its first delivery.
  const deliveries = [];
  const lag = maxBatchSize * Math.max(1, maxConcurrency - 1);
  ids.forEach((id, i) => {
    deliveries.push(id);
    if (i >= lag && (i - lag) % 10 === 0) deliveries.push(ids[i - lag]);
  });

  step(`concurrent drain: ${ids.length.toLocaleString("en-GB")} messages in ${maxConcurrency} lanes of ${maxBatchSize}, watched for ${windowSeconds} s at most`);
  const handler = await worker.mf.getWorker();
  let next = 0;
  let sequence = 0;
  let batches = 0;
  const outcomes = {};
  const startedMs = Date.now();
  const lane = async () => {
    while (next < deliveries.length && Date.now() - startedMs < windowSeconds * 1000) {
      const batch = deliveries.slice(next, next + maxBatchSize);
      next += batch.length;
      const result = await handler.queue(
        "guildhall-email",
        batch.map((id) => ({ id: `${BENCH_MESSAGE_PREFIX}${++sequence}`, timestamp: new Date(), attempts: 1, body: { id } })),
      );
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      batches += 1;
    }
  };
  await Promise.all(Array.from({ length: maxConcurrency }, lane));
  const endedMs = Date.now();
  const complete = next >= deliveries.length;
  // Handed over twice among the batches actually handed over (the window may end before the list does).
  const handed = deliveries.slice(0, next);
  const redeliveredSoFar = handed.length - new Set(handed).size;
  // The last invocation's line comes once it has settled.
  await sleep(300);
  const row = await db
    .prepare(
      `SELECT SUM(status = 'sent') AS sent, SUM(status = 'sent' AND attempts = 1) AS sentOnce, SUM(attempts > 1) AS claimedTwice,
              SUM(status IN ('pending', 'retry', 'sending')) AS waiting, SUM(status = 'failed') AS failed
       FROM email_outbox WHERE id LIKE ?1`,
    )
    .bind(`${COPY_PREFIX}%`)
    .first();
  const own = invocations.filter((inv) => inv.kind === "queue" && inv.loggedAt >= startedMs && inv.label.startsWith("guildhall-email") && inv.label.endsWith("(bench)"));
  const queries = own.reduce((sum, inv) => sum + inv.queries, 0);
  const sent = row.sent ?? 0;
  return {
    lanes: maxConcurrency,
    batchSize: maxBatchSize,
    localQueueSettled,
    messages: sent,
    expected: ids.length,
    redelivered: redeliveredSoFar,
    complete: complete && !row.waiting,
    windowSeconds,
    ms: endedMs - startedMs,
    perSecond: sent / ((endedMs - startedMs) / 1000),
    batches,
    outcomes,
    sentOnce: row.sentOnce ?? 0,
    claimedTwice: row.claimedTwice ?? 0,
    failed: row.failed ?? 0,
    invocations: own.length,
    d1QueriesPerMessage: queries / Math.max(1, sent),
    ...maxima(own),
  };
}

/** The largest figures among invocations. */
function maxima(list) {
  return {
    maxQueries: Math.max(0, ...list.map((inv) => inv.queries)),
    maxResultBytes: Math.max(0, ...list.map((inv) => inv.largestResultBytes)),
    maxInvocationBytes: Math.max(0, ...list.map((inv) => inv.bytes)),
  };
}

/** Waits (briefly: log lines arrive after the body) until `count` invocations matching `match` were logged after `from`. */
async function invocationsOf(invocations, from, match, count) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = invocations.slice(from).filter(match);
    if (found.length >= count) return found;
    await sleep(20);
  }
  throw new Error(`The D1 counter reported ${invocations.slice(from).filter(match).length} of ${count} invocations: is the counting entry in front of the Worker?`);
}

/** Seeds the demo society, the demo member's record (for the directory) and the staff second factor. */
async function seed(db, { records, today, step, vars }) {
  step(`${records.toLocaleString("en-GB")} records: seeding the demo society`);
  const started = performance.now();
  let batch = [];
  let bytes = 0;
  let sqlBytes = 0;
  for (const sql of demoSocietySql({ members: records, today })) {
    batch.push(db.prepare(sql));
    bytes += sql.length;
    sqlBytes += sql.length;
    if (bytes > 4_000_000) {
      await db.batch(batch);
      batch = [];
      bytes = 0;
    }
  }
  await db.batch([
    ...batch,
    db.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', date(?3, '-1 month'), date(?3, '+11 months'))`,
    ).bind(DEMO_ACCOUNTS.member.uid, DEMO_ACCOUNTS.member.email, today),
    db.prepare(demoSecondFactorSql(DEMO_ACCOUNTS.staff.email, vars.STAFF_TOTP_KEY ?? localTotpKey(ROOT))),
  ]);
  const fullPages = await fillRegisterPages(db, today, records);
  const seedMs = performance.now() - started;
  const counts = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM memberships) AS memberships, (SELECT COUNT(*) FROM applications) AS applications, (SELECT COUNT(*) FROM payments) AS payments,
              (SELECT COUNT(*) FROM receipts) AS receipts, (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM credit_notes) AS creditNotes,
              (SELECT COUNT(*) FROM directory_entries) AS directoryEntries, (SELECT COUNT(*) FROM cpd_entries) AS cpdEntries, (SELECT COUNT(*) FROM email_outbox) AS emails`,
    )
    .first();
  // The member with the most payments: their page is the longest a member's can be.
  const { user_id: memberWithHistory } = await db
    .prepare("SELECT user_id FROM payments WHERE user_id LIKE ?1 GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1")
    .bind(`${DEMO_SOCIETY_USER_PREFIX}%`)
    .first();
  return { ms: seedMs, sqlBytes, counts, fullPages, memberWithHistory, readyMs: Date.now() };
}

/** Rows on one screen of the register (REGISTER_PAGE_ROWS in src/services/membership/members-register.ts). */
const REGISTER_PAGE_ROWS = 100;

/**
 * Gives the register's small tabs a full page at every size. The demo society keeps about one
 * record in 200 in grace and one in 400 awaiting payment, so at 10,000 records those tabs show
 * 50 and 25 rows and at 100,000 a full page of 100: a growth ratio of such a tab measured how
 * many rows the page renders, not how the size of the register weighs on it (in SQLite the page
 * is a few milliseconds at both sizes). Here, where a tab has less than a page and a row, the
 * active records ending furthest ahead are moved into grace (their period ending 1 to 28 days
 * ago) and the lapsed records that ended longest ago become awaiting payment (a former member
 * who applied again by bank transfer), never more than one record in 50 for each tab: a tiny
 * society is left as it is. Returns how many records each tab was given.
 */
async function fillRegisterPages(db, today, records) {
  const want = REGISTER_PAGE_ROWS + 1;
  const most = Math.floor(records / 50);
  const inDemo = `user_id LIKE '${DEMO_SOCIETY_USER_PREFIX}%'`;
  const inGrace = `status = 'active' AND COALESCE(ends_on, '') = '' AND period_end BETWEEN date(?1, '-28 days') AND date(?1, '-1 day')`;
  const grace = await db
    .prepare(
      `UPDATE memberships SET period_end = date(?1, '-' || (1 + member_number % 28) || ' days'), period_start = date(?1, '-' || (1 + member_number % 28) || ' days', '-1 year')
       WHERE user_id IN (SELECT user_id FROM memberships WHERE status = 'active' AND COALESCE(ends_on, '') = '' AND period_end > date(?1, '+60 days') AND ${inDemo}
                         ORDER BY period_end DESC, user_id LIMIT min(?3, max(0, ?2 - (SELECT COUNT(*) FROM memberships WHERE ${inGrace}))))
       RETURNING user_id`,
    )
    .bind(today, want, most)
    .all();
  const unpaid = await db
    .prepare(
      `UPDATE memberships SET status = 'awaiting_payment', period_start = NULL, period_end = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '-' || (1 + member_number % 20) || ' days')
       WHERE user_id IN (SELECT user_id FROM memberships WHERE status = 'lapsed' AND payment_method = 'offline' AND ${inDemo}
                         ORDER BY period_end, user_id LIMIT min(?3, max(0, ?2 - (SELECT COUNT(*) FROM memberships WHERE status = 'awaiting_payment'))))
       RETURNING user_id`,
    )
    .bind(today, want, most)
    .all();
  return { inGrace: grace.results.length, awaitingPayment: unpaid.results.length };
}

/**
 * Runs the daily job as of `at` through the cron trigger and waits for its run to be done
 * (the jobs queue carries it on). Figures are of the job's own invocations (the cron run and the
 * jobs queue's); the heap peak is the isolate's while they ran.
 */
async function dailyRun({ db, worker, heap, invocations, at, step, label }) {
  step(`daily job, ${label}`);
  const runAt = new Date(at).toISOString();
  const baselineHeapBytes = await heap.start();
  step(`daily job, ${label}: heap sampling from ${(baselineHeapBytes / 1024 / 1024).toFixed(1)} MB, triggering the cron`);
  const startedMs = Date.now();
  const startedIso = new Date(startedMs).toISOString();
  // The cron trigger as Cloudflare fires it: the Worker's scheduled handler with this scheduled time.
  const outcome = await (await worker.mf.getWorker()).scheduled({ cron: DAILY_CRON, scheduledTime: new Date(at) });
  if (outcome.outcome !== "ok") throw new Error(`The daily job's cron run ended ${outcome.outcome}`);
  let progress = null;
  for (let waited = 0; waited < JOB_TIMEOUT_MS; waited += 100) {
    progress = await db.prepare("SELECT part, pages, lapsed, reminders FROM daily_job_progress WHERE run_at = ?1").bind(runAt).first();
    if (progress?.part === "done") break;
    if (!progress && waited >= 60_000) {
      const runs = await db.prepare("SELECT run_at, part FROM daily_job_progress ORDER BY updated_at DESC LIMIT 3").all();
      throw new Error(`The daily job's run of ${runAt} did not start within a minute (runs seen: ${JSON.stringify(runs.results)})`);
    }
    if (waited % 30_000 === 0 && waited > 0) step(`daily job, ${label}: ${progress ? `${progress.part}, ${progress.pages} pages` : "not started"}`);
    await sleep(100);
  }
  const wallMs = Date.now() - startedMs;
  // The last invocation's line comes once it has settled.
  await sleep(300);
  const { peakBytes, samples } = heap.stop();
  const own = invocations.filter((inv) => inv.loggedAt >= startedMs && (inv.kind === "scheduled" || (inv.kind === "queue" && inv.label.startsWith("guildhall-jobs"))));
  return {
    label,
    runAt,
    done: progress?.part === "done",
    wallMs,
    pages: progress?.pages ?? 0,
    lapsed: progress?.lapsed ?? 0,
    reminders: progress?.reminders ?? 0,
    invocations: own.length,
    totalQueries: own.reduce((sum, inv) => sum + inv.queries, 0),
    ...maxima(own),
    baselineHeapBytes,
    peakHeapBytes: peakBytes,
    heapSamples: samples,
    startedMs,
    startedIso,
  };
}

/** Waits until no message written since `since` is waiting to be sent; when the last was sent. */
async function drain(db, { since, step = () => {}, timeoutMs = JOB_TIMEOUT_MS }) {
  const started = Date.now();
  let lastReport = started;
  for (;;) {
    const row = await db
      .prepare(
        `SELECT SUM(status IN ('pending', 'sending', 'retry')) AS waiting, SUM(status = 'sent') AS sent, MAX(sent_at) AS last_sent
         FROM email_outbox WHERE created_at >= ?1`,
      )
      .bind(since)
      .first();
    if (!row.waiting) return { complete: true, lastSentMs: row.last_sent ? Date.parse(row.last_sent) : Date.now() };
    if (Date.now() - started > timeoutMs) return { complete: false, lastSentMs: Date.now() };
    if (Date.now() - lastReport > 30_000) {
      step(`e-mail drain: ${row.sent} sent, ${row.waiting} waiting`);
      lastReport = Date.now();
    }
    await sleep(250);
  }
}
