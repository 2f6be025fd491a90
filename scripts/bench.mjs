// `npm run bench`: performance figures for the Worker, from one run on loopback only.
//
// Starts, and always stops again:
//   CMS        a real Strapi from cms/ on a throwaway SQLite database (demo content seeded);
//   CMS proxy  in front of it, adding a fixed latency to every GraphQL call and counting the calls
//              per operation (scripts/bench/cms-proxy.mjs);
//   Worker     bundled by wrangler (`deploy --dry-run`) and run in a plain Miniflare (workerd),
//              without the wrangler dev proxy, with KV, D1 and static assets (scripts/bench/worker.mjs).
// Then measures, with a closed-loop keep-alive load generator (scripts/bench/load.mjs):
//   - req/s and p50/p99 for the cached home page, a cached general page, the webinars list, the
//     cart (every line priced at the edge) and a static asset;
//   - the home page rendered on every request from the KV content cache (edge cache off);
//   - the home page with the content cache disabled (every request loads from the CMS);
//   - CMS calls per 1,000 cached page views, and for 100 concurrent requests on a cold cache;
//   - the content cache's purge with 100, 1,000 and 10,000 cached entries (time, KV keys rewritten),
//     and an editor's publish under a steady load: CMS requests in the minute after it, page
//     times in that minute against the minute before, seconds until the edit shows
//     (scripts/bench/publish.mjs);
//   - the staff member import of a generated 5,000-row file: dry run (with bad rows, and clean),
//     real run, and the real run again (scripts/bench/member-import.mjs, with the Firebase Auth
//     emulator for the staff sign-in);
//   - the site search at 500 and at 10,000 indexed documents (scripts/bench/search.mjs).
// Prints one report and writes it as JSON to .tmp/bench.json. Exits non-zero if any request
// fails (non-2xx) or a service cannot start; it never judges the speed itself.
//
// Options: --duration <s> (10) · --warmup <s> (2) · --quick (3 s per scenario, 1 s warm-up, 10 s publish windows)
//          --publish-window <s> (60; the load before and after the publish under load)
//          --tiny (a smoke run: 0.5 s per scenario, no warm-up, 5 s publish windows, a 40-row import; its figures mean nothing)
//          --connections <n> (32) · --cms-latency-ms <ms> (150; env BENCH_CMS_LATENCY_MS)
//          --port-offset <n> (0; env BENCH_PORT_OFFSET) · --verbose (show the CMS's output)
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { startCmsProxy } from "./bench/cms-proxy.mjs";
import { benchPublishUnderLoad, benchPurgeAtScale, PURGE_SIZES } from "./bench/publish.mjs";
import { benchMemberImport } from "./bench/member-import.mjs";
import { benchSearch } from "./bench/search.mjs";
import { runCount, runLoad } from "./bench/load.mjs";
import { formatReport } from "./bench/report.mjs";
import { bundleWorker, lazyModules, OFFLINE_ENV, readDevVarsExample, startBenchWorker, startupModules, wranglerWorkerOptions } from "./bench/worker.mjs";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { startCms } from "./lib/cms.mjs";
import { assertPortFree } from "./lib/processes.mjs";
import { ROOT } from "./lib/worker.mjs";

Object.assign(process.env, OFFLINE_ENV);

const USAGE = `Usage: npm run bench [-- options]
  --duration <s>         measured seconds per throughput scenario (default 10)
  --warmup <s>           unmeasured seconds of the same load before each (default 2)
  --quick                3 s per scenario, 1 s warm-up, 10 s publish windows
  --publish-window <s>   seconds of load before and after the publish under load (default 60)
  --tiny                 a smoke run that every figure is reported: 0.5 s per scenario, no warm-up,
                         5 s publish windows, the smallest purge sizes, 40-row import
  --connections <n>      concurrent keep-alive connections (default 32)
  --cms-latency-ms <ms>  delay the CMS proxy adds to every call (default 150, env BENCH_CMS_LATENCY_MS)
  --port-offset <n>      shift every port the bench listens on (default 0, env BENCH_PORT_OFFSET)
  --verbose              show the CMS's output`;

