// `npm run bench:search`: only the site search's figures (scripts/bench/search.mjs), without the
// page scenarios of `npm run bench`. Starts, and always stops again, a real Strapi (the layout
// every page shows) and the bundled Worker with the index seeded by SQL.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --quick (3 s per query after 1 s of warm-up; default 10 s after 2 s)
import { parseArgs } from "node:util";
import { formatSearch } from "./bench/report.mjs";
import { benchSearch } from "./bench/search.mjs";
import { portOffset, withBenchStack } from "./bench/stack.mjs";

const { values } = parseArgs({ options: { "port-offset": { type: "string" }, quick: { type: "boolean", default: false } } });
const offset = portOffset(values);
await withBenchStack({
  name: "bench:search",
  cmsPort: 1359 + offset,
  async run({ step, scriptPath, secrets, cmsUrl, workerOptions, assetsDir }) {
    const result = await benchSearch({
      workerOptions,
      scriptPath,
      assetsDir,
      vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cmsUrl, SITE_NAME: "Guildhall" },
      port: 8811 + offset,
      durationMs: values.quick ? 3000 : 10_000,
      warmupMs: values.quick ? 1000 : 2000,
      connections: 2,
      step,
    });
    console.log(`\n${formatSearch(result).join("\n")}`);
  },
});
