/**
 * The buyer's side of webinar orders: checking out a cart, paying an order awaiting payment by
 * card or offline, what the user may watch, and the return from Stripe Checkout. Every action
 * finds the user's own order by user id; never anyone else's.
 */
import type { OrderStore } from "../../adapters/d1/orders";
import type { CheckoutNotice } from "../../domain/billing";
import type { Buyer } from "../../domain/buyer";
import type { Order, WatchableWebinar } from "../../domain/orders";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { CartItemRef } from "../../shared/cart";
import { parseItemToken } from "../../shared/cart-query";
import type { CartCode } from "../../shared/pricing/discount-code";
import type { ContentService } from "../content/content-service";
import { checkoutUrlOrUnavailable, type CardPayments } from "../payments/card-payments";
import { checkoutReturnNotice, type CheckoutReturn } from "../payments/checkout-return";
import { orderCheckoutUrl } from "../payments/order-checkout";
import { fulfilOrder } from "../payments/order-fulfilment";
import type { Webinar, WebinarBundle } from "../../domain/content";
import { priceCart, type CartRequest, type CartView } from "./cart-view";
import { checkout, type CheckoutRequest, type CheckoutResult } from "./checkout";
import { logPricingWarnings } from "./pricing-warnings";
import type { OrderFollowUps } from "./follow-ups";
import type { RedemptionStore } from "../../adapters/d1/discount-redemptions";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import { bookingsInCart } from "../events/holds";
import type { PlaceChecks } from "../events/place-checks";
import { priceCode, type DiscountCodeDeps } from "./discount-codes";
import { entitlementFor } from "./webinar-access";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";
import type { AttemptLimits } from "../auth/attempt-limits";
import { holdsLegacyIds, withDocumentIds } from "./legacy-entitlements";

export interface OrderServiceDeps {
  orders: OrderStore;
  /** Pro-forma invoices for orders paid by bank transfer. */
  proForma: Pick<ProFormaIssuer, "issue">;
  content: Pick<ContentService, "catalogue" | "discountCode">;
  redemptions: RedemptionStore;
  /** After a card payment paid an order: event places that went meanwhile are refunded. */
  afterPaid: (order: Order) => Promise<void>;
  /** The buyer's event bookings a cart names (places held at an event: services/events). */
  bookings: Pick<EventBookingStore, "ofUser" | "attachToOrder">;
  /** Schedules the check of a booked event's waiting list for when a checkout's hold runs out. */
  placeChecks: Pick<PlaceChecks, "whenHoldEnds">;
  /** Code look-ups are counted like sign-in attempts, so codes cannot be guessed by the thousand. */
  attemptLimits: Pick<AttemptLimits, "check">;
  card: CardPayments | null;
  /** Receipts and e-mails, in the batch of the change that causes them. */
  followUps: OrderFollowUps;
  now: () => Date;
  log: Logger;
}

/** Where checkout leads: on to an order (or Stripe), or back to the cart with a notice. */
export type CheckoutOutcome =
  | { kind: "order"; to: string }
  | { kind: "cart"; items: CartItemRef[]; notice: "empty" | "removed" | "price-changed" | "code"; removed?: CartItemRef[]; code?: string };

const WEBINARS_PAGE = "/user/webinars";

/** Beside the code field when too many codes were tried. */
export const CODE_LOOKUPS_LIMITED = "Too many discount codes have been tried from here. Please wait a minute, then apply your code again. Your cart is kept.";
const ORDER_ID = /^[0-9a-f-]{36}$/;

/** The form's idempotency key is another user's: only a tampered or leaked form gets here; nothing of the order it names is shown. */
const formAlreadyUsed = () =>
  new AppError("CONFLICT", "This checkout form has already been used. Reload your cart to get a fresh form, then check out again.");

export type OrderService = ReturnType<typeof createOrderService>;

/** The items an address adds (`add=booking:a,booking:b`), so their bookings are looked up with the cart's. */
const addedItems = (add: string | undefined): CartItemRef[] => (add ?? "").split(",").slice(0, 10).flatMap((token) => parseItemToken(token.trim()) ?? []);


