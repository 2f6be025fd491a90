// `npm run bench:publish`: only the publish under load (scripts/bench/publish.mjs), without the
// other scenarios of `npm run bench`. Starts, and always stops again, a real Strapi whose publish
// webhook purges the Worker, the CMS proxy that adds latency and counts GraphQL calls, and the
// bundled Worker with the content cache and the edge cache as configured.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --publish-window <s> (60) · --connections <n> (32)
//          --cms-latency-ms <ms> (150) · --edit footer|page (what is published: the footer, on every page,
//          or the title of one general page outside the load)
import os from "node:os";
import { parseArgs } from "node:util";
import { startCmsProxy } from "./bench/cms-proxy.mjs";
import { benchPublishUnderLoad } from "./bench/publish.mjs";
import { formatPublishUnderLoad } from "./bench/report.mjs";
import { portOffset, withBenchStack } from "./bench/stack.mjs";
import { readDevVarsExample, startBenchWorker } from "./bench/worker.mjs";

const { values } = parseArgs({
  options: {
    "port-offset": { type: "string" },
    "publish-window": { type: "string", default: "60" },
    connections: { type: "string", default: "32" },
    "cms-latency-ms": { type: "string", default: "150" },
    edit: { type: "string", default: "footer" },
  },
});
if (!["footer", "page"].includes(values.edit)) throw new Error(`--edit is "footer" or "page", not "${values.edit}"`);
const offset = portOffset(values);
const workerPort = 8812 + offset;
/** A full-access CMS token for this bench's own throwaway CMS only (it publishes one edit). */
const EDITOR_TOKEN = "guildhall-bench-cms-editor-token-not-a-secret-000000000";
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");

await withBenchStack({
  name: "bench:publish",
  cmsPort: 1360 + offset,
  cmsOptions: {
    purgeUrl: `http://127.0.0.1:${workerPort}/api/cache/purge`,
    purgeSecret: readDevVarsExample().CACHE_PURGE_SECRET,
    editorApiToken: EDITOR_TOKEN,
  },
  async run({ step, scriptPath, secrets, cmsUrl, workerOptions, assetsDir }) {
    const proxy = await startCmsProxy({ upstream: cmsUrl, port: 9812 + offset, latencyMs: Number(values["cms-latency-ms"]) });
    const log = { errors: 0, warnings: 0, first: [] };
    let worker;
    try {
      step(`starting the Worker on port ${workerPort}`);
      worker = await startBenchWorker({
        workerOptions,
        scriptPath,
        assetsDir,
        port: workerPort,
        vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: proxy.url, SITE_NAME: "Guildhall", SITE_URL: `http://127.0.0.1:${workerPort}` },
        onLog: ({ level, message }) => {
          if (level === "error") log.errors += 1;
          else if (level === "warn") log.warnings += 1;
          else return;
          if (log.first.length < 6) log.first.push(`[${level}] ${message.slice(0, 240)}`);
        },
      });
      const atStart = loadAverage();
      const result = await benchPublishUnderLoad({
        cmsUrl,
        workerUrl: worker.url,
        proxy,
        editorToken: EDITOR_TOKEN,
        connections: Number(values.connections),
        windowMs: Number(values["publish-window"]) * 1000,
        step,
        edit: values.edit,
      });
      console.log(`\n${formatPublishUnderLoad(result).join("\n")}`);
      console.log(`  load average ${atStart} at the start, ${loadAverage()} at the end (${os.cpus().length} cores); Worker log: ${log.errors} errors, ${log.warnings} warnings`);
      for (const line of log.first) console.log(`    ${line}`);
    } finally {
      await worker?.dispose();
      await proxy.close();
    }
  },
});
