/**
 * /user/webinars (user-settings sidebar): every webinar the user may watch (owned, a bundle's,
 * or free to them by date or membership), orders awaiting payment with how to pay, and past
 * orders. Also the order payment actions:
 *   POST /user/orders/:id/pay-by-card   (re)opens Stripe Checkout for the user's own order
 *   POST /user/orders/:id/pay-offline   switches it to bank transfer
 */
import { Hono, type Context } from "hono";
import { createOrderStore } from "../adapters/d1/orders";
import type { Order } from "../domain/orders";
import { AppError } from "../errors";
import { log } from "../log";
import { loadCatalogue, shopperFor } from "../services/orders/shopper";
import { entitlementFor } from "../services/orders/webinar-access";
import { orderCheckoutUrl } from "../services/payments/order-checkout";
import { fulfilOrder } from "../services/payments/order-fulfilment";
import type { HonoEnv } from "../types";
import { UserWebinarsContent, type WatchableWebinar } from "../views/orders/user-webinars-content";
import { requireSession } from "./account";
import { csrfFormToken } from "./auth-helpers";
import { checkoutNotice } from "./checkout-return";
import { cardPayments } from "./payment-services";
import { renderScreen, siteContext } from "./screen";
import { DEFAULT_OFFLINE_INSTRUCTIONS } from "./user-membership";

async function ownOrder(c: Context<HonoEnv>): Promise<Order> {
  const id = c.req.param("id") ?? "";
  const order = /^[0-9a-f-]{36}$/.test(id) ? await createOrderStore(c.var.config.bindings.db).byId(id) : null;
  if (!order || order.userId !== c.var.session!.userId) throw new AppError("NOT_FOUND", "You have no such order");
  return order;
}

export const userWebinarsRoutes = new Hono<HonoEnv>()
  .use("/user/webinars", requireSession)
  .use("/user/orders/*", requireSession)
  .get("/user/webinars", async (c) => {
    const session = c.var.session!;
    const orders = createOrderStore(c.var.config.bindings.db);
    const notice = await checkoutNotice(c, "order", async (payments, paid) => (await fulfilOrder({ orders, now: payments.now }, paid)) === "not-paid" ? "confirming" : "confirmed");
    const [layout, catalogue, shopper, all] = await Promise.all([c.var.content.layout(), loadCatalogue(c), shopperFor(c), orders.forUser(session.userId)]);
    const now = new Date();
    const webinars: WatchableWebinar[] = [];
    for (const webinar of catalogue.webinars) {
      const entitlement = entitlementFor(webinar, shopper.viewer, shopper.owned, now);
      if (!entitlement) continue;
      const start = new Date(webinar.date);
      const end = start.getTime() + Math.max(webinar.durationMinutes, 0) * 60_000;
      webinars.push({ id: webinar.id, name: webinar.name, slug: webinar.slug, start, upcoming: end > now.getTime(), entitlement });
    }
    webinars.sort((a, b) => (a.upcoming && b.upcoming ? a.start.getTime() - b.start.getTime() : b.start.getTime() - a.start.getTime()));
    const ordered = c.req.query("ordered");
    return renderScreen(c, {
      layout,
      site: siteContext(c),
      head: { pageTitle: "My webinars", noindex: true },
      section: "userSettings",
      isPrivate: true,
      children: (
        <UserWebinarsContent
          webinars={webinars}
          awaiting={all.filter((o) => o.status === "awaiting_payment")}
          history={all.filter((o) => o.status === "paid")}
          justOrdered={all.find((o) => o.id === ordered) ?? null}
          notice={notice}
          cardPayments={c.var.config.stripe !== null}
          offlineInstructions={c.var.config.membership.offlinePaymentInstructions ?? DEFAULT_OFFLINE_INSTRUCTIONS}
          csrfToken={await csrfFormToken(c)}
        />
      ),
    });
  })
  .post("/user/orders/:id/pay-by-card", async (c) => {
    const order = await ownOrder(c);
    const payments = cardPayments(c);
    if (order.status !== "awaiting_payment") return c.redirect("/user/webinars", 303);
    if (!payments) return c.redirect("/user/webinars?payment=unavailable", 303);
    const orders = createOrderStore(c.var.config.bindings.db);
    if (order.paymentMethod !== "card") await orders.setPaymentMethod(order, "card");
    try {
      return c.redirect(await orderCheckoutUrl({ ...payments, orders }, { ...order, paymentMethod: "card" }), 303);
    } catch (error) {
      log.error("order.checkout_failed", { orderId: order.id, error });
      return c.redirect("/user/webinars?payment=unavailable", 303);
    }
  })
  .post("/user/orders/:id/pay-offline", async (c) => {
    const order = await ownOrder(c);
    if (order.status === "awaiting_payment") await createOrderStore(c.var.config.bindings.db).setPaymentMethod(order, "offline");
    return c.redirect("/user/webinars", 303);
  });
