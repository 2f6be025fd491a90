// `npm run lighthouse`: Lighthouse (mobile preset, its default simulated throttling: slow 4G and a
// 4x slower CPU) on the five pages the accessibility test covers (home, a general page, an article,
// the webinars list and a webinar), against a stack this script starts and stops itself:
//   CMS     Strapi from cms/ on a throwaway SQLite database with the demo content (no webhook);
//   Worker  wrangler dev with its own local KV/D1 state, SITE_URL set to its own address.
// Prints performance / accessibility / best-practices / SEO per page and writes them (with the
// main timings and every audit that did not pass) to .tmp/lighthouse.json, plus one HTML report
// per page in .tmp/lighthouse/.
//
// Offline: Chromium (/usr/bin/chromium, or CHROMIUM_PATH) runs with the offline flags of scripts/lib/chromium.mjs
// and a host resolver that resolves nothing, so no request leaves loopback; Lighthouse runs with
// error reporting off. Run it through npm (Node 22): the CMS's better-sqlite3 is built for it.
//
// Options: --runs=N (default 1; with more, each score is the median), --keep-going (a failing
// page is reported and the others still run). Ports: LIGHTHOUSE_CMS_PORT (default 1389) and
// LIGHTHOUSE_WORKER_PORT (default 8889), apart from the dev stack's and the tests'.
//
// Not every score means the same here as in production. The local Worker is not "production":
// its robots.txt disallows everything by design, so the SEO audit `is-crawlable` is skipped, and
// responses are not compressed as Cloudflare's edge would compress them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildClient } from "./build-client.mjs";
import { buildWorkerModules } from "./build-worker-modules.mjs";
import { LOOPBACK_ONLY_CHROMIUM_FLAGS, launchDebuggableChromium } from "./lib/chromium.mjs";
import { DEV_CMS_TOKEN, startCms } from "./lib/cms.mjs";
import { ROOT, startWorker } from "./lib/worker.mjs";

