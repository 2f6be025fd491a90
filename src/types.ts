import type { Buyer } from "./domain/buyer";
import type { Block } from "./domain/content";
import type { Session } from "./domain/session";
import type { StaffMember } from "./domain/staff";
import type { Bindings, Config } from "./env";
import type { BlockOptions, LoadedBlocks } from "./middleware/renderer/block-context";
import type { SiteContext } from "./views/site-context";
import type { Services } from "./wiring";
import type { MemberAreaServices } from "./wiring/member-area";
import type { StaffAreaServices } from "./wiring/staff-area";
import type { StripeWebhookServices } from "./wiring/stripe-webhook";

/**
 * The Hono environment: bindings from wrangler, the configuration, the request's services
 * (src/wiring, attached by middleware/init), and what the session, CSRF and renderer middleware publish.
 */
export interface HonoEnv {
  Bindings: Bindings;
  Variables: {
    config: Config;
    /** Every service this request may use, built by the composition root (src/wiring; middleware/init). */
    services: Services;
    /** This request's id, in every log line and on error pages (middleware/request-id). */
    requestId: string;
    /** Whether this request is an editor's draft preview (middleware/init). */
    preview: boolean;
    /** The signed-in user's session, or null for a visitor (middleware/session). */
    session: Session | null;
    /** The staff member who passed the staff gate (middleware/require-staff); unset elsewhere. */
    staffMember: StaffMember | undefined;
    /** Whether the signed-in user is a member (memoised per request). */
    isMember: () => Promise<boolean>;
    /** Whom prices are for: this visitor or user (memoised per request; middleware/session). */
    buyer: () => Promise<Buyer>;
    /** The CSRF token for this browser's forms (middleware/csrf). */
    csrfToken: () => Promise<string>;
    /** The site and request context every view gets (middleware/renderer). */
    site: SiteContext;
    /** Loads what a page's blocks need to render (middleware/renderer). */
    blocks: (blocks: readonly Block[], options?: BlockOptions) => Promise<LoadedBlocks>;
    /** Set by a route whose response every anonymous visitor may share: seconds to keep it (middleware/edge-cache). */
    edgeCacheTtl: number | undefined;
    /** Set when this response was given cached content a purge has outdated: the edge cache must not keep it. */
    outdatedContent: boolean | undefined;
    /** What the content this response was given depends on (operations, derived values' markers, tags): the edge cache keeps the page by them. */
    contentDependencies: Set<string> | undefined;
  };
}

/**
 * The member area's routes, behind the signed-in gate (middleware/require-session), which the
 * member area mounts once over them (member-area.ts): there is a session, and the member area's
 * own services beside the site's (wiring/member-area.ts).
 */
export interface SignedInEnv extends HonoEnv {
  Variables: HonoEnv["Variables"] & { session: Session; services: MemberAreaServices };
}

/**
 * The routes behind the staff gate (middleware/require-staff), which the app mounts once over
 * /staff/* (staff-area.ts): a session, the staff member it passed the gate as, and the staff
 * area's own services beside the site's and the member area's (wiring/staff-area.ts).
 */
export interface StaffEnv extends HonoEnv {
  Variables: SignedInEnv["Variables"] & { staffMember: StaffMember; services: StaffAreaServices };
}

/** Stripe's webhook, in an area of its own (stripe-webhook-area.ts): the webhook beside the site's services (wiring/stripe-webhook.ts). */
export interface StripeWebhookEnv extends HonoEnv {
  Variables: HonoEnv["Variables"] & { services: StripeWebhookServices };
}