const options = readOptions();
const PORTS = {
  cms: 1357 + options.portOffset,
  workerCached: 8807 + options.portOffset,
  workerUncached: 8808 + options.portOffset,
  workerKvOnly: 8809 + options.portOffset,
  cmsProxy: 9807 + options.portOffset,
  workerImport: 8810 + options.portOffset,
  workerSearch: 8811 + options.portOffset,
  firebase: 9810 + options.portOffset,
};
// A smoke run (--tiny) asks 10 at once: enough to show coalescing without queueing past a busy machine's time-outs.
const COLD_REQUESTS = options.tiny ? 10 : 100;
/** A full-access CMS token for the bench's own throwaway CMS only (it publishes one edit). */
const BENCH_EDITOR_TOKEN = "guildhall-bench-cms-editor-token-not-a-secret-000000000";
const CACHED_VIEWS = 1_000;
const JSON_PATH = join(ROOT, ".tmp", "bench.json");

const cleanups = [];
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((error) => console.error(`bench: cleanup step failed: ${error.message}`));
    }
  })();
  return cleaning;
}
// While a Miniflare instance is alive, its own SIGINT/SIGTERM hook stops workerd and exits at
// once; scripts/lib/processes.mjs then kills the CMS on exit, and the temporary folder is removed
// by an exit handler below. Otherwise (before and between Miniflare instances) this handler stops
// everything in order.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (interrupted) return console.error("bench: still stopping…");
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping everything…`);
    await cleanup();
    process.exit(130);
  });
}

const workerLog = { errors: 0, warnings: 0, first: [] };
const onWorkerLog = ({ level, message }) => {
  if (level === "error") workerLog.errors += 1;
  else if (level === "warn") workerLog.warnings += 1;
  else return;
  if (workerLog.first.length < 8) workerLog.first.push(`[${level}] ${message.slice(0, 300)}`);
};

const started = Date.now();
const step = (message) => console.log(`bench: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

