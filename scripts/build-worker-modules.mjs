// Builds the Worker's lazily loaded modules: code that only some requests need, bundled on its
// own so the Worker's main bundle stays small and its start-up does not evaluate it.
//   rich-text  Markdown -> sanitised HTML (unified, remark, rehype, parse5): needed only when a
//              CMS response is mapped on a cache miss, never on a cached page view.
//   email      the e-mail templates rendered to HTML (@react-email/render, its components and
//              its own copy of React): needed only when a message is delivered or previewed.
//   stripe     the Stripe SDK alone (src/adapters/stripe/stripe-sdk.ts): needed only by payment
//              paths (Checkout, webhooks, refunds, the billing portal).
//   cms-transport  graphql-request and the GraphQL parser (src/adapters/cms/graphql-transport.ts):
//              needed only when the CMS is asked (a cache miss or a draft preview).
// Each entry becomes src/generated/<name>.js (git-ignored), which src/lazy-modules.ts imports at
// run time and the Vitest projects load; scripts/build-worker.mjs builds the same files into
// dist/worker/generated, which wrangler uploads beside the Worker (wrangler.toml [[rules]]). npm install, npm run dev, the test setup, the bench and
// the deploy all build it first.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/worker.mjs";

export const WORKER_MODULES = {
  "rich-text": "src/adapters/cms/rich-text-pipeline.ts",
  email: "src/views/email/render-email.tsx",
  stripe: "src/adapters/stripe/stripe-sdk.ts",
  "cms-transport": "src/adapters/cms/graphql-transport.ts",
};

/**
 * Code the e-mail renderer imports but this project never runs, left out of the bundle:
 * @react-email/render loads Prettier only for `pretty: true` and html-to-text only for
 * `plainText: true` (our plain-text parts are written by hand), and falls back to
 * react-dom/server only where react-dom/server.edge is missing, which it never is here.
 */
const unusedByEmail = {
  name: "unused-by-email",
  setup(build) {
    build.onResolve({ filter: /^(prettier(\/.*)?|html-to-text)$/ }, (args) => ({ path: args.path, namespace: "unused" }));
    build.onLoad({ filter: /.*/, namespace: "unused" }, (args) => ({
      contents: `const unused = () => { throw new Error(${JSON.stringify(`${args.path} is not bundled with the Worker's e-mail renderer`)}); };
        export const format = unused, convert = unused; export default {};`,
      loader: "js",
    }));
    build.onResolve({ filter: /^react-dom\/server$/ }, (args) => build.resolve("react-dom/server.edge", { kind: args.kind, resolveDir: args.resolveDir }));
  },
};

/** Builds them into src/generated (where src/lazy-modules.ts finds them), or into `outdir`. */
export async function buildWorkerModules({ quiet = false, outdir = join(ROOT, "src", "generated") } = {}) {
  const started = Date.now();
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
    // React's production build, as the Worker's own bundle gets.
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [unusedByEmail],
  });
  if (!quiet) console.log(`worker modules: built ${Object.keys(WORKER_MODULES).join(", ")} in ${Date.now() - started} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWorkerModules();
}
