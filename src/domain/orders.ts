import type { BillingDetails } from "../shared/billing-details";
import type { VatTreatment } from "../shared/pricing/vat";

/**
 * Webinar orders (migrations/0006_orders.sql), their payments, and what a user may watch.
 * Types only; the rules are in services/orders and services/payments.
 */
export type OrderStatus = "awaiting_payment" | "paid" | "cancelled";

export type OrderPaymentMethod = "card" | "offline" | "free";

/** One priced line as it stood at checkout. */
export interface OrderLine {
  /** A booking is places held at an event (event_bookings; its id is the booking's). */
  kind: "webinar" | "bundle" | "booking";
  /** The CMS id of the webinar or bundle; the booking's id. */
  id: string;
  title: string;
  /** What this line costs the buyer, after any bundle discount (gross: VAT included where it applies). */
  pence: number;
  /** The webinar's or bundle's VAT treatment at checkout (a bundle's own, not its webinars'). */
  vatTreatment: VatTreatment;
  /** The webinars the line entitles the buyer to (one, or a bundle's). */
  webinarIds: string[];
  /**
   * Stripe's price ids for what is charged (the member price's for members): the webinar's, or
   * each payable webinar's in a bundle; empty when any is missing (the amount is sent instead).
   */
  stripePriceIds: string[];
  /** A bundle's Stripe coupon for its discount. */
  couponId: string | null;
  /** What a discount code took off this line (already out of `pence`); absent or 0 when none did. */
  discountPence?: number;
}

/** The discount code an order was priced with, as it stood at checkout. */
export interface OrderDiscount {
  /** The CMS's id of the code. */
  codeId: string;
  /** In capitals. */
  code: string;
  /** What it took off the order in all (the sum of its lines' `discountPence`). */
  totalPence: number;
}

export interface Order {
  id: string;
  idempotencyKey: string;
  reference: string;
  userId: string;
  email: string;
  paymentMethod: OrderPaymentMethod;
  totalPence: number;
  status: OrderStatus;
  lines: OrderLine[];
  webinarIds: string[];
  /** The discount code it was priced with; null (or absent, on orders made before codes) when none. */
  discount?: OrderDiscount | null;
  /** The organisation the buyer asked to be invoiced; null: the documents name the buyer. */
  billing: BillingDetails | null;
  checkoutSessionId: string | null;
  cancelledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewOrder = Pick<Order, "id" | "idempotencyKey" | "reference" | "userId" | "email" | "paymentMethod" | "totalPence" | "lines" | "webinarIds" | "discount" | "billing">;

export interface OrderPayment {
  /** Stripe's payment id for card payments; a fresh id for staff-recorded ones. */
  id: string;
  method: "card" | "offline";
  amountPence: number;
  /** YYYY-MM-DD */
  receivedOn: string;
  reference: string;
  recordedBy: string;
}

export interface OrderAudit {
  staffEmail: string;
  action: string;
  details: Record<string, unknown>;
}

export type Entitlement = "owned" | "free" | null;

export type WebinarAccess =
  | { kind: "not-entitled" }
  | { kind: "live-soon"; opensAt: Date }
  /** From an hour before the start to the end; attendance counts from `startsAt` only. */
  | { kind: "live"; zoomUrl: string; startsAt: Date }
  | { kind: "live-link-pending" }
  | { kind: "recording"; embedUrl: string | null; watchUrl: string | null; playlistUrl: string | null }
  | { kind: "recording-pending" };

export interface WatchableWebinar {
  id: string;
  name: string;
  slug: string;
  start: Date;
  upcoming: boolean;
  /** Why the user may watch it. */
  entitlement: "owned" | "free";
}
