/**
 * Staff: one webinar order in full, and the two things staff do to one awaiting offline payment:
 * record the payment (granting its webinars) or cancel it. Both are logged with who and when;
 * success redirects back here (303) with a confirmation. An amount other than the total is
 * recorded only once staff confirm that very amount.
 */
import { ProFormaSection } from "../views/staff/pro-forma-section";
import { Hono, type Context } from "hono";
import type { Order } from "../domain/orders";
import { OrderNotAwaitingPayment } from "../services/orders/staff-order-actions";
import { londonDate } from "../shared/london-date";
import type { StaffEnv } from "../types";
import type { PaymentFormValues } from "../views/staff/action-forms";
import { isAppError } from "../errors";
import { hrefs } from "../shared/links";
import { notAwaitingPayment, offlinePaymentSchema, problemsOf, reasonSchema, refundSchema, typed, unconfirmedAmount } from "../http/staff-forms";
import { STATUS_LABELS } from "../views/staff/labels";
import { OrderDetailContent } from "../views/staff/order-detail-content";
import { CancelOrderForm, OrderPaymentForm } from "../views/staff/order-forms";
import { ErrorSummary, type FieldProblem } from "../views/forms/error-summary";
import { RefundForm, type RefundFormValues } from "../views/staff/refund-form";
import { DisputeFlags, RefundsTable } from "../views/staff/refunds-table";

const paymentSchema = (order: Order) =>
  offlinePaymentSchema({ earliest: londonDate(new Date(order.createdAt)), earliestIs: "the order was placed", today: londonDate(new Date()) });

const Cancellation = reasonSchema("Enter the reason for cancelling the order");

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The buyer can now watch their webinars.",
  cancelled: "Order cancelled. The reason is kept on its record.",
  refunded: "Refund recorded, with its credit note. The buyer is sent an e-mail about it.",
};

function refuseUnlessAwaitingPayment(order: Order, action: string): void {
  if (order.status !== "awaiting_payment") throw notAwaitingPayment(`Order ${order.reference}`, STATUS_LABELS[order.status], action);
}

/** Runs a staff action, turning a lost race (someone acted first) into the same clear refusal. */
async function act(action: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof OrderNotAwaitingPayment) refuseUnlessAwaitingPayment(error.order, action);
    throw error;
  }
}

interface FormState {
  payment?: { problems: FieldProblem[]; values: PaymentFormValues; differentAmount: number | null };
  cancel?: { problems: FieldProblem[]; reason: string };
  refund?: { problems: FieldProblem[]; values: RefundFormValues };
}

async function renderOrder(c: Context<StaffEnv>, id: string, state: FormState = {}) {
  const [layout, record, refunds, disputes] = await Promise.all([
    c.var.services.content.layout(),
    c.var.services.staffOrders.record(id),
    c.var.services.refunds.forOrder(id),
    c.var.services.refunds.disputesForOrder(id),
  ]);
  const { order } = record;
  const action = `/staff/orders/${encodeURIComponent(order.id)}`;
  const csrfToken = await c.var.csrfToken();
  const actions =
    order.status === "awaiting_payment" ? (
      <>
        <OrderPaymentForm
          action={`${action}/payment`}
          csrfToken={csrfToken}
          problems={state.payment?.problems ?? []}
          values={state.payment?.values ?? { amount: (order.totalPence / 100).toFixed(2), receivedOn: "", paymentReference: order.reference }}
          today={londonDate(new Date())}
          earliest={londonDate(new Date(order.createdAt))}
          totalPence={order.totalPence}
          differentAmount={state.payment?.differentAmount ?? null}
        />
        <CancelOrderForm action={`${action}/cancel`} csrfToken={csrfToken} problems={state.cancel?.problems ?? []} reason={state.cancel?.reason ?? ""} />
        <ProFormaSection
          invoices={await c.var.services.proForma.forOrder(order.id)}
          reference={order.reference}
          issueAction={order.paymentMethod === "offline" ? `${action}/pro-forma` : null}
          csrfToken={csrfToken}
        />
      </>
    ) : null;
  // An order has one payment; finance staff refund it (the staff gate checks the role).
  const paid = record.payments[0];
  const refundable = paid ? await c.var.services.refunds.orderPayment(order.id, paid.id) : null;
  const refundForm =
    refundable && refundable.refundedPence >= refundable.amountPence ? (
      // Fully refunded: a form sent from an older copy of the page is told so here.
      <ErrorSummary problems={state.refund?.problems ?? []} title="Nothing was refunded" />
    ) : refundable ? (
      <RefundForm
        action={hrefs.staffOrderRefund(order.id)}
        csrfToken={csrfToken}
        problems={state.refund?.problems ?? []}
        payment={refundable}
        values={state.refund?.values ?? { amount: "", reason: "", revoke: "keep" }}
        idempotencyKey={crypto.randomUUID()}
      />
    ) : null;
  const failed = Boolean(state.payment?.problems.length || state.cancel?.problems.length || state.refund?.problems.length);
  return c.render(
    <OrderDetailContent
      order={order}
      payments={record.payments}
      receipts={record.receipts}
      audit={record.audit}
      notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
      actions={actions}
      refunds={
        <>
          <DisputeFlags disputes={disputes} />
          <h2>Refunds</h2>
          <RefundsTable refunds={refunds} reference={order.reference} />
          {refundForm}
        </>
      }
    />,
    { layout, head: { pageTitle: `Order ${order.reference}`, noindex: true }, section: null, isPrivate: true, status: failed ? 400 : 200 },
  );
}

