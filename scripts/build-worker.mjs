// Builds the Worker's code split into modules (docs/decisions/0067), for wrangler to upload:
//   dist/worker/index.mjs        the entry point: what every isolate loads and evaluates at start-up
//   dist/worker/guildhall-*.mjs  chunks: the staff area (src/staff-area.ts, imported on the first
//                                /staff request) and the code it shares with the entry point
//   dist/worker/generated/*.js   the lazily loaded library modules (scripts/build-worker-modules.mjs)
// esbuild's code splitting puts every source module in exactly one file, so the staff area and
// the rest of the Worker share one instance of each (React, AppError, caches): nothing is copied.
// wrangler.toml runs this as its custom build (`wrangler dev`, `wrangler deploy`, the tests' and
// the bench's `wrangler deploy --dry-run`); wrangler then bundles index.mjs once more, which
// changes nothing but lets it add its development middleware, and uploads the chunks beside it
// as they are ([[rules]] for guildhall-*.mjs and generated/*.js).
// The Vitest projects run src/ directly, where the same dynamic import is an ordinary module.
import { build } from "esbuild";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/worker.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";

export const WORKER_OUTDIR = join(ROOT, "dist", "worker");

/** The modules a build wrote, entry point first: the same list wrangler uploads. */
export async function buildWorker({ quiet = false, metafile = false } = {}) {
  const started = Date.now();
  rmSync(WORKER_OUTDIR, { recursive: true, force: true });
  mkdirSync(WORKER_OUTDIR, { recursive: true });
  // React's development build when asked for (`npm run dev` asks), its production build otherwise,
  // as wrangler's own bundling would choose.
  const nodeEnv = JSON.stringify(process.env.NODE_ENV || "production");
  const result = await build({
    entryPoints: { index: join(ROOT, "src", "index.ts") },
    outdir: WORKER_OUTDIR,
    outExtension: { ".js": ".mjs" },
    // Flat, beside the entry point: src/lazy-modules.ts names its modules relative to itself
    // ("./generated/…"), whichever chunk it lands in. The prefix is what wrangler.toml's rule matches.
    chunkNames: "guildhall-[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    // No wrappers keeping functions' names: nothing reads them (wrangler.toml keep_names says more).
    keepNames: false,
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser", "import", "default"],
    external: ["cloudflare:*", "node:*"],
    // The streaming half of react-dom/server.edge only (src/vendor/react-dom-server-edge.cjs says why).
    alias: { "react-dom/server.edge": join(ROOT, "src", "vendor", "react-dom-server-edge.cjs") },
    define: { "process.env.NODE_ENV": nodeEnv, "global.process.env.NODE_ENV": nodeEnv, "globalThis.process.env.NODE_ENV": nodeEnv },
    legalComments: "none",
    logLevel: "warning",
    metafile,
  });
  await buildWorkerModules({ quiet: true, outdir: join(WORKER_OUTDIR, "generated") });
  if (!quiet) console.log(`worker: built dist/worker in ${Date.now() - started} ms`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWorker();
}
