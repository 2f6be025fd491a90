/**
 * Builds the per-request services from the validated configuration and publishes them on the
 * context. Configuration is parsed once per isolate (src/env.ts).
 */
import type { MiddlewareHandler } from "hono";
import { createCmsClient } from "../../adapters/cms/client";
import { createPurgeLog } from "../../adapters/d1/purge-log";
import { createKvCacheStore } from "../../adapters/kv/cache-store";
import { getConfig } from "../../env";
import { log } from "../../log";
import { entryTtlSeconds } from "../../services/cache/read-through";
import { createContentService } from "../../services/content/content-service";
import { purgeContent } from "../../services/content/purge";
import type { HonoEnv } from "../../types";

export function init(): MiddlewareHandler<HonoEnv> {
  return async function init(c, next) {
    const config = getConfig(c.env);
    c.set("config", config);
    const store = createKvCacheStore(config.bindings.contentCache);
    c.set(
      "content",
      createContentService({
        cms: createCmsClient(config.cms),
        cache: {
          store,
          policy: config.cache,
          now: Date.now,
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
          log,
        },
      }),
    );
    c.set("purgeContent", (request) =>
      purgeContent(
        { store, purgeLog: createPurgeLog(config.bindings.db), log, ttlSeconds: entryTtlSeconds(config.cache) },
        request,
      ),
    );
    await next();
  };
}
