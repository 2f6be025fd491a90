// `npm run bench:import`: only the member import's figures (scripts/bench/member-import.mjs),
// without the page scenarios of `npm run bench`. Starts, and always stops again, a real Strapi
// (the membership types), the Firebase Auth emulator and the bundled Worker.
//
// Options: --port-offset <n> (0; env BENCH_PORT_OFFSET) · --rows <n> (the file's members; a smaller file for a smoke run)
import { parseArgs } from "node:util";
import { benchMemberImport, IMPORT_ROWS } from "./bench/member-import.mjs";
import { portOffset, withBenchStack } from "./bench/stack.mjs";

const { values } = parseArgs({ options: { "port-offset": { type: "string" }, rows: { type: "string" } } });
const offset = portOffset(values);
const rows = Number(values.rows ?? IMPORT_ROWS);
if (!Number.isInteger(rows) || rows < 10 || rows > 100_000) {
  console.error(`bench:import: --rows must be a whole number from 10 to 100000 (got "${values.rows}")`);
  process.exit(2);
}
await withBenchStack({
  name: "bench:import",
  cmsPort: 1358 + offset,
  cmsTimeoutMs: 300_000,
  async run({ step, scriptPath, secrets, cmsUrl, workerOptions, assetsDir }) {
    const result = await benchMemberImport({
      workerOptions,
      scriptPath,
      assetsDir,
      vars: { ...secrets, ENVIRONMENT: "test", CMS_URL: cmsUrl, SITE_NAME: "Guildhall" },
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
  },
});
