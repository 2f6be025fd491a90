/**
 * Checking out a cart (docs/decisions/0008): the browser sends only which webinars and bundles
 * it wants; every price is recomputed here from the CMS for this buyer, now.
 * - Items the buyer cannot buy (already owned, no longer on sale, unknown to the CMS, or
 *   covered by a bundle in the same cart) stop the checkout: the cart comes back without them
 *   and says why. Nothing is charged for them.
 * - If the total differs from the one the buyer was shown, nothing is ordered: the cart shows
 *   the new total first.
 * - Free items are granted at once (an order of 0, stored paid). Paid items make one order
 *   awaiting payment: by card through Stripe Checkout, or offline (staff record the payment).
 * - The form's idempotency key makes a double submit or a retry find the order it made, and
 *   only the buyer's own: a key that names another user's order (learnt from their form) is
 *   refused, never answered with that order.
 * - A discount code is priced again here (discount-codes.ts): refused now (expired meanwhile, used
 *   up…), nothing is ordered and the cart says why. Its use is reserved with the paid order, in
 *   the order's own batch and only within the code's caps; losing that race to another checkout
 *   also orders nothing.
 */
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { OrderStore } from "../../adapters/d1/orders";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import { CARD_HOLD_MINUTES, holdUntil, TRANSFER_HOLD_DAYS } from "../events/holds";
import type { PlaceChecks } from "../events/place-checks";
import { orderProForma } from "../pro-forma/pro-forma-content";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";
import type { NewOrder, Order, OrderLine } from "../../domain/orders";
import type { CartItemRef } from "../../shared/cart";
import { quoteCart, type Catalogue, type CartQuote, type CartQuoteLine } from "../../shared/pricing/cart-quote";
import { newReference } from "../membership/terms";
import type { Buyer } from "../../domain/buyer";
import type { BillingDetails } from "../../shared/billing-details";
import type { VatTreatment } from "../../shared/pricing/vat";
import type { OrderFollowUps } from "./follow-ups";
import { priceCode, type DiscountCodeDeps } from "./discount-codes";

export interface CheckoutDeps {
  orders: OrderStore;
  codes: DiscountCodeDeps;
  /** A bank-transfer order's pro-forma invoice, issued in the order's own batch. */
  proForma: Pick<ProFormaIssuer, "issue">;
  /** The cart's event bookings join the order in its batch, held while it is paid. */
  bookings: Pick<EventBookingStore, "attachToOrder">;
  /** Schedules the check of the bookings' waiting lists for when that hold runs out unpaid. */
  checks: Pick<PlaceChecks, "whenHoldEnds">;
  /** The buyer's e-mail for webinars granted free, written with the order. */
  followUps: Pick<OrderFollowUps, "granted" | "deliverSoon">;
  now: () => Date;
}

export interface CheckoutRequest {
  buyer: Buyer & { userId: string };
  email: string;
  items: readonly CartItemRef[];
  expectedTotalPence: number;
  paymentMethod: "card" | "offline";
  idempotencyKey: string;
  /** The discount code as typed; null or absent when none. */
  code?: string | null;
  /** The organisation to invoice, if the buyer gave one. */
  billing: BillingDetails | null;
}

export type CheckoutResult =
  /** A repeated submission: the order it made before. */
  | { kind: "existing"; order: Order }
  /** The form's key belongs to another user's order: the buyer must reload the cart. */
  | { kind: "key-used" }
  | { kind: "empty" }
  | { kind: "removed"; keep: CartItemRef[]; removed: CartItemRef[] }
  | { kind: "price-changed"; quote: CartQuote }
  /** The code cannot be used (now, or its last use went to another checkout): nothing was ordered. */
  | { kind: "code-refused"; message: string }
  /** `free` granted at once; `paid` awaits payment (card or offline). Either may be null. */
  | { kind: "ordered"; free: Order | null; paid: Order | null; quote: CartQuote };

const SELLABLE = new Set(["payable", "free"]);

/** The free part of a checkout is stored under its own key, derived from the form's. */
const freeKey = (idempotencyKey: string) => `${idempotencyKey}:free`;

