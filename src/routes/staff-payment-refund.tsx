/**
 * Staff: refunding a membership payment (a join or a renewal), GET and POST
 * /staff/payments/:id/refund. Money going out is the finance area (services/staff/staff-access.ts),
 * so this page stands on its own, linked from the application's and the member's pages (which
 * are the membership area). Success comes back here (303) with a confirmation.
 */
import { Hono, type Context } from "hono";
import type { MembershipRevocation } from "../domain/refunds";
import { isAppError } from "../errors";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { ErrorSummary, type FieldProblem } from "../views/forms/error-summary";
import { membershipRefundSchema, problemsOf, typed } from "../http/staff-forms";
import { PaymentRefundContent } from "../views/staff/payment-refund-content";
import { MEMBERSHIP_CHOICE, RefundForm, type RefundFormValues } from "../views/staff/refund-form";

const NOTICES: Record<string, string> = {
  refunded: "Refund recorded, with its credit note. The member is sent an e-mail about it.",
};

const CHOICES = new Set<string>(["keep", "end-at-period-end", "end-now"]);

interface FormState {
  problems: FieldProblem[];
  values: RefundFormValues<MembershipRevocation>;
}

async function renderPayment(c: Context<StaffEnv>, paymentId: string, state: FormState | null = null) {
  const payment = await c.var.services.refunds.membershipPayment(paymentId);
  const [layout, refunds, disputes] = await Promise.all([
    c.var.services.content.layout(),
    c.var.services.refunds.forMembershipPayment(payment.id),
    c.var.services.refunds.membershipDisputesOf(payment.userId),
  ]);
  const problems = state?.problems ?? [];
  const form =
    payment.refundedPence >= payment.amountPence ? (
      // Fully refunded: a form sent from an older copy of the page is told so here.
      <>
        <ErrorSummary problems={problems} title="Nothing was refunded" />
        <p>This payment has been refunded in full.</p>
      </>
    ) : (
      <RefundForm
        action={hrefs.staffPaymentRefund(payment.id)}
        csrfToken={await c.var.csrfToken()}
        problems={problems}
        payment={payment}
        values={state?.values ?? { amount: "", reason: "", revoke: null }}
        idempotencyKey={crypto.randomUUID()}
        takeBack={MEMBERSHIP_CHOICE}
      />
    );
  const failed = problems.length > 0;
  return c.render(
    <PaymentRefundContent
      payment={payment}
      refunds={refunds}
      disputes={disputes.filter((d) => d.paymentId === payment.id)}
      notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
      form={form}
    />,
    { layout, head: { pageTitle: "Refund a membership payment", noindex: true }, section: null, isPrivate: true, status: failed ? 400 : 200 },
  );
}

export const staffPaymentRefundRoutes = new Hono<StaffEnv>()
  .get("/staff/payments/:id/refund", (c) => renderPayment(c, c.req.param("id")))
  .post("/staff/payments/:id/refund", async (c) => {
    const payment = await c.var.services.refunds.membershipPayment(c.req.param("id"));
    const body = await c.req.parseBody();
    const choice = typeof body.membership === "string" && CHOICES.has(body.membership) ? (body.membership as MembershipRevocation) : null;
    const values: RefundFormValues<MembershipRevocation> = { amount: typed(body.refundAmount), reason: typed(body.refundReason), revoke: choice };
    const form = membershipRefundSchema.safeParse(body);
    if (!form.success) return renderPayment(c, payment.id, { problems: problemsOf(form.error), values });
    const { refundAmount, refundReason, membership, idempotencyKey } = form.data;
    try {
      await c.var.services.refunds.refundMembershipPayment(c.var.staffMember.email, payment.id, { amountPence: refundAmount, reason: refundReason, membership, idempotencyKey });
    } catch (error) {
      // Too much, or already refunded in full: said next to the amount.
      if (isAppError(error) && error.code === "BAD_REQUEST") return renderPayment(c, payment.id, { problems: [{ field: "refundAmount", message: error.message }], values });
      throw error;
    }
    return c.redirect(`${hrefs.staffPaymentRefund(payment.id)}?done=refunded`, 303);
  });
