// `npm run bench:scale`: the register, the money and the membership year at real sizes.
//
// For each size (10,000 and 100,000 membership records; 500,000 too with --full), a fresh Worker
// (wrangler's bundle in plain Miniflare, real local D1; one port each from --port-offset's) gets
// the demo society of that many records (scripts/lib/demo-society.mjs, three years of history).
// With every size seeded, the staff pages are timed at all sizes in turn, request by request, so
// the machine's load falls on each size alike. Then, one size after another, the bench measures
// the members export, the daily membership-year job on an ordinary day and on a day when 45,000
// members are due a reminder, the e-mail drain of those reminders through the local queue, and
// the same day's mail handed to the Worker's queue handler from as many lanes at once as the
// consumer's max_concurrency (scripts/bench/scale-run.mjs). D1 queries and result bytes are
// counted per invocation by a wrapper around the D1 binding (scripts/bench/d1-counter.mjs):
// local D1 enforces no limits.
// Every figure is printed beside Cloudflare's limit, and each target is judged PASS or FAIL
// (scripts/bench/scale-report.mjs). Starts, and always stops again, a real Strapi (the membership
// prices the reminders quote) and the Firebase Auth emulator (staff and member sign-in).
//
// Options: --records <n>[,<n>…] (10000,100000) · --full (adds 500000) · --reps <n> (11)
//          --drain-seconds <s> (180: how long the e-mail drain is watched; its rate is over that)
//          --port-offset <n> (0; env BENCH_PORT_OFFSET) · --json <path> (.tmp/bench-scale.json)
//          --verbose (the CMS's output)
// Exits non-zero when a target fails or anything cannot run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeCountingEntry } from "./bench/d1-counter.mjs";
import { finishScaleSize, measurePages, startScaleSize, stopScaleSize } from "./bench/scale-run.mjs";
import { describeRuntimeEnd } from "./bench/runtime-watch.mjs";
import { formatScaleReport, judge } from "./bench/scale-report.mjs";
import { bundleWorker, OFFLINE_ENV, readDevVarsExample, wranglerWorkerOptions } from "./bench/worker.mjs";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { startCms } from "./lib/cms.mjs";
import { startAuthEmulator } from "./lib/firebase.mjs";
import { ROOT } from "./lib/worker.mjs";

Object.assign(process.env, OFFLINE_ENV);

const USAGE = `Usage: npm run bench:scale [-- options]
  --records <n>[,<n>…]  membership records per size (default 10000,100000)
  --full                adds 500000
  --reps <n>            timed requests per page, after one unmeasured (default 11)
  --drain-seconds <s>   how long the busiest day's e-mail drain is watched at most (default 180)
  --port-offset <n>     shift every port the bench listens on (default 0, env BENCH_PORT_OFFSET)
  --json <path>         where the figures go as JSON (default .tmp/bench-scale.json)
  --verbose             show the CMS's output`;

