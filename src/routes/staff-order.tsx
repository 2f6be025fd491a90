/**
 * Staff: one webinar order in full, and the two things staff do to one awaiting offline payment:
 * record the payment (granting its webinars) or cancel it. Both are logged with who and when;
 * success redirects back here (303) with a confirmation.
 */
import { Hono, type Context } from "hono";
import { createAuditLog, type AuditLog } from "../adapters/d1/audit-log";
import { createOrderStore } from "../adapters/d1/orders";
import type { Order } from "../domain/orders";
import { AppError } from "../errors";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { cancelOrder, OrderNotAwaitingPayment, recordOfflineOrderPayment, type StaffOrderDeps } from "../services/orders/staff-order-actions";
import { londonDate } from "../shared/london-date";
import type { HonoEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import type { PaymentFormValues } from "../views/staff/action-forms";
import { formatPence } from "../views/format";
import { STATUS_LABELS } from "../views/staff/labels";
import { OrderDetailContent } from "../views/staff/order-detail-content";
import { CancelOrderForm, OrderPaymentForm } from "../views/staff/order-forms";
import { csrfFormToken } from "./auth-helpers";
import { renderScreen, siteContext } from "./screen";
import { notAwaitingPayment, offlinePaymentSchema, problemsOf, reasonSchema, typed } from "./staff-forms";

const paymentSchema = (order: Order) =>
  offlinePaymentSchema({ earliest: londonDate(new Date(order.createdAt)), earliestIs: "the order was placed", today: londonDate(new Date()) });

const Cancellation = reasonSchema("Enter the reason for cancelling the order");

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The buyer can now watch their webinars.",
  cancelled: "Order cancelled. The reason is kept on its record.",
};

type Deps = StaffOrderDeps & { audit: AuditLog };

const actionDeps = (c: Context<HonoEnv>): Deps => ({
  orders: createOrderStore(c.var.config.bindings.db),
  audit: createAuditLog(c.var.config.bindings.db),
  newId: () => crypto.randomUUID(),
});

async function findOrder(c: Context<HonoEnv>, deps: Deps): Promise<Order> {
  const order = await deps.orders.byId(c.req.param("id") ?? "");
  if (!order) throw new AppError("NOT_FOUND", "No order with this id");
  return order;
}

function refuseUnlessAwaitingPayment(order: Order, action: string): void {
  if (order.status !== "awaiting_payment") throw notAwaitingPayment(`Order ${order.reference}`, STATUS_LABELS[order.status], action);
}

/**
 * A received amount other than the total is allowed (a short or over payment), but only once
 * staff have confirmed that very amount: the problem to show until they have, else null.
 */
function unconfirmedAmount(order: Order, amountPence: number, body: Record<string, unknown>): FieldProblem | null {
  if (amountPence === order.totalPence) return null;
  if (body.confirmAmount === "on" && body.confirmedPence === String(amountPence)) return null;
  return {
    field: "confirmAmount",
    message: `${formatPence(amountPence)} is not the order total of ${formatPence(order.totalPence)}. Check the amount, then tick the box to confirm it was received.`,
  };
}

interface FormState {
  payment?: { problems: FieldProblem[]; values: PaymentFormValues; differentAmount: number | null };
  cancel?: { problems: FieldProblem[]; reason: string };
}

async function renderOrder(c: Context<HonoEnv>, deps: Deps, order: Order, state: FormState = {}) {
  const [layout, payments, audit] = await Promise.all([c.var.content.layout(), deps.orders.payments(order.id), deps.audit.forOrder(order.id)]);
  const action = `/staff/orders/${encodeURIComponent(order.id)}`;
  const csrfToken = await csrfFormToken(c);
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
  return renderScreen(c, {
    layout,
    site: siteContext(c),
    head: { pageTitle: `Order ${order.reference}`, noindex: true },
    section: null,
    isPrivate: true,
    status: failed ? 400 : 200,
    children: (
      <OrderDetailContent order={order} payments={payments} audit={audit} notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)} actions={actions} />
    ),
  });
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

export const staffOrderRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/orders/:id", async (c) => {
    const deps = actionDeps(c);
    return renderOrder(c, deps, await findOrder(c, deps));
  })
  .post("/staff/orders/:id/payment", async (c) => {
    const deps = actionDeps(c);
    const order = await findOrder(c, deps);
    refuseUnlessAwaitingPayment(order, "record a payment");
    const body = await c.req.parseBody();
    const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
    const form = paymentSchema(order).safeParse(body);
    if (!form.success) return renderOrder(c, deps, order, { payment: { problems: problemsOf(form.error), values, differentAmount: null } });
    const { amount, receivedOn, paymentReference } = form.data;
    const unconfirmed = unconfirmedAmount(order, amount, body);
    if (unconfirmed) return renderOrder(c, deps, order, { payment: { problems: [unconfirmed], values, differentAmount: amount } });
    await act("record a payment", () => recordOfflineOrderPayment(deps, staffEmailOf(c)!, order, { amountPence: amount, receivedOn, reference: paymentReference }));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=payment`, 303);
  })
  .post("/staff/orders/:id/cancel", async (c) => {
    const deps = actionDeps(c);
    const order = await findOrder(c, deps);
    refuseUnlessAwaitingPayment(order, "cancel it");
    const body = await c.req.parseBody();
    const form = Cancellation.safeParse(body);
    if (!form.success) return renderOrder(c, deps, order, { cancel: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    await act("cancel it", () => cancelOrder(deps, staffEmailOf(c)!, order, form.data.reason));
    return c.redirect(`/staff/orders/${encodeURIComponent(order.id)}?done=cancelled`, 303);
  });
