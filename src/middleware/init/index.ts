/**
 * Publishes the validated configuration (`config()`, first: parsed once per isolate, src/env.ts)
 * and then the request's services (`init()`, built by src/wiring, the composition root) on the
 * context as one typed object, `c.var.services`.
 */
import type { MiddlewareHandler } from "hono";
import { getConfig } from "../../env";
import { isValidPreviewToken } from "../../services/preview/preview-token";
import { cookies } from "../session/cookies";
import type { HonoEnv } from "../../types";
import type { Config } from "../../env";
import { buildServices, type RequestContext, type Services } from "../../wiring";

export function config(): MiddlewareHandler<HonoEnv> {
  return async function config(c, next) {
    c.set("config", getConfig(c.env));
    await next();
  };
}

/** What builds a request's services: the site's, or in the staff area the staff area's as well. */
export type ServicesBuilder = (config: Config, request: RequestContext) => Services;

export function init(build: ServicesBuilder = buildServices): MiddlewareHandler<HonoEnv> {
  return async function init(c, next) {
    // An editor's draft preview: only with PREVIEW_SECRET set and a cookie it signed, unexpired.
    const previewConfig = c.var.config.preview;
    const preview = previewConfig !== null && (await isValidPreviewToken(previewConfig.secret, cookies.preview(c), Math.floor(Date.now() / 1000)));
    c.set("preview", preview);
    const services = build(c.var.config, {
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      clientAddress: c.req.header("CF-Connecting-IP") ?? "unknown",
      preview,
      outdatedContent: () => c.set("outdatedContent", true),
      contentRead: (dependsOn) => {
        const shown = c.get("contentDependencies") ?? new Set<string>();
        for (const item of dependsOn) shown.add(item);
        c.set("contentDependencies", shown);
      },
    });
    c.set("services", services);
    await next();
    if (preview) {
      // Whatever answered (a page, a redirect, an error), a draft is for this editor only.
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
    }
  };
}
