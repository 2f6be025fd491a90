// The scale bench's targets, each judged PASS or FAIL, and its plain-text report (the JSON goes
// to .tmp/bench-scale.json). Cloudflare's own limits are printed beside each figure.

export const LIMITS = {
  queriesPerInvocation: 1_000,
  resultBytes: 50 * 1024 * 1024,
  isolateHeapBytes: 128 * 1024 * 1024,
  cronOrQueueWallMs: 15 * 60_000,
};
export const TARGETS = {
  queriesPerInvocation: 500,
  resultBytes: 5 * 1024 * 1024,
  /** A page's p50 at the larger size may be at most this many times its p50 at the smaller. */
  pageGrowth: 1.5,
};

const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-GB") : "n/a");
const ms = (n) => (Number.isFinite(n) ? `${n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString("en-GB")} ms` : "n/a");
const mb = (n) => (Number.isFinite(n) ? `${(n / 1024 / 1024).toFixed(2)} MB` : "n/a");
const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);

/** For a register tab: the rows each size's page showed, flagged when they differ (the ratio then compares pages of different lengths). */
const rowsShown = (basePage, page) =>
  basePage.rows == null || page.rows == null ? "" : basePage.rows === page.rows ? `, ${page.rows} rows at both` : `, ${basePage.rows} -> ${page.rows} rows: pages of different lengths`;

/** Every target, PASS or FAIL, for the sizes run (page growth from the smallest size to each larger one). */
export function judge(sizes) {
  const checks = [];
  const check = (name, pass, detail) => checks.push({ name, pass, detail });
  for (const size of sizes) {
    const at = `${int(size.records)} records`;
    const all = size.allInvocations;
    check(`${at}: no invocation over ${int(TARGETS.queriesPerInvocation)} D1 queries`, all.maxQueries <= TARGETS.queriesPerInvocation, `largest ${int(all.maxQueries)} of ${int(all.count)} invocations`);
    check(`${at}: no D1 result over ${mb(TARGETS.resultBytes)}`, all.maxResultBytes <= TARGETS.resultBytes, `largest ${mb(all.maxResultBytes)}`);
    const ex = size.export;
    check(
      `${at}: the members export is complete`,
      ex.refusalExpected ? ex.refused : !ex.refused && !ex.incomplete && ex.rows === ex.expectedRows,
      ex.refused ? `refused (more than one download holds: ${int(ex.expectedRows)} rows)${ex.refusalExpected ? ", as designed" : ""}` : `${int(ex.rows)} of ${int(ex.expectedRows)} rows`,
    );
    const { ordinary, busy } = size.dailyJob;
    check(`${at}: the daily job finishes on an ordinary day`, ordinary.done, ordinary.done ? `${ms(ordinary.wallMs)}` : "not done");
    const r = busy.reminderCheck;
    check(
      `${at}: the day ${int(busy.dueMembers)} are due writes every reminder once`,
      busy.done && r.written === busy.dueMembers && r.members === busy.dueMembers,
      `${int(r.written)} written for ${int(r.members)} members of ${int(busy.dueMembers)}`,
    );
    const d = size.emailDrain;
    check(
      `${at}: the drain sends each of that day's reminders once`,
      r.sent > 0 && r.sent === r.sentOnce && (!d.complete || r.sent === busy.dueMembers),
      d.complete
        ? `all ${int(r.sent)} sent, each at the first attempt`
        : `${int(r.sent)} of ${int(busy.dueMembers)} sent in the ${d.windowSeconds} s watched, each at the first attempt; all in about ${Math.round(busy.dueMembers / d.perSecond / 60)} min at this rate`,
    );
    const c = size.concurrentDrain;
    check(
      `${at}: the drain at max_concurrency sends each message once`,
      c.messages > 0 && c.messages === c.sentOnce && c.claimedTwice === 0 && (!c.complete || c.messages === c.expected),
      `${int(c.messages)} of ${int(c.expected)} sent by ${c.lanes} lanes at once, ${int(c.redelivered)} handed over twice, ${int(c.claimedTwice)} claimed twice`,
    );
  }
  const [base, ...larger] = [...sizes].sort((a, b) => a.records - b.records);
  for (const size of larger) {
    for (const page of size.pages) {
      const basePage = base.pages.find((p) => p.id === page.id);
      const ratio = page.p50Ms / basePage.p50Ms;
      check(
        `${page.label}: p50 at ${int(size.records)} ≤ ${TARGETS.pageGrowth}× p50 at ${int(base.records)}`,
        ratio <= TARGETS.pageGrowth,
        `${ms(basePage.p50Ms)} -> ${ms(page.p50Ms)} (${ratio.toFixed(2)}×)${rowsShown(basePage, page)}`,
      );
    }
  }
  return checks;
}

