/**
 * Test helpers for card payments: the fake Stripe API's controls (test/support/fake-stripe.ts)
 * and webhook deliveries signed with the real Stripe scheme (the SDK's own signer, HMAC-SHA256
 * over `{timestamp}.{body}` with the endpoint's secret).
 */
import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";

const signer = new Stripe(env.STRIPE_SECRET_KEY!, { httpClient: Stripe.createFetchHttpClient() });

export async function fakeStripe<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${env.STRIPE_API_URL}${path}`, { method: "POST", ...init });
  if (!response.ok) throw new Error(`fake Stripe ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Completed {
  session: { id: string; customer: string; subscription: string | null; invoice: string | null; payment_intent: string | null };
  subscription: { id: string } | null;
  invoice: { id: string } | null;
}

/** The customer pays on (fake) Stripe Checkout. */
export const payCheckout = (sessionId: string, amountPence?: number) =>
  fakeStripe<Completed>(`/__complete/${sessionId}${amountPence === undefined ? "" : `?amount=${amountPence}`}`);

/** The customer gives a Direct Debit mandate on (fake) Stripe Checkout: complete, unpaid until the bank pays. */
export const giveDirectDebitMandate = (sessionId: string) => fakeStripe<Completed>(`/__complete/${sessionId}?debit=pending`);

/**
 * The bank pays the pending Direct Debit of this session (or a renewal's open invoice), or does not, days later: the fake moves
 * its objects and names the events Stripe sends, which are delivered here, signed, in order.
 * Returns each delivery's response status and the events (to replay them).
 */
export async function settleDirectDebit(sessionId: string, outcome: "paid" | "failed") {
  const settled = await fakeStripe<{ events: { type: string; object: { id: string; object: string } }[]; invoice: { id: string } | null; subscription: { id: string } | null }>(
    `/__debits/${sessionId}`,
    { body: JSON.stringify({ outcome }) },
  );
  const events: SignedEvent[] = [];
  const statuses: number[] = [];
  for (const event of settled.events) {
    const signed = await signedEvent(event.type, event.object);
    events.push(signed);
    statuses.push((await deliver(signed)).status);
  }
  return { ...settled, signed: events, statuses };
}

/**
 * The subscription's yearly renewal on the fake: its period moves on a year and its invoice is
 * raised (paid at once by card, left open for a Direct Debit's bank); Stripe's events are
 * delivered, signed. Returns the invoice and the events.
 */
export async function renewSubscription(subscriptionId: string) {
  const renewed = await fakeStripe<{ events: { type: string; object: { id: string; object: string } }[]; invoice: { id: string; status: string } }>(
    `/__subscriptions/${subscriptionId}/renew`,
  );
  const signed: SignedEvent[] = [];
  for (const event of renewed.events) {
    const one = await signedEvent(event.type, event.object);
    signed.push(one);
    const response = await deliver(one);
    if (response.status !== 200) throw new Error(`${event.type} answered ${response.status}`);
  }
  return { ...renewed, signed };
}

export const changeSubscription = (id: string, change: { status?: string; periodStart?: number; periodEnd?: number; deleted?: boolean }) =>
  fakeStripe(`/__subscriptions/${id}`, { body: JSON.stringify(change) });

export const newInvoice = (subscription: string, amountPaid: number, status = "paid") =>
  fakeStripe<{ id: string }>("/__invoices", { body: JSON.stringify({ subscription, amountPaid, status }) });

/** An object as the fake Stripe API holds it now (`checkout/sessions/cs_…`, `subscriptions/sub_…`). */
export const stripeObject = <T = Record<string, unknown>>(path: string) =>
  fakeStripe<T>(`/v1/${path}`, { method: "GET", headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });

export const stripeRequests = () =>
  fakeStripe<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[]>("/__requests", { method: "GET" });

export interface SignedEvent {
  body: string;
  signature: string;
  id: string;
}

/** A webhook event about `object`, signed with `secret` (the endpoint's, unless a test forges one). */
export async function signedEvent(
  type: string,
  object: { id: string; object?: string },
  options: { id?: string; created?: number; secret?: string; timestamp?: number } = {},
): Promise<SignedEvent> {
  const id = options.id ?? `evt_test_${crypto.randomUUID().replace(/-/g, "")}`;
  const body = JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: options.secret ?? env.STRIPE_WEBHOOK_SECRET!,
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { body, signature, id };
}

export function deliver(event: SignedEvent, signature = event.signature): Promise<Response> {
  return SELF.fetch("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: event.body,
  });
}

/** Signs and delivers one event; returns the response. */
export async function sendWebhook(type: string, object: { id: string; object?: string }, options?: Parameters<typeof signedEvent>[2]) {
  return deliver(await signedEvent(type, object, options));
}

/** A refund made in Stripe's dashboard (not through the site); Stripe then sends charge.refunded. */
export const dashboardRefund = (paymentIntent: string, amount?: number) =>
  fakeStripe<{ refund: { id: string; amount: number }; charge: { id: string } }>("/__refunds", { body: JSON.stringify({ paymentIntent, amount }) });

/** The payer disputes the payment with their bank, or (with `id`) the dispute is decided. */
export const dispute = (spec: { paymentIntent?: string; status: string; id?: string }) => fakeStripe<{ id: string; charge: string }>("/__disputes", { body: JSON.stringify(spec) });
