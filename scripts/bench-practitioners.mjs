// `npm run bench:practitioners`: Find a practitioner's figures (scripts/bench/practitioners.mjs):
// search p50 and p99 at 1,000 and 30,000 listings. Starts, and always stops again, a real Strapi
// (the layout every page shows, the lists and the listable membership types) and the bundled
// Worker with the listings seeded by SQL.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --quick (3 s per search after 1 s of warm-up; default 10 s after 2 s)
//          --tiny (a smoke run: 50 and 200 listings, 0.5 s per search; its figures mean nothing)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchPractitioners, formatPractitioners } from "./bench/practitioners.mjs";
import { bundleWorker, OFFLINE_ENV, readDevVarsExample, wranglerWorkerOptions } from "./bench/worker.mjs";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { startCms } from "./lib/cms.mjs";
import { ROOT } from "./lib/worker.mjs";

Object.assign(process.env, OFFLINE_ENV);
const { values } = parseArgs({ options: { "port-offset": { type: "string" }, quick: { type: "boolean", default: false }, tiny: { type: "boolean", default: false } } });
const offset = Number(values["port-offset"] ?? process.env.BENCH_PORT_OFFSET ?? 0);
const started = Date.now();
const step = (message) => console.log(`bench:practitioners: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const tmp = mkdtempSync(join(os.tmpdir(), "guildhall-bench-practitioners-"));
let cms;
try {
  step("building the Worker");
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  const scriptPath = bundleWorker(join(tmp, "bundle"));
  const secrets = readDevVarsExample();
  step(`starting the CMS on port ${1361 + offset}`);
  cms = await startCms({ port: 1361 + offset, dbFile: join(tmp, "cms.db"), apiToken: secrets.CMS_TOKEN, log: () => {} });
  const result = await benchPractitioners({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath,
    assetsDir: join(ROOT, "dist", "client"),
    vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cms.url, SITE_NAME: "Guildhall", ...(values.tiny ? { CMS_TIMEOUT_MS: "30000" } : {}) },
    port: 8813 + offset,
    durationMs: values.tiny ? 500 : values.quick ? 3000 : 10_000,
    warmupMs: values.tiny ? 0 : values.quick ? 1000 : 2000,
    connections: 2,
    ...(values.tiny ? { sizes: [50, 200] } : {}),
    step,
  });
  console.log(`\n${formatPractitioners(result).join("\n")}`);
} catch (error) {
  console.error(`bench:practitioners: FAILED — ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cms?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
