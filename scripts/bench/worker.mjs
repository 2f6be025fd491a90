// The Worker as the bench runs it: bundled by wrangler (`deploy --dry-run`, the same bundle a
// deploy uploads) and served by a plain Miniflare instance (workerd) on a loopback port, with
// no `wrangler dev` proxy in front. Its bindings come from wrangler.toml through wrangler's own
// reader (`unstable_getMiniflareWorkerOptions`, as the Vitest integration uses): vars, KV
// CONTENT_CACHE, D1 DB, rate limiters and the static assets from dist/client (ASSETS binding),
// so the bench follows wrangler.toml as it changes. D1 migrations are applied at start.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { ROOT } from "../lib/worker.mjs";
import { watchNextRuntime } from "./runtime-watch.mjs";

const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
// No telemetry, no cf.json download, and no banner (printing it checks the npm registry for updates).
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};

/**
 * The modules wrangler put beside the bundle: the build's chunks (guildhall-*.mjs, decision 0067)
 * and the libraries src/lazy-modules.ts loads (generated/*.js).
 */
export function lazyModules(scriptPath) {
  const dir = dirname(scriptPath);
  const chunks = readdirSync(dir).filter((f) => /^guildhall-.*\.mjs$/.test(f)).map((f) => join(dir, f));
  const generated = join(dir, "generated");
  return [...chunks, ...(existsSync(generated) ? readdirSync(generated).filter((f) => f.endsWith(".js")).map((f) => join(generated, f)) : [])];
}

/**
 * What an isolate loads and evaluates at start-up: the bundle and every chunk it imports
 * statically, and theirs in turn (a dynamic `import("./…")` is left for the request that needs it).
 */
export function startupModules(scriptPath) {
  const dir = dirname(scriptPath);
  const found = [scriptPath];
  for (let i = 0; i < found.length; i++) {
    const code = readFileSync(found[i], "utf8");
    // Minified static imports: `from"./guildhall-….mjs"` or a bare `import"./guildhall-….mjs"`.
    for (const [, name] of code.matchAll(/(?:from|import)\s*["']\.\/(guildhall-[^"']+\.mjs)["']/g)) {
      const path = join(dir, name);
      if (!found.includes(path)) found.push(path);
    }
  }
  return found;
}

/** Bundles src/ into `outDir/index.js` with wrangler; returns the bundle's path. */
export function bundleWorker(outDir) {
  const result = spawnSync(process.execPath, [WRANGLER, "deploy", "--dry-run", "--outdir", outDir], {
    cwd: ROOT,
    env: { ...process.env, ...OFFLINE_ENV, CI: "1" },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`Bundling the Worker (wrangler deploy --dry-run) failed:\n${result.stdout}\n${result.stderr}`);
  }
  return join(outDir, "index.js");
}

/** Miniflare (v4-style) worker options for wrangler.toml, read by wrangler itself. */
export async function wranglerWorkerOptions() {
  process.env.WRANGLER_LOG ??= "warn"; // no "Using secrets defined in .dev.vars" chatter
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"));
  return workerOptions;
}

/**
 * Starts the bundled Worker in Miniflare on 127.0.0.1:`port`. KV and D1 use ephemeral storage
 * (a fresh, empty cache per instance), removed on `dispose()`, unless `stateDir` names a
 * directory to keep them in: then they start from what it holds and stay there after `dispose()`.
 *
 * @param {object} options
 * @param {object} options.workerOptions from wranglerWorkerOptions()
 * @param {string} options.scriptPath the bundle from bundleWorker()
 * @param {string} options.assetsDir the static assets to serve (a copy of dist/client)
 * @param {number} options.port
 * @param {Record<string, string>} options.vars text bindings replacing or adding to wrangler.toml's
 * @param {(entry: { level: string, message: string }) => void} options.onLog the Worker's console output
 * @param {string} [options.entryPath] a module to run first, in front of the bundle (scripts/bench/d1-counter.mjs)
 * @param {number} [options.inspectorPort] the V8 inspector's port (scripts/bench/heap-sampler.mjs)
 * @param {string} [options.stateDir] where D1, KV and the rest keep their data (Miniflare's
 *   resourcePersistencePath); by default a temporary directory of the instance's own
 * @param {boolean} [options.migrate] false when `stateDir` holds a database already migrated
 */
export async function startBenchWorker({ workerOptions, scriptPath, assetsDir, port, vars, onLog, entryPath, inspectorPort, stateDir, migrate = true }) {
  const { modulesRules: _rules, rootPath: _root, ...fromConfig } = workerOptions;
  const watcher = watchNextRuntime();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...fromConfig,
      name: "guildhall",
      host: "127.0.0.1",
      port,
      modulesRoot: dirname(scriptPath),
      modules: [
        ...(entryPath ? [{ type: "ESModule", path: entryPath }] : []),
        { type: "ESModule", path: scriptPath },
        ...lazyModules(scriptPath).map((path) => ({ type: "ESModule", path })),
      ],
      bindings: { ...fromConfig.bindings, ...vars },
      assets: { ...fromConfig.assets, directory: assetsDir },
      cf: false,
      ...(inspectorPort ? { inspectorPort } : {}),
      ...(stateDir ? { resourcePersistencePath: stateDir } : {}),
      logRequests: false,
      log: new Log(LogLevel.WARN, { prefix: "miniflare" }),
      handleStructuredLogs: ({ level, message }) => onLog?.({ level, message }),
    }),
  );
  try {
    const url = await mf.ready;
    if (migrate) await applyMigrations(await mf.getD1Database("DB"));
    const runtime = watcher.started();
    return {
      url: url.origin,
      mf,
      /** The workerd process (scripts/bench/runtime-watch.mjs): its memory, and how it ended. */
      runtime,
      dispose: () => {
        // An end before this call stays unexpected: it is what the bench must explain.
        if (runtime && !runtime.exit) runtime.expected = true;
        return mf.dispose();
      },
    };
  } catch (error) {
    await mf.dispose().catch(() => undefined);
    throw error;
  }
}

/** Runs migrations/*.sql in order, split into statements by wrangler's own SQL splitter. */
async function applyMigrations(db) {
  const { unstable_splitSqlQuery } = await import("wrangler");
  const dir = join(ROOT, "migrations");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(join(dir, file), "utf8"))
      .map((s) => s.trim())
      .filter(Boolean);
    if (statements.length) await db.batch(statements.map((statement) => db.prepare(statement)));
  }
}

/** The local secrets the bench's Worker runs with (.dev.vars.example). */
export function readDevVarsExample() {
  const vars = {};
  for (const line of readFileSync(join(ROOT, ".dev.vars.example"), "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  for (const name of ["CMS_TOKEN", "CACHE_PURGE_SECRET"]) {
    if (!vars[name]) throw new Error(`.dev.vars.example has no ${name}`);
  }
  return vars;
}
