import type { Config, Bindings } from "./env";
import type { AuthService } from "./services/auth/auth-service";
import type { Session } from "./domain/session";
import type { ContentService } from "./services/content/content-service";
import type { PurgeRequest, PurgeResult } from "./services/content/purge";

/** The Hono environment: bindings from wrangler, and per-request services from `init`. */
export interface HonoEnv {
  Bindings: Bindings;
  Variables: {
    config: Config;
    content: ContentService;
    auth: AuthService;
    /** Invalidates cached content that reads the changed model (every operation when null). */
    purgeContent: (request: PurgeRequest) => Promise<PurgeResult>;
    /** The signed-in user's session, or null for a visitor (middleware/session). */
    session: Session | null;
    /** Whether the signed-in user is a member (memoised per request). */
    isMember: () => Promise<boolean>;
    /** Set by a route whose response every anonymous visitor may share: seconds to keep it (middleware/edge-cache). */
    edgeCacheTtl: number | undefined;
  };
}
