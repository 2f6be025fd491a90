/**
 * A FAKE of the few Stripe API endpoints the site calls — Stripe's API cannot be reached from
 * here. It speaks Stripe's wire format (form-encoded requests with bracketed keys, JSON objects,
 * Bearer secret keys, Idempotency-Key replay, 404 `resource_missing` errors) so the real
 * `stripe` SDK talks to it unchanged. State is in memory.
 *
 * API (as Stripe):
 *   POST /v1/checkout/sessions              GET /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire   (only an open session; Stripe answers 400 otherwise)
 *   GET  /v1/subscriptions/:id (`expand[]` default_payment_method, latest_invoice)   DELETE /v1/subscriptions/:id (cancels it now)
 *   POST /v1/subscriptions/:id              a new price for its item (`items[0][id]`, `items[0][price]`);
 *        `proration_behavior=always_invoice` invoices the difference for the rest of the period
 *        at once, as of `proration_date` (Stripe's formula, by the second), paid, and names it
 *        `latest_invoice`; `none` changes the price from the next renewal, invoicing nothing
 *   GET  /v1/invoices/:id
 *   POST /v1/billing_portal/sessions        `customer`, `return_url`, `configuration` (one made here;
 *        an unknown one is Stripe's 400); without one, the account's default configuration, which
 *        the fake takes to be what an operator usually sets in the Dashboard: cancelling (at the
 *        period end) enabled, plan changes not
 *   POST /v1/billing_portal/configurations  `features[...]` (required), `metadata`, `name` (idempotent;
 *        kept across /__reset, as the Worker remembers the ids it found, like tax rates)
 *   GET  /v1/billing_portal/configurations  `active`, `is_default`
 *   POST /v1/refunds                        `payment_intent`, `amount` (pence; the rest when absent),
 *        `metadata`; more than the charge's amount not yet refunded is Stripe's 400
 *        `charge_already_refunded` / amount error
 *   GET  /v1/invoice_payments               `invoice=ID` or `payment[payment_intent]=PI`: a paid
 *        invoice's one payment (a payment intent with its charge, made when the invoice is paid)
 *   POST /v1/subscriptions/:id              `cancel_at_period_end=true`: runs to its period end, then ends
 *   GET  /v1/charges/:id                    with its refunds (`expand[]=refunds`)
 *   GET  /v1/payment_intents/:id            its `latest_charge`, and with
 *        `expand[]=latest_charge.balance_transaction` the charge and its balance transaction, whose
 *        fee is the fake's card price: 1.5% of the amount (rounded half up) + 20p
 *   GET  /v1/disputes/:id                   (`expand[]=charge` gives the charge)
 *   GET  /v1/customers/:id                  a customer made by a paid session or /__customers; a
 *        deleted one answers, as Stripe does, `{ id, object: "customer", deleted: true }`
 *   GET  /v1/tax_rates (active, inclusive)  POST /v1/tax_rates (kept across /__reset, as the
 *        Worker remembers the ids it found). A session's line with `tax_rates` carries Stripe's
 *        tax for an inclusive rate: the line's amount x p / (100 + p), rounded to the nearest
 *        penny (halves up), per line; the session's `total_details.amount_tax` is their sum.
 *        Worked here in floating point from the percentage, as Stripe states it, independently
 *        of the Worker's integer arithmetic, so a test comparing the two means something
 *        (test/support/fake-stripe-amounts.ts). In subscription mode the recurring line's tax
 *        rates stay on the subscription item, so later invoices carry the same tax.
 *   GET  /v1/prices/:id                     a price set with /__prices: `unit_amount` and `product`
 *        (`prod_of_{priceId}` unless set); an unknown price is Stripe's 404
 *   POST /v1/products                       `name`, `metadata` (idempotent); a session line's
 *        `price_data[product]` must name one
 *   POST /v1/coupons                        `amount_off` + `currency` or `percent_off`, `duration`,
 *        `applies_to[products][]`, `name`, `metadata` (idempotent). A session's
 *        `discounts[0][coupon]` made here comes off the lines of the products it applies to
 *        (all lines when unrestricted; an amount shared in proportion to their amounts): each
 *        line's `amount_subtotal`, `amount_discount` and `amount_total` (after the discount, on
 *        which its tax is worked), the session's `amount_subtotal`, `amount_total` and
 *        `total_details.amount_discount`. A coupon id the fake did not make is accepted and
 *        takes nothing off.
 *   Invoices carry `total_taxes` (one inclusive entry): a first invoice, its session's tax; a
 *        later one (renewal, proration), the subscription item's rates on its amount.
 * Pages the browser is sent to: GET /checkout/pay/:id, GET /portal/:id.
 * Test controls (not Stripe):
 *   POST /__complete/:sessionId?amount=PENCE  the customer pays: customer, subscription (for
 *        subscription mode) and paid invoice are created, or (payment mode) a payment intent and
 *        its charge; returns the session and its objects
 *        (an expired or completed session cannot be paid: 400)
 *   POST /__complete/:sessionId?debit=pending  the customer gives a Direct Debit mandate on a session
 *        whose `payment_method_types` name bacs_debit or sepa_debit (else 400): the session is complete
 *        but `payment_status` "unpaid", as Stripe has it while the bank has days to pay; in
 *        subscription mode the subscription is "incomplete" and its first invoice "open", unpaid
 *   POST /__debits/:sessionId  JSON { outcome: "paid" | "failed" }  the bank pays the pending Direct
 *        Debit (the session "paid", the invoice paid with its payment intent and charge, the
 *        subscription "active"; payment mode: the payment intent's charge) or does not (the session
 *        stays unpaid, the invoice open, the subscription "incomplete"). Returns the objects and
 *        `events`: the webhook events Stripe sends for it, in Stripe's order ({ type, object }), for
 *        the test to deliver signed: checkout.session.async_payment_succeeded (or _failed) and, in
 *        subscription mode, invoice.paid and customer.subscription.updated (or invoice.payment_failed)
 *   POST /__subscriptions/:id  JSON { status?, periodStart?, periodEnd?, deleted? }
 *   POST /__subscriptions/:id/renew  the yearly renewal: the period moves on a year and its invoice
 *        (`billing_reason` subscription_cycle, the item's price) is raised, paid at once by card, or
 *        left open when the subscription's default payment method (Checkout's mandate) is a Direct
 *        Debit; returns the objects and the `events` Stripe sends (customer.subscription.updated, and
 *        invoice.paid for a card)
 *   POST /__debits/:invoiceId  JSON { outcome }  the bank pays a renewal's open Direct Debit invoice
 *        (invoice.paid) or refuses it (the subscription past due: invoice.payment_failed,
 *        customer.subscription.updated)
 *   POST /__portal/:portalSessionId/renew  the customer presses "Renew" in the billing portal on
 *        their subscription set to cancel at its period end: `cancel_at_period_end` becomes false,
 *        as the portal does it (Stripe then sends customer.subscription.updated; the test sends it).
 *        The portal offers this only with subscription cancelling or plan changes enabled in the
 *        session's configuration; otherwise 400, as the button is not there
 *   POST /__subscriptions      JSON { customer, priceId?, status? } -> a new subscription of that
 *        customer (one made outside the site: a member brought across with their Stripe ids)
 *   POST /__customers          JSON { id?, email?, deleted? } -> a new customer (or, with `id` and
 *        `deleted`, deletes it)
 *   POST /__invoices           JSON { subscription, status, amountPaid } -> a new invoice (renewals),
 *        taxed at the subscription item's rates
 *   POST /__refunds            JSON { paymentIntent, amount }: a refund made in Stripe's dashboard;
 *        returns { refund, charge }
 *   POST /__disputes           JSON { paymentIntent, status, id? }: opens a dispute of the payment's
 *        charge, or (with `id`) moves it to `status` (won, lost…); returns the dispute
 *   POST /__prices             JSON { [priceId]: unitAmountPence | { unitAmount, product } }: what
 *        prices cost (and their product), for prorations, a session's line amounts and tax, and
 *        GET /v1/prices (a price the fake does not know costs 0 in a session)
 *   GET  /__invoice_payment/:invoiceId  { paymentIntent, charge } of a paid invoice (to refund or dispute it)
 *   POST /__fail?count=N       the next N API calls answer 500
 *   GET  /__requests           every API request received (method, path, body, idempotencyKey)
 *   POST /__reset
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { inclusiveTax as taxInside, lineDiscounts, type FakeCoupon } from "./fake-stripe-amounts";
import { readBody, sendJson } from "./http";
import { TEST_SECRETS } from "./test-secrets";

const FAKE_STRIPE_SECRET_KEY = TEST_SECRETS.stripeSecretKey;

export interface FakeStripe {
  url: string;
  close(): Promise<void>;
}

type StripeObject = Record<string, unknown> & { id: string };

interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** Stripe's form encoding: a[b][0][c]=1 -> { a: { b: [ { c: "1" } ] } }. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const random = () => crypto.randomUUID().replace(/-/g, "").slice(0, 24);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const YEAR = 365 * 86_400;

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const prices = new Map<string, number>();
  const chargeOfIntent = new Map<string, string>();
  /** A paid invoice's payment intent, both ways. */
  const intentOfInvoice = new Map<string, string>();
  const invoiceOfIntent = new Map<string, string>();
  const taxRates = new Map<string, StripeObject>();
  /** The product of each price the fake knows (set with /__prices; else `prod_of_{priceId}`). */
  const priceProducts = new Map<string, string>();
  const couponTerms = new Map<string, FakeCoupon>();
  /** Billing portal configurations made through the API, and the account's default one. */
  const portalConfigurations = new Map<string, StripeObject>();
  const defaultPortalConfiguration = (): StripeObject => ({
    id: "bpc_test_default",
    object: "billing_portal.configuration",
    active: true,
    is_default: true,
    metadata: {},
    name: null,
    features: {
      customer_update: { enabled: true, allowed_updates: ["email", "address"] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: "at_period_end", proration_behavior: "none", cancellation_reason: { enabled: false, options: [] } },
      subscription_update: { enabled: false, default_allowed_updates: [], proration_behavior: "none", products: [] },
    },
  });
  const productOf = (priceId: string) => priceProducts.get(priceId) ?? `prod_of_${priceId}`;
  let failures = 0;
  let base = "";

  const missing = (res: ServerResponse, id: string) =>
    json(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'`, param: "id" } });

  function createSession(body: Record<string, unknown>): StripeObject {
    const id = `cs_test_${random()}`;
    const given = ((body.line_items as Record<string, unknown>[] | undefined) ?? []).map((line) => {
      const data = line.price_data as Record<string, unknown> | undefined;
      const unit = data ? Number(data.unit_amount) : typeof line.price === "string" ? (prices.get(line.price) ?? 0) : 0;
      const product = data ? (typeof data.product === "string" ? data.product : `prod_inline_${random()}`) : typeof line.price === "string" ? productOf(line.price) : "";
      if (data && typeof data.product === "string" && !objects.has(data.product)) throw new Error(`No such product: '${data.product}'`);
      return { line, amount: unit * Number(line.quantity ?? 1), product };
    });
    const couponId = (body.discounts as { coupon?: string }[] | undefined)?.[0]?.coupon;
    // A coupon the fake did not make (one typed into the CMS) is accepted and takes nothing off.
    const discounts = lineDiscounts(given, (couponId && couponTerms.get(couponId)) || null);
    const lines = given.map(({ line, amount, product }, i) => {
      const total = amount - discounts[i]!;
      return { ...line, product, amount_subtotal: amount, amount_discount: discounts[i]!, amount_total: total, amount_tax: inclusiveTax(total, (line.tax_rates as string[] | undefined) ?? []) };
    });
    const amount = lines.reduce((sum, line) => sum + line.amount_total, 0);
    const tax = lines.reduce((sum, line) => sum + line.amount_tax, 0);
    const discount = lines.reduce((sum, line) => sum + line.amount_discount, 0);
    const session: StripeObject = {
      id,
      object: "checkout.session",
      mode: body.mode,
      url: `${base}/checkout/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      subscription_data: body.subscription_data ?? null,
      payment_intent_data: body.payment_intent_data ?? null,
      line_items: lines,
      discounts: body.discounts ?? null,
      payment_method_types: (body.payment_method_types as string[] | undefined) ?? ["card"],
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      expires_at: Number(body.expires_at ?? nowSeconds() + 86_400),
      amount_subtotal: amount + discount,
      amount_total: amount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: tax },
      subscription: null,
      invoice: null,
      payment_intent: null,
    };
    objects.set(id, session);
    return session;
  }

  /** Stripe's tax inside `amount` for the line's inclusive rates, each rounded to the penny. */
  function inclusiveTax(amount: number, rateIds: readonly string[]): number {
    return rateIds.reduce((sum, id) => {
      const rate = taxRates.get(id);
      if (!rate) throw new Error(`No such tax rate: '${id}'`);
      if (rate.inclusive !== true) throw new Error("The fake only knows inclusive tax rates");
      return sum + taxInside(amount, Number(rate.percentage));
    }, 0);
  }

  function subscription(id: string, metadata: unknown, customer: string, recurring: RecurringLine, status = "active", start = nowSeconds(), end = start + YEAR): StripeObject {
    return {
      id,
      object: "subscription",
      status,
      customer,
      metadata: metadata ?? {},
      cancel_at_period_end: false,
      default_payment_method: null,
      latest_invoice: null,
      items: {
        object: "list",
        data: [
          {
            id: `si_${random()}`,
            object: "subscription_item",
            price: { id: recurring.priceId, object: "price", product: recurring.product },
            // Stripe keeps the Checkout line's tax rates on the subscription item: renewals carry them.
            tax_rates: recurring.taxRates.map((rate) => taxRates.get(rate) ?? { id: rate }),
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
  }

  interface RecurringLine {
    priceId: string;
    product: string;
    taxRates: string[];
  }

  /** The subscription's recurring line: its inline recurring price, else its first line with a price id. */
  function recurringLineOf(session: StripeObject): RecurringLine {
    const lines = (session.line_items as Record<string, unknown>[] | undefined) ?? [];
    const line = lines.find((l) => (l.price_data as Record<string, unknown> | undefined)?.recurring !== undefined) ?? lines.find((l) => typeof l.price === "string");
    return {
      priceId: typeof line?.price === "string" ? line.price : `price_inline_${random()}`,
      product: typeof line?.product === "string" ? line.product : "",
      taxRates: (line?.tax_rates as string[] | undefined) ?? [],
    };
  }

  /** The tax rates on a subscription's item. */
  function itemTaxRates(subscriptionId: string | null): string[] {
    const sub = subscriptionId ? objects.get(subscriptionId) : undefined;
    const item = (sub?.items as { data: { tax_rates?: { id: string }[] }[] } | undefined)?.data[0];
    return (item?.tax_rates ?? []).map((rate) => rate.id);
  }

  /** A new price for the subscription's item; with proration, the difference for the rest of the period is invoiced (and paid) now. */
  function changePrice(sub: StripeObject, body: Record<string, unknown>): StripeObject {
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    const wanted = (body.items as Record<string, unknown>[] | undefined)?.[0];
    if (!wanted || wanted.id !== item.id || typeof wanted.price !== "string") throw new Error("items[0][id] must name the subscription's item, with items[0][price]");
    const oldPrice = (item.price as { id: string }).id;
    item.price = { id: wanted.price, object: "price" };
    if (body.proration_behavior === "always_invoice") {
      const start = Number(item.current_period_start);
      const end = Number(item.current_period_end);
      const at = Math.min(end, Math.max(start, Number(body.proration_date ?? nowSeconds())));
      const difference = (prices.get(wanted.price) ?? 0) - (prices.get(oldPrice) ?? 0);
      const amount = Math.max(0, Math.round((difference * (end - at)) / (end - start)));
      sub.latest_invoice = invoice(sub.id, amount, "paid", null, "subscription_update").id;
    }
    return sub;
  }

  /**
   * An invoice of `amountPaid`. Its tax (`total_taxes`): `tax` when given (a first invoice: the
   * Checkout session's lines' own), else the subscription item's inclusive rates on the amount.
   */
  function invoice(subscriptionId: string | null, amountPaid: number, status = "paid", tax: number | null = null, billingReason = "subscription_cycle"): StripeObject {
    const id = `in_test_${random()}`;
    const rates = itemTaxRates(subscriptionId);
    const taxAmount = tax ?? inclusiveTax(amountPaid, rates);
    const inv: StripeObject = {
      id,
      object: "invoice",
      status,
      billing_reason: subscriptionId ? billingReason : "manual",
      created: nowSeconds(),
      amount_paid: status === "paid" ? amountPaid : 0,
      amount_due: amountPaid,
      total_taxes:
        tax !== null || rates.length > 0
          ? [{ amount: taxAmount, tax_behavior: "inclusive", taxable_amount: amountPaid - taxAmount, taxability_reason: "standard_rated", type: "tax_rate_details", tax_rate_details: { tax_rate: rates[0] ?? null } }]
          : [],
      parent: subscriptionId ? { type: "subscription_details", subscription_details: { subscription: subscriptionId } } : null,
      status_transitions: { paid_at: status === "paid" ? nowSeconds() : null },
    };
    objects.set(id, inv);
    const sub = subscriptionId ? objects.get(subscriptionId) : undefined;
    if (sub) sub.latest_invoice = id;
    if (status === "paid" && amountPaid > 0) {
      const intent = `pi_test_${random()}`;
      newCharge(intent, amountPaid);
      intentOfInvoice.set(id, intent);
      invoiceOfIntent.set(intent, id);
    }
    return inv;
  }

  /** An invoice's payment as Stripe lists it (GET /v1/invoice_payments). */
  function invoicePayment(invoiceId: string): StripeObject {
    const intent = intentOfInvoice.get(invoiceId)!;
    return { id: `inpay_${invoiceId}`, object: "invoice_payment", invoice: invoiceId, is_default: true, status: "paid", payment: { type: "payment_intent", payment_intent: intent } };
  }

  /** A payment intent's one charge (the fake's payments succeed at the first attempt). */
  function newCharge(paymentIntent: string, amount: number): StripeObject {
    const charge: StripeObject = { id: `ch_test_${random()}`, object: "charge", amount, amount_refunded: 0, refunded: false, payment_intent: paymentIntent, refundIds: [] };
    const fee = Math.round(amount * 0.015) + 20;
    const transaction: StripeObject = { id: `txn_test_${random()}`, object: "balance_transaction", amount, fee, net: amount - fee, currency: "gbp", type: "charge", source: charge.id };
    charge.balance_transaction = transaction.id;
    objects.set(transaction.id, transaction);
    objects.set(charge.id, charge);
    chargeOfIntent.set(paymentIntent, charge.id);
    return charge;
  }

  /** The charge as Stripe shows it: its refunds listed when asked to expand them. */
  function showCharge(charge: StripeObject, expandRefunds: boolean): Record<string, unknown> {
    const { refundIds, ...shown } = charge as StripeObject & { refundIds: string[] };
    const data = refundIds.map((id) => objects.get(id)!);
    return expandRefunds ? { ...shown, refunds: { object: "list", data, has_more: false } } : shown;
  }

  /** Refunds part or all of a payment intent's charge; an Error (Stripe's 400) for more than is left. */
  function refund(paymentIntent: string, amount: number | null, metadata: unknown): StripeObject {
    const chargeId = chargeOfIntent.get(paymentIntent);
    const charge = chargeId ? objects.get(chargeId) : undefined;
    if (!charge) throw new Error(`No such payment_intent: '${paymentIntent}'`);
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    const wanted = amount ?? left;
    if (left <= 0) throw new Error(`Charge ${charge.id} has already been refunded.`);
    if (!Number.isInteger(wanted) || wanted <= 0 || wanted > left) {
      throw new Error(`Refund amount (£${(wanted / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`);
    }
    const id = `re_test_${random()}`;
    const created: StripeObject = { id, object: "refund", amount: wanted, charge: charge.id, payment_intent: paymentIntent, status: "succeeded", created: nowSeconds(), metadata: metadata ?? {} };
    objects.set(id, created);
    (charge.refundIds as string[]).push(id);
    charge.amount_refunded = Number(charge.amount_refunded) + wanted;
    charge.refunded = charge.amount_refunded === charge.amount;
    return created;
  }

  const DEBIT_TYPES = ["bacs_debit", "sepa_debit"];
  const takesDebit = (session: StripeObject) => (session.payment_method_types as string[]).some((type) => DEBIT_TYPES.includes(type));

  /** The customer gives a Direct Debit mandate: complete, but unpaid until the bank pays (settleDebit). */
  function completeByDebit(sessionId: string) {
    const session = objects.get(sessionId)!;
    const customer = (session.customer as string | null) ?? `cus_test_${random()}`;
    if (!objects.has(customer)) objects.set(customer, { id: customer, object: "customer", email: session.customer_email ?? null });
    Object.assign(session, { customer, status: "complete", payment_status: "unpaid" });
    let sub: StripeObject | null = null;
    let inv: StripeObject | null = null;
    if (session.mode === "subscription") {
      const subId = `sub_test_${random()}`;
      sub = subscription(subId, (session.subscription_data as Record<string, unknown> | null)?.metadata, customer, recurringLineOf(session), "incomplete");
      objects.set(subId, sub);
      inv = invoice(subId, session.amount_total as number, "open", Number((session.total_details as { amount_tax: number }).amount_tax), "subscription_create");
      // Checkout makes the mandate the subscription's default payment method: its renewals are collected the same way.
      const method: StripeObject = { id: `pm_test_${random()}`, object: "payment_method", type: (session.payment_method_types as string[]).find((type) => DEBIT_TYPES.includes(type)) };
      objects.set(method.id, method);
      sub.default_payment_method = method.id;
      Object.assign(session, { subscription: subId, invoice: inv.id });
    } else {
      session.payment_intent = `pi_test_${random()}`;
    }
    return { session, subscription: sub, invoice: inv, charge: null };
  }

  /** The bank pays a pending Direct Debit, or does not; returns the objects and the events Stripe sends. */
  /** An object as an event names it. */
  const about = (o: StripeObject) => ({ id: o.id, object: String(o.object) });

  /** The bank pays an open invoice's Direct Debit: the invoice is paid by a new charge. */
  function payInvoice(inv: StripeObject) {
    const amount = Number(inv.amount_due);
    Object.assign(inv, { status: "paid", amount_paid: amount, status_transitions: { paid_at: nowSeconds() } });
    const intent = `pi_test_${random()}`;
    newCharge(intent, amount);
    intentOfInvoice.set(inv.id, intent);
    invoiceOfIntent.set(intent, inv.id);
  }

  function settleDebit(session: StripeObject, outcome: "paid" | "failed") {
    const sub = session.subscription ? objects.get(session.subscription as string)! : null;
    const inv = session.invoice ? objects.get(session.invoice as string)! : null;
    const events: { type: string; object: { id: string; object: string } }[] = [];
    if (outcome === "paid") {
      session.payment_status = "paid";
      events.push({ type: "checkout.session.async_payment_succeeded", object: about(session) });
      if (inv && sub) {
        payInvoice(inv);
        sub.status = "active";
        events.push({ type: "invoice.paid", object: about(inv) }, { type: "customer.subscription.updated", object: about(sub) });
      } else {
        newCharge(session.payment_intent as string, Number(session.amount_total));
      }
    } else {
      events.push({ type: "checkout.session.async_payment_failed", object: about(session) });
      if (inv) events.push({ type: "invoice.payment_failed", object: about(inv) });
    }
    return { session, subscription: sub, invoice: inv, events };
  }

  /**
   * A subscription's yearly renewal: Stripe moves it to its next period and raises the invoice.
   * A card pays at once (invoice.paid); a Direct Debit's invoice stays open while the bank has
   * days to pay (settleRenewalDebit).
   */
  function renewSubscription(sub: StripeObject) {
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    const start = Number(item.current_period_end);
    Object.assign(item, { current_period_start: start, current_period_end: start + YEAR });
    const method = sub.default_payment_method ? objects.get(sub.default_payment_method as string) : undefined;
    const byDebit = DEBIT_TYPES.includes(String(method?.type));
    const amount = prices.get((item.price as { id: string }).id) ?? 0;
    const inv = invoice(sub.id, amount, byDebit ? "open" : "paid");
    const events = [{ type: "customer.subscription.updated", object: about(sub) }, ...(byDebit ? [] : [{ type: "invoice.paid", object: about(inv) }])];
    return { subscription: sub, invoice: inv, events };
  }

  /** The bank pays a renewal invoice's Direct Debit, or does not (the subscription is then past due, as Stripe has it). */
  function settleRenewalDebit(inv: StripeObject, outcome: "paid" | "failed") {
    const sub = objects.get(String((inv.parent as { subscription_details: { subscription: string } }).subscription_details.subscription))!;
    if (outcome === "paid") {
      payInvoice(inv);
      return { subscription: sub, invoice: inv, events: [{ type: "invoice.paid", object: about(inv) }] };
    }
    sub.status = "past_due";
    return { subscription: sub, invoice: inv, events: [{ type: "invoice.payment_failed", object: about(inv) }, { type: "customer.subscription.updated", object: about(sub) }] };
  }

  function complete(sessionId: string, amount: number | null) {
    const session = objects.get(sessionId);
    if (!session) return null;
    const customer = (session.customer as string | null) ?? `cus_test_${random()}`;
    if (!objects.has(customer)) objects.set(customer, { id: customer, object: "customer", email: session.customer_email ?? null });
    const total = amount ?? (session.amount_total as number);
    session.customer = customer;
    session.status = "complete";
    session.payment_status = total > 0 ? "paid" : "no_payment_required";
    session.amount_total = total;
    let sub: StripeObject | null = null;
    let inv: StripeObject | null = null;
    let charge: StripeObject | null = null;
    if (session.mode === "subscription") {
      const subId = `sub_test_${random()}`;
      sub = subscription(subId, (session.subscription_data as Record<string, unknown> | null)?.metadata, customer, recurringLineOf(session));
      objects.set(subId, sub);
      // The first invoice is the session's lines: their tax, unless the test paid another amount.
      inv = invoice(subId, total, "paid", amount === null ? Number((session.total_details as { amount_tax: number }).amount_tax) : null, "subscription_create");
      session.subscription = subId;
      session.invoice = inv.id;
    } else {
      session.payment_intent = `pi_test_${random()}`;
      charge = newCharge(session.payment_intent as string, total);
    }
    return { session, subscription: sub, invoice: inv, charge };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const path = url.pathname;
    try {
      // Test controls.
      if (path === "/__requests") return json(res, 200, requests);
      if (path === "/__reset") {
        objects.clear();
        for (const [id, rate] of taxRates) objects.set(id, rate);
        for (const [id, configuration] of portalConfigurations) objects.set(id, configuration);
        idempotent.clear();
        requests.length = 0;
        prices.clear();
        priceProducts.clear();
        couponTerms.clear();
        chargeOfIntent.clear();
        intentOfInvoice.clear();
        invoiceOfIntent.clear();
        failures = 0;
        return json(res, 200, { reset: true });
      }
      if (path.startsWith("/__invoice_payment/")) {
        const invoiceId = path.slice("/__invoice_payment/".length);
        const intent = intentOfInvoice.get(invoiceId);
        if (!intent) return missing(res, invoiceId);
        return json(res, 200, { paymentIntent: intent, charge: showCharge(objects.get(chargeOfIntent.get(intent)!)!, true) });
      }
      if (path === "/__fail") {
        failures = Number(url.searchParams.get("count") ?? 1);
        return json(res, 200, { failing: failures });
      }
      if (path.startsWith("/__complete/")) {
        const amount = url.searchParams.get("amount");
        const id = path.slice("/__complete/".length);
        const status = objects.get(id)?.status;
        if (status && status !== "open") return invalid(res, `This Checkout Session is ${String(status)} and cannot be paid`);
        if (url.searchParams.get("debit") === "pending") {
          const session = objects.get(id);
          if (!session) return missing(res, id);
          if (!takesDebit(session)) return invalid(res, "This Checkout Session does not offer Direct Debit");
          return json(res, 200, completeByDebit(id));
        }
        const done = complete(id, amount === null ? null : Number(amount));
        return done ? json(res, 200, done) : missing(res, path);
      }
      if (path.startsWith("/__debits/")) {
        const id = path.slice("/__debits/".length);
        const session = objects.get(id);
        if (!session) return missing(res, id);
        const { outcome } = JSON.parse(raw || "{}") as { outcome?: "paid" | "failed" };
        if (outcome !== "paid" && outcome !== "failed") return invalid(res, 'outcome must be "paid" or "failed"');
        if (session.object === "invoice") {
          if (session.status !== "open") return invalid(res, "This invoice is not awaiting a Direct Debit");
          return json(res, 200, settleRenewalDebit(session, outcome));
        }
        if (session.status !== "complete" || session.payment_status !== "unpaid" || !takesDebit(session)) return invalid(res, "No Direct Debit of this session is pending");
        return json(res, 200, settleDebit(session, outcome));
      }
      if (path === "/__customers") {
        const spec = JSON.parse(raw || "{}") as { id?: string; email?: string; deleted?: boolean };
        const id = spec.id ?? `cus_test_${random()}`;
        const customer: StripeObject = spec.deleted ? { id, object: "customer", deleted: true } : { id, object: "customer", email: spec.email ?? null };
        objects.set(id, customer);
        return json(res, 200, customer);
      }
      if (path === "/__subscriptions") {
        const spec = JSON.parse(raw || "{}") as { customer: string; priceId?: string; status?: string };
        const id = `sub_test_${random()}`;
        const priceId = spec.priceId ?? "price_demo_full_member_subscription";
        const made = subscription(id, {}, spec.customer, { priceId, product: `prod_of_${priceId}`, taxRates: [] }, spec.status ?? "active");
        objects.set(id, made);
        return json(res, 200, made);
      }
      const renewal = /^\/__subscriptions\/([A-Za-z0-9_]+)\/renew$/.exec(path);
      if (renewal) {
        const sub = objects.get(renewal[1]!);
        if (!sub || sub.object !== "subscription") return missing(res, renewal[1]!);
        return json(res, 200, renewSubscription(sub));
      }
      if (path.startsWith("/__subscriptions/")) {
        const id = path.slice("/__subscriptions/".length);
        const sub = objects.get(id);
        if (!sub) return missing(res, id);
        const change = JSON.parse(raw || "{}") as { status?: string; periodStart?: number; periodEnd?: number; deleted?: boolean };
        if (change.deleted) {
          objects.delete(id);
          return json(res, 200, { deleted: true });
        }
        if (change.status) sub.status = change.status;
        const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
        if (change.periodStart) item.current_period_start = change.periodStart;
        if (change.periodEnd) item.current_period_end = change.periodEnd;
        return json(res, 200, sub);
      }
      const renew = /^\/__portal\/([A-Za-z0-9_]+)\/renew$/.exec(path);
      if (renew) {
        const portal = objects.get(renew[1]!);
        if (!portal || portal.object !== "billing_portal.session") return missing(res, renew[1]!);
        const configuration = portalConfigurations.get(portal.configuration as string) ?? defaultPortalConfiguration();
        const features = configuration.features as { subscription_cancel: { enabled: boolean }; subscription_update: { enabled: boolean } };
        if (!features.subscription_cancel.enabled && !features.subscription_update.enabled) return invalid(res, "This portal does not offer renewing a subscription");
        const ending = [...objects.values()].find((o) => o.object === "subscription" && o.customer === portal.customer && o.cancel_at_period_end === true && o.status !== "canceled");
        if (!ending) return invalid(res, "The customer has no subscription set to cancel");
        ending.cancel_at_period_end = false;
        return json(res, 200, ending);
      }
      if (path === "/__refunds") {
        const spec = JSON.parse(raw || "{}") as { paymentIntent: string; amount?: number };
        try {
          const made = refund(spec.paymentIntent, spec.amount ?? null, { made: "dashboard" });
          return json(res, 200, { refund: made, charge: showCharge(objects.get(made.charge as string)!, true) });
        } catch (error) {
          return invalid(res, (error as Error).message);
        }
      }
      if (path === "/__disputes") {
        const spec = JSON.parse(raw || "{}") as { paymentIntent?: string; status: string; id?: string };
        if (spec.id) {
          const dispute = objects.get(spec.id);
          if (!dispute) return missing(res, spec.id);
          dispute.status = spec.status;
          return json(res, 200, dispute);
        }
        const chargeId = spec.paymentIntent ? chargeOfIntent.get(spec.paymentIntent) : undefined;
        const charge = chargeId ? objects.get(chargeId) : undefined;
        if (!charge) return missing(res, String(spec.paymentIntent));
        const dispute: StripeObject = {
          id: `dp_test_${random()}`,
          object: "dispute",
          amount: charge.amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          reason: "fraudulent",
          status: spec.status,
          created: nowSeconds(),
          evidence_details: { due_by: nowSeconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        };
        objects.set(dispute.id, dispute);
        return json(res, 200, dispute);
      }
      if (path === "/__prices") {
        for (const [id, spec] of Object.entries(JSON.parse(raw || "{}") as Record<string, number | { unitAmount: number; product: string }>)) {
          prices.set(id, typeof spec === "number" ? spec : spec.unitAmount);
          if (typeof spec !== "number") priceProducts.set(id, spec.product);
        }
        return json(res, 200, Object.fromEntries(prices));
      }
      if (path === "/__invoices") {
        const spec = JSON.parse(raw || "{}") as { subscription: string; status?: string; amountPaid: number };
        return json(res, 200, invoice(spec.subscription, spec.amountPaid, spec.status ?? "paid"));
      }
      // Pages a browser is sent to.
      if (req.method === "GET" && path.startsWith("/checkout/pay/")) {
        return html(res, `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1><p>Session ${path.slice(14)}</p></html>`);
      }
      if (req.method === "GET" && path.startsWith("/portal/")) {
        return html(res, `<!doctype html><html lang="en"><title>Fake Stripe billing portal</title><h1>Fake Stripe billing portal</h1></html>`);
      }

      // The API.
      if (!path.startsWith("/v1/")) return json(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
      const body = parseStripeForm(raw);
      const key = req.headers["idempotency-key"];
      requests.push({ method: req.method ?? "GET", path, body, idempotencyKey: typeof key === "string" ? key : null });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (failures > 0) {
        failures--;
        return json(res, 500, { error: { type: "api_error", message: "Fake Stripe is failing on purpose" } });
      }
      if (req.method === "POST" && typeof key === "string" && idempotent.has(key)) {
        return json(res, 200, objects.get(idempotent.get(key)!));
      }
      if (req.method === "POST" && path === "/v1/tax_rates") {
        const id = `txr_test_${random()}`;
        const rate: StripeObject = {
          id,
          object: "tax_rate",
          active: true,
          display_name: body.display_name,
          description: body.description ?? null,
          percentage: Number(body.percentage),
          inclusive: body.inclusive === "true",
          country: body.country ?? null,
          jurisdiction: body.jurisdiction ?? null,
          tax_type: body.tax_type ?? null,
          metadata: body.metadata ?? {},
        };
        taxRates.set(id, rate);
        objects.set(id, rate);
        if (typeof key === "string") idempotent.set(key, id);
        return json(res, 200, rate);
      }
      if (req.method === "GET" && path === "/v1/tax_rates") {
        const active = url.searchParams.get("active");
        const inclusive = url.searchParams.get("inclusive");
        const data = [...taxRates.values()].filter((r) => (active === null || String(r.active) === active) && (inclusive === null || String(r.inclusive) === inclusive));
        return json(res, 200, { object: "list", data, has_more: false, url: "/v1/tax_rates" });
      }
      if (req.method === "POST" && path === "/v1/products") {
        if (typeof body.name !== "string" || body.name === "") return invalid(res, "Missing required param: name.");
        const product: StripeObject = { id: `prod_test_${random()}`, object: "product", active: true, name: body.name, metadata: body.metadata ?? {} };
        objects.set(product.id, product);
        if (typeof key === "string") idempotent.set(key, product.id);
        return json(res, 200, product);
      }
      if (req.method === "POST" && path === "/v1/coupons") {
        const amountOff = body.amount_off === undefined ? null : Number(body.amount_off);
        const percentOff = body.percent_off === undefined ? null : Number(body.percent_off);
        if ((amountOff === null) === (percentOff === null)) return invalid(res, "A coupon needs exactly one of amount_off and percent_off.");
        if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff <= 0)) return invalid(res, "Invalid positive integer: amount_off");
        if (amountOff !== null && typeof body.currency !== "string") return invalid(res, "Missing required param: currency.");
        if (!["once", "forever", "repeating"].includes(String(body.duration ?? "once"))) return invalid(res, "Invalid duration");
        const products = ((body.applies_to as { products?: string[] } | undefined)?.products ?? null) as string[] | null;
        const known = (product: string) => objects.has(product) || product.startsWith("prod_of_") || [...priceProducts.values()].includes(product);
        for (const product of products ?? []) if (!known(product)) return invalid(res, `No such product: '${product}'`);
        const coupon: StripeObject = {
          id: `coupon_test_${random()}`,
          object: "coupon",
          amount_off: amountOff,
          percent_off: percentOff,
          currency: body.currency ?? null,
          duration: body.duration ?? "once",
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          ...(products ? { applies_to: { products } } : {}),
        };
        objects.set(coupon.id, coupon);
        couponTerms.set(coupon.id, { amountOff, percentOff, products });
        if (typeof key === "string") idempotent.set(key, coupon.id);
        return json(res, 200, coupon);
      }
      const price = /^\/v1\/prices\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && price) {
        const amount = prices.get(price[1]!);
        if (amount === undefined) return missing(res, price[1]!);
        return json(res, 200, { id: price[1], object: "price", active: true, currency: "gbp", unit_amount: amount, product: productOf(price[1]!) });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        let session: StripeObject;
        try {
          session = createSession(body);
        } catch (error) {
          return invalid(res, (error as Error).message);
        }
        if (typeof key === "string") idempotent.set(key, session.id);
        return json(res, 200, session);
      }
      if (req.method === "POST" && path === "/v1/billing_portal/configurations") {
        if (typeof body.features !== "object" || body.features === null) return invalid(res, "Missing required param: features.");
        const flag = (feature: unknown) => (feature as { enabled?: string } | undefined)?.enabled === "true";
        const features = body.features as Record<string, Record<string, unknown> | undefined>;
        const configuration: StripeObject = {
          id: `bpc_test_${random()}`,
          object: "billing_portal.configuration",
          active: true,
          is_default: false,
          metadata: body.metadata ?? {},
          name: body.name ?? null,
          features: {
            customer_update: { enabled: flag(features.customer_update), allowed_updates: features.customer_update?.allowed_updates ?? [] },
            invoice_history: { enabled: flag(features.invoice_history) },
            payment_method_update: { enabled: flag(features.payment_method_update) },
            subscription_cancel: { enabled: flag(features.subscription_cancel), mode: features.subscription_cancel?.mode ?? "at_period_end" },
            subscription_update: { enabled: flag(features.subscription_update), default_allowed_updates: [], products: [] },
          },
        };
        portalConfigurations.set(configuration.id, configuration);
        objects.set(configuration.id, configuration);
        if (typeof key === "string") idempotent.set(key, configuration.id);
        return json(res, 200, configuration);
      }
      if (req.method === "GET" && path === "/v1/billing_portal/configurations") {
        const active = url.searchParams.get("active");
        const isDefault = url.searchParams.get("is_default");
        const data = [defaultPortalConfiguration(), ...portalConfigurations.values()].filter(
          (c) => (active === null || String(c.active) === active) && (isDefault === null || String(c.is_default) === isDefault),
        );
        return json(res, 200, { object: "list", data, has_more: false, url: "/v1/billing_portal/configurations" });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        const id = `bps_test_${random()}`;
        const configuration = typeof body.configuration === "string" ? body.configuration : "bpc_test_default";
        if (configuration !== "bpc_test_default" && !portalConfigurations.has(configuration)) return invalid(res, `No such configuration: '${configuration}'`);
        const portal = { id, object: "billing_portal.session", customer: body.customer, configuration, return_url: body.return_url, url: `${base}/portal/${id}` };
        objects.set(id, portal);
        if (typeof key === "string") idempotent.set(key, id);
        return json(res, 200, portal);
      }
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
      if (req.method === "POST" && expire) {
        const session = objects.get(expire[1]!);
        if (!session) return missing(res, expire[1]!);
        if (session.status !== "open") return invalid(res, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        Object.assign(session, { status: "expired", url: null });
        return json(res, 200, session);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        try {
          const made = refund(String(body.payment_intent ?? ""), body.amount === undefined ? null : Number(body.amount), body.metadata);
          if (typeof key === "string") idempotent.set(key, made.id);
          return json(res, 200, made);
        } catch (error) {
          return invalid(res, (error as Error).message);
        }
      }
      if (req.method === "GET" && path === "/v1/invoice_payments") {
        const query = parseStripeForm(url.search.slice(1));
        const byIntent = (query.payment as Record<string, unknown> | undefined)?.payment_intent;
        const invoiceId = typeof query.invoice === "string" ? query.invoice : typeof byIntent === "string" ? invoiceOfIntent.get(byIntent) : undefined;
        const data = invoiceId && intentOfInvoice.has(invoiceId) ? [invoicePayment(invoiceId)] : [];
        return json(res, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
      }
      const charge = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && charge) {
        const found = objects.get(charge[1]!);
        if (!found || found.object !== "charge") return missing(res, charge[1]!);
        return json(res, 200, showCharge(found, url.searchParams.getAll("expand[]").includes("refunds") || url.searchParams.getAll("expand[0]").includes("refunds")));
      }
      const intent = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && intent) {
        const chargeId = chargeOfIntent.get(intent[1]!);
        if (!chargeId) return missing(res, intent[1]!);
        const charge = objects.get(chargeId)!;
        const expand = [...url.searchParams.entries()].filter(([name]) => name.startsWith("expand")).map(([, value]) => value);
        const latest = expand.includes("latest_charge.balance_transaction")
          ? { ...showCharge(charge, false), balance_transaction: objects.get(charge.balance_transaction as string) }
          : expand.includes("latest_charge")
            ? showCharge(charge, false)
            : charge.id;
        return json(res, 200, { id: intent[1], object: "payment_intent", amount: charge.amount, currency: "gbp", status: "succeeded", latest_charge: latest });
      }
      const dispute = /^\/v1\/disputes\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && dispute) {
        const found = objects.get(dispute[1]!);
        if (!found || found.object !== "dispute") return missing(res, dispute[1]!);
        const expanded = [...url.searchParams.values()].includes("charge");
        return json(res, 200, expanded ? { ...found, charge: showCharge(objects.get(found.charge as string)!, false) } : found);
      }
      const update = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "POST" && update) {
        const sub = objects.get(update[1]!);
        if (!sub) return missing(res, update[1]!);
        if (sub.status === "canceled") return invalid(res, `A canceled subscription can only update its cancellation_details and metadata.`);
        if (body.cancel_at_period_end !== undefined && body.items === undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === "true";
          return json(res, 200, sub);
        }
        try {
          changePrice(sub, body);
        } catch (error) {
          return invalid(res, (error as Error).message);
        }
        if (typeof key === "string") idempotent.set(key, sub.id);
        return json(res, 200, sub);
      }
      const cancel = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "DELETE" && cancel) {
        const sub = objects.get(cancel[1]!);
        if (!sub) return missing(res, cancel[1]!);
        if (sub.status === "canceled") return invalid(res, `A canceled subscription can only update its cancellation_details and metadata.`);
        Object.assign(sub, { status: "canceled", canceled_at: nowSeconds(), ended_at: nowSeconds() });
        return json(res, 200, sub);
      }
      const match = /^\/v1\/(checkout\/sessions|subscriptions|invoices|customers)\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && match && match[1] === "subscriptions" && objects.has(match[2]!)) {
        const found = objects.get(match[2]!)!;
        const expand = [...url.searchParams.entries()].filter(([name]) => name.startsWith("expand")).map(([, value]) => value);
        const expanded = (field: string) => (expand.includes(field) && typeof found[field] === "string" ? (objects.get(found[field] as string) ?? found[field]) : found[field]);
        return json(res, 200, { ...found, default_payment_method: expanded("default_payment_method"), latest_invoice: expanded("latest_invoice") });
      }
      if (req.method === "GET" && match) {
        const found = objects.get(match[2]!);
        return found ? json(res, 200, found) : missing(res, match[2]!);
      }
      return json(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    } catch (error) {
      json(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Stripe's 400 for a request its object's state does not allow. */
function invalid(res: ServerResponse, message: string) {
  json(res, 400, { error: { type: "invalid_request_error", message } });
}

/** Stripe's answers carry a request id. */
function json(res: ServerResponse, status: number, value: unknown) {
  sendJson(res, status, value, { "Request-Id": `req_fake_${random()}` });
}

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(body);
}
