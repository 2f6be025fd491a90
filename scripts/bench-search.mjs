// `npm run bench:search`: only the site search's figures (scripts/bench/search.mjs), without the
// page scenarios of `npm run bench`. Starts, and always stops again, a real Strapi (the layout
// every page shows) and the bundled Worker with the index seeded by SQL.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --quick (3 s per query after 1 s of warm-up; default 10 s after 2 s)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatSearch } from "./bench/report.mjs";
import { benchSearch } from "./bench/search.mjs";
import { bundleWorker, OFFLINE_ENV, readDevVarsExample, wranglerWorkerOptions } from "./bench/worker.mjs";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { startCms } from "./lib/cms.mjs";
import { ROOT } from "./lib/worker.mjs";

Object.assign(process.env, OFFLINE_ENV);
const { values } = parseArgs({ options: { "port-offset": { type: "string" }, quick: { type: "boolean", default: false } } });
const offset = Number(values["port-offset"] ?? process.env.BENCH_PORT_OFFSET ?? 0);
const started = Date.now();
const step = (message) => console.log(`bench:search: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const tmp = mkdtempSync(join(os.tmpdir(), "guildhall-bench-search-"));
let cms;
try {
  step("building the Worker");
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  const scriptPath = bundleWorker(join(tmp, "bundle"));
  const secrets = readDevVarsExample();
  step(`starting the CMS on port ${1359 + offset}`);
  cms = await startCms({ port: 1359 + offset, dbFile: join(tmp, "cms.db"), apiToken: secrets.CMS_TOKEN, log: () => {} });
  const result = await benchSearch({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath,
    assetsDir: join(ROOT, "dist", "client"),
    vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cms.url, SITE_NAME: "Guildhall" },
    port: 8811 + offset,
    durationMs: values.quick ? 3000 : 10_000,
    warmupMs: values.quick ? 1000 : 2000,
    connections: 2,
    step,
  });
  console.log(`\n${formatSearch(result).join("\n")}`);
} catch (error) {
  console.error(`bench:search: FAILED — ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cms?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
