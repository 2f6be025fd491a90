/** Builds the Hono app: middleware order, routes and the one error handler. */
import { Hono } from "hono";
import { AppError } from "./errors";
import { errorHandler } from "./middleware/error-handler";
import { csrf } from "./middleware/csrf";
import { edgeCache } from "./middleware/edge-cache";
import { config, init } from "./middleware/init";
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
import { staffCertificatesRoutes } from "./routes/staff-certificates";
import { mediaRoutes } from "./routes/media";
import { membershipRoutes } from "./routes/memberships";
import { generalPageRoutes } from "./routes/pages";
import { passwordResetRoutes } from "./routes/password-reset";
import { registerRoutes } from "./routes/register";
import { previewRoutes } from "./routes/preview";
import { seoFileRoutes } from "./routes/seo-files";
import { searchRoutes } from "./routes/search";
import { signInPageRoutes } from "./routes/sign-in-page";
import { staffApplicationRoutes } from "./routes/staff-application";
import { staffApplicationsRoutes } from "./routes/staff-applications";
import { staffApplicantDataRoutes } from "./routes/staff-applicant-data";
import { staffMembersRoutes } from "./routes/staff-members";
import { staffOrderRoutes } from "./routes/staff-order";
import { staffOrdersRoutes } from "./routes/staff-orders";
import { staffExportsRoutes } from "./routes/staff-exports";
import { staffFinanceRoutes } from "./routes/staff-finance";
import { staffDashboardRoutes } from "./routes/staff-dashboard";
import { staffReceiptRoutes } from "./routes/staff-receipt";
import { staffProFormaRoutes } from "./routes/staff-pro-forma";
import { staffCreditNoteRoutes } from "./routes/staff-credit-note";
import { staffPaymentRefundRoutes } from "./routes/staff-payment-refund";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
import { webinarRoutes } from "./routes/webinars";
import { webinarCalendarRoutes } from "./routes/webinar-calendar";
import { cartRoutes } from "./routes/cart";
import { eventRoutes } from "./routes/events";
import { userEventsRoutes } from "./routes/user-events";
import { staffEventAttendanceRoutes } from "./routes/staff-event-attendance";
import { staffEventsRoutes } from "./routes/staff-events";
import { cartCheckoutRoutes } from "./routes/cart-checkout";
import { userWebinarsRoutes } from "./routes/user-webinars";
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { directoryRoutes } from "./routes/directory";
import { findPractitionerRoutes, PRACTITIONER_CONTACT_PATH } from "./routes/find-a-practitioner";
import { userPracticeRoutes } from "./routes/user-practice";
import { staffPractitionersRoutes } from "./routes/staff-practitioners";
import { emailPreferenceRoutes } from "./routes/email-preferences";
import { staffEmailsRoutes } from "./routes/staff-emails";
import { staffMemberImportRoutes } from "./routes/staff-member-import";
import { staffMemberRoutes } from "./routes/staff-member";
import { staffMemberDetailsRoutes } from "./routes/staff-member-details";
import { staffMemberNewRoutes } from "./routes/staff-member-new";
import { staffMemberMergeRoutes } from "./routes/staff-member-merge";
import { staffSecondFactorRoutes } from "./routes/staff-second-factor";
import { staffTeamRoutes } from "./routes/staff-team";
import { staffMessagesRoutes } from "./routes/staff-messages";
import { staffMessageTopicsRoutes } from "./routes/staff-message-topics";
import { messageTopicRoutes } from "./routes/message-topics";
import { newsletterRoutes } from "./routes/newsletters";
import { TOPIC_CHOICES_PATH, TOPIC_UNSUBSCRIBE_PATH } from "./services/messages/consents";
import { UNSUBSCRIBE_PATH } from "./services/email/preferences";
import type { HonoEnv, StaffEnv } from "./types";

export function createApp() {
  const app = new Hono<HonoEnv>();
  app.use(requestId());
  app.use(config());
  // First: a visitor's page kept at the edge is served as it was stored, headers included,
  // with no services built and no D1 read.
  app.use(edgeCache());
  app.use(securityHeaders());
  app.use(init());
  app.use(session());
  // The staff area's gate, once, before the CSRF check, so anyone but staff gets a 404 there,
  // whatever the method (the area's routes: staffArea below).
  app.use("/staff/*", requireStaff());
  // Server-to-server endpoints carry their own secret or signature instead of a browser's CSRF
  // token; so does one-click unsubscribe, whose signed link a mail provider posts to.
  // A sign-in or sign-out from NextAuth's client that the CSRF check refuses gets JSON it can read.
  app.use("/api/auth/*", nextAuthRefusals());
  // NextAuth's client posts its log lines as a beacon, which cannot carry a CSRF token: that
  // endpoint, which only writes a log line (rate limited), need only come from this site. So
  // need a practitioner's contact form, on a page the edge cache shares between visitors (no
  // visitor's token can be in it): a bot check and rate limits guard it instead.
  app.use(csrf({ exempt: ["/api/cache/purge", "/api/search/rebuild", "/api/stripe/webhook", UNSUBSCRIBE_PATH, TOPIC_UNSUBSCRIBE_PATH, TOPIC_CHOICES_PATH], originOnly: ["/api/auth/_log", PRACTITIONER_CONTACT_PATH] }));
  app.use(renderer());
  // Innermost: where nothing else answered but the 404 page, an editor's redirect may.
  app.use(redirects());

  app.route("/", cachePurgeRoutes);
  app.route("/", stripeWebhookRoutes);
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
  app.route("/", staffArea());
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

/**
 * The staff area's pages. Their gate (middleware/require-staff) is mounted once over /staff/* in
 * createApp, before the CSRF check, so a stranger gets a 404 whatever the method; the modules are
 * typed StaffEnv (a session and the staff member who passed), which holds because they are
 * mounted only here.
 */
function staffArea() {
  return (
    new Hono<StaffEnv>()
      .route("/", staffSecondFactorRoutes)
      .route("/", staffTeamRoutes)
      .route("/", staffApplicationsRoutes)
      .route("/", staffApplicantDataRoutes)
      .route("/", staffMembersRoutes)
      .route("/", staffApplicationRoutes)
      .route("/", staffOrdersRoutes)
      .route("/", staffEventsRoutes)
      .route("/", staffEventAttendanceRoutes)
      .route("/", staffExportsRoutes)
      .route("/", staffFinanceRoutes)
      .route("/", staffDashboardRoutes)
      .route("/", staffOrderRoutes)
      .route("/", staffReceiptRoutes)
      .route("/", staffProFormaRoutes)
      .route("/", staffCreditNoteRoutes)
      .route("/", staffPaymentRefundRoutes)
      .route("/", staffEmailsRoutes)
      // Before the messages, whose /staff/messages/:id would otherwise take /staff/messages/topics.
      .route("/", staffMessageTopicsRoutes)
      .route("/", staffMessagesRoutes)
      .route("/", staffCertificatesRoutes)
      .route("/", staffMemberImportRoutes)
      .route("/", staffPractitionersRoutes)
      // After the import and the form for a new member, whose paths this would otherwise take.
      .route("/", staffMemberNewRoutes)
      .route("/", staffMemberMergeRoutes)
      .route("/", staffMemberRoutes)
      .route("/", staffMemberDetailsRoutes)
  );
}
