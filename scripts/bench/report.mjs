// Formats the bench's results as one plain-text report (the JSON goes to .tmp/bench.json).
import { MAIN_MODULE_GZIP_BUDGET_BYTES } from "./bundle-budget.mjs";

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-GB") : "n/a");
const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);

export function formatReport(result) {
  const { machine, parameters, scenarios, ratios, cms, workerLog } = result;
  const lines = [];
  const rule = "─".repeat(112);
  lines.push(rule, `Guildhall bench · ${result.startedAt}`, rule);
  lines.push(
    `Machine     ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.platform}; ` +
      `load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end`,
  );
  lines.push(
    `Software    Node ${machine.node}, miniflare ${machine.miniflare} (workerd), wrangler ${machine.wrangler}, ` +
      `commit ${machine.commit}`,
  );
  lines.push(
    `Parameters  ${parameters.durationSeconds} s per scenario after ${parameters.warmupSeconds} s warm-up, ` +
      `${parameters.connections} keep-alive connections (closed loop), CMS latency ${parameters.cmsLatencyMs} ms injected per call,`,
  );
  lines.push(
    `            requests sent without Accept-Encoding (as wrk does); Worker bundled by wrangler, run in plain Miniflare ` +
      `(no wrangler dev proxy)`,
  );
  lines.push(
    `Worker      bundle ${int(result.worker.bundleBytes / 1024)} KiB (${int(result.worker.bundleGzipBytes / 1024)} KiB gzip; ` +
      `budget ${int(MAIN_MODULE_GZIP_BUDGET_BYTES / 1024)} KiB gzip, checked in CI), ` +
      `lazily loaded modules ${int(result.worker.lazyModuleBytes / 1024)} KiB (${int(result.worker.lazyModuleGzipBytes / 1024)} KiB gzip); ` +
      `first request after start (GET /robots.txt, starts the isolate, no CMS): ${fmt(result.worker.firstRequestMs, 0)} ms`,
  );
  lines.push("");
  lines.push("Throughput and latency (every response 2xx)");
  lines.push(
    `  ${pad("scenario", 48)}${lpad("conn", 5)}${lpad("req/s", 9)}${lpad("p50 ms", 9)}${lpad("p90 ms", 9)}${lpad("p99 ms", 9)}` +
      `${lpad("TTFB p50", 10)}${lpad("body B", 9)}${lpad("CMS/view", 10)}${lpad("bench CPU", 11)}`,
  );
  for (const s of scenarios) {
    const l = s.result.latencyMs;
    const perView = s.cmsCalls.total / Math.max(1, s.result.requests);
    lines.push(
      `  ${pad(s.label, 48)}${lpad(s.connections, 5)}${lpad(fmt(s.result.rps), 9)}${lpad(fmt(l.p50), 9)}${lpad(fmt(l.p90), 9)}${lpad(fmt(l.p99), 9)}` +
        `${lpad(fmt(s.result.ttfbMs.p50), 10)}${lpad(int(s.result.bytesPerResponse), 9)}${lpad(fmt(perView, 2), 10)}` +
        `${lpad(`${fmt(s.result.clientCpuPercent, 0)} %`, 11)}`,
    );
  }
  lines.push(`  requests measured: ${scenarios.map((s) => `${s.id} ${int(s.result.requests)}`).join(", ")}`);
  lines.push(
    `  Content-Encoding answered: ${scenarios.map((s) => `${s.id} ${s.contentEncoding ?? "none"}`).join(", ")}`,
  );
  lines.push("  TTFB = time to the response headers; p50/p90/p99 = time to the last body byte; CMS/view = CMS calls per response;");
  lines.push("  bench CPU = CPU used by this process (load generator and CMS proxy) in % of one core, taken from the Worker's 2-core share.".replace("2-core", `${machine.cores}-core`));
  lines.push("");
  lines.push("Ratios");
  for (const r of ratios) lines.push(`  ${pad(r.label, 52)}${r.text}`);
  lines.push("");
  const ptv = result.purgeToVisible;
  lines.push(
    `Publish -> visible: ${fmt(ptv.totalMs, 0)} ms from the editor's save to a visitor's page showing it ` +
      `(CMS save ${fmt(ptv.publishMs, 0)} ms, then ${fmt(ptv.visibleAfterPublishMs, 0)} ms for the webhook, purge and re-render; ` +
      `page was ${ptv.cachedBefore ?? "not"} in the edge cache before; ${ptv.polls} polls)`,
  );
  lines.push("", ...formatPublishUnderLoad(result.publishUnderLoad));
  lines.push("");
  lines.push("Purge at scale (POST /api/cache/purge with an empty body, i.e. everything; cached general pages seeded in KV)");
  lines.push(`  ${pad("cached entries", 18)}${lpad("keys in KV", 12)}${lpad("status", 8)}${lpad("answered ms", 13)}${lpad("keys rewritten", 16)}`);
  for (const run of result.purgeAtScale.runs) {
    lines.push(`  ${pad(int(run.entries), 18)}${lpad(int(run.keysInKv), 12)}${lpad(run.status, 8)}${lpad(fmt(run.ms, 0), 13)}${lpad(int(run.keysRewritten), 16)}`);
  }
  lines.push("  (keys rewritten = KV keys whose value changed; the purge also reads the one key it rewrites. The answer waits for the");
  lines.push("  purge's batch to be published: up to a second of that is the debounce that lets a burst of webhooks share one change.)");
  lines.push("");
  const imp = result.memberImport;
  lines.push(`Member import (/staff/members/import, ${int(imp.rows)} generated rows, ${int(imp.fileBytes / 1024)} KiB; the upload request, then until its page shows it finished)`);
  for (const run of Object.values(imp.runs)) {
    lines.push(`  ${pad(run.label, 44)}${lpad(fmt(run.requestMs, 0), 8)} ms request, ${lpad(fmt(run.ms / 1000, 1), 6)} s in all, ${run.invocations} job invocations, at most ${run.maxQueries} D1 queries each`);
  }
  lines.push("");
  lines.push(...formatSearch(result.search));
  lines.push("");
  lines.push("CMS calls (counted at the latency proxy)");
  const views = cms.cachedViews;
  lines.push(
    `  per 1,000 cached page views (${views.description}): ${views.calls.total}` +
      `${views.calls.total ? `  (${perOperation(views.calls.byOperation)})` : ""}`,
  );
  const cold = cms.coldCache;
  lines.push(
    `  ${cold.requests} concurrent GET ${cold.path} on a cold cache (empty KV): ${cold.calls.total} calls for ` +
      `${Object.keys(cold.calls.byOperation).length} operations${cold.coalesced ? " (one per operation: coalesced)" : ""}`,
  );
  lines.push(`    ${perOperation(cold.calls.byOperation)}`);
  lines.push(`    all ${cold.requests} answered in ${fmt(cold.result.elapsedMs, 0)} ms (p50 ${fmt(cold.result.latencyMs.p50, 0)} ms, max ${fmt(cold.result.latencyMs.max, 0)} ms)`);
  for (const uncached of scenarios.filter((s) => s.id.startsWith("home-uncached"))) {
    lines.push(
      `  ${uncached.label}: ${int(uncached.cmsCalls.total)} calls for ${int(uncached.result.requests)} views ` +
        `(${fmt(uncached.cmsCalls.total / Math.max(1, uncached.result.requests), 2)} per view)`,
    );
    lines.push(`    ${perOperation(uncached.cmsCalls.byOperation)}`);
    lines.push(
      `    Strapi's own mean answer time per call, ms (without the injected ${result.parameters.cmsLatencyMs} ms): ` +
        perOperation(uncached.cmsCalls.upstreamMeanMs),
    );
  }
  if (workerLog.errors + workerLog.warnings > 0) {
    lines.push("");
    lines.push(`Worker log: ${workerLog.errors} error and ${workerLog.warnings} warning line(s); first ones:`);
    for (const line of workerLog.first) lines.push(`  ${line}`);
  }
  lines.push("");
  lines.push(`Total bench time ${fmt(result.totalSeconds, 0)} s. JSON: ${result.jsonPath}`);
  lines.push(rule);
  return lines.join("\n");
}

