// What every single-area benchmark (bench:search, bench:practitioners, bench:import,
// bench:messages) starts with and always ends with: the Worker built and bundled into a
// temporary folder, a real Strapi of its own on `cmsPort`, the `run` step given both, then the
// CMS stopped and the folder removed whatever happened. A failure prints "<name>: FAILED — why"
// and sets a non-zero exit code.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { buildClient } from "../build-client.mjs";
import { buildWorkerModules } from "../build-worker-modules.mjs";
import { startCms } from "../lib/cms.mjs";
import { ROOT } from "../lib/worker.mjs";
import { bundleWorker, OFFLINE_ENV, readDevVarsExample, wranglerWorkerOptions } from "./worker.mjs";

/** The port offset every benchmark takes: `--port-offset`, else BENCH_PORT_OFFSET, else 0. */
export const portOffset = (values) => Number(values["port-offset"] ?? process.env.BENCH_PORT_OFFSET ?? 0);

/**
 * @param {{ name: string, cmsPort: number, cmsTimeoutMs?: number, cmsOptions?: object,
 *   run: (stack: { step: (message: string) => void, scriptPath: string, secrets: Record<string, string>, cmsUrl: string,
 *     tmp: string, workerOptions: object, assetsDir: string }) => Promise<void> }} options
 */
export async function withBenchStack({ name, cmsPort, cmsTimeoutMs, cmsOptions = {}, run }) {
  Object.assign(process.env, OFFLINE_ENV);
  const started = Date.now();
  const step = (message) => console.log(`${name}: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const tmp = mkdtempSync(join(os.tmpdir(), `guildhall-${name.replace(/[^a-z]+/g, "-")}-`));
  let cms;
  try {
    step("building the Worker");
    await buildClient({ quiet: true });
    await buildWorkerModules({ quiet: true });
    const scriptPath = bundleWorker(join(tmp, "bundle"));
    const secrets = readDevVarsExample();
    step(`starting the CMS on port ${cmsPort}`);
    cms = await startCms({ port: cmsPort, dbFile: join(tmp, "cms.db"), apiToken: secrets.CMS_TOKEN, log: () => {}, ...cmsOptions, ...(cmsTimeoutMs ? { timeoutMs: cmsTimeoutMs } : {}) });
    await run({ step, scriptPath, secrets, cmsUrl: cms.url, tmp, workerOptions: await wranglerWorkerOptions(), assetsDir: join(ROOT, "dist", "client") });
  } catch (error) {
    console.error(`${name}: FAILED — ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await cms?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
