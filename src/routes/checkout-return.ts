/**
 * Coming back from Stripe Checkout, for the pages its success and cancel URLs name
 * (/user/membership, /user/webinars): `?checkout=complete&session_id=…` reads the session from
 * Stripe and, when it is the signed-in user's and of the page's kind, applies it at once with
 * `apply` (the same idempotent step as the webhook, which may still be on its way), which says
 * what to tell the payer;
 * `?checkout=cancelled` and `?payment=unavailable` only say so.
 */
import type { Context } from "hono";
import type { CheckoutPurpose, CheckoutSession } from "../domain/billing";
import { log } from "../log";
import type { HonoEnv } from "../types";
import type { CheckoutNotice } from "../views/components/checkout-notice";
import { cardPayments } from "./payment-services";

type Payments = NonNullable<ReturnType<typeof cardPayments>>;

export async function checkoutNotice(
  c: Context<HonoEnv>,
  kind: CheckoutPurpose["kind"],
  /** Applies a session of this kind and says what the page should tell the payer about it. */
  apply: (payments: Payments, session: CheckoutSession) => Promise<CheckoutNotice>,
): Promise<CheckoutNotice> {
  const checkout = c.req.query("checkout");
  if (checkout === "cancelled") return "cancelled";
  if (checkout !== "complete") return c.req.query("payment") === "unavailable" ? "unavailable" : null;
  const payments = cardPayments(c);
  const sessionId = c.req.query("session_id");
  if (!payments || !sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return "confirming";
  try {
    const session = await payments.billing.retrieveCheckoutSession(sessionId);
    if (session.purpose?.kind !== kind || session.purpose.userId !== c.var.session?.userId) return "confirming";
    return await apply(payments, session);
  } catch (error) {
    log.warn(`${kind}.checkout_return_failed`, { error });
    return "confirming";
  }
}
