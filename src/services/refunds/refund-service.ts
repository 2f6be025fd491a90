/**
 * Refunds (docs/decisions/0021-refunds-credit-notes-and-disputes.md): staff pay back all or part
 * of a payment with a reason; a card payment through Stripe's refund API, an offline one recorded
 * as paid back. Every refund gets a credit note (its own gap-free series), an audit entry when
 * staff made it, the payer's e-mail, and, if staff choose, takes back what was bought.
 *
 * A card refund is recorded under Stripe's refund id, so the one staff make here and the
 * charge.refunded webhook that reports it (or a refund made in Stripe's dashboard, which only the
 * webhook reports) are one refund with one credit note, whichever arrives first.
 */
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { OrderStore } from "../../adapters/d1/orders";
import type { RefundStore } from "../../adapters/d1/refunds";
import type { WebinarJoinStore } from "../../adapters/d1/webinar-joins";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { BillingDetails } from "../../shared/billing-details";
import type { NewAuditEntry } from "../../domain/audit";
import type { LayoutData } from "../../domain/content";
import type { Order } from "../../domain/orders";
import type { ReceiptIssuer } from "../../domain/receipts";
import type { CreditNote, Dispute, MembershipRevocation, NewRefund, OrderRevocation, Refund, RefundablePayment } from "../../domain/refunds";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { ContentService } from "../content/content-service";
import type { PreparedEmail } from "../email/outbox";
import { receiptIssuer } from "../receipts/receipt-content";
import { receiptYear } from "../receipts/receipt-number";
import { CANCELLATION_REFUSALS, cancellationRefusal, type CancellationRefusal } from "./cancellation";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { CreditNoteLine } from "../../domain/refunds";
import { creditNoteLines, creditNoteVat } from "./credit-note-lines";
import { parseCreditNoteNumber } from "./credit-note-number";
import { checkRefundAmount, checkRefundReason } from "./refund-rules";
import { intentOfPayment, paymentOfIntent } from "./stripe-payment";

export interface RefundServiceDeps {
  refunds: RefundStore;
  /** Null when card payments are not configured: card refunds are then refused. */
  billing: Pick<
    BillingApi,
    "refundPayment" | "retrieveCharge" | "paymentIntentOfInvoice" | "invoiceOfPaymentIntent" | "cancelSubscription" | "cancelSubscriptionAtPeriodEnd" | "retrieveSubscription"
  > | null;
  /** The member's record: its card subscription, ended with a refund when staff choose. */
  memberships: Pick<MembershipStore, "forUser">;
  /** The payer's e-mail about the refund, for the refund's batch. */
  email: (refund: NewRefund, payment: RefundablePayment) => PreparedEmail;
  deliverSoon: (ids: readonly string[]) => void;
  /** The buyer's own orders (the 14-day cancellation). */
  orders: Pick<OrderStore, "byId" | "payments">;
  /** Whether the buyer was handed a webinar's join link (the 14-day cancellation closes then). */
  joins: Pick<WebinarJoinStore, "anyJoined">;
  /**
   * After a refund has taken back an order's event places: offers them to the waiting lists at
   * once (services/events/waitlist-offers.ts); it logs, never throws, since the refund stands.
   */
  placesFreed: (orderId: string) => Promise<void>;
  /** The events booked in an order: their starts and the last moment each may be cancelled (services/events). */
  bookedEvents: (orderId: string) => Promise<{ startsAt: string; cancelUntil: string }[]>;
  /** The society printed at a credit note's head, as on receipts; the webinars' dates. */
  content: Pick<ContentService, "layout" | "catalogue">;
  /** The refunded receipt, whose lines a credit note's VAT is shared across. */
  receipts: Pick<ReceiptStore, "byNumber">;
  siteName: string;
  now: () => Date;
  log: Logger;
}

/** One credit note to print, with the society that issued it and the page's layout. */
export interface PrintableCreditNote {
  layout: LayoutData;
  note: CreditNote;
  issuer: ReceiptIssuer;
  /** Net, VAT and gross per line of the refunded receipt (the ledger's split); null when unknown. */
  lines: CreditNoteLine[] | null;
  /** The organisation the credited receipt was made out to: the credit note goes to it too. */
  billing: BillingDetails | null;
}

