/**
 * The member area's routes and services, a module of their own: src/app.ts imports it on the
 * first request for a /user address or the member directory, so an isolate that serves only
 * the public site never loads a member's pages, their views or the member-only services' code
 * (docs/decisions/0076, which follows the staff area's 0067). Like the staff area it is part of
 * the Worker's one module graph (a chunk of scripts/build-worker.mjs's split build), so every
 * module it shares with the app, from React to AppError, is the same instance.
 */
import { Hono } from "hono";
import { requireSession } from "./middleware/require-session";
import { accountRoutes } from "./routes/account";
import { directoryRoutes } from "./routes/directory";
import { emailChangeRoutes } from "./routes/email-change";
import { userCpdRoutes } from "./routes/user-cpd";
import { userCreditNoteRoutes } from "./routes/user-credit-notes";
import { userEventsRoutes } from "./routes/user-events";
import { userMembershipRoutes } from "./routes/user-membership";
import { userPracticeRoutes } from "./routes/user-practice";
import { userPrivacyRoutes } from "./routes/user-privacy";
import { userProFormaRoutes } from "./routes/user-pro-forma";
import { profileRoutes } from "./routes/user-profile";
import { userReceiptRoutes } from "./routes/user-receipts";
import { userWebinarsRoutes } from "./routes/user-webinars";
import type { HonoEnv } from "./types";

/** What builds a member area request's services: the site's and the member area's own. */
export { buildMemberAreaServices } from "./wiring/member-area";

/**
 * The signed-in user's pages, behind one gate mounted here once: a visitor is sent to sign in
 * (middleware/require-session). The route modules are typed SignedInEnv (a session is there, and
 * the member area's services), which holds because this is the only place they are mounted.
 */
export function memberArea() {
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
