/**
 * POST /api/cache/purge — called by the CMS webhook on create, update, delete, publish and
 * unpublish. `Authorization: Bearer {CACHE_PURGE_SECRET}`. Strapi's payload names the changed
 * model, so only the operations that read it are purged, and its entry, so a page or an article
 * shown one by one is purged alone (decision 0059); anything else purges everything.
 */
import { Hono } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import { log } from "../log";
import { secretsMatch } from "../services/secrets";
import type { HonoEnv } from "../types";

const StrapiWebhookPayload = z
  .object({
    event: z.string().max(100).optional(),
    model: z.string().max(100).nullish(),
    // The changed entry as Strapi sends it; without a documentId the whole model is purged.
    entry: z
      .object({ documentId: z.string().min(1).max(100), slug: z.string().max(500).nullish(), type: z.string().max(100).nullish() })
      .loose()
      .nullish()
      .catch(null),
  })
  .loose();

export const cachePurgeRoutes = new Hono<HonoEnv>().post("/api/cache/purge", async (c) => {
  const config = c.var.config;
  const header = c.req.header("Authorization") ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!presented || !(await secretsMatch(presented, config.cachePurgeSecret))) {
    log.warn("cache.purge_refused", { reason: presented ? "wrong secret" : "missing bearer token" });
    c.header("WWW-Authenticate", 'Bearer realm="cache-purge"');
    throw new AppError("UNAUTHORIZED", "A valid purge secret is required (Authorization: Bearer …)");
  }

  const body = await c.req.text();
  let model: string | null = null;
  let event: string | null = null;
  let entry: { documentId: string; slug?: string | null; type?: string | null } | null = null;
  let json: unknown = null;
  if (body.trim() !== "") {
    try {
      json = JSON.parse(body);
    } catch {
      throw new AppError("BAD_REQUEST", "The purge request body must be JSON (a Strapi webhook payload) or empty");
    }
    const payload = StrapiWebhookPayload.safeParse(json);
    if (!payload.success) {
      throw new AppError("BAD_REQUEST", `The purge request body is not a Strapi webhook payload: ${z.prettifyError(payload.error)}`);
    }
    // Media events (media.create/update/delete) carry no model: purge everything.
    model = payload.data.model ?? null;
    event = payload.data.event ?? null;
    entry = payload.data.entry ? { documentId: payload.data.entry.documentId, slug: payload.data.entry.slug, type: payload.data.entry.type } : null;
  }

  const result = await c.var.services.purgeContent({ model, event, entry });
  // An event changed (its capacity raised, say): places it freed go to its waiting list now, not at the next sweep.
  if (model === "event" && entry) await c.var.services.eventChanged(entry.documentId);
  // After the answer: what most pages show is loaded again and derived values recomputed here, not by a visitor.
  c.executionCtx.waitUntil(c.var.services.publishedContent.refreshAfterPurge());
  // A step of its own: the site search queues the changed document for its index (services/search/indexer.ts).
  const search = await c.var.services.searchIndex.queueChange(json);
  return c.json({ purged: true, model, event, ...result, search });
});
