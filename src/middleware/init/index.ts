/**
 * Publishes the validated configuration (`config()`, first: parsed once per isolate, src/env.ts)
 * and then every per-request service (`init()`, built by services.ts) on the context.
 */
import type { MiddlewareHandler } from "hono";
import { getConfig } from "../../env";
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
    const services = buildServices(c.var.config, {
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      clientAddress: c.req.header("CF-Connecting-IP") ?? "unknown",
    });
    c.set("content", services.content);
    c.set("auth", services.auth);
    c.set("attemptLimits", services.attemptLimits);
    c.set("membership", services.membership);
    c.set("orders", services.orders);
    c.set("directory", services.directory);
    c.set("staffApplications", services.staffApplications);
    c.set("staffOrders", services.staffOrders);
    c.set("stripeWebhook", services.stripeWebhook);
    c.set("email", services.email);
    c.set("purgeContent", services.purgeContent);
    await next();
  };
}
