// `npm run bench:import`: only the member import's figures (scripts/bench/member-import.mjs),
// without the page scenarios of `npm run bench`. Starts, and always stops again, a real Strapi
// (the membership types), the Firebase Auth emulator and the bundled Worker.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --rows <n> (the file's members; a smaller file for a smoke run)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchMemberImport, IMPORT_ROWS } from "./bench/member-import.mjs";
import { bundleWorker, OFFLINE_ENV, readDevVarsExample, wranglerWorkerOptions } from "./bench/worker.mjs";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { startCms } from "./lib/cms.mjs";
import { ROOT } from "./lib/worker.mjs";

Object.assign(process.env, OFFLINE_ENV);
const { values } = parseArgs({ options: { "port-offset": { type: "string" }, rows: { type: "string" } } });
const offset = Number(values["port-offset"] ?? process.env.BENCH_PORT_OFFSET ?? 0);
const rows = Number(values.rows ?? IMPORT_ROWS);
if (!Number.isInteger(rows) || rows < 10 || rows > 100_000) {
  console.error(`bench:import: --rows must be a whole number from 10 to 100000 (got "${values.rows}")`);
  process.exit(2);
}
const started = Date.now();
const step = (message) => console.log(`bench:import: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const tmp = mkdtempSync(join(os.tmpdir(), "guildhall-bench-import-"));
let cms;
try {
  step("building the Worker");
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  const scriptPath = bundleWorker(join(tmp, "bundle"));
  const secrets = readDevVarsExample();
  step(`starting the CMS on port ${1358 + offset}`);
  cms = await startCms({ port: 1358 + offset, dbFile: join(tmp, "cms.db"), apiToken: secrets.CMS_TOKEN, log: () => {}, timeoutMs: 300_000 });
  const result = await benchMemberImport({
    workerOptions: await wranglerWorkerOptions(),
    scriptPath,
    assetsDir: join(ROOT, "dist", "client"),
    vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cms.url, SITE_NAME: "Guildhall" },
    workerPort: 8810 + offset,
    firebasePort: 9810 + offset,
    step,
    rows,
    // The Worker's own errors, so a failed run says why.
    onLog: ({ level, message }) => level === "error" && console.error(`bench:import: worker: ${message}`),
  });
  console.log(`\nMember import (${result.rows} rows, ${(result.fileBytes / 1024).toFixed(0)} KiB file)`);
  console.log(`  ${"".padEnd(40)}${"request".padStart(9)}${"until done".padStart(12)}${"invocations".padStart(13)}${"D1 queries (most)".padStart(19)}`);
  for (const run of Object.values(result.runs)) {
    console.log(
      `  ${run.label.padEnd(40)}${`${run.requestMs.toFixed(0)} ms`.padStart(9)}${`${(run.ms / 1000).toFixed(1)} s`.padStart(12)}${String(run.invocations).padStart(13)}${String(run.maxQueries).padStart(19)}`,
    );
  }
} catch (error) {
  console.error(`bench:import: FAILED — ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cms?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
