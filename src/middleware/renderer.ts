/**
 * Streaming React rendering for `c.render(...)` through @hono/react-renderer. Built per request
 * so React's inline streaming scripts carry this response's CSP nonce.
 *
 * Outside production the response says `Content-Encoding: identity`: miniflare imitates
 * Cloudflare's compression with a gzip that buffers the whole body, which would hide streaming
 * in local runs. In production Cloudflare's edge compresses streamed responses as they flow.
 */
import { reactRenderer } from "@hono/react-renderer";
import type { MiddlewareHandler } from "hono";
import { log } from "../log";
import type { HonoEnv } from "../types";

export function renderer(): MiddlewareHandler<HonoEnv> {
  return function renderer(c, next) {
    const nonce = c.get("secureHeadersNonce");
    const local = c.var.config.environment !== "production";
    return reactRenderer(undefined, {
      stream: { "Content-Type": "text/html; charset=UTF-8", ...(local ? { "Content-Encoding": "identity" } : {}) },
      readableStreamOptions: {
        ...(nonce ? { nonce } : {}),
        onError(error: unknown) {
          // Errors after the shell has streamed cannot change the status; log them.
          log.error("render.stream_failed", { path: c.req.path, error });
        },
      },
    })(c, next);
  };
}
