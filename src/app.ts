/**
 * Builds the Hono app: middleware order, routes and the one error handler. The staff area's
 * routes are loaded on the first request for a /staff address (src/staff-area.ts,
 * docs/decisions/0067): until then the Worker serves every other address from an app without them.
 */
import { Hono } from "hono";
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
import { requireSession } from "./middleware/require-session";
import { requireStaff } from "./middleware/require-staff";
import { session } from "./middleware/session";
import { accountRoutes } from "./routes/account";
import { accountOutcomeRoutes } from "./routes/account-outcomes";
import { profileRoutes } from "./routes/user-profile";
import { emailChangeRoutes } from "./routes/email-change";
import { userPrivacyRoutes } from "./routes/user-privacy";
import { authApiRoutes } from "./routes/auth-api";
import { articleRoutes } from "./routes/articles";
import { cachePurgeRoutes } from "./routes/cache-purge";
import { embedRoutes } from "./routes/embeds";
import { homeRoutes } from "./routes/home";
import { joinRoutes } from "./routes/join";
import { userMembershipRoutes } from "./routes/user-membership";
import { userReceiptRoutes } from "./routes/user-receipts";
import { userProFormaRoutes } from "./routes/user-pro-forma";
import { userCreditNoteRoutes } from "./routes/user-credit-notes";
import { userCpdRoutes } from "./routes/user-cpd";
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
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { emailEventsWebhookRoutes } from "./routes/email-events-webhook";
import { EMAIL_EVENTS_PATH } from "./services/email/delivery-events";
import { webinarRoutes } from "./routes/webinars";
import { webinarCalendarRoutes } from "./routes/webinar-calendar";
import { cartRoutes } from "./routes/cart";
import { eventRoutes } from "./routes/events";
import { userEventsRoutes } from "./routes/user-events";
import { cartCheckoutRoutes } from "./routes/cart-checkout";
import { userWebinarsRoutes } from "./routes/user-webinars";
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { directoryRoutes } from "./routes/directory";
import { findPractitionerRoutes, PRACTITIONER_CONTACT_CONFIRM_PATH, PRACTITIONER_CONTACT_PATH } from "./routes/find-a-practitioner";
import { userPracticeRoutes } from "./routes/user-practice";
import { emailPreferenceRoutes } from "./routes/email-preferences";
import { messageTopicRoutes } from "./routes/message-topics";
import { newsletterRoutes } from "./routes/newsletters";
import { TOPIC_CHOICES_PATH, TOPIC_UNSUBSCRIBE_PATH } from "./services/messages/consents";
import { UNSUBSCRIBE_PATH } from "./services/email/preferences";
import type { Bindings } from "./env";
import type { HonoEnv, StaffEnv } from "./types";

/** The staff area's addresses: the gate below and the lazily loaded routes cover the same ones. */
export function inStaffArea(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}

/**
 * The Worker's fetch handler. A /staff request goes to the app with the staff area mounted,
 * built once per isolate when the first such request arrives; every other request to the app
 * without it. Both are built by buildApp from the same middleware, in the same order, so the
 * two differ only in the staff area's routes (a /staff address in the app without them could
 * only reach the 404 page, which it never does). A failed load is not kept: the next staff
 * request tries again.
 */
export function createApp() {
  const site = buildApp();
  let withStaffArea: Promise<Hono<HonoEnv>> | undefined;
  const staffApp = () => {
    withStaffArea ??= import("./staff-area").then(
      ({ staffArea, buildStaffAreaServices }) => buildApp({ routes: staffArea(), services: buildStaffAreaServices }),
      (error: unknown) => {
        withStaffArea = undefined;
        throw error;
      },
    );
    return withStaffArea;
  };
  return {
    async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
      if (!inStaffArea(new URL(request.url).pathname)) return site.fetch(request, env, ctx);
      return (await staffApp()).fetch(request, env, ctx);
    },
  };
}

/** The staff area as its chunk brings it: its routes, and what builds its requests' services. */
export interface StaffArea {
  routes: Hono<StaffEnv>;
  services: ServicesBuilder;
}

/** The app with or without the staff area (the tests read the whole route table from it). */
export function buildApp(staffArea?: StaffArea) {
  const app = new Hono<HonoEnv>();
  app.use(requestId());
  app.use(config());
  // First: a visitor's page kept at the edge is served as it was stored, headers included,
  // with no services built and no D1 read.
  // (A page a purge retired is rendered again in the background by this same app.)
  app.use(edgeCache({ renderAgain: (request, env, ctx) => app.fetch(request, env, ctx) }));
  app.use(securityHeaders());
  app.use(init(staffArea?.services));
  app.use(session());
  // The staff area's gate, once, before the CSRF check, so anyone but staff gets a 404 there,
  // whatever the method (the area's routes: src/staff-area.ts).
  app.use("/staff/*", requireStaff());
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
  app.route("/", stripeWebhookRoutes);
  app.route("/", emailEventsWebhookRoutes);
  app.route("/", authApiRoutes);
  app.route("/", previewRoutes);
  app.route("/", signInPageRoutes);
  app.route("/", passwordResetRoutes);
  app.route("/", registerRoutes);
  app.route("/", accountOutcomeRoutes);
  app.route("/", userArea());
  app.route("/", certificateRoutes);
  app.route("/", mediaRoutes);
  app.route("/", embedRoutes);
  app.route("/", seoFileRoutes);
  app.route("/", searchRoutes);
  app.route("/", findPractitionerRoutes);
  app.route("/", homeRoutes);
  app.route("/", newsletterRoutes);
  app.route("/", articleRoutes);
  app.route("/", webinarCalendarRoutes);
  app.route("/", webinarRoutes);
  app.route("/", eventRoutes);
  app.route("/", cartRoutes);
  app.route("/", cartCheckoutRoutes);
  app.route("/", membershipRoutes);
  app.route("/", joinRoutes);
  if (staffArea) app.route("/", staffArea.routes);
  app.route("/", emailPreferenceRoutes);
  app.route("/", messageTopicRoutes);
  app.route("/", devMailboxRoutes);
  // Last: general pages match any /{slug} and /{type}/{slug} the routes above did not take.
  app.route("/", generalPageRoutes);

  app.notFound((c) => errorHandler(new AppError("NOT_FOUND", "No page at this address"), c));
  app.onError(errorHandler);
  return app;
}

/**
 * The signed-in user's pages, behind one gate mounted here once: a visitor is sent to sign in
 * (middleware/require-session). Its route modules are typed SignedInEnv (a session is there),
 * which holds because this is the only place they are mounted (the layer check keeps routes to
 * app.ts).
 */
function userArea() {
  return new Hono<HonoEnv>()
    .use("/user/*", requireSession())
    .use("/members/directory", requireSession())
    .route("/", accountRoutes)
    .route("/", profileRoutes)
    .route("/", emailChangeRoutes)
    .route("/", userPrivacyRoutes)
    .route("/", userMembershipRoutes)
    .route("/", userWebinarsRoutes)
    .route("/", userEventsRoutes)
    .route("/", userReceiptRoutes)
    .route("/", userProFormaRoutes)
    .route("/", userCreditNoteRoutes)
    .route("/", userCpdRoutes)
    .route("/", directoryRoutes)
    .route("/", userPracticeRoutes);
}
