// A small, bounded HTTP load generator for the bench: a fixed number of keep-alive connections,
// each sending the next request as soon as the previous response has been read in full, for a
// fixed time (closed loop, like wrk/autocannon). Pure Node (node:http), so the bench needs
// nothing beyond the project's own dependencies.
import http from "node:http";

/** Per-request ceiling, so a stuck response cannot hang the bench. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Sends one GET and reads the whole body. Resolves with status, timings and size; network errors
 * and timeouts resolve too (status 0 and `error`), so callers count them like failed statuses.
 */
export function request(agent, url, { headers = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      resolve({ ms: performance.now() - started, ...result });
    };
    const req = http.get(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const ttfbMs = performance.now() - started;
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => done({ status: res.statusCode ?? 0, ttfbMs, bytes, headers: res.headers }));
      res.on("error", (error) => done({ status: 0, ttfbMs, bytes, error: error.message }));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (error) => done({ status: 0, ttfbMs: NaN, bytes: 0, error: error.message }));
  });
}

/** A keep-alive agent holding at most `connections` sockets. */
export function keepAliveAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

/**
 * Runs `connections` closed loops against `url` for `durationMs`, after `warmupMs` of the same
 * load whose results are discarded. Requests still in flight at the deadline are completed and
 * counted; throughput is completed requests over the measured wall time.
 *
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ url, connections, durationMs, warmupMs = 0, headers = {} }) {
  const agent = keepAliveAgent(connections);
  try {
    if (warmupMs > 0) await loop({ agent, url, connections, durationMs: warmupMs, headers });
    return await loop({ agent, url, connections, durationMs, headers });
  } finally {
    agent.destroy();
  }
}

/**
 * Sends exactly `total` requests with at most `connections` in flight (for counting CMS calls
 * over a fixed number of page views). `urls` are used in turn.
 */
export async function runCount({ urls, total, connections, headers = {} }) {
  const agent = keepAliveAgent(connections);
  const recorder = createRecorder();
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(connections, total) }, async () => {
        while (next < total) {
          const url = urls[next++ % urls.length];
          recorder.add(url, await request(agent, url, { headers }));
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return recorder.summary(performance.now() - started);
}

async function loop({ agent, url, connections, durationMs, headers }) {
  const recorder = createRecorder();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        recorder.add(url, await request(agent, url, { headers }));
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU this (load-generating) process used, as a share of one core: it competes with workerd.
  return { ...recorder.summary(elapsedMs), clientCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100 };
}

function createRecorder() {
  const latencies = [];
  const ttfbs = [];
  const statuses = {};
  const failures = [];
  let bytes = 0;
  let sample;
  return {
    add(url, result) {
      latencies.push(result.ms);
      if (Number.isFinite(result.ttfbMs)) ttfbs.push(result.ttfbMs);
      const key = result.status === 0 ? "error" : String(result.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      bytes += result.bytes;
      sample ??= result;
      if ((result.status < 200 || result.status > 299) && failures.length < 5) {
        failures.push(`${url} -> ${result.status === 0 ? result.error : `HTTP ${result.status}`}`);
      }
    },
    summary(elapsedMs) {
      const sorted = Float64Array.from(latencies).sort();
      const sortedTtfb = Float64Array.from(ttfbs).sort();
      const count = sorted.length;
      const failed = count - Object.entries(statuses).reduce((n, [s, c]) => (/^2\d\d$/.test(s) ? n + c : n), 0);
      return {
        requests: count,
        elapsedMs,
        rps: count / (elapsedMs / 1000),
        latencyMs: {
          mean: count ? sorted.reduce((a, b) => a + b, 0) / count : NaN,
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p99: percentile(sorted, 99),
          max: count ? sorted[count - 1] : NaN,
        },
        ttfbMs: { p50: percentile(sortedTtfb, 50), p99: percentile(sortedTtfb, 99) },
        bytesPerResponse: count ? Math.round(bytes / count) : 0,
        statuses,
        failed,
        failures,
        sampleHeaders: sample?.headers ?? {},
      };
    },
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * @typedef {object} LoadResult
 * @property {number} requests
 * @property {number} elapsedMs
 * @property {number} rps
 * @property {{ mean: number, p50: number, p90: number, p99: number, max: number }} latencyMs
 * @property {{ p50: number, p99: number }} ttfbMs time to response headers
 * @property {number} bytesPerResponse body bytes as received (compressed if the server compressed)
 * @property {Record<string, number>} statuses count per HTTP status ("error" for network errors)
 * @property {number} failed responses that were not 2xx, plus network errors
 * @property {string[]} failures the first few failures
 * @property {number} clientCpuPercent CPU the bench process used meanwhile, % of one core
 */
