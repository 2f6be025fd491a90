// `npm run bench:practitioners`: Find a practitioner's figures (scripts/bench/practitioners.mjs):
// search p50 and p99 at 1,000 and 30,000 listings. Starts, and always stops again, a real Strapi
// (the layout every page shows, the lists and the listable membership types) and the bundled
// Worker with the listings seeded by SQL.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --quick (3 s per search after 1 s of warm-up; default 10 s after 2 s)
//          --tiny (a smoke run: 50 and 200 listings, 0.5 s per search; its figures mean nothing)
import { parseArgs } from "node:util";
import { benchPractitioners, formatPractitioners } from "./bench/practitioners.mjs";
import { portOffset, withBenchStack } from "./bench/stack.mjs";

const { values } = parseArgs({ options: { "port-offset": { type: "string" }, quick: { type: "boolean", default: false }, tiny: { type: "boolean", default: false } } });
const offset = portOffset(values);
await withBenchStack({
  name: "bench:practitioners",
  cmsPort: 1361 + offset,
  async run({ step, scriptPath, secrets, cmsUrl, workerOptions, assetsDir }) {
    const result = await benchPractitioners({
      workerOptions,
      scriptPath,
      assetsDir,
      vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cmsUrl, SITE_NAME: "Guildhall", ...(values.tiny ? { CMS_TIMEOUT_MS: "30000" } : {}) },
      port: 8813 + offset,
      durationMs: values.tiny ? 500 : values.quick ? 3000 : 10_000,
      warmupMs: values.tiny ? 0 : values.quick ? 1000 : 2000,
      connections: 2,
      ...(values.tiny ? { sizes: [50, 200] } : {}),
      step,
    });
    console.log(`\n${formatPractitioners(result).join("\n")}`);
  },
});