export interface StaffRefund {
  amountPence: number;
  reason: string;
  revoke: OrderRevocation;
  /** From the refund form: the same form sent again refunds nothing more. */
  idempotencyKey: string;
}

/** A staff refund of a membership payment: what happens to the membership instead of the webinars. */
export interface StaffMembershipRefund extends Omit<StaffRefund, "revoke"> {
  membership: MembershipRevocation;
}

/** What a refund takes back, as statements for its batch. */
type TakeBack = readonly D1PreparedStatement[];

/** Recorded when a refund is first heard of from Stripe (made in its dashboard). */
export const DASHBOARD_REASON = "Refunded in Stripe's dashboard";

/** Recorded when event places were paid for after their hold ran out and someone else took them. */
export const LOST_PLACES_REASON = "Event places paid for after the hold ran out had gone to someone else: refunded automatically";
/** Recorded when a card payment arrives for places already cancelled (the event, or the unpaid order, was cancelled first). */
export const CANCELLED_PLACES_REASON = "Event places paid for after they were cancelled (the event or the order was cancelled before the payment arrived): refunded automatically";

/** Recorded when staff cancel a whole event (services/events/event-cancellation.ts). */
export const EVENT_CANCELLED_REASON = "The event was cancelled by the society: its places refunded in full";

/** Recorded when the buyer cancels their places at an event staff postponed or moved to new dates (services/events/postponed-cancellation.ts). */
export const EVENT_POSTPONED_REASON = "The event was postponed or moved to new dates, and the buyer cancelled: its places refunded in full";

/** How each kind of whole-event refund is keyed at Stripe, audited and explained on its credit note. */
const EVENT_REFUNDS = {
  cancelled: { reason: EVENT_CANCELLED_REASON, key: "event-cancelled", action: "order.event_cancelled_refunded", failed: "Stripe did not make a refund of the cancelled event's bookings; the rest goes on in the background" },
  postponed: { reason: EVENT_POSTPONED_REASON, key: "event-postponed", action: "order.event_postponed_refunded", failed: "We could not refund the booking just now; nothing was changed. Try again in a few minutes" },
} as const;

/** Recorded for the buyer's own cancellation within 14 days. */
export const CANCELLATION_REASON = "Cancelled by the buyer within 14 days of buying";

export type RefundService = ReturnType<typeof createRefundService>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,64}$/;

