// `npm run bench:messages`: the fan-out of one bulk message to 60,000 members (`-- --members N` for
// another size), through the bundled Worker in Miniflare (with a real Strapi) behind the D1 query counter
// (bench/d1-counter.mjs): the members and their consents are seeded into its local D1, a message is
// started, the e-mail sweep's cron picks it up, and the jobs queue carries the rest. It reports the
// time until every recipient and outbox row is written, the invocations it took, and the D1
// queries in all and at most in one (Cloudflare allows 1,000 an invocation). The e-mails' delivery
// (the outbox's own queue, already measured by `npm run bench:scale`) starts meanwhile and is not counted.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --members <n> (60000)
import { parseArgs } from "node:util";
import { invocationOf, writeCountingEntry } from "./bench/d1-counter.mjs";
import { portOffset, withBenchStack } from "./bench/stack.mjs";
import { startBenchWorker } from "./bench/worker.mjs";

const { values } = parseArgs({ options: { "port-offset": { type: "string" }, members: { type: "string" } } });
const offset = portOffset(values);
const members = Number(values.members ?? 60_000);
if (!Number.isInteger(members) || members < 10 || members > 500_000) {
  console.error(`bench:messages: --members must be a whole number from 10 to 500000 (got "${values.members}")`);
  process.exit(2);
}
const SWEEP_CRON = "*/10 * * * *";
const TIMEOUT_MS = 15 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The sweep that starts the fan-out also does the CMS's part of its round (the content cache).
await withBenchStack({
  name: "bench:messages",
  cmsPort: 1360 + offset,
  cmsTimeoutMs: 300_000,
  async run({ step, scriptPath, secrets, cmsUrl, workerOptions, assetsDir }) {
    const entryPath = writeCountingEntry(scriptPath);
    let worker;
    try {
      const invocations = [];
      const errors = [];
      const port = 8830 + offset;
      worker = await startBenchWorker({
        workerOptions,
        scriptPath,
        entryPath,
        assetsDir,
        port,
        vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cmsUrl, SITE_NAME: "Guildhall", SITE_URL: `http://127.0.0.1:${port}` },
        onLog: ({ level, message }) => {
          if (process.env.BENCH_VERBOSE) console.error(`worker ${level}: ${message.slice(0, 600)}`);
          const invocation = invocationOf(message);
          if (invocation) return void invocations.push({ ...invocation, loggedAt: Date.now() });
          if ((level === "error" || level === "warn") && errors.length < 8) errors.push(message.slice(0, 400));
        },
      });
      const db = await worker.mf.getD1Database("DB");
      step(`seeding ${members.toLocaleString("en-GB")} members, each consenting to the newsletter`);
      for (let from = 1; from <= members; from += 20_000) {
        const to = Math.min(members, from + 19_999);
        await db.batch([
          db
            .prepare(
              `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
               INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method)
               SELECT printf('bench-%07d', i), printf('bench-%07d@example.org', i), 'full-member', 'Full member', 'active', 'offline' FROM n`,
            )
            .bind(from, to),
          db
            .prepare(
              `WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
               INSERT INTO member_consents (user_id, topic, consented, given_at, given_via) SELECT printf('bench-%07d', i), 'newsletter', 1, '2026-01-01T00:00:00.000Z', 'import' FROM n`,
            )
            .bind(from, to),
        ]);
      }
      await db
        .prepare(
          `INSERT INTO member_messages (id, subject, body, body_html, body_text, topic, status, created_by, sent_by, started_at)
           VALUES ('bench-message', 'Bench newsletter', 'Hello', '<p>Hello</p>', 'Hello', 'newsletter', 'sending', 'bench@example.org', 'bench@example.org', ?1)`,
        )
        .bind(new Date().toISOString())
        .run();

      step("fan-out: the sweep's cron starts it, the jobs queue carries the rest");
      const startedMs = Date.now();
      const outcome = await (await worker.mf.getWorker()).scheduled({ cron: SWEEP_CRON, scheduledTime: new Date() });
      if (outcome.outcome !== "ok") throw new Error(`The sweep's cron run ended ${outcome.outcome}: ${errors.join(" | ")}`);
      let message = null;
      for (let waited = 0; waited < TIMEOUT_MS; waited += 100) {
        message = await db.prepare("SELECT status, recipients FROM member_messages WHERE id = 'bench-message'").first();
        if (message?.status === "sent") break;
        await sleep(100);
      }
      const wallMs = Date.now() - startedMs;
      await sleep(500);
      const own = invocations.filter((inv) => inv.loggedAt >= startedMs && (inv.kind === "scheduled" || (inv.kind === "queue" && inv.label.startsWith("guildhall-jobs"))));
      const outbox = await db.prepare("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'member-message'").first();
      if (message?.status !== "sent") throw new Error(`The fan-out did not finish within ${TIMEOUT_MS / 60_000} minutes (${message?.recipients ?? 0} recipients written)`);
      if (message.recipients !== members || outbox.n !== members) throw new Error(`Wrote ${message.recipients} recipients and ${outbox.n} e-mails for ${members} members`);
      const total = own.reduce((sum, inv) => sum + inv.queries, 0);
      const most = own.reduce((max, inv) => Math.max(max, inv.queries), 0);
      console.log(`\nBulk message fan-out (${members.toLocaleString("en-GB")} members)`);
      console.log(`  recipients and e-mails written   ${message.recipients.toLocaleString("en-GB")}`);
      console.log(`  time until all written           ${(wallMs / 1000).toFixed(1)} s`);
      console.log(`  invocations (cron, jobs queue)   ${own.length}`);
      console.log(`  D1 queries in all                ${total}`);
      console.log(`  D1 queries at most in one        ${most} (limit 1,000) ${most <= 1000 ? "PASS" : "FAIL"}`);
      if (most > 1000) process.exitCode = 1;
      if (errors.length > 0) console.log(`  worker errors: ${errors.join(" | ")}`);
    } finally {
      await worker?.dispose();
    }
  },
});
