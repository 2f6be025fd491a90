/**
 * Staff: one webinar order in full, and the two things staff do to one awaiting offline payment:
 * record the payment (granting its webinars) or cancel it. Both are logged with who and when;
 * success redirects back here (303) with a confirmation. An amount other than the total is
 * recorded only once staff confirm that very amount.
 */
import { Hono, type Context } from "hono";
import type { Order } from "../domain/orders";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { OrderNotAwaitingPayment } from "../services/orders/staff-order-actions";
import { londonDate } from "../shared/london-date";
import type { HonoEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import type { PaymentFormValues } from "../views/staff/action-forms";
import { notAwaitingPayment, offlinePaymentSchema, problemsOf, reasonSchema, typed, unconfirmedAmount } from "../views/staff/form-input";
import { STATUS_LABELS } from "../views/staff/labels";
import { OrderDetailContent } from "../views/staff/order-detail-content";
import { CancelOrderForm, OrderPaymentForm } from "../views/staff/order-forms";

const paymentSchema = (order: Order) =>
  offlinePaymentSchema({ earliest: londonDate(new Date(order.createdAt)), earliestIs: "the order was placed", today: londonDate(new Date()) });

const Cancellation = reasonSchema("Enter the reason for cancelling the order");

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The buyer can now watch their webinars.",
  cancelled: "Order cancelled. The reason is kept on its record.",
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
}

async function renderOrder(c: Context<HonoEnv>, id: string, state: FormState = {}) {
  const [layout, record] = await Promise.all([c.var.content.layout(), c.var.staffOrders.record(id)]);
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
      </>
    ) : null;
  const failed = Boolean(state.payment?.problems.length || state.cancel?.problems.length);
  return c.render(
    <OrderDetailContent
      order={order}
      payments={record.payments}
      receipts={record.receipts}
      audit={record.audit}
      notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
      actions={actions}
    />,
    { layout, head: { pageTitle: `Order ${order.reference}`, noindex: true }, section: null, isPrivate: true, status: failed ? 400 : 200 },
  );
}

export const staffOrderRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/orders/:id", (c) => renderOrder(c, c.req.param("id")))
  .post("/staff/orders/:id/payment", async (c) => {
    const order = await c.var.staffOrders.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(order, "record a payment");
    const body = await c.req.parseBody();
    const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
    const form = paymentSchema(order).safeParse(body);
    if (!form.success) return renderOrder(c, order.id, { payment: { problems: problemsOf(form.error), values, differentAmount: null } });
    const { amount, receivedOn, paymentReference } = form.data;
    const unconfirmed = unconfirmedAmount({ pence: order.totalPence, name: "the order total" }, amount, body);
    if (unconfirmed) return renderOrder(c, order.id, { payment: { problems: [unconfirmed], values, differentAmount: amount } });
    await act("record a payment", () => c.var.staffOrders.recordPayment(staffEmailOf(c)!, order, { amountPence: amount, receivedOn, reference: paymentReference }));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=payment`, 303);
  })
  .post("/staff/orders/:id/cancel", async (c) => {
    const order = await c.var.staffOrders.byId(c.req.param("id"));
    refuseUnlessAwaitingPayment(order, "cancel it");
    const body = await c.req.parseBody();
    const form = Cancellation.safeParse(body);
    if (!form.success) return renderOrder(c, order.id, { cancel: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    await act("cancel it", () => c.var.staffOrders.cancel(staffEmailOf(c)!, order, form.data.reason));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=cancelled`, 303);
  });
