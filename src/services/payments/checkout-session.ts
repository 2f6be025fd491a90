/**
 * Opening Stripe Checkout for something payable (a membership application, a webinar order):
 * an open session it already has is reused only while it charges exactly what is due now (one
 * opened before a repricing is closed instead, so it can no longer be paid); otherwise a new one
 * is created with an idempotency
 * key derived from what it pays for, the session it replaces and its closing time (so a double
 * click or a retry opens the same session), remembered, and returned as the URL to send the
 * browser to. The browser is only ever sent to Stripe's own pages.
 */
import type { BillingApi } from "../../adapters/stripe/billing-api";
import type { NewCheckoutSession } from "../../domain/billing";

/** A Checkout session stays open for an hour (up to ten minutes more); the payer can always open a new one. */
const SESSION_LIFETIME_SECONDS = 60 * 60;

/**
 * Stripe refuses an idempotency key sent again with other parameters, so a retry must ask for
 * the same closing time as the first attempt: requests in the same ten minutes ask for the
 * same one, and the key names it (a retry in a later step opens a new session, never an error).
 */
const CLOSING_STEP_SECONDS = 10 * 60;

const closingTime = (now: Date) =>
  (Math.floor((Math.floor(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS) / CLOSING_STEP_SECONDS) + 1) * CLOSING_STEP_SECONDS;

export interface CheckoutOpenerDeps {
  billing: BillingApi;
  /** Origins the browser may be sent to (Stripe Checkout's). */
  redirectOrigins: readonly string[];
  now: () => Date;
}

export interface CheckoutTarget {
  /** The session opened for it before, if any. */
  previous: string | null;
  /** What is due now, in pence: an open session charging anything else is not reused. */
  amountDuePence: number;
  /** Names what is paid for in the idempotency key, like `order-checkout:{id}`. */
  keyPrefix: string;
  remember: (sessionId: string) => Promise<void>;
  session: Omit<NewCheckoutSession, "idempotencyKey" | "expiresAt">;
}

export async function openCheckout(deps: CheckoutOpenerDeps, target: CheckoutTarget): Promise<string> {
  if (target.previous) {
    const open = await deps.billing.retrieveCheckoutSession(target.previous).catch(() => null);
    if (open?.status === "open" && open.url) {
      if (open.amountTotalPence === target.amountDuePence) return safeRedirect(deps, open.url);
      // Best effort: a payment that still arrives for it completes nothing (renewal-payment.ts).
      await deps.billing.expireCheckoutSession(open.id).catch(() => undefined);
    }
  }
  const expiresAt = closingTime(deps.now());
  const session = await deps.billing.createCheckoutSession({
    ...target.session,
    idempotencyKey: `${target.keyPrefix}:${target.previous ?? "first"}:${expiresAt}`,
    expiresAt,
  });
  await target.remember(session.id);
  if (!session.url) throw new Error(`Stripe returned Checkout session ${session.id} without a URL`);
  return safeRedirect(deps, session.url);
}

/** Only ever send the browser to Stripe's own pages. */
export function safeRedirect(deps: Pick<CheckoutOpenerDeps, "redirectOrigins">, url: string): string {
  const origin = URL.canParse(url) ? new URL(url).origin : null;
  if (!origin || !deps.redirectOrigins.includes(origin)) throw new Error(`Refusing to redirect to ${origin ?? "an invalid URL"} from Stripe`);
  return url;
}