function perOperation(byOperation) {
  const entries = Object.entries(byOperation);
  return entries.length ? entries.map(([name, count]) => `${name} ${count}`).join(", ") : "none";
}

/** The site search's lines: p50/p99 per query at each index size, and the p50 ratio between the sizes. */
export function formatSearch(search) {
  const lines = [`Site search (/search, edge cache off, ${search.connections} connections; index seeded by SQL)`];
  for (const size of search.sizes) {
    lines.push(`  ${size.documents.toLocaleString("en-GB")} documents (seeded in ${size.seedSeconds.toFixed(1)} s)`);
    for (const query of size.queries) {
      const { latencyMs, rps } = query.result;
      lines.push(`    ${query.label.padEnd(58)} "${query.q}"  p50 ${latencyMs.p50.toFixed(1)} ms  p99 ${latencyMs.p99.toFixed(1)} ms  ${rps.toFixed(0)} req/s`);
    }
  }
  for (const ratio of search.ratios) {
    lines.push(`  p50 at ${search.sizes.at(-1).documents.toLocaleString("en-GB")} / at ${search.sizes[0].documents.toLocaleString("en-GB")}, ${ratio.label}: ${ratio.ratio.toFixed(2)}× (${ratio.small.toFixed(1)} -> ${ratio.large.toFixed(1)} ms)`);
  }
  return lines;
}

