// Prints how long each test tier took, from vitest's JSON report (.ci/run writes it to
// .tmp/test-results.json): per tier, the files, the tests, the wall time from its first file's
// start to its last file's end, and the summed time of its files (more than the wall time when
// files run side by side). Tiers are the vitest projects, named by their folder under test/.
// Usage: node scripts/test-timings.mjs [report.json]
import { existsSync, readFileSync } from "node:fs";

const file = process.argv[2] ?? ".tmp/test-results.json";
if (!existsSync(file)) {
  console.log(`test timings: no report at ${file}`);
  process.exit(0);
}

const report = JSON.parse(readFileSync(file, "utf8"));
const tiers = new Map();
for (const result of report.testResults ?? []) {
  const tier = /\/test\/([^/]+)\//.exec(result.name)?.[1] ?? "other";
  const t = tiers.get(tier) ?? { files: 0, tests: 0, start: Infinity, end: 0, summed: 0 };
  t.files += 1;
  t.tests += result.assertionResults?.length ?? 0;
  if (result.startTime && result.endTime) {
    t.start = Math.min(t.start, result.startTime);
    t.end = Math.max(t.end, result.endTime);
    t.summed += result.endTime - result.startTime;
  }
  tiers.set(tier, t);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
console.log("test timings by tier (wall: first file's start to last file's end; summed: all files' own times)");
for (const [tier, t] of [...tiers].sort((a, b) => b[1].summed - a[1].summed)) {
  const wall = t.end > 0 ? seconds(t.end - t.start) : "-";
  console.log(`  ${tier.padEnd(12)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests   wall ${wall.padStart(7)}   summed ${seconds(t.summed).padStart(7)}`);
}
