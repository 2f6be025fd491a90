// Counts D1 queries and result bytes per Worker invocation, for `npm run bench:scale`. Local D1
// enforces none of Cloudflare's limits, so the bench counts for itself.
//
// How: the bench runs the Worker's own bundle (wrangler's, unchanged) behind a small entry module
// written beside it. That entry hands the Worker an `env` whose DB is a counting wrapper around
// the real binding, and keeps one count per invocation (a fetch until its body has streamed and
// its waitUntil work has settled; a cron run; a queue batch) in an AsyncLocalStorage, so
// concurrent invocations do not mix. When an invocation ends it logs one line, which the bench
// reads from the Worker's log. Nothing in src/ knows about it, and production never runs it.
//
// What counts: every statement D1 runs. A call of first(), all(), raw() or run() is one query;
// a batch() is as many queries as statements (D1 counts each statement of a batch against the
// limit), and one round trip; exec() is as many as the statements it ran. Result bytes are the
// length of the JSON of the rows D1 returned to the Worker (its wire format is JSON), for the
// whole result: first() is run as all() so the rows it fetches and drops are counted too, as D1
// itself returns them all.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const D1_LOG_MARKER = "bench-d1-invocation";

const ENTRY = `
import worker from "./index.js";
// The Worker's Durable Object classes (the content cache's), which the configuration names.
export * from "./index.js";
import { AsyncLocalStorage } from "node:async_hooks";

const MARKER = ${JSON.stringify(D1_LOG_MARKER)};
const current = new AsyncLocalStorage();
const unattributed = { queries: 0 };
const real = new WeakMap();

const bytesOf = (rows) => (rows ? JSON.stringify(rows).length : 0);
function count(stats, queries, rows) {
  const target = stats ?? unattributed;
  target.queries += queries;
  if (!stats) return;
  stats.calls += 1;
  const bytes = bytesOf(rows);
  stats.bytes += bytes;
  stats.largestResultBytes = Math.max(stats.largestResultBytes, bytes);
}

function statement(stmt) {
  const wrapped = {
    bind: (...values) => statement(stmt.bind(...values)),
    async first(column) {
      const result = await stmt.all();
      count(current.getStore(), 1, result.results);
      const row = result.results[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    async all() {
      const result = await stmt.all();
      count(current.getStore(), 1, result.results);
      return result;
    },
    async raw(options) {
      const rows = await stmt.raw(options);
      count(current.getStore(), 1, rows);
      return rows;
    },
    async run() {
      const result = await stmt.run();
      count(current.getStore(), 1, result.results);
      return result;
    },
  };
  real.set(wrapped, stmt);
  return wrapped;
}

function database(db) {
  return {
    prepare: (sql) => statement(db.prepare(sql)),
    async batch(statements) {
      const results = await db.batch(statements.map((s) => real.get(s) ?? s));
      const stats = current.getStore();
      if (stats) stats.calls += 1;
      const target = stats ?? unattributed;
      target.queries += statements.length;
      if (stats) {
        for (const result of results) {
          const bytes = bytesOf(result.results);
          stats.bytes += bytes;
          stats.largestResultBytes = Math.max(stats.largestResultBytes, bytes);
        }
        stats.batchQueries += statements.length;
      }
      return results;
    },
    async exec(sql) {
      const result = await db.exec(sql);
      count(current.getStore(), result.count, null);
      return result;
    },
    withSession: (bookmark) => {
      const session = db.withSession(bookmark);
      return { ...database(session), getBookmark: () => session.getBookmark() };
    },
    dump: () => db.dump(),
  };
}

// One env per isolate (the Worker caches its parsed configuration by env).
let countingEnv = null;
const envOf = (env) => (countingEnv ??= { ...env, DB: database(env.DB) });

async function invocation(kind, label, run) {
  const stats = { kind, label, queries: 0, calls: 0, batchQueries: 0, bytes: 0, largestResultBytes: 0, startedAt: Date.now() };
  const pending = [];
  const done = async (outcome) => {
    // Work handed to waitUntil belongs to the invocation too.
    for (let settled = 0; settled < pending.length; settled = pending.length) await Promise.allSettled(pending.slice(settled));
    stats.ms = Date.now() - stats.startedAt;
    stats.outcome = outcome;
    stats.unattributed = unattributed.queries;
    console.log(MARKER + " " + JSON.stringify(stats));
  };
  return current.run(stats, () => run((ctx) => ({
    waitUntil: (promise) => { pending.push(promise); ctx.waitUntil(promise); },
    passThroughOnException: () => ctx.passThroughOnException?.(),
    props: ctx.props,
  }), done));
}

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    return invocation("fetch", request.method + " " + url.pathname + url.search, async (wrapCtx, done) => {
      let response;
      try {
        response = await worker.fetch(request, envOf(env), wrapCtx(ctx));
      } catch (error) {
        ctx.waitUntil(done("threw"));
        throw error;
      }
      if (!response.body) {
        ctx.waitUntil(done(response.status));
        return response;
      }
      // The invocation ends when its body has streamed (rendering goes on while it streams).
      const counted = new TransformStream({ flush: () => { ctx.waitUntil(done(response.status)); } });
      response.body.pipeTo(counted.writable).catch(() => ctx.waitUntil(done("aborted")));
      return new Response(counted.readable, response);
    });
  },
  scheduled(controller, env, ctx) {
    return invocation("scheduled", controller.cron, async (wrapCtx, done) => {
      try {
        await worker.scheduled(controller, envOf(env), wrapCtx(ctx));
      } finally {
        await done("ok");
      }
    });
  },
  queue(batch, env, ctx) {
    // A batch the bench hands over itself (its concurrent e-mail drain) is labelled apart from the local queue's.
    const own = String(batch.messages[0]?.id ?? "").startsWith("bench-") ? " (bench)" : "";
    return invocation("queue", batch.queue + " x" + batch.messages.length + own, async (wrapCtx, done) => {
      try {
        await worker.queue(batch, envOf(env), wrapCtx(ctx));
      } finally {
        await done("ok");
      }
    });
  },
};
`;

/** Writes the counting entry beside the bundle (`scriptPath`); returns its path (the module to run first). */
export function writeCountingEntry(scriptPath) {
  const path = join(dirname(scriptPath), "bench-d1-entry.js");
  writeFileSync(path, ENTRY);
  return path;
}

/** The invocation a Worker log line reports, or null for any other line. */
export function invocationOf(message) {
  const at = message.indexOf(D1_LOG_MARKER);
  if (at === -1) return null;
  try {
    return JSON.parse(message.slice(at + D1_LOG_MARKER.length).trim());
  } catch {
    return null;
  }
}