try {
  checkNode();
  await checkPortsFree();
  const loadAverageAtStart = loadAverage();

  const tmp = mkdtempSync(join(os.tmpdir(), "guildhall-bench-"));
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  cleanups.push(async () => removeTmp());
  process.once("exit", removeTmp);

  step("building the browser assets");
  const manifest = await buildClient({ quiet: true });
  step("bundling the Worker with wrangler");
  await buildWorkerModules({ quiet: true });
  const scriptPath = bundleWorker(join(tmp, "bundle"));
  // The main module is what start-up loads: the bundle and the chunks it imports statically.
  const startup = startupModules(scriptPath);
  const bundleBytes = startup.map((path) => readFileSync(path));
  const lazyBytes = lazyModules(scriptPath).filter((path) => !startup.includes(path)).map((path) => readFileSync(path));
  const bundle = {
    bytes: bundleBytes.reduce((sum, bytes) => sum + bytes.length, 0),
    gzipBytes: bundleBytes.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
    lazyBytes: lazyBytes.reduce((sum, bytes) => sum + bytes.length, 0),
    lazyGzipBytes: lazyBytes.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
  };
  const workerOptions = await wranglerWorkerOptions();
  // The Worker serves its own copy of the assets, so a concurrent client build elsewhere
  // (the test setup rebuilds dist/client) cannot pull files from under the bench.
  const assetsDir = join(tmp, "assets");
  cpSync(join(ROOT, "dist", "client"), assetsDir, { recursive: true });
  const stylesheet = manifest.stylesheet;
  if (!stylesheet || !existsSync(join(assetsDir, stylesheet))) {
    throw new Error(`The stylesheet named in dist/asset-manifest.json (${stylesheet}) is not in dist/client.`);
  }

  step(`starting the CMS (Strapi, throwaway SQLite) on port ${PORTS.cms}`);
  const secrets = readDevVarsExample();
  const cms = await startCms({
    port: PORTS.cms,
    dbFile: join(tmp, "cms.db"),
    apiToken: secrets.CMS_TOKEN,
    // The CMS's publish webhook purges the first Worker's caches, as in production; the editor
    // token lets the bench publish an edit and time how soon visitors see it.
    purgeUrl: `http://127.0.0.1:${PORTS.workerCached}/api/cache/purge`,
    purgeSecret: secrets.CACHE_PURGE_SECRET,
    editorApiToken: BENCH_EDITOR_TOKEN,
    log: options.verbose ? undefined : () => {},
    timeoutMs: 300_000,
  });
  cleanups.push(() => cms.stop());

  const proxy = await startCmsProxy({ upstream: cms.url, port: PORTS.cmsProxy, latencyMs: options.cmsLatencyMs });
  cleanups.push(() => proxy.close());

  // wrangler.toml's [vars] come with workerOptions; secrets are the local ones from .dev.vars.example.
  const baseVars = {
    ...secrets,
    ENVIRONMENT: "test",
    CMS_URL: proxy.url,
    SITE_NAME: "Guildhall",
    // A smoke run (often on a busy machine) is about every figure being reported, not its value:
    // a slow CMS answer must not fail it.
    ...(options.tiny ? { CMS_TIMEOUT_MS: "30000" } : {}),
  };

  // ── Worker with the content cache as configured (wrangler.toml) ──────────────────────────
  step(`starting the Worker in Miniflare on port ${PORTS.workerCached} (content cache on)`);
  let worker = await startBenchWorker({
    workerOptions,
    scriptPath,
    assetsDir,
    port: PORTS.workerCached,
    vars: { ...baseVars, SITE_URL: `http://127.0.0.1:${PORTS.workerCached}` },
    onLog: onWorkerLog,
  });
  let disposeWorker = once(() => worker.dispose());
  cleanups.push(() => disposeWorker());

  // First, while KV is empty: 100 concurrent requests for the home page. One request that reads
  // no content (/robots.txt) starts the isolate first, so the figure is about the cache alone.
  step(`cold cache: ${COLD_REQUESTS} concurrent GET /`);
  const isolateStart = await runCount({ urls: [`${worker.url}/robots.txt`], total: 1, connections: 1 });
  assertAllOk("GET /robots.txt", isolateStart);
  proxy.reset();
  const coldResult = await runCount({ urls: [`${worker.url}/`], total: COLD_REQUESTS, connections: COLD_REQUESTS });
  assertAllOk("cold cache, 100 concurrent GET /", coldResult);
  const coldCalls = proxy.snapshot();

  const scenarios = [];
  const measure = async (id, label, path, { headers = {}, connections = options.connections } = {}) => {
    step(`measuring ${label}`);
    const url = `${worker.url}${path}`;
    // Warm-up under the same load, then count CMS calls over the measured part only.
    await runLoad({ url, connections, durationMs: options.warmupMs, headers });
    proxy.reset();
    const result = await runLoad({ url, connections, durationMs: options.durationMs, headers });
    assertAllOk(label, result);
    const cmsCalls = proxy.snapshot();
    const contentEncoding = result.sampleHeaders["content-encoding"] ?? null;
    delete result.sampleHeaders;
    scenarios.push({ id, label, path, connections, contentEncoding, result, cmsCalls });
    return { result, cmsCalls };
  };

  await measure("home-cached", "home / (cached)", "/");
  await measure("page-cached", "general page /about (cached)", "/about");
  // Webinar prices are computed per request for the viewer (the pricing module), and the cart
  // page prices every line at the edge: the demo's seven webinars and two bundles.
  await measure("webinars-cached", "webinars list /webinars (cached)", "/webinars");
  const cartItems = await everyCartItem(worker.url);
  await measure("cart-quote", `cart /cart, ${cartItems.length} items priced at the edge`, `/cart?items=${encodeURIComponent(cartItems.join(","))}`);
  await measure("static", `static ${stylesheet}`, stylesheet);
  // The same page with no queueing: what one visitor waits for when the server is idle (a page
  // kept by the edge cache).
  await measure("home-cached-serial", "home / (cached, 1 conn.)", "/", { connections: 1 });

  step(`${CACHED_VIEWS} cached page views (/ and /about in turn)`);
  proxy.reset();
  const viewsResult = await runCount({
    urls: [`${worker.url}/`, `${worker.url}/about`],
    total: CACHED_VIEWS,
    connections: options.connections,
  });
  assertAllOk(`${CACHED_VIEWS} cached page views`, viewsResult);
  const viewsCalls = proxy.snapshot();

  step("publish -> visible: an edit published in the CMS, until a visitor's cached page shows it");
  const purgeToVisible = await publishToVisible(cms.url, worker.url);

  const publishUnderLoad = await benchPublishUnderLoad({
    cmsUrl: cms.url,
    workerUrl: worker.url,
    proxy,
    editorToken: BENCH_EDITOR_TOKEN,
    connections: options.connections,
    windowMs: options.publishWindowMs,
    step,
  });
  // The sizes in a full run; a quick run stops at 1,000, a smoke run at 100 (seeding 10,000 KV entries locally takes minutes).
  const purgeSizes = options.tiny ? [10, 100] : options.quick ? [100, 1_000] : PURGE_SIZES;
  const purgeAtScale = await benchPurgeAtScale({ worker, purgeSecret: secrets.CACHE_PURGE_SECRET, sizes: purgeSizes, step });

  step("stopping that Worker");
  await disposeWorker();

  // ── The same Worker without the edge cache: every view renders, from the KV content cache ──
  step(`starting the Worker on port ${PORTS.workerKvOnly} with the edge cache off (KV content cache on)`);
  worker = await startBenchWorker({
    workerOptions,
    scriptPath,
    assetsDir,
    port: PORTS.workerKvOnly,
    vars: { ...baseVars, SITE_URL: `http://127.0.0.1:${PORTS.workerKvOnly}`, EDGE_CACHE_SECONDS: "0" },
    onLog: onWorkerLog,
  });
  disposeWorker = once(() => worker.dispose());
  await measure("home-rendered", "home / (rendered each time, KV cache)", "/");
  await measure("static-rendered-run", `static ${stylesheet} (same Worker)`, stylesheet);
  await disposeWorker();

  // ── The same Worker with the cache disabled: every request loads from the CMS ─────────────
  step(`starting the Worker on port ${PORTS.workerUncached} with the content cache disabled`);
  worker = await startBenchWorker({
    workerOptions,
    scriptPath,
    assetsDir,
    port: PORTS.workerUncached,
    vars: {
      ...baseVars,
      SITE_URL: `http://127.0.0.1:${PORTS.workerUncached}`,
      EDGE_CACHE_SECONDS: "0",
      CACHE_FRESH_SECONDS: "0",
      CACHE_STALE_WHILE_REVALIDATE_SECONDS: "0",
      CACHE_STALE_IF_ERROR_SECONDS: "0",
    },
    onLog: onWorkerLog,
  });
  disposeWorker = once(() => worker.dispose());
  const uncached = await measure("home-uncached", `home / (no cache, CMS +${options.cmsLatencyMs} ms)`, "/");
  if (uncached.cmsCalls.total === 0) {
    throw new Error("The Worker with the cache disabled made no CMS calls: the cache settings did not take effect.");
  }
  // One connection: no two requests overlap, so in-isolate coalescing cannot share a load and
  // every view makes all of its own CMS calls, as the original site did.
  await measure("home-uncached-serial", `home / (no cache, CMS +${options.cmsLatencyMs} ms, 1 conn.)`, "/", {
    connections: 1,
  });
  await disposeWorker();

  // ── The member import: a generated 60,000-row file through the jobs queue ─────────────────
  const memberImport = await benchMemberImport({
    workerOptions,
    scriptPath,
    assetsDir,
    vars: { ...baseVars, CMS_URL: cms.url },
    workerPort: PORTS.workerImport,
    firebasePort: PORTS.firebase,
    onLog: onWorkerLog,
    step,
    rows: options.importRows,
  });

  // ── The site search: /search at 500 and at 10,000 indexed documents ───────────────────────
  const search = await benchSearch({
    workerOptions,
    scriptPath,
    assetsDir,
    vars: { ...baseVars, CMS_URL: cms.url },
    port: PORTS.workerSearch,
    durationMs: options.durationMs,
    warmupMs: options.warmupMs,
    connections: 2,
    onLog: onWorkerLog,
    step,
  });

  // ── Report ───────────────────────────────────────────────────────────────────────────────
  const byId = Object.fromEntries(scenarios.map((s) => [s.id, s.result]));
  const ratio = (a, b) => a / b;
  const result = {
    startedAt: new Date(started).toISOString(),
    totalSeconds: (Date.now() - started) / 1000,
    jsonPath: JSON_PATH,
    machine: {
      cores: os.cpus().length,
      cpuModel: os.cpus()[0]?.model?.replace(/\s+/g, " ").trim() ?? "unknown",
      memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
      platform: `${os.platform()} ${os.arch()} ${os.release()}`,
      node: process.versions.node,
      miniflare: packageVersion("miniflare"),
      wrangler: packageVersion("wrangler"),
      commit: gitCommit(),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
    },
    parameters: {
      durationSeconds: options.durationMs / 1000,
      warmupSeconds: options.warmupMs / 1000,
      connections: options.connections,
      cmsLatencyMs: options.cmsLatencyMs,
      publishWindowSeconds: options.publishWindowMs / 1000,
      quick: options.quick,
      tiny: options.tiny,
      ports: PORTS,
    },
    worker: {
      bundleBytes: bundle.bytes,
      bundleGzipBytes: bundle.gzipBytes,
      lazyModuleBytes: bundle.lazyBytes,
      lazyModuleGzipBytes: bundle.lazyGzipBytes,
      firstRequestMs: isolateStart.latencyMs.max,
    },
    scenarios,
    ratios: [
      {
        label: "home page (edge cache) / static asset (req/s)",
        value: ratio(byId["home-cached"].rps, byId.static.rps),
        text: `${ratio(byId["home-cached"].rps, byId.static.rps).toFixed(3)}  (static is ${ratio(byId.static.rps, byId["home-cached"].rps).toFixed(1)}× the home page)`,
      },
      {
        label: "home rendered (edge cache off) / static (req/s)",
        value: ratio(byId["home-rendered"].rps, byId["static-rendered-run"].rps),
        text: `${ratio(byId["home-rendered"].rps, byId["static-rendered-run"].rps).toFixed(3)}  (what every view cost before the edge cache)`,
      },
      {
        label: "general page / static asset (req/s)",
        value: ratio(byId["page-cached"].rps, byId.static.rps),
        text: `${ratio(byId["page-cached"].rps, byId.static.rps).toFixed(3)}  (static is ${ratio(byId.static.rps, byId["page-cached"].rps).toFixed(1)}× the general page)`,
      },
      {
        label: `home cached / home uncached, ${options.connections} conn. (req/s)`,
        value: ratio(byId["home-cached"].rps, byId["home-uncached"].rps),
        text: `${ratio(byId["home-cached"].rps, byId["home-uncached"].rps).toFixed(1)}×  (p50 ${byId["home-uncached"].latencyMs.p50.toFixed(0)} ms -> ${byId["home-cached"].latencyMs.p50.toFixed(0)} ms)`,
      },
      {
        label: "home uncached / home cached, 1 connection (p50)",
        value: ratio(byId["home-uncached-serial"].latencyMs.p50, byId["home-cached-serial"].latencyMs.p50),
        text: `${ratio(byId["home-uncached-serial"].latencyMs.p50, byId["home-cached-serial"].latencyMs.p50).toFixed(0)}×  (p50 ${byId["home-uncached-serial"].latencyMs.p50.toFixed(0)} ms -> ${byId["home-cached-serial"].latencyMs.p50.toFixed(1)} ms)`,
      },
    ],
    purgeToVisible,
    publishUnderLoad,
    purgeAtScale,
    memberImport,
    search,
    cms: {
      cachedViews: {
        views: CACHED_VIEWS,
        description: `${CACHED_VIEWS / 2} × /, ${CACHED_VIEWS / 2} × /about, ${options.connections} at a time, after warm-up`,
        calls: viewsCalls,
        result: viewsResult,
      },
      coldCache: {
        requests: COLD_REQUESTS,
        path: "/",
        calls: coldCalls,
        coalesced: Object.values(coldCalls.byOperation).every((count) => count === 1),
        result: coldResult,
      },
    },
    workerLog,
  };
  delete coldResult.sampleHeaders;
  delete isolateStart.sampleHeaders;
  delete viewsResult.sampleHeaders;
  const report = formatReport(result);
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  writeFileSync(JSON_PATH, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${report}`);
} catch (error) {
  console.error(`\nbench: FAILED — ${error instanceof Error ? error.message : error}`);
  if (workerLog.first.length) console.error(`Worker log:\n  ${workerLog.first.join("\n  ")}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        duration: { type: "string" },
        warmup: { type: "string" },
        quick: { type: "boolean", default: false },
        tiny: { type: "boolean", default: false },
        "publish-window": { type: "string" },
        connections: { type: "string" },
        "cms-latency-ms": { type: "string" },
        "port-offset": { type: "string" },
        verbose: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`bench: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name, raw, fallback, { min, max }) => {
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      console.error(`bench: ${name} must be a number from ${min} to ${max} (got "${raw}")`);
      process.exit(2);
    }
    return value;
  };
  const { quick, tiny } = parsed;
  return {
    quick,
    tiny,
    durationMs: tiny ? 500 : number("--duration", parsed.duration, quick ? 3 : 10, { min: 1, max: 120 }) * 1000,
    warmupMs: tiny ? 0 : number("--warmup", parsed.warmup, quick ? 1 : 2, { min: 0, max: 60 }) * 1000,
    publishWindowMs: tiny ? 5_000 : number("--publish-window", parsed["publish-window"], quick ? 10 : 60, { min: 5, max: 300 }) * 1000,
    // The whole bench imports 5,000 rows; `npm run bench:import` alone takes the full 60,000-row file.
    importRows: tiny ? 40 : 5_000,
    connections: Math.round(number("--connections", parsed.connections, 32, { min: 1, max: 256 })),
    cmsLatencyMs: number("--cms-latency-ms", parsed["cms-latency-ms"] ?? process.env.BENCH_CMS_LATENCY_MS, 150, {
      min: 0,
      max: 3_000,
    }),
    portOffset: Math.round(number("--port-offset", parsed["port-offset"] ?? process.env.BENCH_PORT_OFFSET, 0, { min: 0, max: 1_000 })),
    verbose: parsed.verbose,
  };
}

function checkNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new Error(`Node ${process.versions.node} is too old for wrangler and miniflare; run it as \`npm run bench\` (Node 22 from node_modules).`);
  }
}

