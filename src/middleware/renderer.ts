/**
 * Streaming React rendering for `c.render(...)` through @hono/react-renderer. Built per request
 * so React's inline streaming scripts carry this response's CSP nonce.
 */
import { reactRenderer } from "@hono/react-renderer";
import type { MiddlewareHandler } from "hono";
import { log } from "../log";
import type { HonoEnv } from "../types";

export function renderer(): MiddlewareHandler<HonoEnv> {
  return function renderer(c, next) {
    const nonce = c.get("secureHeadersNonce");
    return reactRenderer(undefined, {
      stream: { "Content-Type": "text/html; charset=UTF-8" },
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
