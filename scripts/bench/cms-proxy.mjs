// The CMS as the bench's Worker sees it: a loopback proxy in front of the real Strapi that waits
// `latencyMs` before forwarding each POST /graphql (a CMS far from the edge, as in production),
// and counts the calls per GraphQL operationName (the idea of test/support/fake-cms.ts).
import http from "node:http";

/**
 * @param {object} options
 * @param {string} options.upstream Strapi's origin, e.g. http://127.0.0.1:1357
 * @param {number} options.port loopback port to listen on
 * @param {number} options.latencyMs injected delay before each forwarded call
 */
export async function startCmsProxy({ upstream, port, latencyMs }) {
  const calls = new Map();
  const upstreamMs = new Map(); // operation -> summed time Strapi took (without the injected delay)
  let total = 0;
  let failures = 0;
  // Keep-alive to Strapi, as a Worker's fetch would reuse connections to its origin.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(upstream);

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req).catch(() => "");
    if (req.method !== "POST" || new URL(req.url ?? "/", "http://proxy").pathname !== "/graphql") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("The bench's CMS proxy only forwards POST /graphql");
    }
    const operation = operationName(body);
    calls.set(operation, (calls.get(operation) ?? 0) + 1);
    total += 1;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const forwarded = performance.now();
    res.once("finish", () => upstreamMs.set(operation, (upstreamMs.get(operation) ?? 0) + performance.now() - forwarded));
    const upstreamReq = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: "/graphql",
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          ...(req.headers.authorization ? { Authorization: req.headers.authorization } : {}),
        },
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, { "Content-Type": upstreamRes.headers["content-type"] ?? "application/json" });
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on("error", (error) => {
      failures += 1;
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ errors: [{ message: `bench CMS proxy: ${error.message}` }] }));
    });
    upstreamReq.end(body);
  });
  server.keepAliveTimeout = 30_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });

  return {
    url: `http://127.0.0.1:${port}`,
    latencyMs,
    /**
     * Calls since the last reset: total and per operation (sorted by name), and the mean time
     * Strapi took to answer each operation (excluding the injected latency).
     */
    snapshot() {
      const sorted = [...calls].sort(([a], [b]) => a.localeCompare(b));
      return {
        total,
        failures,
        byOperation: Object.fromEntries(sorted),
        upstreamMeanMs: Object.fromEntries(sorted.map(([name, count]) => [name, Math.round((upstreamMs.get(name) ?? 0) / count)])),
      };
    },
    reset() {
      calls.clear();
      upstreamMs.clear();
      total = 0;
      failures = 0;
    },
    close() {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function operationName(body) {
  try {
    return String(JSON.parse(body).operationName ?? "(none)");
  } catch {
    return "(unparseable)";
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}