export function createOrderService(deps: OrderServiceDeps) {
  const codes: DiscountCodeDeps = { discountCode: (code) => deps.content.discountCode(code), redemptions: deps.redemptions };

  /** Stripe Checkout for a card order awaiting payment, else the user's webinars page. */
  async function afterOrder(order: Order): Promise<string> {
    const done = `${WEBINARS_PAGE}?ordered=${order.id}`;
    if (order.status !== "awaiting_payment" || order.paymentMethod !== "card") return done;
    const url = await checkoutUrlOrUnavailable(deps.card, { event: "order.checkout_failed", fields: { orderId: order.id } }, (card) =>
      orderCheckoutUrl({ ...card, orders: deps.orders }, order),
    );
    return url ?? `${done}&payment=unavailable`;
  }

  async function ownOrder(userId: string, orderId: string): Promise<Order> {
    const order = ORDER_ID.test(orderId) ? await deps.orders.byId(orderId) : null;
    if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", "You have no such order");
    return order;
  }

  return {
    async entitledWebinarIds(userId: string): Promise<ReadonlySet<string>> {
      const owned = await deps.orders.entitledWebinarIds(userId);
      return holdsLegacyIds(owned) ? withDocumentIds(owned, (await deps.content.catalogue()).webinars) : owned;
    },

    /**
     * The cart page's cart, priced for the buyer from the CMS's catalogue. A code typed is looked
     * up only within the look-up limits (per client address, and per account when signed in);
     * over them, the cart is priced without it and `rateLimited` says why (its contents are kept).
     */
    async cart(
      request: CartRequest & { code?: string | undefined },
      buyer: Buyer & { userId: string | null },
    ): Promise<CartView & { catalogue: { webinars: Webinar[]; bundles: WebinarBundle[] }; code: CartCode | null; rateLimited: boolean }> {
      const [catalogue, bookings] = await Promise.all([deps.content.catalogue(), bookingsInCart(deps.bookings, buyer.userId, [...request.items, ...request.removed, ...addedItems(request.add)])]);
      const now = deps.now();
      const view = { ...priceCart(request, { ...catalogue, bookings }, buyer, now), rateLimited: false };
      const typed = request.code?.trim().slice(0, 60);
      if (!typed) return { ...view, catalogue, code: null };
      try {
        await deps.attemptLimits.check("discount-code", buyer.userId ? { userId: buyer.userId } : null);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "RATE_LIMITED") throw error;
        return { ...view, rateLimited: true, catalogue, code: { typed, applied: null, message: CODE_LOOKUPS_LIMITED } };
      }
      const { outcome } = await priceCode(codes, view.quote, typed, buyer.userId, now);
      if (outcome.kind === "refused") return { ...view, catalogue, code: { typed, applied: null, message: outcome.message } };
      return { ...view, quote: outcome.quote, catalogue, code: { typed: outcome.applied.code, applied: outcome.applied, message: null } };
    },

    /** Checks out a cart for a signed-in buyer; prices recomputed from the CMS (services/orders/checkout). */
    async checkout(request: Omit<CheckoutRequest, "buyer"> & { buyer: Buyer & { userId: string } }): Promise<CheckoutOutcome> {
      const [catalogue, bookings] = await Promise.all([deps.content.catalogue(), bookingsInCart(deps.bookings, request.buyer.userId, request.items)]);
      const result: CheckoutResult = await checkout(
        { orders: deps.orders, codes, proForma: deps.proForma, bookings: deps.bookings, checks: deps.placeChecks, followUps: deps.followUps, now: deps.now },
        { ...catalogue, bookings },
        request,
      );
      switch (result.kind) {
        case "key-used":
          throw formAlreadyUsed();
        case "existing":
          return { kind: "order", to: await afterOrder(result.order) };
        case "empty":
          return { kind: "cart", items: [], notice: "empty" };
        case "removed":
          return { kind: "cart", items: result.keep, notice: "removed", removed: result.removed };
        case "price-changed":
          logPricingWarnings(result.quote.warnings);
          return { kind: "cart", items: [...request.items], notice: "price-changed", ...(request.code ? { code: request.code } : {}) };
        case "code-refused":
          // The cart page prices the code again and shows why it cannot be used.
          return { kind: "cart", items: [...request.items], notice: "code", code: request.code ?? "" };
        case "ordered": {
          logPricingWarnings(result.quote.warnings);
          deps.log.info("order.placed", { free: result.free?.id ?? null, paid: result.paid?.id ?? null, totalPence: result.quote.totalPence });
          const order = result.paid ?? result.free;
          if (!order) throw new Error("A checkout with items made no order");
          return { kind: "order", to: await afterOrder(order) };
        }
      }
    },

    /** (Re)opens Stripe Checkout for the user's own order awaiting payment; where to send the browser. */
    async payByCard(userId: string, orderId: string): Promise<string> {
      const order = await ownOrder(userId, orderId);
      if (order.status !== "awaiting_payment") return WEBINARS_PAGE;
      if (!deps.card) return `${WEBINARS_PAGE}?payment=unavailable`;
      if (order.paymentMethod !== "card") await deps.orders.setPaymentMethod(order, "card");
      const url = await checkoutUrlOrUnavailable(deps.card, { event: "order.checkout_failed", fields: { orderId: order.id } }, (card) =>
        orderCheckoutUrl({ ...card, orders: deps.orders }, { ...order, paymentMethod: "card" }),
      );
      return url ?? `${WEBINARS_PAGE}?payment=unavailable`;
    },

    /** Switches the user's own order awaiting payment to bank transfer. */
    async payOffline(userId: string, orderId: string): Promise<void> {
      const order = await ownOrder(userId, orderId);
      if (order.status === "awaiting_payment") await deps.orders.setPaymentMethod(order, "offline");
    },

    /** What the user may watch (owned, a bundle's, or free to them now), and their orders. */
    async myWebinars(buyer: Buyer & { userId: string }): Promise<{ webinars: WatchableWebinar[]; orders: Order[] }> {
      const [{ webinars: catalogue }, orders] = await Promise.all([deps.content.catalogue(), deps.orders.forUser(buyer.userId)]);
      const now = deps.now();
      const webinars: WatchableWebinar[] = [];
      for (const webinar of catalogue) {
        const entitlement = entitlementFor(webinar, buyer.viewer, buyer.owned, now);
        if (!entitlement) continue;
        const start = new Date(webinar.date);
        const end = start.getTime() + Math.max(webinar.durationMinutes, 0) * 60_000;
        webinars.push({ id: webinar.id, name: webinar.name, slug: webinar.slug, start, upcoming: end > now.getTime(), entitlement });
      }
      // Upcoming first, soonest first; then past ones, latest first.
      webinars.sort((a, b) => (a.upcoming && b.upcoming ? a.start.getTime() - b.start.getTime() : b.start.getTime() - a.start.getTime()));
      return { webinars, orders };
    },

    /** Back from Checkout: a paid session of the user's own order is fulfilled at once. */
    checkoutReturn(userId: string, query: CheckoutReturn): Promise<CheckoutNotice> {
      return checkoutReturnNotice(deps.card, query, { kinds: ["order"], userId }, async (session) =>
        (await fulfilOrder({ orders: deps.orders, followUps: deps.followUps, now: deps.now, afterPaid: deps.afterPaid }, session)) === "not-paid" ? "confirming" : "confirmed",
      );
    },
  };
}
