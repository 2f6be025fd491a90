/**
 * Publishes the validated configuration (`config()`, first: parsed once per isolate, src/env.ts)
 * and then every per-request service (`init()`, built by services.ts) on the context.
 */
import type { MiddlewareHandler } from "hono";
import { getConfig } from "../../env";
import { isValidPreviewToken } from "../../services/preview/preview-token";
import { cookies } from "../session/cookies";
import type { HonoEnv } from "../../types";
import { buildServices } from "./services";

export function config(): MiddlewareHandler<HonoEnv> {
  return async function config(c, next) {
    c.set("config", getConfig(c.env));
    await next();
  };
}

export function init(): MiddlewareHandler<HonoEnv> {
  return async function init(c, next) {
    // An editor's draft preview: only with PREVIEW_SECRET set and a cookie it signed, unexpired.
    const previewConfig = c.var.config.preview;
    const preview = previewConfig !== null && (await isValidPreviewToken(previewConfig.secret, cookies.preview(c), Math.floor(Date.now() / 1000)));
    c.set("preview", preview);
    const services = buildServices(c.var.config, {
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      clientAddress: c.req.header("CF-Connecting-IP") ?? "unknown",
      preview,
    });
    c.set("content", services.content);
    c.set("publishedContent", services.publishedContent);
    c.set("auth", services.auth);
    c.set("attemptLimits", services.attemptLimits);
    c.set("registration", services.registration);
    c.set("membership", services.membership);
    c.set("memberCard", services.memberCard);
    c.set("memberImport", services.memberImport);
    c.set("membershipYear", services.membershipYear);
    c.set("orders", services.orders);
    c.set("receipts", services.receipts);
    c.set("proForma", services.proForma);
    c.set("directory", services.directory);
    c.set("memberProfile", services.memberProfile);
    c.set("emailChange", services.emailChange);
    c.set("cpd", services.cpd);
    c.set("staffApplications", services.staffApplications);
    c.set("staffTeam", services.staffTeam);
    c.set("secondFactor", services.secondFactor);
    c.set("staffOrders", services.staffOrders);
    c.set("financeLedger", services.financeLedger);
    c.set("dashboard", services.dashboard);
    c.set("refunds", services.refunds);
    c.set("privacy", services.privacy);
    c.set("membersRegister", services.membersRegister);
    c.set("stripeWebhook", services.stripeWebhook);
    c.set("email", services.email);
    c.set("purgeContent", services.purgeContent);
    await next();
    if (preview) {
      // Whatever answered (a page, a redirect, an error), a draft is for this editor only.
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
    }
  };
}
