import type { Config, Bindings } from "./env";
import type { AuthService, Session } from "./services/auth/auth-service";
import type { ContentService } from "./services/content/content-service";
import type { EmailServices } from "./services/email/email-services";
import type { PurgeRequest, PurgeResult } from "./services/content/purge";

/** The Hono environment: bindings from wrangler, and per-request services from `init`. */
export interface HonoEnv {
  Bindings: Bindings;
  Variables: {
    config: Config;
    content: ContentService;
    auth: AuthService;
    /** Writing e-mails into the outbox (in a store's batch), delivering them, preferences. */
    email: EmailServices;
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