const options = readOptions();
const PORTS = { cms: 1360 + options.portOffset, worker: 8820 + options.portOffset, firebase: 9820 + options.portOffset, inspector: 9830 + options.portOffset };
const JSON_PATH = options.json ?? join(ROOT, ".tmp", "bench-scale.json");
const started = Date.now();
const step = (message) => console.log(`bench:scale: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const tmp = mkdtempSync(join(os.tmpdir(), "guildhall-bench-scale-"));
let cms;
let auth;
/** Sizes started and not yet measured to the end (stopped on the way out whatever happens). */
const running = [];
/** The size whose export, jobs and drains are being measured (already out of `running`). */
let finishing = null;
// Ctrl-C (or a test's time-out) stops the CMS and the emulator too, not only this process.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nbench:scale: ${signal}, stopping everything…`);
    await Promise.allSettled([cms?.stop(), auth?.stop(), ...running.map(stopScaleSize)]);
    rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  step("building the Worker");
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  const scriptPath = bundleWorker(join(tmp, "bundle"));
  const entryPath = writeCountingEntry(scriptPath);
  const secrets = readDevVarsExample();
  step(`starting the CMS on port ${PORTS.cms} and the Firebase Auth emulator on port ${PORTS.firebase}`);
  // A busy machine can take minutes to start both: wait longer than the usual 90 s.
  const [cmsStart, authStart] = await Promise.allSettled([
    startCms({ port: PORTS.cms, dbFile: join(tmp, "cms.db"), apiToken: secrets.CMS_TOKEN, log: options.verbose ? undefined : () => {}, timeoutMs: 300_000 }),
    startAuthEmulator({ port: PORTS.firebase, log: () => {}, timeoutMs: 300_000 }),
  ]);
  cms = cmsStart.value;
  auth = authStart.value;
  for (const start of [cmsStart, authStart]) if (start.status === "rejected") throw start.reason;
  const workerOptions = await wranglerWorkerOptions();
  const emailConsumer = await emailQueueConsumer();
  const today = new Date().toISOString().slice(0, 10);
  // Every size's Worker is started and seeded first, so that the pages can be timed at all sizes
  // in turn (measurePages): a ratio of two moments of a shared machine would measure its load.
  for (const [index, records] of options.records.entries()) {
    const start = () =>
      startScaleSize({
        records,
        today,
        workerOptions,
        scriptPath,
        entryPath,
        assetsDir: join(ROOT, "dist", "client"),
        // The CMS only serves the layout and prices here (cached after the first page): a busy
        // machine must not turn its slowness into an outage page.
        vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cms.url, SITE_NAME: "Guildhall", CMS_TIMEOUT_MS: "30000" },
        workerPort: PORTS.worker + index,
        inspectorPort: PORTS.inspector + index,
        auth,
        step,
      });
    // A runtime that ended under the seeding (runtime-watch.mjs says how) took its in-memory D1
    // with it: that size starts again once, on a fresh Worker, rather than losing the whole run.
    running.push(
      await start().catch((error) => {
        if (!error?.runtimeEnded) throw error;
        step(`${error.message}\n  starting the ${records.toLocaleString("en-GB")} records' Worker again, once`);
        return start();
      }),
    );
  }
  const loadAtPages = os.loadavg();
  await measurePages(running, { reps: options.reps, step });
  // Printed now, so a later step that fails does not take the pages' figures with it.
  for (const page of running[0].pageResults) {
    const at = running.map(({ records, pageResults }) => {
      const { p50Ms, rows } = pageResults.find((p) => p.id === page.id);
      return `${records.toLocaleString("en-GB")}: ${p50Ms.toFixed(0)} ms${rows == null ? "" : ` (${rows} rows)`}`;
    });
    step(`pages: ${page.label}: ${at.join(", ")}`);
  }
  const sizes = [];
  // The rest, one size after another: each size's Worker is stopped once it is measured.
  while (running.length) {
    finishing = running.shift();
    sizes.push(await finishScaleSize(finishing, { drainSeconds: options.drainSeconds, emailConsumer, step }));
  }
  const checks = judge(sizes);
  const result = {
    startedAt: new Date(started).toISOString(),
    totalSeconds: (Date.now() - started) / 1000,
    jsonPath: JSON_PATH,
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model?.replace(/\s+/g, " ").trim() ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}; load ${os.loadavg().map((n) => n.toFixed(2)).join(" / ")}`,
    today,
    reps: options.reps,
    loadAtPages: loadAtPages.map((n) => Number(n.toFixed(2))),
    emailConsumer,
    sizes,
    checks,
  };
  mkdirSync(dirname(JSON_PATH), { recursive: true });
  writeFileSync(JSON_PATH, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${formatScaleReport(result)}`);
  if (checks.some((c) => !c.pass)) process.exitCode = 1;
} catch (error) {
  console.error(`bench:scale: FAILED — ${error instanceof Error ? error.stack : error}`);
  if (error?.cause) console.error(`bench:scale: caused by ${error.cause instanceof Error ? error.cause.stack : error.cause}`);
  // A size whose runtime died makes later steps fail with its stubs' errors: say how it died.
  for (const size of [finishing, ...running].filter(Boolean)) {
    const runtime = size.worker.runtime;
    if (runtime?.exit && !runtime.expected) console.error(`bench:scale: the ${size.records.toLocaleString("en-GB")} records' ${describeRuntimeEnd(runtime)}`);
    else if (runtime) console.error(`bench:scale: the ${size.records.toLocaleString("en-GB")} records' workerd (pid ${runtime.pid}) was still running`);
    if (size.log.errors) console.error(`bench:scale: its Worker logged ${size.log.errors} errors, first:\n  ${size.log.first.join("\n  ")}`);
  }
  process.exitCode = 1;
} finally {
  await Promise.allSettled(running.map(stopScaleSize));
  await cms?.stop();
  await auth?.stop();
  rmSync(tmp, { recursive: true, force: true });
}

/** wrangler.toml's consumer of the e-mail queue, as wrangler reads it: the lanes and batch size of the concurrent drain. */
async function emailQueueConsumer() {
  const { unstable_readConfig } = await import("wrangler");
  const consumer = unstable_readConfig({ config: join(ROOT, "wrangler.toml") }).queues.consumers.find((c) => c.queue === "guildhall-email");
  if (!consumer?.max_concurrency || !consumer.max_batch_size) throw new Error("wrangler.toml has no guildhall-email consumer with max_concurrency and max_batch_size");
  return { maxConcurrency: consumer.max_concurrency, maxBatchSize: consumer.max_batch_size };
}

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        records: { type: "string" },
        full: { type: "boolean", default: false },
        reps: { type: "string" },
        "drain-seconds": { type: "string" },
        "port-offset": { type: "string" },
        json: { type: "string" },
        verbose: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`bench:scale: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name, raw, min, max) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`bench:scale: ${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      process.exit(2);
    }
    return value;
  };
  const records = (parsed.records ?? "10000,100000").split(",").map((n) => whole("--records", n.trim(), 100, 1_000_000));
  if (parsed.full && !records.includes(500_000)) records.push(500_000);
  return {
    records: [...new Set(records)].sort((a, b) => a - b),
    reps: whole("--reps", parsed.reps ?? "11", 1, 200),
    drainSeconds: whole("--drain-seconds", parsed["drain-seconds"] ?? "180", 5, 7_200),
    portOffset: whole("--port-offset", parsed["port-offset"] ?? process.env.BENCH_PORT_OFFSET ?? "0", 0, 1_000),
    json: parsed.json ? resolve(parsed.json) : undefined,
    verbose: parsed.verbose,
  };
}
