/**
 * Streams a React document as the response, with this response's CSP nonce on React's inline
 * streaming scripts. Outside production the response says `Content-Encoding: identity`:
 * miniflare imitates Cloudflare's compression with a gzip that buffers the whole body, which
 * would hide streaming in local runs. In production Cloudflare's edge compresses streamed
 * responses as they flow.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { log } from "../../log";
import type { HonoEnv } from "../../types";

export async function streamDocument(c: Context<HonoEnv>, document: ReactNode, status: ContentfulStatusCode): Promise<Response> {
  const nonce = c.get("secureHeadersNonce");
  const stream = await renderToReadableStream(document, {
    ...(nonce ? { nonce } : {}),
    onError(error: unknown) {
      // Errors after the shell has streamed cannot change the status; log them.
      log.error("render.stream_failed", { path: c.req.path, error });
    },
  });
  const local = c.var.config?.environment !== "production";
  return c.body(stream, status, { "Content-Type": "text/html; charset=UTF-8", ...(local ? { "Content-Encoding": "identity" } : {}) });
}
