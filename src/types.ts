import type { Config, Bindings } from "./env";
import type { ContentService } from "./services/content/content-service";
import type { PurgeRequest, PurgeResult } from "./services/content/purge";

/** The Hono environment: bindings from wrangler, and per-request services from `init`. */
export interface HonoEnv {
  Bindings: Bindings;
  Variables: {
    config: Config;
    content: ContentService;
    /** Invalidates cached content that reads the changed model (every operation when null). */
    purgeContent: (request: PurgeRequest) => Promise<PurgeResult>;
  };
}
