/**
 * Staff: one membership application in full, and the two things staff do to one awaiting
 * payment — record an offline payment (activating the membership) or reject it. Both are
 * logged with who and when; success redirects back here (303) with a confirmation. An amount
 * other than what is due is recorded only once staff confirm that very amount.
 */
import { ProFormaSection } from "../views/staff/pro-forma-section";
import { Hono, type Context } from "hono";
import type { Application } from "../domain/membership";
import { ApplicationNotAwaitingPayment } from "../services/membership/staff-actions";
import { londonDate } from "../shared/london-date";
import type { StaffEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import type { PaymentFormValues } from "../views/staff/action-forms";
import { ApplicationDetailContent } from "../views/staff/application-detail-content";
import { PaymentForm, RejectForm } from "../views/staff/application-forms";
import { notAwaitingPayment, offlinePaymentSchema, problemsOf, reasonSchema, typed, unconfirmedAmount } from "../http/staff-forms";
import { STATUS_LABELS } from "../views/staff/labels";
import * as z from "zod";
import { AppError } from "../errors";
import { applicantDocumentHeaders } from "../http/download-headers";
import { awaitsStaff } from "../services/vetting/vetting-service";
import { ReviewForms, ReviewSection } from "../views/staff/application-review";

const paymentSchema = (application: Application) =>
  offlinePaymentSchema({ earliest: londonDate(new Date(application.createdAt)), earliestIs: "the application was submitted", today: londonDate(new Date()) });

const Rejection = reasonSchema("Enter the reason for rejecting the application");

const Request = z.object({
  request: reasonSchema("Enter what the applicant should send").shape.reason,
  seen: z.string().min(1),
});

const Seen = z.object({ seen: z.string().min(1, { error: "The form is incomplete: reload the page" }) });

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The membership is now active.",
  rejected: "Application rejected. The reason is kept on its record, and the applicant is e-mailed it.",
  refunded: "Application rejected, and the card payment taken for it refunded in full. The applicant is e-mailed the reason and the refund.",
  approved: "Application approved. The applicant is e-mailed that they can now pay.",
  asked: "The applicant is e-mailed your question, and can answer from their membership page.",
};

function refuseUnlessAwaitingPayment(application: Application, action: string): void {
  if (application.status !== "awaiting_payment") throw notAwaitingPayment(`Application ${application.reference}`, STATUS_LABELS[application.status], action);
}

/** Runs a staff action, turning a lost race (someone acted first) into the same clear refusal. */
async function act(action: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApplicationNotAwaitingPayment) refuseUnlessAwaitingPayment(error.application, action);
    throw error;
  }
}

interface FormState {
  payment?: { problems: FieldProblem[]; values: PaymentFormValues; differentAmount: number | null };
  reject?: { problems: FieldProblem[]; reason: string };
  request?: { problems: FieldProblem[]; request: string };
}

