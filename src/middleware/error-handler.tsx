/**
 * The one error handler: application errors and anything unexpected become an HTML page or a
 * JSON body (for /api/* and JSON clients) with the right status. Never a stack trace.
 */
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { renderToReadableStream } from "react-dom/server.edge";
import { ConfigError } from "../env";
import { isAppError } from "../errors";
import { log } from "../log";
import type { HonoEnv } from "../types";
import { ErrorPage } from "../views/pages/error-page";

export const errorHandler: ErrorHandler<HonoEnv> = async (error, c) => {
  const { status, code, message } = describe(error);
  if (status >= 500) {
    log.error("request.failed", { method: c.req.method, path: c.req.path, status, code, error, cause: causeOf(error) });
  }
  c.header("Cache-Control", "no-store");
  if (wantsJson(c)) return c.json({ error: { code, message } }, status);
  const siteName = c.var.config?.site.name ?? "Guildhall";
  const stream = await renderToReadableStream(<ErrorPage status={status} siteName={siteName} />);
  return c.body(stream, status, { "Content-Type": "text/html; charset=UTF-8" });
};

function describe(error: Error) {
  if (isAppError(error)) {
    return { status: error.status, code: error.code, message: error.status >= 500 ? publicMessage(error.status) : error.message };
  }
  if (error instanceof HTTPException) {
    return { status: error.status, code: "HTTP_ERROR", message: error.status >= 500 ? publicMessage(error.status) : error.message };
  }
  if (error instanceof ConfigError) return { status: 500 as const, code: "CONFIG_INVALID", message: publicMessage(500) };
  return { status: 500 as const, code: "INTERNAL", message: publicMessage(500) };
}

const publicMessage = (status: number) =>
  status === 503 ? "The service is temporarily unavailable. Please try again shortly." : "Something went wrong. Please try again later.";

const wantsJson = (c: Context<HonoEnv>) =>
  c.req.path.startsWith("/api/") || (c.req.header("Accept") ?? "").includes("application/json");

const causeOf = (error: Error) => (error.cause instanceof Error ? error.cause.message : undefined);