/** All four ports up front, so a taken one fails the bench before anything starts. */
async function checkPortsFree() {
  const services = {
    cms: "the bench's CMS",
    cmsProxy: "the bench's CMS proxy",
    workerCached: "the bench's Worker",
    workerUncached: "the bench's Worker without cache",
    workerKvOnly: "the bench's Worker without the edge cache",
    workerImport: "the bench's Worker for the member import",
    firebase: "the bench's Firebase Auth emulator",
  };
  for (const [name, port] of Object.entries(PORTS)) {
    try {
      await assertPortFree(port, "127.0.0.1", services[name]);
    } catch (error) {
      throw new Error(`${error.message} Pass --port-offset <n> (or BENCH_PORT_OFFSET) to move them all.`);
    }
  }
}

function assertAllOk(label, result) {
  if (result.failed > 0) {
    throw new Error(
      `${label}: ${result.failed} of ${result.requests} requests failed (statuses ${JSON.stringify(result.statuses)}):\n  ${result.failures.join("\n  ")}`,
    );
  }
}

/** The dev secrets from .dev.vars.example (only valid against a CMS started with this token). */
/** Every webinar and bundle the webinars list offers "Add to cart" for, as cart items (`kind:id`). */
async function everyCartItem(base) {
  const html = await (await fetch(`${base}/webinars`)).text();
  const items = [...new Set([...html.matchAll(/name="add" value="((?:webinar|bundle):[^"]+)"/g)].map((match) => match[1]))];
  if (items.length === 0) throw new Error("The webinars list offers nothing to add to a cart: the demo content is missing?");
  return items;
}

/**
 * Times one editor's change end to end: the footer (on every page) edited and published through
 * the CMS's API, its webhook purging the Worker's caches, polled on the page a visitor gets
 * (kept by the edge cache before the edit) until the new text shows. The footer is put back.
 */
async function publishToVisible(cmsUrl, workerUrl) {
  const footerApi = `${cmsUrl}/api/footer?status=published`;
  const headers = { Authorization: `Bearer ${BENCH_EDITOR_TOKEN}`, "Content-Type": "application/json" };
  const read = async () => (await (await fetch(`${cmsUrl}/api/footer`, { headers })).json()).data.address;
  const page = async () => (await fetch(`${workerUrl}/about`)).text();
  const original = await read();
  await page();
  const cachedBefore = (await fetch(`${workerUrl}/about`)).headers.get("x-edge-cache");
  const marker = `Guild House, ${Date.now()} Bench Street`;
  const started = performance.now();
  const put = await fetch(footerApi, { method: "PUT", headers, body: JSON.stringify({ data: { address: marker } }) });
  if (!put.ok) throw new Error(`Publishing the footer through the CMS failed: HTTP ${put.status}`);
  const published = performance.now();
  let polls = 0;
  while (!(await page()).includes(marker)) {
    polls += 1;
    if (performance.now() - started > 30_000) throw new Error("A published edit did not show on the page within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const visible = performance.now();
  await fetch(footerApi, { method: "PUT", headers, body: JSON.stringify({ data: { address: original } }) });
  return { publishMs: published - started, visibleAfterPublishMs: visible - published, totalMs: visible - started, polls, cachedBefore };
}

function once(fn) {
  let promise;
  return () => (promise ??= fn());
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
}

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "unknown";
  }
}

function gitCommit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    return `${head}${dirty ? " (with uncommitted changes)" : ""}`;
  } catch {
    return "unknown";
  }
}