const CMS_PORT = Number(process.env.LIGHTHOUSE_CMS_PORT ?? 1389);
const WORKER_PORT = Number(process.env.LIGHTHOUSE_WORKER_PORT ?? 8889);
const OUT_DIR = join(ROOT, ".tmp");
const REPORT_DIR = join(OUT_DIR, "lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const SKIPPED_AUDITS = ["is-crawlable"];

const args = process.argv.slice(2);
const runs = Math.max(1, Number(args.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 1) || 1);
const keepGoing = args.includes("--keep-going");

let lighthouse;
try {
  ({ default: lighthouse } = await import("lighthouse"));
} catch {
  console.error("Lighthouse is not installed. Add it with: npm install --save-dev lighthouse@13.5.0");
  process.exit(1);
}

const running = [];
let tempDir;
async function stopAll() {
  for (const service of running.reverse()) await service.stop().catch(() => undefined);
  running.length = 0;
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll().then(() => process.exit(130)));

const started = Date.now();
let exitCode = 0;
try {
  await buildClient({ quiet: true });
  await buildWorkerModules({ quiet: true });
  tempDir = mkdtempSync(join(tmpdir(), "guildhall-lighthouse-"));
  console.log(`Starting the CMS on ${CMS_PORT} and the Worker on ${WORKER_PORT}…`);
  const cms = await startCms({ port: CMS_PORT, dbFile: join(tempDir, "cms.db"), apiToken: DEV_CMS_TOKEN, log: () => undefined });
  running.push(cms);
  const siteUrl = `http://127.0.0.1:${WORKER_PORT}`;
  const worker = await startWorker({
    port: WORKER_PORT,
    host: "127.0.0.1",
    persistTo: join(tempDir, "worker-state"),
    vars: {
      ENVIRONMENT: "development",
      CMS_URL: cms.url,
      CMS_TOKEN: DEV_CMS_TOKEN,
      CACHE_PURGE_SECRET: "lighthouse-run-purge-secret-not-a-secret",
      SESSION_SECRET: "lighthouse-run-session-secret-not-a-secret-0000000",
      // Canonical URLs then point at the pages Lighthouse loads.
      SITE_URL: siteUrl,
    },
    log: () => undefined,
  });
  running.push(worker);

  const pages = [
    { name: "home", path: "/" },
    { name: "general page", path: "/about" },
    { name: "article", path: await firstLink(siteUrl, "/articles", /^\/articles\/[^/?#]+$/) },
    { name: "webinars list", path: "/webinars" },
    { name: "webinar", path: await firstLink(siteUrl, "/webinars", /^\/webinars\/(?!bundles(?:\/|$))[^/?#]+$/) },
    { name: "bundle", path: await firstLink(siteUrl, "/webinars/bundles", /^\/webinars\/bundles\/[^/?#]+$/) },
    { name: "cart", path: `/cart?items=${encodeURIComponent(await cartItems(siteUrl))}` },
  ];
  // Warm the Worker's content cache, as on a live site where pages are served from KV.
  for (const page of pages) for (let i = 0; i < 2; i++) await (await fetch(`${siteUrl}${page.path}`)).arrayBuffer();

  const chromium = await launchDebuggableChromium(join(tempDir, "chromium-profile"), LOOPBACK_ONLY_CHROMIUM_FLAGS);
  running.push(chromium);
  mkdirSync(REPORT_DIR, { recursive: true });

  const results = [];
  let lighthouseVersion = null;
  let settings = null;
  for (const page of pages) {
    const url = `${siteUrl}${page.path}`;
    const attempts = [];
    try {
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          url,
          {
            port: chromium.port,
            output: "html",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            skipAudits: SKIPPED_AUDITS,
            enableErrorReporting: false,
          },
          undefined, // the default config: the mobile preset with simulated throttling
        );
        if (!result) throw new Error("Lighthouse returned no result");
        if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
        attempts.push(result);
      }
    } catch (error) {
      exitCode = 1;
      console.error(`Lighthouse failed on ${page.name} (${page.path}): ${error instanceof Error ? error.message : error}`);
      results.push({ ...page, url, error: String(error instanceof Error ? error.message : error) });
      if (keepGoing) continue;
      break;
    }
    const { lhr, report } = median(attempts);
    lighthouseVersion = lhr.lighthouseVersion;
    settings = lhr.configSettings;
    const file = join(REPORT_DIR, `${page.name.replace(/\W+/g, "-")}.html`);
    writeFileSync(file, Array.isArray(report) ? report[0] : report);
    results.push({
      ...page,
      url,
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, scoreOf(attempts, id)])),
      metrics: metricsOf(lhr),
      notPassed: notPassed(lhr),
      report: file.slice(ROOT.length + 1),
    });
  }

  printTable(results);
  const summary = {
    generatedAt: new Date().toISOString(),
    lighthouseVersion,
    chromium: chromium.version,
    formFactor: settings?.formFactor ?? "mobile",
    throttlingMethod: settings?.throttlingMethod ?? null,
    throttling: settings?.throttling ?? null,
    runsPerPage: runs,
    skippedAudits: SKIPPED_AUDITS,
    notes: [
      "Local wrangler dev, ENVIRONMENT=development: robots.txt disallows all by design (is-crawlable skipped).",
      "Responses are not compressed locally; Cloudflare's edge compresses them in production.",
    ],
    pages: results,
  };
  writeFileSync(join(OUT_DIR, "lighthouse.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nWrote .tmp/lighthouse.json and HTML reports in .tmp/lighthouse/ (${Math.round((Date.now() - started) / 1000)} s).`);
} catch (error) {
  exitCode = 1;
  console.error(`\nThe Lighthouse run failed:\n${error instanceof Error ? error.stack : error}`);
} finally {
  await stopAll();
}
process.exit(exitCode);

/** The first link in <main> of `listPath` whose path matches `pattern`. */
/** Every item the webinars list offers "Add to cart" for, as the cart page's `items`. */
async function cartItems(siteUrl) {
  const html = await (await fetch(`${siteUrl}/webinars`)).text();
  return [...new Set([...html.matchAll(/name="add" value="((?:webinar|bundle):[^"]+)"/g)].map((match) => match[1]))].join(",");
}

async function firstLink(siteUrl, listPath, pattern) {
  const response = await fetch(`${siteUrl}${listPath}`);
  if (!response.ok) throw new Error(`GET ${listPath} answered ${response.status}`);
  const html = await response.text();
  const main = html.slice(Math.max(0, html.indexOf("<main")));
  for (const [, href] of main.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    if (pattern.test(href)) return href;
  }
  throw new Error(`${listPath} links to nothing matching ${pattern}`);
}

function percent(score) {
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/** A category's score over the runs: the median. */
function scoreOf(attempts, id) {
  const scores = attempts.map(({ lhr }) => percent(lhr.categories[id]?.score)).filter((score) => score !== null);
  return scores.length ? medianOf(scores) : null;
}

/** The run whose performance score is the median (its report and timings are the ones kept). */
function median(attempts) {
  const sorted = [...attempts].sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

function metricsOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  const ms = (id) => (value(id) === null ? null : Math.round(value(id)));
  return {
    firstContentfulPaintMs: ms("first-contentful-paint"),
    largestContentfulPaintMs: ms("largest-contentful-paint"),
    totalBlockingTimeMs: ms("total-blocking-time"),
    cumulativeLayoutShift: value("cumulative-layout-shift") === null ? null : Number(value("cumulative-layout-shift").toFixed(3)),
    speedIndexMs: ms("speed-index"),
  };
}

/** Every scored audit of the four categories that did not pass, with the categories it counts in. */
function notPassed(lhr) {
  const found = new Map();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === "informative") continue;
      if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
      const entry = found.get(ref.id) ?? { id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? null, categories: [] };
      entry.categories.push(id);
      found.set(ref.id, entry);
    }
  }
  return [...found.values()];
}

function printTable(results) {
  const header = ["page", "path", "perf", "a11y", "best-pr", "seo", "LCP ms", "TBT ms", "CLS"];
  const rows = results.map((result) =>
    result.error
      ? [result.name, result.path, "error", "", "", "", "", "", ""]
      : [
          result.name,
          result.path,
          ...CATEGORIES.map((id) => String(result.scores[id] ?? "–")),
          String(result.metrics.largestContentfulPaintMs ?? "–"),
          String(result.metrics.totalBlockingTimeMs ?? "–"),
          String(result.metrics.cumulativeLayoutShift ?? "–"),
        ],
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  console.log(`\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown)${runs > 1 ? `, median of ${runs} runs` : ""}:\n`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const result of results) {
    if (result.error || result.notPassed.length === 0) continue;
    console.log(`\n${result.name} (${result.path}) — audits not passed:`);
    for (const audit of result.notPassed) {
      console.log(`  ${audit.id} [${audit.categories.join(", ")}] ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
  }
}