export const staffOrderRoutes = new Hono<StaffEnv>()
  .get("/staff/orders/:id", (c) => renderOrder(c, c.req.param("id")))
  .post("/staff/orders/:id/payment", async (c) => {
    const order = await c.var.services.staffOrders.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(order, "record a payment");
    const body = await c.req.parseBody();
    const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
    const form = paymentSchema(order).safeParse(body);
    if (!form.success) return renderOrder(c, order.id, { payment: { problems: problemsOf(form.error), values, differentAmount: null } });
    const { amount, receivedOn, paymentReference } = form.data;
    const unconfirmed = unconfirmedAmount({ pence: order.totalPence, name: "the order total" }, amount, body);
    if (unconfirmed) return renderOrder(c, order.id, { payment: { problems: [unconfirmed], values, differentAmount: amount } });
    await act("record a payment", () => c.var.services.staffOrders.recordPayment(c.var.staffMember.email, order, { amountPence: amount, receivedOn, reference: paymentReference }));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=payment`, 303);
  })
  // Refunds are money going out: only the finance role and administrators reach this (services/staff/staff-access.ts).
  .post("/staff/orders/:id/refund", async (c) => {
    const order = await c.var.services.staffOrders.byId(c.req.param("id"));
    const body = await c.req.parseBody();
    const revoke = body.revoke === "revoke-webinars" ? "revoke-webinars" : "keep";
    const values: RefundFormValues = { amount: typed(body.refundAmount), reason: typed(body.refundReason), revoke };
    const form = refundSchema.safeParse(body);
    if (!form.success) return renderOrder(c, order.id, { refund: { problems: problemsOf(form.error), values } });
    const { refundAmount, refundReason, paymentId, idempotencyKey } = form.data;
    try {
      await c.var.services.refunds.refundOrderPayment(c.var.staffMember.email, order.id, paymentId, { amountPence: refundAmount, reason: refundReason, revoke: form.data.revoke, idempotencyKey });
    } catch (error) {
      // Too much, or already refunded in full: said next to the amount.
      if (isAppError(error) && error.code === "BAD_REQUEST") return renderOrder(c, order.id, { refund: { problems: [{ field: "refundAmount", message: error.message }], values } });
      throw error;
    }
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=refunded`, 303);
  })
  .post("/staff/orders/:id/cancel", async (c) => {
    const order = await c.var.services.staffOrders.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(order, "cancel it");
    const body = await c.req.parseBody();
    const form = Cancellation.safeParse(body);
    if (!form.success) return renderOrder(c, order.id, { cancel: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    await act("cancel it", () => c.var.services.staffOrders.cancel(c.var.staffMember.email, order, form.data.reason));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=cancelled`, 303);
  });