/** The publish under load's lines (scripts/bench/publish.mjs), for `npm run bench` and `npm run bench:publish`. */
export function formatPublishUnderLoad(pul) {
  const lines = [];
  lines.push(
    `Publish under load (${pul.connections} connections on ${pul.paths.join(", ")}; ${pul.edit === "page" ? "one other general page's title" : "the footer"} edited and published through the CMS; ` +
      `${pul.windowSeconds} s before and after)`,
  );
  lines.push(`  ${pad("window", 24)}${lpad("requests", 10)}${lpad("failed", 8)}${lpad("p50 ms", 9)}${lpad("p99 ms", 9)}${lpad("max ms", 9)}`);
  for (const [label, w] of [["before the publish", pul.before], ["after the publish", pul.after]]) {
    lines.push(`  ${pad(label, 24)}${lpad(int(w.requests), 10)}${lpad(int(w.failed), 8)}${lpad(fmt(w.p50), 9)}${lpad(fmt(w.p99), 9)}${lpad(fmt(w.max, 0), 9)}`);
  }
  lines.push(
    `  p99 after / before ${fmt(pul.p99Ratio, 2)}; ` +
      `edit visible after ${pul.visibleAfterSeconds === null ? "NEVER (within the window)" : `${fmt(pul.visibleAfterSeconds, 2)} s`}`,
  );
  lines.push(`  CMS requests after the publish: ${pul.cmsCalls.total} (${perOperation(pul.cmsCalls.byOperation)})`);
  const verdict = (pass) => (pass ? "PASS" : "FAIL");
  const mostPerOperation = Math.max(0, ...Object.values(pul.cmsCalls.byOperation));
  lines.push("  Targets:");
  lines.push(
    `    ${verdict(pul.targets.p99AtMostTwiceBefore)}  p99 in the window after the publish at most 2x the window before: ` +
      `${fmt(pul.after.p99)} ms against ${fmt(pul.before.p99)} ms (${fmt(pul.p99Ratio, 2)}x)`,
  );
  lines.push(
    `    ${verdict(pul.targets.oneCmsRequestPerOperation)}  one CMS request per operation after the publish: ` +
      `at most ${mostPerOperation} for one operation, ${pul.cmsCalls.total} in all`,
  );
  return lines;
}
