/**
 * The staff area's routes and services, a module of their own: src/app.ts imports it on the
 * first request for a /staff address, so an isolate that serves only the public site and members
 * never loads the staff pages, their views or the staff-only services' code (docs/decisions/0067). It is part of the
 * same module graph as the rest of the Worker (a chunk of scripts/build-worker.mjs's split
 * build), so every module it shares with the app, from React to AppError, is the same instance.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { requireStaff } from "./middleware/require-staff";
import { staffCertificatesRoutes } from "./routes/staff-certificates";
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
import { staffEventAttendanceRoutes } from "./routes/staff-event-attendance";
import { staffEventsRoutes } from "./routes/staff-events";
import { staffPractitionersRoutes } from "./routes/staff-practitioners";
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
import type { HonoEnv, StaffEnv } from "./types";

/** What builds a staff request's services: every area's and the staff area's own. */
export { buildStaffAreaServices } from "./wiring/staff-area";

/** The staff area's gate, which the app mounts over /staff/* before the CSRF check. */
export function staffGate(): MiddlewareHandler<HonoEnv> {
  return requireStaff();
}

/**
 * The staff area's pages. Their gate (staffGate above) is mounted once over /staff/* by
 * src/app.ts, before the CSRF check, so a stranger gets a 404 whatever the method; the modules are
 * typed StaffEnv (a session and the staff member who passed), which holds because they are
 * mounted only here.
 */
export function staffArea() {
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
