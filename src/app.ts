/**
 * Builds the Hono app: middleware order, routes and the one error handler. Four areas are
 * loaded on their first request: the member area's routes for a /user address or the member
 * directory (src/member-area.ts, docs/decisions/0076), the staff area's for a /staff address
 * (src/staff-area.ts, docs/decisions/0067), the public sections' (events, webinars, the cart,
 * joining, Find a practitioner: src/sections-area.ts, 0076) for theirs, and Stripe's webhook
 * (src/stripe-webhook-area.ts, 0076): the Worker serves every other address from an app without them.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "./errors";
import { errorHandler } from "./middleware/error-handler";
import { csrf } from "./middleware/csrf";
import { edgeCache } from "./middleware/edge-cache";
import { config, init, type ServicesBuilder } from "./middleware/init";
import { nextAuthRefusals } from "./middleware/next-auth-refusals";
import { renderer } from "./middleware/renderer";
import { redirects } from "./middleware/redirects";
import { requestId } from "./middleware/request-id";
import { securityHeaders } from "./middleware/security-headers";
import { session } from "./middleware/session";
import { accountOutcomeRoutes } from "./routes/account-outcomes";
import { authApiRoutes } from "./routes/auth-api";
import { articleRoutes } from "./routes/articles";
import { cachePurgeRoutes } from "./routes/cache-purge";
import { embedRoutes } from "./routes/embeds";
import { homeRoutes } from "./routes/home";
import { certificateRoutes } from "./routes/certificates";
import { mediaRoutes } from "./routes/media";
import { membershipRoutes } from "./routes/memberships";
import { generalPageRoutes } from "./routes/pages";
import { passwordResetRoutes } from "./routes/password-reset";
import { registerRoutes } from "./routes/register";
import { previewRoutes } from "./routes/preview";
import { seoFileRoutes } from "./routes/seo-files";
import { searchRoutes } from "./routes/search";
import { signInPageRoutes } from "./routes/sign-in-page";
import { emailEventsWebhookRoutes } from "./routes/email-events-webhook";
import { EMAIL_EVENTS_PATH } from "./services/email/delivery-events";
import { webinarCalendarRoutes } from "./routes/webinar-calendar";
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { emailPreferenceRoutes } from "./routes/email-preferences";
import { messageTopicRoutes } from "./routes/message-topics";
import { newsletterRoutes } from "./routes/newsletters";
import { TOPIC_CHOICES_PATH, TOPIC_UNSUBSCRIBE_PATH } from "./services/messages/consents";
import { UNSUBSCRIBE_PATH } from "./services/email/preferences";
import { PRACTITIONER_CONTACT_CONFIRM_PATH, PRACTITIONER_CONTACT_PATH } from "./services/practitioners/contact-paths";
import type { Bindings } from "./env";
import type { HonoEnv, StaffEnv, StripeWebhookEnv } from "./types";

/** The member area's addresses: its gate and its lazily loaded routes cover the same ones. */
export function inMemberArea(pathname: string): boolean {
  return pathname === "/user" || pathname.startsWith("/user/") || pathname === "/members/directory";
}

/** The staff area's addresses: the gate below and the lazily loaded routes cover the same ones. */
export function inStaffArea(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}

/** The public sections' addresses (src/sections-area.ts): every address their routes answer starts so. */
const SECTION_PREFIXES = ["/events", "/webinars", "/cart", "/find-a-practitioner"];

/** The public sections with pages of their own: events, webinars, the cart and checkout, joining, Find a practitioner. */
export function inSections(pathname: string): boolean {
  return pathname === "/join" || SECTION_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Stripe's webhook: its own area, since only Stripe calls it. */
export function inStripeWebhookArea(pathname: string): boolean {
  return pathname === "/api/stripe/webhook";
}

/**
 * The Worker's fetch handler. A request for a lazily loaded area's address goes to the app with
 * that area mounted, built once per isolate when the area's first request arrives; every other
 * request to the app without any. All of them are built by buildApp from the same middleware, in
 * the same order, so they differ only in an area's routes and gate (an area's address in an app
 * without it could only reach the 404 page, which it never does).
 */
export function createApp() {
  const site = buildApp();
  const areas = [
    {
      covers: inMemberArea,
      app: loadedOnce(async () => {
        const { memberArea, buildMemberAreaServices } = await import("./member-area");
        return buildApp({ members: memberArea(), services: buildMemberAreaServices });
      }),
    },
    {
      covers: inStaffArea,
      app: loadedOnce(async () => {
        const { staffArea, staffGate, buildStaffAreaServices } = await import("./staff-area");
        return buildApp({ staff: { routes: staffArea(), gate: staffGate() }, services: buildStaffAreaServices });
      }),
    },
    {
      covers: inSections,
      app: loadedOnce(async () => {
        const { sections } = await import("./sections-area");
        return buildApp({ sections: sections() });
      }),
    },
    {
      covers: inStripeWebhookArea,
      app: loadedOnce(async () => {
        const { stripeWebhookArea, buildStripeWebhookServices } = await import("./stripe-webhook-area");
        return buildApp({ stripeWebhook: stripeWebhookArea(), services: buildStripeWebhookServices });
      }),
    },
  ];
  return {
    async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
      const { pathname } = new URL(request.url);
      const area = areas.find(({ covers }) => covers(pathname));
      return (area ? await area.app() : site).fetch(request, env, ctx);
    },
  };
}

