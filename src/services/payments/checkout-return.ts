/**
 * Coming back from Stripe Checkout, to the pages its success and cancel URLs name
 * (/user/membership for joining and renewals, /user/webinars): `?checkout=complete&session_id=…` reads the session from
 * Stripe and, when it is the signed-in user's and of the page's kind, applies it at once (the
 * same idempotent step as the webhook, which may still be on its way); `?checkout=cancelled`
 * and `?payment=unavailable` only say so. A session id that is not the user's, or Stripe not
 * answering, leaves the page saying the payment is being confirmed: never an error.
 */
import type { CheckoutNotice, CheckoutPurpose, CheckoutSession } from "../../domain/billing";
import type { CardPayments } from "./card-payments";

/** What the page's query says about a return from Checkout. */
export interface CheckoutReturn {
  checkout?: string | undefined;
  sessionId?: string | undefined;
  payment?: string | undefined;
}

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

export async function checkoutReturnNotice(
  card: CardPayments | null,
  query: CheckoutReturn,
  /** The kinds of session the page shows (the first names its log event), and whose. */
  expected: { kinds: readonly [CheckoutPurpose["kind"], ...CheckoutPurpose["kind"][]]; userId: string },
  /** Applies a paid session of this kind and says what to tell the payer. */
  apply: (session: CheckoutSession) => Promise<CheckoutNotice>,
): Promise<CheckoutNotice> {
  if (query.checkout === "cancelled") return "cancelled";
  if (query.checkout !== "complete") return query.payment === "unavailable" ? "unavailable" : null;
  if (!card || !query.sessionId || !SESSION_ID.test(query.sessionId)) return "confirming";
  try {
    const session = await card.billing.retrieveCheckoutSession(query.sessionId);
    if (!session.purpose || !expected.kinds.includes(session.purpose.kind) || session.purpose.userId !== expected.userId) return "confirming";
    return await apply(session);
  } catch (error) {
    card.log.warn(`${expected.kinds[0]}.checkout_return_failed`, { error });
    return "confirming";
  }
}
