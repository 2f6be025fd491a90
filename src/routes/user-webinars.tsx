/**
 * /user/webinars (user-settings sidebar): every webinar the user may watch (owned, a bundle's,
 * or free to them by date or membership), orders awaiting payment with how to pay, and past
 * orders. Also the order payment actions:
 *   POST /user/orders/:id/pay-by-card   (re)opens Stripe Checkout for the user's own order
 *   POST /user/orders/:id/pay-offline   switches it to bank transfer
 *   GET  /user/orders/:id/cancel        the confirm step of cancelling an unused order within 14 days
 *   POST /user/orders/:id/cancel        cancels it: a full refund to the card, the webinars taken back
 */
import { Hono } from "hono";
import type { SignedInEnv } from "../types";
import { CancelOrderContent } from "../views/orders/cancel-order-content";
import { UserWebinarsContent } from "../views/orders/user-webinars-content";

export const userWebinarsRoutes = new Hono<SignedInEnv>()
  .get("/user/webinars", async (c) => {
    const { session, config } = c.var;
    const { orders } = c.var.services;
    const userId = session!.userId;
    const notice = await orders.checkoutReturn(userId, { checkout: c.req.query("checkout"), sessionId: c.req.query("session_id"), payment: c.req.query("payment") });
    const buyer = await c.var.buyer();
    const [layout, mine] = await Promise.all([c.var.services.content.layout(), orders.myWebinars({ ...buyer, userId })]);
    const ordered = c.req.query("ordered");
    const { cancellable, explained } = await c.var.services.refunds.cancellations(mine.orders);
    return c.render(
      <UserWebinarsContent
        webinars={mine.webinars}
        awaiting={mine.orders.filter((o) => o.status === "awaiting_payment")}
        history={mine.orders.filter((o) => o.status === "paid")}
        justOrdered={mine.orders.find((o) => o.id === ordered) ?? null}
        notice={notice}
        cardPayments={config.stripe !== null}
        offlineInstructions={config.membership.offlinePaymentInstructions}
        csrfToken={await c.var.csrfToken()}
        cancellable={cancellable}
        notCancellable={explained}
        cancelled={c.req.query("cancelled") === "1"}
      />,
      { layout, head: { pageTitle: "My webinars", noindex: true }, section: "userSettings", isPrivate: true },
    );
  })
  .post("/user/orders/:id/pay-by-card", async (c) => c.redirect(await c.var.services.orders.payByCard(c.var.session.userId, c.req.param("id")), 303))
  .get("/user/orders/:id/cancel", async (c) => {
    const [layout, { order, refusal }] = await Promise.all([c.var.services.content.layout(), c.var.services.refunds.cancellation(c.var.session.userId, c.req.param("id"))]);
    return c.render(<CancelOrderContent order={order} refusal={refusal} csrfToken={await c.var.csrfToken()} />, {
      layout,
      head: { pageTitle: `Cancel order ${order.reference}`, noindex: true },
      section: "userSettings",
      isPrivate: true,
    });
  })
  .post("/user/orders/:id/cancel", async (c) => {
    const { userId } = c.var.session;
    await c.var.services.refunds.cancelOwnOrder(userId, c.req.param("id"));
    return c.redirect("/user/webinars?cancelled=1", 303);
  })
  .post("/user/orders/:id/pay-offline", async (c) => {
    await c.var.services.orders.payOffline(c.var.session.userId, c.req.param("id"));
    return c.redirect("/user/webinars", 303);
  });
