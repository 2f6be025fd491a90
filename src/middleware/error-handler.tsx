/**
 * The one error handler: application errors and anything unexpected become an HTML page or a
 * JSON body (for /api/* and JSON clients) with the right status. Never a stack trace. HTML
 * errors render inside the site layout when its (cached) data can be had, and as a
 * self-contained page otherwise (the CMS being down is one reason for an error).
 */
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { assetUrls, defaultFaviconUrl } from "../assets";
import { ConfigError } from "../env";
import { isAppError } from "../errors";
import { streamDocument } from "./renderer/stream";
import { log } from "../log";
import { RETRY_AFTER_SECONDS } from "../services/auth/attempt-limits";
import { buildHead } from "../views/head-data";
import type { HonoEnv } from "../types";
import { ErrorContent } from "../views/pages/error-content";
import { errorMessage } from "../views/pages/error-messages";
import { ErrorPage } from "../views/pages/error-page";
import { NotFoundContent } from "../views/pages/not-found-content";
import { SitePage } from "../views/site-page";

export const errorHandler: ErrorHandler<HonoEnv> = async (error, c) => {
  const { status, code, message } = describe(error);
  if (status >= 500) {
    log.error("request.failed", { method: c.req.method, path: c.req.path, status, code, error, cause: causeOf(error) });
  }
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  if (status === 429) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  const reference = c.var.requestId ?? null;
  if (wantsJson(c)) return c.json({ error: { code, message, ...(reference ? { requestId: reference } : {}) } }, status);
  // "No such page" is the same for every visitor: the edge cache may keep it (not for a session).
  if (status === 404 && c.var.config && !c.var.session) c.set("edgeCacheTtl", c.var.config.edgeCache.ttlSeconds);
  const detail = status < 500 && status !== 404 ? message : null;
  const page = (await inLayout(c, status, detail, reference)) ?? (
    <ErrorPage
      status={status}
      siteName={c.var.config?.site.name ?? "Guildhall"}
      stylesheet={assetUrls.stylesheet}
      favicon={defaultFaviconUrl}
      detail={detail}
      reference={reference}
    />
  );
  return streamDocument(c, page, status);
};

/** The error inside the site layout, or null when the layout data cannot be had. */
async function inLayout(c: Context<HonoEnv>, status: number, detail: string | null, reference: string | null) {
  const { services, config } = c.var;
  const content = services?.content;
  if (!content || !config || status === 503) return null;
  try {
    const layout = await content.layout();
    const site = { name: config.site.name, url: config.site.url, currentPath: c.req.path, assets: assetUrls, now: new Date() };
    const head = buildHead({
      site,
      path: c.req.path,
      globalSeo: layout.globalSeo,
      global: layout.global,
      pageTitle: errorMessage(status).heading,
      noindex: true,
      defaultShareImage: assetUrls.defaultShareImage,
    });
    return (
      <SitePage site={site} layout={layout} head={head} section={null} islands={["cart-badge"]}>
        {status === 404 ? <NotFoundContent /> : <ErrorContent status={status} detail={detail} reference={reference} />}
      </SitePage>
    );
  } catch {
    return null;
  }
}

function describe(error: Error): { status: ContentfulStatusCode; code: string; message: string } {
  if (isAppError(error)) {
    return { status: error.status, code: error.code, message: error.status >= 500 ? publicMessage(error.status) : error.message };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return { status, code: "HTTP_ERROR", message: status >= 500 ? publicMessage(status) : error.message };
  }
  if (error instanceof ConfigError) return { status: 500, code: "CONFIG_INVALID", message: publicMessage(500) };
  return { status: 500, code: "INTERNAL", message: publicMessage(500) };
}

const publicMessage = (status: number) =>
  status === 503 ? "The service is temporarily unavailable. Please try again shortly." : "Something went wrong. Please try again later.";

const wantsJson = (c: Context<HonoEnv>) =>
  c.req.path.startsWith("/api/") || (c.req.header("Accept") ?? "").includes("application/json");

const causeOf = (error: Error) => (error.cause instanceof Error ? error.cause.message : undefined);