export function createRefundService(deps: RefundServiceDeps) {
  /**
   * Stores the refund, its credit note, audit entry, e-mail and what it takes back, in one batch.
   * The note carries its VAT split, shared across the refunded receipt's lines when it has one.
   */
  async function store(refund: NewRefund, payment: RefundablePayment, audit: NewAuditEntry | null, takeBack: TakeBack) {
    const email = deps.email(refund, payment);
    const receipt = payment.receiptNumber ? await deps.receipts.byNumber(payment.receiptNumber) : null;
    const outcome = await deps.refunds.record(
      refund,
      {
        year: receiptYear(deps.now()),
        refundId: refund.id,
        source: payment.source,
        paymentId: payment.id,
        receiptNumber: payment.receiptNumber,
        applicationId: payment.applicationId,
        orderId: payment.orderId,
        userId: payment.userId,
        payer: payment.payer,
        description: payment.description,
        reason: refund.reason,
        totalPence: refund.amountPence,
        method: refund.method,
        refundedOn: refund.refundedOn,
        vat: receipt ? creditNoteVat(receipt.items, refund.amountPence) : null,
      },
      { audit, then: [...takeBack, ...email.statements] },
    );
    if (outcome === "recorded") {
      deps.deliverSoon(email.ids);
      // A cancelled event's places go to nobody: its waiting list is closed.
      if (payment.orderId && takeBack.length > 0 && refund.reason !== EVENT_CANCELLED_REASON) await deps.placesFreed(payment.orderId);
    }
    return outcome;
  }

  /** The webinars go, and with them (first, in the same batch) the CPD certificates resting on them. */
  const orderTakeBack = (payment: RefundablePayment, revoke: OrderRevocation, by: string, reason: string): TakeBack =>
    revoke === "revoke-webinars" && payment.orderId ? deps.refunds.revokeOrderWebinars(payment.orderId, { by, reason: `Order refunded, its webinars taken back: ${reason}` }) : [];

  const membershipTakeBack = (payment: RefundablePayment, choice: MembershipRevocation): TakeBack =>
    choice === "keep" ? [] : [deps.refunds.endMembership(payment.userId, choice === "end-now" ? "now" : "at-period-end", londonDate(deps.now()))];

  /**
   * Staff's refund of one payment. Card: Stripe refunds it first (keyed by the form, so a
   * resubmitted form makes no second refund), then the refund is recorded under Stripe's id.
   * Offline: recorded as paid back. A BAD_REQUEST names any problem with the amount or reason.
   */
  async function refundByStaff(
    staffEmail: string,
    payment: RefundablePayment,
    input: Omit<StaffRefund, "revoke">,
    audit: (refundId: string, amountPence: number, reason: string) => NewAuditEntry,
    takeBack: TakeBack,
    reread: () => Promise<RefundablePayment>,
  ): Promise<"recorded" | "already-recorded"> {
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw new AppError("BAD_REQUEST", "The refund form has expired: open the payment again and resubmit");
    const reason = checkRefundReason(input.reason);
    const id = payment.method === "card" ? null : `refund-${input.idempotencyKey}`;
    // A resubmitted offline form: already recorded, nothing more to check or do.
    if (id && (await deps.refunds.forPayment(payment.source, payment.id)).some((r) => r.id === id)) return "already-recorded";
    const amountPence = checkRefundAmount(payment, input.amountPence);
    let refundId = id;
    if (!refundId) {
      const billing = deps.billing;
      if (!billing) throw new AppError("PAYMENT_UNAVAILABLE", "Card payments are not configured on this site, so a card refund cannot be made");
      let intent: string | null;
      try {
        intent = await intentOfPayment({ billing }, payment);
      } catch (error) {
        throw new AppError("PAYMENT_UNAVAILABLE", "Stripe could not be asked about the payment; nothing was refunded. Try again in a minute", { cause: error });
      }
      if (!intent) throw new AppError("BAD_REQUEST", "Stripe names no card payment for this record, so it cannot be refunded from here: refund it in Stripe's dashboard and the refund is recorded here from Stripe's report");
      try {
        refundId = (await billing.refundPayment(intent, amountPence, { idempotencyKey: `refund:${input.idempotencyKey}`, reason })).id;
      } catch (error) {
        throw new AppError("PAYMENT_UNAVAILABLE", "Stripe did not make the refund; nothing was refunded. Try again in a minute", { cause: error });
      }
    }
    const refund = newRefund(refundId, payment, amountPence, reason, staffEmail);
    const outcome = await store(refund, payment, audit(refundId, amountPence, reason), takeBack);
    if (outcome === "exceeds-payment") {
      // Someone else refunded meanwhile: the check again, now with their refund counted.
      checkRefundAmount(await reread(), amountPence);
      throw new AppError("CONFLICT", "Another refund of this payment was recorded at the same time; open the payment again");
    }
    if (outcome === "already-recorded" && payment.method === "card") {
      // charge.refunded arrived first and recorded it with Stripe's details: staff's action is still logged.
      deps.log.info("refund.already_recorded", { refundId, paymentId: payment.id });
    }
    return outcome;
  }

  async function membershipPayment(paymentId: string): Promise<RefundablePayment> {
    const payment = await deps.refunds.membershipPayment(paymentId);
    if (!payment) throw new AppError("NOT_FOUND", "No membership payment with this id");
    return payment;
  }

  /** A card subscription follows staff's choice: cancelled now, or at its period end. */
  async function endSubscription(payment: RefundablePayment, choice: MembershipRevocation): Promise<void> {
    if (choice === "keep" || !deps.billing) return;
    const record = await deps.memberships.forUser(payment.userId);
    const subscriptionId = record?.paymentMethod === "card" ? record.stripeSubscriptionId : null;
    if (!subscriptionId) return;
    try {
      // Re-read: a form sent again must not ask Stripe to cancel an ended subscription (Stripe refuses that).
      const subscription = await deps.billing.retrieveSubscription(subscriptionId);
      if (!subscription || subscription.status === "canceled" || subscription.status === "incomplete_expired") return;
      if (choice === "end-now") await deps.billing.cancelSubscription(subscriptionId);
      else await deps.billing.cancelSubscriptionAtPeriodEnd(subscriptionId);
    } catch (error) {
      deps.log.error("refund.subscription_not_cancelled", { subscriptionId, choice, message: error instanceof Error ? error.message : String(error) });
      throw new AppError(
        "PAYMENT_UNAVAILABLE",
        "The refund is recorded, but Stripe did not cancel the card subscription: cancel it in Stripe's dashboard, or send this form again in a minute",
        { cause: error },
      );
    }
  }

  const newRefund = (id: string, payment: RefundablePayment, amountPence: number, reason: string, recordedBy: string): NewRefund => ({
    id,
    source: payment.source,
    paymentId: payment.id,
    applicationId: payment.applicationId,
    orderId: payment.orderId,
    userId: payment.userId,
    method: payment.method,
    amountPence,
    reason,
    refundedOn: londonDate(deps.now()),
    recordedBy,
  });

  async function orderPayment(orderId: string, paymentId: string): Promise<RefundablePayment> {
    const payment = await deps.refunds.orderPayment(paymentId);
    if (!payment || payment.orderId !== orderId) throw new AppError("NOT_FOUND", "This order has no payment with this id");
    return payment;
  }

  /** Why the user's order cannot be cancelled now (null: it can), with its payment. */
  async function cancellationOf(order: Order): Promise<{ refusal: CancellationRefusal | null; payment: RefundablePayment | null }> {
    const [paid] = order.status === "paid" && order.paymentMethod === "card" ? await deps.orders.payments(order.id) : [];
    const payment = paid ? await deps.refunds.orderPayment(paid.id) : null;
    const [disputes, joined] = payment ? await Promise.all([deps.refunds.disputesForOrder(order.id), deps.joins.anyJoined(order.userId, order.webinarIds)]) : [[], false];
    const [{ webinars }, events] = await Promise.all([deps.content.catalogue(), order.lines.some((line) => line.kind === "booking") ? deps.bookedEvents(order.id) : []]);
    const starts = new Map(webinars.map((w) => [w.id, w.date]));
    const refusal = cancellationRefusal(
      {
        order,
        paidAt: paid?.createdAt ? `${paid.createdAt}` : null,
        refundedPence: payment?.refundedPence ?? 0,
        disputed: disputes.length > 0,
        joined,
        startsAt: [...order.webinarIds.map((id) => starts.get(id) ?? null), ...events.map((e) => e.startsAt)],
        eventCutOffs: events.map((e) => e.cancelUntil),
      },
      deps.now(),
    );
    return { refusal, payment };
  }

  async function ownOrder(userId: string, orderId: string): Promise<Order> {
    const order = await deps.orders.byId(orderId);
    // Someone else's order is NOT_FOUND, exactly as one that does not exist.
    if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", "No order with this id");
    return order;
  }

  /** An event's places in a card-paid order, refunded in full through Stripe with `alongside` in the refund's batch; null when nothing is left to refund by card. */
  async function refundEventPlaces(
    why: keyof typeof EVENT_REFUNDS,
    by: string,
    eventId: string,
    orderId: string,
    amountPence: number,
    alongside: (made: { refundId: string; amountPence: number }) => readonly D1PreparedStatement[],
  ): Promise<{ refundId: string; amountPence: number; outcome: "recorded" | "already-recorded" | "exceeds-payment" } | null> {
    const kind = EVENT_REFUNDS[why];
    const [paid] = await deps.orders.payments(orderId);
    const payment = paid?.method === "card" ? await deps.refunds.orderPayment(paid.id) : null;
    const amount = payment ? Math.min(amountPence, payment.amountPence - payment.refundedPence) : 0;
    if (!payment || amount <= 0) return null;
    if (!deps.billing) throw new AppError("PAYMENT_UNAVAILABLE", "Card payments are not configured on this site, so the event's card bookings cannot be refunded");
    let refundId: string;
    try {
      refundId = (await deps.billing.refundPayment(payment.id, amount, { idempotencyKey: `${kind.key}:${eventId}:${orderId}`, reason: kind.reason })).id;
    } catch (error) {
      throw new AppError("PAYMENT_UNAVAILABLE", kind.failed, { cause: error });
    }
    const audit: NewAuditEntry = { staffEmail: by, action: kind.action, orderId, details: { refundId, eventId, amountPence: amount } };
    const outcome = await store(newRefund(refundId, payment, amount, kind.reason, by), payment, audit, alongside({ refundId, amountPence: amount }));
    // Stripe's own report (charge.refunded) may have recorded the refund first: the caller then writes `alongside` itself.
    if (outcome === "exceeds-payment") deps.log.error(`events.${why}_refund_exceeds_payment`, { eventId, orderId, refundId, amountPence: amount });
    return { refundId, amountPence: amount, outcome };
  }

  return {
    /** The user's own order and whether (and if not, why not) it can be cancelled for a full refund now. */
    async cancellation(userId: string, orderId: string): Promise<{ order: Order; refusal: string | null }> {
      const order = await ownOrder(userId, orderId);
      const { refusal } = await cancellationOf(order);
      return { order, refusal: refusal ? CANCELLATION_REFUSALS[refusal] : null };
    },

    /**
     * Which of these (the user's) orders can be cancelled now (paid by card, so only those are
     * looked at), and why those the buyer has joined a webinar of cannot: within the 14 days that
     * is the one refusal a buyer may not expect.
     */
    async cancellations(orders: readonly Order[]): Promise<{ cancellable: Set<string>; explained: Map<string, string> }> {
      const candidates = orders.filter((o) => o.status === "paid" && o.paymentMethod === "card");
      const checked = await Promise.all(candidates.map(async (o) => [o.id, (await cancellationOf(o)).refusal] as const));
      return {
        cancellable: new Set(checked.filter(([, refusal]) => refusal === null).map(([id]) => id)),
        explained: new Map(checked.filter(([, refusal]) => refusal === "joined").map(([id]) => [id, CANCELLATION_REFUSALS.joined])),
      };
    },

    /**
     * The buyer cancels their own unused order within 14 days: Stripe refunds the whole payment
     * (keyed by the order, so a second click refunds nothing more), the webinars go back, and the
     * refund gets its credit note, audit entry and e-mail. A BAD_REQUEST says why it cannot.
     */
    async cancelOwnOrder(userId: string, orderId: string): Promise<void> {
      const order = await ownOrder(userId, orderId);
      const { refusal, payment } = await cancellationOf(order);
      if (refusal || !payment) throw new AppError("BAD_REQUEST", CANCELLATION_REFUSALS[refusal ?? "not-paid"]);
      if (!deps.billing) throw new AppError("PAYMENT_UNAVAILABLE", "Card payments are not available just now, so the order cannot be cancelled; try again later");
      let refundId: string;
      try {
        refundId = (await deps.billing.refundPayment(payment.id, payment.amountPence, { idempotencyKey: `cancel:${order.id}`, reason: CANCELLATION_REASON })).id;
      } catch (error) {
        throw new AppError("PAYMENT_UNAVAILABLE", "We could not refund the order just now; nothing was changed. Try again in a few minutes", { cause: error });
      }
      // Recorded as the buyer's own act (their user id), not a staff member's.
      const by = `buyer:${userId}`;
      const refund = newRefund(refundId, payment, payment.amountPence, CANCELLATION_REASON, by);
      const audit: NewAuditEntry = { staffEmail: by, action: "order.cancelled_by_buyer", orderId: order.id, details: { refundId, amountPence: payment.amountPence } };
      await store(refund, payment, audit, orderTakeBack(payment, "revoke-webinars", by, CANCELLATION_REASON));
    },

    /**
     * Places paid for after their hold ran out and went to someone else (services/events): their
     * amount is refunded by card at once, keyed by the order (a replayed payment refunds nothing
     * more), with a credit note, the buyer's e-mail and an audit entry staff see on the order.
     * Returns the amount refunded (0 when nothing could be: logged for staff).
     */
    async refundLostPlaces(orderId: string, amountPence: number, why: "lost" | "cancelled" = "lost"): Promise<number> {
      const reason = why === "lost" ? LOST_PLACES_REASON : CANCELLED_PLACES_REASON;
      const [paid] = await deps.orders.payments(orderId);
      const payment = paid?.method === "card" ? await deps.refunds.orderPayment(paid.id) : null;
      const amount = payment ? Math.min(amountPence, payment.amountPence - payment.refundedPence) : 0;
      if (!payment || !deps.billing || amount <= 0) {
        deps.log.warn("events.lost_places_not_refunded", { orderId, amountPence });
        return 0;
      }
      const refundId = (await deps.billing.refundPayment(payment.id, amount, { idempotencyKey: `lost-places:${orderId}`, reason })).id;
      const by = "system:events";
      const audit: NewAuditEntry = { staffEmail: by, action: "order.lost_places_refunded", orderId, details: { refundId, amountPence: amount, why } };
      await store(newRefund(refundId, payment, amount, reason, by), payment, audit, []);
      return amount;
    },

    /**
     * A cancelled event's places in a card-paid order, refunded in full through Stripe (keyed by
     * event and order, so a rerun or retry refunds nothing more) with the credit note, the
     * buyer's refund e-mail and an audit entry on the order; `alongside` (the cancellation's own
     * record of the order and its e-mail, given the refund made) is written in the same batch. Null when the order has
     * no card payment left to refund: nothing is written then.
     */
    refundCancelledEvent: (by: string, eventId: string, orderId: string, amountPence: number, alongside: (made: { refundId: string; amountPence: number }) => readonly D1PreparedStatement[]) =>
      refundEventPlaces("cancelled", by, eventId, orderId, amountPence, alongside),

    /**
     * The buyer's places at an event staff postponed (or moved to new dates), refunded in full
     * through Stripe outside the event's cancellation policy, exactly as a cancelled event's are
     * (keyed by event and order; `alongside` cancels the places in the refund's batch). Null when
     * the order has no card payment left to refund.
     */
    refundPostponedEvent: (by: string, eventId: string, orderId: string, amountPence: number, alongside: (made: { refundId: string; amountPence: number }) => readonly D1PreparedStatement[]) =>
      refundEventPlaces("postponed", by, eventId, orderId, amountPence, alongside),

    /** A payment of an order, with what has been refunded of it so far. */
    orderPayment,

    /** The refunds of an order, oldest first, each with its credit note's number. */
    forOrder: (orderId: string): Promise<Refund[]> => deps.refunds.forOrder(orderId),

    /**
     * Staff refund part or all of an order's payment. Card: Stripe refunds it first (keyed by the
     * form, so a resubmitted form makes no second refund), then the refund is recorded under
     * Stripe's id. Offline: recorded as paid back. A BAD_REQUEST names any problem with the
     * amount or the reason; nothing is refunded then.
     */
    async refundOrderPayment(staffEmail: string, orderId: string, paymentId: string, input: StaffRefund): Promise<"recorded" | "already-recorded"> {
      if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw new AppError("BAD_REQUEST", "The refund form has expired: open the order again and resubmit");
      const payment = await orderPayment(orderId, paymentId);
      return refundByStaff(
        staffEmail,
        payment,
        input,
        (refundId, amountPence, reason) => ({
          staffEmail,
          action: "order.refunded",
          orderId,
          details: { refundId, paymentId: payment.id, method: payment.method, amountPence, reason, revoke: input.revoke },
        }),
        orderTakeBack(payment, input.revoke, staffEmail, input.reason.trim()),
        () => orderPayment(orderId, paymentId),
      );
    },

    /** A membership payment (a join or renewal), with what has been refunded of it so far. */
    membershipPayment,

    /** The refunds of a membership payment, oldest first, each with its credit note's number. */
    forMembershipPayment: (paymentId: string): Promise<Refund[]> => deps.refunds.forPayment("membership", paymentId),

    /**
     * Staff refund part or all of a membership payment (a join or a renewal), as for an order, and
     * choose what happens to the membership: kept, left to run to the period end without renewing,
     * or ended now; a card subscription is cancelled in Stripe to match once the refund is recorded.
     */
    async refundMembershipPayment(staffEmail: string, paymentId: string, input: StaffMembershipRefund): Promise<"recorded" | "already-recorded"> {
      const payment = await membershipPayment(paymentId);
      const outcome = await refundByStaff(
        staffEmail,
        payment,
        input,
        (refundId, amountPence, reason) => ({
          staffEmail,
          action: "membership.refunded",
          applicationId: payment.applicationId,
          details: { refundId, paymentId: payment.id, userId: payment.userId, method: payment.method, amountPence, reason, membership: input.membership },
        }),
        membershipTakeBack(payment, input.membership),
        () => membershipPayment(paymentId),
      );
      await endSubscription(payment, input.membership);
      return outcome;
    },

    /**
     * charge.refunded: the charge re-read from Stripe, every succeeded refund of it recorded
     * (those made here already are; one made in Stripe's dashboard is recorded now, with its own
     * credit note). A refund made in the dashboard that leaves nothing of an order's payment takes
     * back what the order bought in its own batch, as staff's full refund here would: the
     * webinars and their certificates, the event places and the CPD their attendance earned. A
     * refund made here is taken back (or not) by whoever made it. A charge for a payment not
     * recorded yet is an error, so Stripe retries the event once the payment's own event has been handled.
     */
    async recordChargeRefunds(chargeId: string): Promise<number> {
      if (!deps.billing) return 0;
      const charge = await deps.billing.retrieveCharge(chargeId);
      if (!charge?.paymentIntentId) return 0;
      const payment = await paymentOfIntent({ refunds: deps.refunds, billing: deps.billing }, charge.paymentIntentId);
      if (!payment) throw new Error(`Charge ${chargeId} is for a payment (${charge.paymentIntentId}) not recorded yet`);
      let recorded = 0;
      const refunds = charge.refunds.filter((r) => r.status === "succeeded" || r.status === "pending");
      const refundedInFull = refunds.reduce((sum, r) => sum + r.amountPence, 0) >= payment.amountPence;
      for (const made of refunds) {
        const takeBack = refundedInFull && !made.madeHere ? orderTakeBack(payment, "revoke-webinars", "stripe", DASHBOARD_REASON) : [];
        const outcome = await store(newRefund(made.id, payment, made.amountPence, DASHBOARD_REASON, "stripe"), payment, null, takeBack);
        if (outcome === "recorded") recorded++;
        if (outcome === "exceeds-payment") deps.log.error("refund.exceeds_payment", { chargeId, refundId: made.id, paymentId: payment.id });
      }
      return recorded;
    },

    /** The disputes of an order's payments, oldest first. */
    disputesForOrder: (orderId: string): Promise<Dispute[]> => deps.refunds.disputesForOrder(orderId),

    /** The disputes of a member's membership payments, oldest first. */
    membershipDisputesOf: (userId: string): Promise<Dispute[]> => deps.refunds.membershipDisputesOf(userId),

    /** The credit notes of refunds of the user's own payments, newest first. */
    mine: (userId: string): Promise<CreditNote[]> => deps.refunds.creditNotesForUser(userId),

    /** A credit note to print: staff see any; a user only their own (anyone else's is NOT_FOUND). */
    async creditNote(number: string, allowed: (note: CreditNote) => boolean = () => true): Promise<PrintableCreditNote> {
      const note = parseCreditNoteNumber(number) ? await deps.refunds.creditNote(number) : null;
      if (!note || !allowed(note)) throw new AppError("NOT_FOUND", "No credit note with this number");
      // Stored at issue; a note issued before that is worked out from its receipt by the same rule.
      // The credited receipt, never changed since issue, also says whom the money was invoiced to.
      const [layout, receipt] = await Promise.all([deps.content.layout(), note.receiptNumber ? deps.receipts.byNumber(note.receiptNumber) : null]);
      const lines = note.vat ? note.vat.lines : receipt ? creditNoteLines(receipt.items, note.totalPence) : null;
      return { layout, note, issuer: receiptIssuer(layout.footer, deps.siteName), lines, billing: receipt?.billing ?? null };
    },
  };
}
