/**
 * A local stand-in for the CMS, used only where the real Strapi cannot produce the situation
 * under test. Paths choose the behaviour; `{base}/graphql` is the GraphQL endpoint:
 *   /slow/graphql          answers after `SLOW_MS` (for timeouts)
 *   /graphql-errors/graphql  200 with GraphQL errors (messages and extensions)
 *   /malformed/graphql     200 with a body that is not JSON
 *   /http-500/graphql      a 500 with an HTML body
 *   /proxy/graphql         forwards to the real Strapi and counts calls per operationName
 *   /toggle/graphql        proxies while "up", refuses with 503 while "down" (POST /__toggle?up=0|1)
 *   /gated-webinars/graphql  proxies, but holds the `webinars` operation until POST /__release
 *   /object-store/graphql  proxies, giving media URLs as Strapi's S3 provider does (absolute, under
 *                          `{base}/bucket`), and GET /bucket/<file> serves the real Strapi's
 *                          /uploads/<file>, counting each file asked for (GET /__bucket-reads)
 * GET /__calls returns the proxy's counts; POST /__reset clears them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readBody, sendJson } from "./http";

export const SLOW_MS = 30_000;

export interface FakeCms {
  url: string;
  close(): Promise<void>;
}

export async function startFakeCms(upstream: string): Promise<FakeCms> {
  const calls = new Map<string, number>();
  const bucketReads: string[] = [];
  let base = "";
  let up = true;
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    try {
      if (url.pathname === "/__calls") return sendJson(res, 200, Object.fromEntries(calls));
      if (url.pathname === "/__bucket-reads") return sendJson(res, 200, bucketReads);
      if (url.pathname.startsWith("/bucket/")) {
        const file = url.pathname.slice("/bucket/".length);
        bucketReads.push(file);
        const stored = await fetch(`${upstream}/uploads/${file}`);
        res.writeHead(stored.status, { "Content-Type": stored.headers.get("Content-Type") ?? "application/octet-stream" });
        return res.end(Buffer.from(await stored.arrayBuffer()));
      }
      if (url.pathname === "/__release") {
        release();
        return sendJson(res, 200, { released: true });
      }
      if (url.pathname === "/__reset") {
        calls.clear();
        up = true;
        release();
        gate = new Promise<void>((resolve) => (release = resolve));
        return sendJson(res, 200, { reset: true });
      }
      if (url.pathname === "/__toggle") {
        up = url.searchParams.get("up") !== "0";
        return sendJson(res, 200, { up });
      }
      switch (url.pathname) {
        case "/slow/graphql":
          await new Promise((resolve) => setTimeout(resolve, SLOW_MS).unref());
          return sendJson(res, 200, { data: null });
        case "/graphql-errors/graphql":
          return sendJson(res, 200, {
            errors: [{ message: "Forbidden access", extensions: { code: "FORBIDDEN", error: { name: "ForbiddenError" } } }],
            data: null,
          });
        case "/malformed/graphql":
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end('{"data": {"global": ');
        case "/http-500/graphql":
          res.writeHead(500, { "Content-Type": "text/html" });
          return res.end("<h1>Internal Server Error</h1>");
        case "/toggle/graphql":
          if (!up) {
            res.writeHead(503, { "Content-Type": "text/plain" });
            return res.end("down");
          }
          return await proxy(req, res, body);
        case "/proxy/graphql":
          return await proxy(req, res, body);
        case "/gated-webinars/graphql":
          if (safeOperationName(body) === "webinars") await gate;
          return await proxy(req, res, body);
        case "/object-store/graphql":
          return await proxy(req, res, body, (text) => text.replaceAll('"/uploads/', `"${base}/bucket/`));
        default:
          return sendJson(res, 404, { error: "unknown fake CMS path" });
      }
    } catch (error) {
      sendJson(res, 502, { error: String(error) });
    }
  });

  async function proxy(req: IncomingMessage, res: ServerResponse, body: string, rewrite = (text: string) => text) {
    const operationName = safeOperationName(body);
    calls.set(operationName, (calls.get(operationName) ?? 0) + 1);
    const upstreamResponse = await fetch(`${upstream}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: req.headers.authorization ?? "" },
      body,
    });
    res.writeHead(upstreamResponse.status, { "Content-Type": "application/json" });
    res.end(rewrite(await upstreamResponse.text()));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake CMS did not get a port");
  base = `http://127.0.0.1:${address.port}`;
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeOperationName(body: string): string {
  try {
    return String((JSON.parse(body) as { operationName?: unknown }).operationName ?? "(none)");
  } catch {
    return "(unparseable)";
  }
}