/** An area's app, built on its first request; a failed load is not kept, so the next request tries again. */
function loadedOnce(load: () => Promise<Hono<HonoEnv>>): () => Promise<Hono<HonoEnv>> {
  let loaded: Promise<Hono<HonoEnv>> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** The public sections' routes (src/sections-area.ts), each mounted where it always was among the public routes. */
export interface Sections {
  findPractitioner: Hono<HonoEnv>;
  webinars: Hono<HonoEnv>;
  events: Hono<HonoEnv>;
  cart: Hono<HonoEnv>;
  join: Hono<HonoEnv>;
}

/**
 * What a lazily loaded area's chunk brings: the member area's routes, the staff area's with its
 * gate (mounted over /staff/* before the CSRF check), or Stripe's webhook, and what builds its
 * requests' services.
 */
export interface LoadedAreas {
  members?: Hono<HonoEnv>;
  sections?: Sections;
  staff?: { routes: Hono<StaffEnv>; gate: MiddlewareHandler<HonoEnv> };
  stripeWebhook?: Hono<StripeWebhookEnv>;
  services?: ServicesBuilder;
}

/** The app with or without the member and staff areas (the tests read the whole route table from it with both). */
export function buildApp(areas: LoadedAreas = {}) {
  const app = new Hono<HonoEnv>();
  app.use(requestId());
  app.use(config());
  // First: a visitor's page kept at the edge is served as it was stored, headers included,
  // with no services built and no D1 read.
  // (A page a purge retired is rendered again in the background by this same app.)
  app.use(edgeCache({ renderAgain: (request, env, ctx) => app.fetch(request, env, ctx) }));
  app.use(securityHeaders());
  app.use(init(areas.services));
  app.use(session());
  // The staff area's gate, once, before the CSRF check, so anyone but staff gets a 404 there,
  // whatever the method (the area's routes and gate: src/staff-area.ts).
  if (areas.staff) app.use("/staff/*", areas.staff.gate);
  // Server-to-server endpoints carry their own secret or signature instead of a browser's CSRF
  // token; so does one-click unsubscribe, whose signed link a mail provider posts to.
  // A sign-in or sign-out from NextAuth's client that the CSRF check refuses gets JSON it can read.
  app.use("/api/auth/*", nextAuthRefusals());
  // NextAuth's client posts its log lines as a beacon, which cannot carry a CSRF token: that
  // endpoint, which only writes a log line (rate limited), need only come from this site. So
  // need a practitioner's contact form, on a page the edge cache shares between visitors (no
  // visitor's token can be in it): a bot check and rate limits guard it instead. Its held
  // messages' confirmation is proven by the secret in the e-mailed link, as one-click unsubscribe.
  app.use(
    csrf({
      exempt: ["/api/cache/purge", "/api/search/rebuild", "/api/stripe/webhook", EMAIL_EVENTS_PATH, UNSUBSCRIBE_PATH, TOPIC_UNSUBSCRIBE_PATH, TOPIC_CHOICES_PATH],
      originOnly: ["/api/auth/_log", PRACTITIONER_CONTACT_PATH, PRACTITIONER_CONTACT_CONFIRM_PATH],
    }),
  );
  app.use(renderer());
  // Innermost: where nothing else answered but the 404 page, an editor's redirect may.
  app.use(redirects());

  app.route("/", cachePurgeRoutes);
  if (areas.stripeWebhook) app.route("/", areas.stripeWebhook);
  app.route("/", emailEventsWebhookRoutes);
  app.route("/", authApiRoutes);
  app.route("/", previewRoutes);
  app.route("/", signInPageRoutes);
  app.route("/", passwordResetRoutes);
  app.route("/", registerRoutes);
  app.route("/", accountOutcomeRoutes);
  if (areas.members) app.route("/", areas.members);
  app.route("/", certificateRoutes);
  app.route("/", mediaRoutes);
  app.route("/", embedRoutes);
  app.route("/", seoFileRoutes);
  app.route("/", searchRoutes);
  if (areas.sections) app.route("/", areas.sections.findPractitioner);
  app.route("/", homeRoutes);
  app.route("/", newsletterRoutes);
  app.route("/", articleRoutes);
  app.route("/", webinarCalendarRoutes);
  if (areas.sections) app.route("/", areas.sections.webinars);
  if (areas.sections) app.route("/", areas.sections.events);
  if (areas.sections) app.route("/", areas.sections.cart);
  app.route("/", membershipRoutes);
  if (areas.sections) app.route("/", areas.sections.join);
  if (areas.staff) app.route("/", areas.staff.routes);
  app.route("/", emailPreferenceRoutes);
  app.route("/", messageTopicRoutes);
  app.route("/", devMailboxRoutes);
  // Last: general pages match any /{slug} and /{type}/{slug} the routes above did not take.
  app.route("/", generalPageRoutes);

  app.notFound((c) => errorHandler(new AppError("NOT_FOUND", "No page at this address"), c));
  app.onError(errorHandler);
  return app;
}
