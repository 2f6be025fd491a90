/**
 * A Direct Debit member's yearly renewal while the bank collects it (docs/decisions/0080).
 * Stripe moves the subscription to its new period as it raises the renewal invoice; a Bacs or
 * SEPA collection is paid days later. Until then the membership keeps the period already paid
 * for (it is still a member: the renewal window, then the grace days, cover any collection) and
 * reads "collection pending since …", so no screen calls it unpaid and no period is granted on a
 * mandate. The money's arrival (invoice.paid) moves the period; a refusal makes the subscription
 * past due, which takes the existing failed-payment path.
 */
import type { Subscription } from "../../domain/billing";
import { periodIsPaid } from "./subscription-status";

/** Invoice states that have not been paid yet but may still be. */
const UNPAID = new Set(["draft", "open"]);

/** The renewal the bank has yet to pay on this subscription, or null when none is under way. */
export function renewalDebitUnderWay(subscription: Subscription): { invoiceId: string; since: string } | null {
  const invoice = subscription.latestInvoice;
  if (!subscription.directDebit || !invoice || !periodIsPaid(subscription.status)) return null;
  // Only a yearly renewal holds the period: a first invoice is the join's (decision 0064), a proration is not a period.
  if (invoice.billingReason !== "subscription_cycle" || !UNPAID.has(invoice.status ?? "")) return null;
  return { invoiceId: invoice.id, since: new Date(invoice.created * 1000).toISOString() };
}
