/**
 * Staff: one membership application in full, and the two things staff do to one awaiting
 * payment — record an offline payment (activating the membership) or reject it. Both are
 * logged with who and when; success redirects back here (303) with a confirmation.
 */
import { Hono, type Context } from "hono";
import { createApplicationStore } from "../adapters/d1/applications";
import type { Application } from "../domain/membership";
import { createAuditLog } from "../adapters/d1/audit-log";
import { AppError } from "../errors";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { isRefundDue } from "../services/membership/refunds";
import { ApplicationNotAwaitingPayment, recordOfflinePayment, rejectApplication, type StaffActionDeps } from "../services/membership/staff-actions";
import { expireMembershipCheckout } from "../services/payments/membership-checkout";
import { londonDate } from "../shared/london-date";
import type { HonoEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import type { PaymentFormValues } from "../views/staff/action-forms";
import { ApplicationDetailContent } from "../views/staff/application-detail-content";
import { PaymentForm, RejectForm } from "../views/staff/application-forms";
import { STATUS_LABELS } from "../views/staff/labels";
import { csrfFormToken } from "./auth-helpers";
import { cardPayments } from "./payment-services";
import { renderScreen, siteContext } from "./screen";
import { notAwaitingPayment, offlinePaymentSchema, problemsOf, reasonSchema, typed } from "./staff-forms";

const paymentSchema = (application: Application) =>
  offlinePaymentSchema({ earliest: londonDate(new Date(application.createdAt)), earliestIs: "the application was submitted", today: londonDate(new Date()) });

const Rejection = reasonSchema("Enter the reason for rejecting the application");

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The membership is now active.",
  rejected: "Application rejected. The reason is kept on its record.",
};

const actionDeps = (c: Context<HonoEnv>): StaffActionDeps => {
  const payments = cardPayments(c);
  return {
    applications: createApplicationStore(c.var.config.bindings.db),
    audit: createAuditLog(c.var.config.bindings.db),
    newId: () => crypto.randomUUID(),
    expireCheckout: async (applicationId) => (payments ? expireMembershipCheckout(payments, applicationId) : null),
  };
};

async function findApplication(c: Context<HonoEnv>, deps: StaffActionDeps): Promise<Application> {
  const application = await deps.applications.byId(c.req.param("id") ?? "");
  if (!application) throw new AppError("NOT_FOUND", "No application with this id");
  return application;
}

function refuseUnlessAwaitingPayment(application: Application, action: string): void {
  if (application.status !== "awaiting_payment") throw notAwaitingPayment(`Application ${application.reference}`, STATUS_LABELS[application.status], action);
}

interface FormState {
  payment?: { problems: FieldProblem[]; values: PaymentFormValues };
  reject?: { problems: FieldProblem[]; reason: string };
}

async function renderApplication(c: Context<HonoEnv>, deps: StaffActionDeps, application: Application, state: FormState = {}) {
  const [layout, payments, audit] = await Promise.all([
    c.var.content.layout(),
    deps.applications.payments(application.id),
    deps.audit.forApplication(application.id),
  ]);
  const action = `/staff/applications/${encodeURIComponent(application.id)}`;
  const csrfToken = await csrfFormToken(c);
  const actions =
    application.status === "awaiting_payment" ? (
      <>
        <PaymentForm
          action={`${action}/payment`}
          csrfToken={csrfToken}
          problems={state.payment?.problems ?? []}
          values={state.payment?.values ?? { amount: (application.amountDuePence / 100).toFixed(2), receivedOn: "", paymentReference: application.reference }}
          today={londonDate(new Date())}
          earliest={londonDate(new Date(application.createdAt))}
        />
        <RejectForm action={`${action}/reject`} csrfToken={csrfToken} problems={state.reject?.problems ?? []} reason={state.reject?.reason ?? ""} />
      </>
    ) : null;
  const failed = Boolean(state.payment?.problems.length || state.reject?.problems.length);
  return renderScreen(c, {
    layout,
    site: siteContext(c),
    head: { pageTitle: `Application ${application.reference}`, noindex: true },
    section: null,
    isPrivate: true,
    status: failed ? 400 : 200,
    children: (
      <ApplicationDetailContent
        application={application}
        payments={payments}
        audit={audit}
        notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
        refundDue={isRefundDue(application, payments.reduce((sum, p) => sum + p.amountPence, 0))}
        actions={actions}
      />
    ),
  });
}

/** Runs a staff action, turning a lost race (someone acted first) into the same clear refusal. */
async function act(application: Application, action: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApplicationNotAwaitingPayment) refuseUnlessAwaitingPayment(error.application, action);
    throw error;
  }
}

export const staffApplicationRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/applications/:id", async (c) => {
    const deps = actionDeps(c);
    return renderApplication(c, deps, await findApplication(c, deps));
  })
  .post("/staff/applications/:id/payment", async (c) => {
    const deps = actionDeps(c);
    const application = await findApplication(c, deps);
    refuseUnlessAwaitingPayment(application, "record a payment");
    const body = await c.req.parseBody();
    const form = paymentSchema(application).safeParse(body);
    if (!form.success) {
      const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
      return renderApplication(c, deps, application, { payment: { problems: problemsOf(form.error), values } });
    }
    const { amount, receivedOn, paymentReference } = form.data;
    await act(application, "record a payment", async () => {
      await recordOfflinePayment(deps, staffEmailOf(c)!, application, { amountPence: amount, receivedOn, reference: paymentReference });
    });
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=payment`, 303);
  })
  .post("/staff/applications/:id/reject", async (c) => {
    const deps = actionDeps(c);
    const application = await findApplication(c, deps);
    refuseUnlessAwaitingPayment(application, "reject it");
    const body = await c.req.parseBody();
    const form = Rejection.safeParse(body);
    if (!form.success) return renderApplication(c, deps, application, { reject: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    await act(application, "reject it", () => rejectApplication(deps, staffEmailOf(c)!, application, form.data.reason));
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=rejected`, 303);
  });
