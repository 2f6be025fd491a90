// `npm run dev`: the whole local stack in one command, stopped cleanly with Ctrl-C.
//   CMS     Strapi 5 from cms/ on http://127.0.0.1:1337 (SQLite in cms/.tmp, demo content
//           seeded on first start), its webhook purging the Worker's cache on every publish;
//   Worker  wrangler dev on http://localhost:8787 with local KV and D1 (migrations applied),
//           state kept in .wrangler/state.
import { join } from "node:path";
import { buildClient } from "./build-client.mjs";
import { DEV_CMS_PORT, startCms } from "./lib/cms.mjs";
import { readDevVars } from "./lib/dev-vars.mjs";
import { ROOT, startWorker } from "./lib/worker.mjs";

const WORKER_PORT = 8787;
const started = Date.now();
const running = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the local stack…");
  for (const service of running.reverse()) {
    await service.stop().catch((error) => console.error(`Could not stop a service: ${error.message}`));
  }
  process.exit(code);
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

try {
  const secrets = readDevVars(ROOT);
  await buildClient();
  console.log("Starting the CMS (Strapi)…");
  const cms = await startCms({
    port: DEV_CMS_PORT,
    dbFile: join(ROOT, "cms", ".tmp", "data.db"),
    purgeUrl: `http://127.0.0.1:${WORKER_PORT}/api/cache/purge`,
    purgeSecret: secrets.CACHE_PURGE_SECRET,
    apiToken: secrets.CMS_TOKEN,
  });
  running.push(cms);

  console.log("Starting the Worker (wrangler dev, local KV and D1)…");
  const worker = await startWorker({ port: WORKER_PORT, host: "127.0.0.1", vars: { CMS_URL: cms.url } });
  running.push(worker);
  worker.proc.exited.then(() => !stopping && (console.error("The Worker stopped unexpectedly."), stopAll(1)));

  console.log(`
  Guildhall is running (ready in ${Math.round((Date.now() - started) / 1000)} s)
    Site        http://localhost:${WORKER_PORT}
    CMS API     ${cms.url}/graphql   (admin panel: npm run cms:admin)
  Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error(`\nThe local stack could not start:\n${error instanceof Error ? error.message : error}`);
  await stopAll(1);
}