/** The webinars a quoted line gives: the webinar, or the bundle's webinars the buyer gets with it. */
function webinarIdsOf(line: CartQuoteLine): string[] {
  if (line.item.kind === "booking") return [];
  if (line.priced?.kind === "bundle") return line.priced.offer.lines.filter((l) => SELLABLE.has(l.status)).map((l) => l.webinarId);
  return [line.item.id];
}

/** Stripe price ids for a payable line; empty unless every charged webinar has one. */
function stripePriceIdsOf(line: CartQuoteLine): string[] {
  const priced = line.priced;
  if (priced?.kind === "booking") return [];
  const offers = priced?.kind === "bundle" ? priced.offer.lines.filter((l) => l.status === "payable").map((l) => l.offer) : priced ? [priced.offer] : [];
  const ids = offers.map((offer) => (offer.price.kind === "paid" ? offer.price.stripePriceId : null));
  return ids.length > 0 && ids.every((id): id is string => id !== null) ? ids : [];
}

/** The VAT treatment of what a line sells; the standard rate for an id the catalogue no longer holds. */
function vatTreatmentOf(line: CartQuoteLine, catalogue: Catalogue): VatTreatment {
  if (line.item.kind === "booking") return catalogue.bookings?.find((entry) => entry.id === line.item.id)?.vatTreatment ?? "standard";
  const entries: readonly { id: string; vatTreatment: VatTreatment }[] = line.item.kind === "bundle" ? catalogue.bundles : catalogue.webinars;
  return entries.find((entry) => entry.id === line.item.id)?.vatTreatment ?? "standard";
}

const toOrderLine = (line: CartQuoteLine, catalogue: Catalogue): OrderLine => ({
  kind: line.item.kind,
  id: line.item.id,
  title: line.title ?? line.item.id,
  pence: line.pence,
  vatTreatment: vatTreatmentOf(line, catalogue),
  webinarIds: webinarIdsOf(line),
  stripePriceIds: line.status === "payable" ? stripePriceIdsOf(line) : [],
  couponId: line.priced?.kind === "bundle" ? line.priced.offer.couponId : null,
  ...(line.codeDiscountPence ? { discountPence: line.codeDiscountPence } : {}),
});

/** The order stored under `key`, if any: the buyer's own, or "key-used" when it is someone else's. */
async function ownOrder(deps: CheckoutDeps, key: string, userId: string): Promise<Order | "key-used" | null> {
  const order = await deps.orders.byIdempotencyKey(key);
  if (!order) return null;
  return order.userId === userId ? order : "key-used";
}

