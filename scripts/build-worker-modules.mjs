// Builds the Worker's lazily loaded modules: code that only some requests need, bundled on its
// own so the Worker's main bundle stays small and its start-up does not evaluate it.
//   rich-text  Markdown -> sanitised HTML (unified, remark, rehype, parse5): needed only when a
//              CMS response is mapped on a cache miss, never on a cached page view.
// Each entry becomes src/generated/<name>.js (git-ignored). src/lazy-modules.ts imports it at
// run time; wrangler uploads it beside the Worker (wrangler.toml [[rules]]), and tests and
// `wrangler dev` load the same file. npm install, npm run dev, the test setup, the bench and
// the deploy all build it first.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/worker.mjs";

export const WORKER_MODULES = {
  "rich-text": "src/adapters/cms/rich-text-pipeline.ts",
};

export async function buildWorkerModules({ quiet = false } = {}) {
  const started = Date.now();
  const outdir = join(ROOT, "src", "generated");
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(WORKER_MODULES).map(([name, path]) => [name, join(ROOT, path)])),
    outdir,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2023",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import", "default"],
    legalComments: "none",
    logLevel: "warning",
  });
  if (!quiet) console.log(`worker modules: built ${Object.keys(WORKER_MODULES).join(", ")} in ${Date.now() - started} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWorkerModules();
}