async function renderApplication(c: Context<StaffEnv>, id: string, state: FormState = {}) {
  const [layout, record, proForma] = await Promise.all([c.var.services.content.layout(), c.var.services.staffApplications.record(id), c.var.services.proForma.forApplication(id)]);
  const { application } = record;
  const review = application.vetting ? await c.var.services.vetting.review(application) : null;
  const awaitingReview = review !== null && awaitsStaff(application);
  const action = `/staff/applications/${encodeURIComponent(application.id)}`;
  const csrfToken = await c.var.csrfToken();
  const actions =
    application.status === "awaiting_payment" ? (
      <>
        {awaitingReview ? (
          <ReviewForms action={action} csrfToken={csrfToken} seen={application.updatedAt} problems={state.request?.problems ?? []} request={state.request?.request ?? ""} />
        ) : (
          <PaymentForm
          action={`${action}/payment`}
          csrfToken={csrfToken}
          problems={state.payment?.problems ?? []}
          values={state.payment?.values ?? { amount: (application.amountDuePence / 100).toFixed(2), receivedOn: "", paymentReference: application.reference }}
          today={londonDate(new Date())}
          earliest={londonDate(new Date(application.createdAt))}
          amountDuePence={application.amountDuePence}
          differentAmount={state.payment?.differentAmount ?? null}
          />
        )}
        <RejectForm action={`${action}/reject`} csrfToken={csrfToken} problems={state.reject?.problems ?? []} reason={state.reject?.reason ?? ""} />
        <ProFormaSection invoices={proForma} reference={application.reference} issueAction={`${action}/pro-forma`} csrfToken={csrfToken} />
      </>
    ) : null;
  const failed = Boolean(state.payment?.problems.length || state.reject?.problems.length || state.request?.problems.length);
  return c.render(
    <ApplicationDetailContent
      application={application}
      payments={record.payments}
      receipts={record.receipts}
      audit={record.audit}
      notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
      refundDue={record.refundDue}
      unmatchedPayment={record.unmatchedPayment}
      actions={actions}
      membershipEndsOn={record.membershipEndsOn}
      review={review ? <ReviewSection application={application} documents={review.documents} register={review.register} /> : null}
    />,
    { layout, head: { pageTitle: `Application ${application.reference}`, noindex: true }, section: null, isPrivate: true, status: failed ? 400 : 200 },
  );
}

export const staffApplicationRoutes = new Hono<StaffEnv>()
  .get("/staff/applications/:id", (c) => renderApplication(c, c.req.param("id")))
  .post("/staff/applications/:id/payment", async (c) => {
    const application = await c.var.services.staffApplications.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(application, "record a payment");
    const body = await c.req.parseBody();
    const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
    const form = paymentSchema(application).safeParse(body);
    if (!form.success) return renderApplication(c, application.id, { payment: { problems: problemsOf(form.error), values, differentAmount: null } });
    const { amount, receivedOn, paymentReference } = form.data;
    const unconfirmed = unconfirmedAmount({ pence: application.amountDuePence, name: "the amount due" }, amount, body);
    if (unconfirmed) return renderApplication(c, application.id, { payment: { problems: [unconfirmed], values, differentAmount: amount } });
    await act("record a payment", () =>
      c.var.services.staffApplications.recordPayment(c.var.staffMember.email, application, { amountPence: amount, receivedOn, reference: paymentReference }),
    );
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=payment`, 303);
  })
  .post("/staff/applications/:id/reject", async (c) => {
    const application = await c.var.services.staffApplications.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(application, "reject it");
    const body = await c.req.parseBody();
    const form = Rejection.safeParse(body);
    if (!form.success) return renderApplication(c, application.id, { reject: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    let refundedPence = 0;
    await act("reject it", async () => ({ refundedPence } = await c.var.services.vetting.reject(c.var.staffMember.email, application, form.data.reason)));
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=${refundedPence > 0 ? "refunded" : "rejected"}`, 303);
  })
  .post("/staff/applications/:id/approve", async (c) => {
    const application = await c.var.services.staffApplications.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(application, "approve it");
    const form = Seen.safeParse(await c.req.parseBody());
    if (!form.success) throw new AppError("BAD_REQUEST", "The form is incomplete: reload the application and try again");
    await c.var.services.vetting.approve(c.var.staffMember.email, { ...application, updatedAt: form.data.seen });
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=approved`, 303);
  })
  .post("/staff/applications/:id/more-information", async (c) => {
    const application = await c.var.services.staffApplications.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(application, "ask the applicant for more");
    const body = await c.req.parseBody();
    const form = Request.safeParse(body);
    if (!form.success) return renderApplication(c, application.id, { request: { problems: problemsOf(form.error), request: typed(body.request) } });
    await c.var.services.vetting.askForMore(c.var.staffMember.email, { ...application, updatedAt: form.data.seen }, form.data.request);
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=asked`, 303);
  })
  .get("/staff/applications/:id/documents/:documentId", async (c) => {
    const file = await c.var.services.vetting.staffDocument(c.req.param("id"), c.req.param("documentId"));
    return c.body(file.body, 200, applicantDocumentHeaders(file.document, file.size));
  });