export function formatScaleReport(result) {
  const lines = [];
  const rule = "─".repeat(118);
  lines.push(rule, `Guildhall scale bench · ${result.startedAt}`, rule);
  lines.push(`Machine     ${result.machine}`);
  lines.push(`Method      Worker bundled by wrangler, in plain Miniflare; D1 queries and result bytes counted per invocation by a wrapper`);
  lines.push(`            around the D1 binding (scripts/bench/d1-counter.mjs); heap sampled through the V8 inspector every 10 ms.`);
  lines.push(`            p50 of ${result.reps} requests per page after one unmeasured, the sizes interleaved (rep i at each size in turn,
            the order alternating) so the machine's load weighs on each alike; load ${(result.loadAtPages ?? []).join(" / ")} as
            they began. History ends ${result.today}.`);
  const sizes = result.sizes;
  const head = (label) => `  ${pad(label, 46)}${sizes.map((s) => lpad(`${int(s.records)} rec.`, 22)).join("")}`;
  const row = (label, values, limit = "") => `  ${pad(label, 46)}${values.map((v) => lpad(v, 22)).join("")}${limit ? `   ${limit}` : ""}`;

  lines.push("", "Seeded (the demo society: scripts/lib/demo-society.mjs)");
  lines.push(head(""));
  for (const key of ["memberships", "applications", "payments", "receipts", "creditNotes", "orders", "directoryEntries", "cpdEntries", "emails"]) {
    lines.push(row(key, sizes.map((s) => int(s.seed.counts[key]))));
  }
  lines.push(row("register tabs filled to a page (in grace, unpaid)", sizes.map((s) => (s.seed.fullPages ? `+${int(s.seed.fullPages.inGrace)}, +${int(s.seed.fullPages.awaitingPayment)}` : "—"))));
  lines.push(row("seeding time", sizes.map((s) => ms(s.seed.ms))));
  lines.push(row("workerd resident memory, peak by then", sizes.map((s) => (s.seed.peakRssBytes ? mb(s.seed.peakRssBytes) : "not read"))));

  lines.push("", "Pages: (register: rows shown ·) p50 wall time · largest D1 queries in one request · largest D1 result");
  lines.push(head("page"));
  for (const page of sizes[0].pages) {
    const of = (s) => s.pages.find((p) => p.id === page.id);
    lines.push(row(page.label, sizes.map((s) => `${of(s).rows == null ? "" : `${of(s).rows}r `}${ms(of(s).p50Ms)} ${lpad(of(s).maxQueries, 3)}q ${(of(s).maxResultBytes / 1024).toFixed(0)}K`)));
  }
  lines.push(`  (${TARGETS.pageGrowth}× growth allowed from the smallest size; Cloudflare: 1,000 queries, 50 MB a result, 30 s a request)`);

  lines.push("", "Members export (/staff/members.csv, every record)");
  lines.push(row("rows written of rows expected", sizes.map((s) => (s.export.refused ? "refused (409)" : `${int(s.export.rows)}/${int(s.export.expectedRows)}`))));
  lines.push(row("time", sizes.map((s) => ms(s.export.ms)), "Cloudflare: 30 s a request"));
  lines.push(row("D1 queries in the request", sizes.map((s) => int(s.export.maxQueries)), `target ≤ ${TARGETS.queriesPerInvocation}; Cloudflare 1,000`));
  lines.push(row("largest D1 result", sizes.map((s) => mb(s.export.maxResultBytes)), `target ≤ ${mb(TARGETS.resultBytes)}; Cloudflare 50 MB`));

  for (const which of ["ordinary", "busy"]) {
    const title = which === "ordinary" ? "Daily job, an ordinary day" : "Daily job, the day most members are due a reminder";
    lines.push("", title);
    const jobs = sizes.map((s) => s.dailyJob[which]);
    if (which === "busy") lines.push(row("members due a reminder", jobs.map((j) => int(j.dueMembers))));
    lines.push(row("wall time (trigger to run done)", jobs.map((j) => (j.done ? ms(j.wallMs) : "NOT DONE")), "Cloudflare: 15 min per cron or queue invocation"));
    lines.push(row("pages / lapsed / reminders written", jobs.map((j) => `${int(j.pages)}/${int(j.lapsed)}/${int(j.reminders)}`)));
    lines.push(row("invocations (cron + jobs queue)", jobs.map((j) => int(j.invocations))));
    lines.push(row("D1 queries, largest invocation", jobs.map((j) => int(j.maxQueries)), `target ≤ ${TARGETS.queriesPerInvocation}; Cloudflare 1,000`));
    lines.push(row("largest D1 result", jobs.map((j) => mb(j.maxResultBytes)), `target ≤ ${mb(TARGETS.resultBytes)}; Cloudflare 50 MB`));
    lines.push(row("peak isolate heap (GC'd baseline)", jobs.map((j) => `${mb(j.peakHeapBytes)} (${mb(j.baselineHeapBytes)})`), "Cloudflare: 128 MB an isolate"));
    lines.push(row("heap samples taken while it ran", jobs.map((j) => int(j.heapSamples)), "(V8 answers between tasks: a lower bound)"));
  }

  lines.push("", "E-mail drain of that day's reminders through the queue (guildhall-email, wrangler.toml's batch settings)");
  lines.push(row("messages sent / expected", sizes.map((s) => `${int(s.emailDrain.messages)}/${int(s.emailDrain.expected)}${s.emailDrain.complete ? "" : "*"}`), "* watched for --drain-seconds only"));
  lines.push(row("messages a second (run start to last sent)", sizes.map((s) => s.emailDrain.perSecond.toFixed(1))));
  lines.push(row("D1 queries per message", sizes.map((s) => s.emailDrain.d1QueriesPerMessage.toFixed(2))));
  lines.push(row("D1 queries, largest consumer invocation", sizes.map((s) => int(s.emailDrain.maxQueries)), `target ≤ ${TARGETS.queriesPerInvocation}; Cloudflare 1,000`));

  const consumer = result.emailConsumer ?? sizes[0].concurrentDrain;
  lines.push(
    "",
    `The same day's mail at max_concurrency: ${consumer.maxConcurrency ?? sizes[0].concurrentDrain.lanes} batches of ${consumer.maxBatchSize ?? sizes[0].concurrentDrain.batchSize} at once through the Worker's queue handler`,
  );
  lines.push(row("messages sent / expected", sizes.map((s) => `${int(s.concurrentDrain.messages)}/${int(s.concurrentDrain.expected)}${s.concurrentDrain.complete ? "" : "*"}`), "* watched for --drain-seconds only"));
  lines.push(row("messages a second (first batch to last)", sizes.map((s) => s.concurrentDrain.perSecond.toFixed(1))));
  lines.push(row("handed over twice / claimed twice", sizes.map((s) => `${int(s.concurrentDrain.redelivered)}/${int(s.concurrentDrain.claimedTwice)}`)));
  lines.push(row("D1 queries per message", sizes.map((s) => s.concurrentDrain.d1QueriesPerMessage.toFixed(2))));
  lines.push(row("D1 queries, largest consumer invocation", sizes.map((s) => int(s.concurrentDrain.maxQueries)), `target ≤ ${TARGETS.queriesPerInvocation}; Cloudflare 1,000`));
  lines.push(row("local queue settled before the lanes began", sizes.map((s) => (s.concurrentDrain.localQueueSettled ? "yes" : "no"))));
  lines.push("  (one local D1 and one workerd process serve every lane: see docs/engineering.md, \"Scale benchmark\")");

  lines.push("", "Every invocation of the run");
  lines.push(row("invocations counted", sizes.map((s) => int(s.allInvocations.count))));
  lines.push(row("D1 queries, largest invocation", sizes.map((s) => int(s.allInvocations.maxQueries)), `target ≤ ${TARGETS.queriesPerInvocation}; Cloudflare 1,000`));
  lines.push(row("largest D1 result", sizes.map((s) => mb(s.allInvocations.maxResultBytes)), `target ≤ ${mb(TARGETS.resultBytes)}; Cloudflare 50 MB`));
  lines.push(row("queries outside any invocation", sizes.map((s) => int(s.allInvocations.unattributedQueries))));
  const errors = sizes.flatMap((s) => s.workerLog.first.map((line) => `${int(s.records)}: ${line}`));
  if (errors.length) lines.push("", "Worker errors logged (first ones):", ...errors.map((line) => `  ${line}`));

  lines.push("", "Targets");
  for (const c of result.checks) lines.push(`  ${c.pass ? "PASS" : "FAIL"}  ${pad(c.name, 78)} ${c.detail}`);
  lines.push("", `Total bench time ${Math.round(result.totalSeconds)} s. JSON: ${result.jsonPath}`, rule);
  return lines.join("\n");
}