export async function checkout(deps: CheckoutDeps, catalogue: Catalogue, request: CheckoutRequest): Promise<CheckoutResult> {
  const { userId } = request.buyer;
  const previous = (await ownOrder(deps, request.idempotencyKey, userId)) ?? (await ownOrder(deps, freeKey(request.idempotencyKey), userId));
  if (previous === "key-used") return { kind: "key-used" };
  if (previous) return { kind: "existing", order: previous };
  if (request.items.length === 0) return { kind: "empty" };

  const { buyer } = request;
  const now = deps.now();
  const listed = quoteCart(request.items, catalogue, buyer.viewer, now, buyer.owned);
  let quote = listed;
  let codeTerms = null;
  if (request.code) {
    const priced = await priceCode(deps.codes, listed, request.code, userId, now);
    if (priced.outcome.kind === "refused") return { kind: "code-refused", message: priced.outcome.message };
    quote = priced.outcome.quote;
    codeTerms = priced.terms;
  }
  const removed = quote.lines.filter((line) => !SELLABLE.has(line.status)).map((line) => line.item);
  if (removed.length > 0) {
    const keep = quote.lines.filter((line) => SELLABLE.has(line.status)).map((line) => line.item);
    return { kind: "removed", keep, removed };
  }
  if (quote.totalPence !== request.expectedTotalPence) return { kind: "price-changed", quote };

  const base = { userId: buyer.userId, email: request.email, billing: request.billing };
  const freeLines = quote.lines.filter((line) => line.status === "free");
  const paidLines = quote.lines.filter((line) => line.status === "payable");
  const order = (lines: CartQuoteLine[], key: string, paymentMethod: NewOrder["paymentMethod"]): NewOrder => {
    const orderLines = lines.map((line) => toOrderLine(line, catalogue));
    const discountPence = orderLines.reduce((sum, line) => sum + (line.discountPence ?? 0), 0);
    return {
      ...base,
      id: crypto.randomUUID(),
      idempotencyKey: key,
      reference: newReference(),
      paymentMethod,
      totalPence: orderLines.reduce((sum, line) => sum + line.pence, 0),
      lines: orderLines,
      webinarIds: [...new Set(orderLines.flatMap((line) => line.webinarIds))],
      discount: quote.code && discountPence > 0 ? { codeId: quote.code.id, code: quote.code.code, totalPence: discountPence } : null,
    };
  };

  /** How long the order's event bookings are held: as long as its way of paying takes. */
  const holdOf = (o: NewOrder) => holdUntil(now, o.paymentMethod === "offline" ? TRANSFER_HOLD_DAYS * 24 * 60 : CARD_HOLD_MINUTES);
  /** The order's event bookings join it, held for that long. */
  const attach = (o: NewOrder) => {
    const ids = o.lines.filter((line) => line.kind === "booking").map((line) => line.id);
    if (ids.length === 0) return [];
    return deps.bookings.attachToOrder(o.id, o.userId, ids, holdOf(o));
  };
  /** Places left unpaid when the order's hold ends go to the waiting list then. */
  const checkWhenUnpaid = async (o: NewOrder) => {
    const ids = new Set(o.lines.filter((line) => line.kind === "booking").map((line) => line.id));
    const events = (catalogue.bookings ?? []).filter((booking) => ids.has(booking.id)).map((booking) => booking.eventId);
    if (events.length > 0) await deps.checks.whenHoldEnds(events, holdOf(o), now);
  };

  // Not created: the key was used meanwhile, by this buyer (a double submit) or by another.
  let free: Order | "key-used" | null = null;
  if (freeLines.length > 0) {
    const key = freeKey(request.idempotencyKey);
    const granted = order(freeLines, key, "free");
    const email = await deps.followUps.granted(granted);
    // Attached first: the bookings' confirmations are written only for places the order holds.
    if (await deps.orders.create(granted, [...attach(granted), ...email.statements])) deps.followUps.deliverSoon(email.ids);
    free = await ownOrder(deps, key, userId);
  }
  let paid: Order | "key-used" | null = null;
  if (paidLines.length > 0) {
    const awaiting = order(paidLines, request.idempotencyKey, request.paymentMethod);
    // A code can take the lines to nothing: the order is then stored paid at once, like a free
    // one, and gets the same "granted" e-mail instead of a pro-forma invoice for nothing.
    const settled = awaiting.totalPence === 0;
    // Paying by bank transfer: the numbered pro-forma invoice and its e-mail come with the order (only if the order is stored).
    const follow = settled
      ? await deps.followUps.granted(awaiting)
      : awaiting.paymentMethod === "offline"
        ? deps.proForma.issue(await orderProForma(awaiting, "buyer", deps.now()), when.orderStored(awaiting.id))
        : { statements: [], ids: [] };
    const caps = codeTerms ? { maxRedemptions: codeTerms.maxRedemptions, maxPerUser: codeTerms.maxPerUser } : undefined;
    const created = await deps.orders.create(awaiting, [...attach(awaiting), ...follow.statements], caps);
    if (created) {
      deps.followUps.deliverSoon(follow.ids);
      if (!settled) await checkWhenUnpaid(awaiting);
    }
    paid = await ownOrder(deps, request.idempotencyKey, userId);
    // Not created and no order under the key: the code's last use went to another checkout.
    if (!created && paid === null && codeTerms) {
      const message = (await priceCode(deps.codes, listed, request.code ?? "", userId, deps.now())).outcome;
      return { kind: "code-refused", message: message.kind === "refused" ? message.message : "This discount code has just been used up. Check your cart again." };
    }
  }
  if (free === "key-used" || paid === "key-used") return { kind: "key-used" };
  return { kind: "ordered", free, paid, quote };
}
