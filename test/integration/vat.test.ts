/**
 * VAT end to end: the treatments from the real Strapi demo content (standard webinars, a
 * reduced-rate bundle), a card order through the FAKE Stripe API (test/support/fake-stripe.ts,
 * which works out inclusive tax per line as Stripe states it, in floating point) and the receipt
 * the webhook issues; Stripe's tax and the receipt's VAT must agree to the penny. Then the adapter
 * against the fake with amounts chosen for their rounding (half pennies included).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { footerOperation, webinarBundlesOperation, webinarsOperation } from "../../src/adapters/cms/operations";
import { createBillingApi } from "../../src/adapters/stripe/billing-api";
import type { WebinarBundle, WebinarSummary } from "../../src/domain/content";
import type { ReceiptItem } from "../../src/domain/receipts";
import { getConfig } from "../../src/env";
import type { CartItemRef } from "../../src/shared/cart";
import { quoteCart } from "../../src/shared/pricing/cart-quote";
import { splitGross, vatIncluded, VAT_RATES } from "../../src/shared/pricing/vat";
import { createUser, TestBrowser } from "../support/worker/browser";
import { fakeStripe, payCheckout, sendWebhook, stripeObject, stripeRequests } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

let webinars: WebinarSummary[];
let bundles: WebinarBundle[];
let vatNumber: string | null;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  let footer;
  [webinars, bundles, footer] = await Promise.all([everyEntry(cms, webinarsOperation), everyEntry(cms, webinarBundlesOperation), cms.run(footerOperation, {})]);
  vatNumber = footer.vatNumber;
});

const OLDER_ADULTS = () => webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!; // £35, standard rate
const CLINICAL = () => bundles.find((b) => b.slug === "spring-clinical-skills")!; // 20% off, reduced rate

interface Session {
  amount_total: number;
  total_details: { amount_tax: number };
  line_items: { amount_total: number; amount_tax: number; tax_rates?: string[] }[];
}

describe("the CMS's VAT", () => {
  it("gives each webinar and bundle a treatment, and the society's VAT number", () => {
    expect(OLDER_ADULTS().vatTreatment).toBe("standard");
    expect(CLINICAL().vatTreatment).toBe("reduced");
    expect(webinars.find((w) => w.slug === "pelvic-health-essentials")!.vatTreatment).toBe("zero");
    expect(webinars.find((w) => w.slug === "ethics-and-professional-boundaries")!.vatTreatment).toBe("exempt");
    expect(vatNumber).toBe("GB999999973");
  });
});

describe("a card order with two VAT rates", () => {
  it("Stripe's tax and the receipt's VAT agree to the penny, per line and in total, and the receipt shows them", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const items: CartItemRef[] = [
      { kind: "bundle", id: CLINICAL().id },
      { kind: "webinar", id: OLDER_ADULTS().id },
    ];
    const total = quoteCart(items, { webinars, bundles }, "user", new Date(), new Set()).totalPence;
    // What the webinar's Stripe price costs, as Stripe would know it.
    await fakeStripe("/__prices", { body: JSON.stringify({ [OLDER_ADULTS().stripePriceId!]: 3500 }) });
    const response = await browser.post("/cart/checkout", {
      items: `bundle:${CLINICAL().id},webinar:${OLDER_ADULTS().id}`,
      expectedTotalPence: String(total),
      idempotencyKey: crypto.randomUUID(),
      paymentMethod: "card",
    });
    expect(response.status).toBe(303);
    const order = (await env.DB.prepare("SELECT id, checkout_session_id FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; checkout_session_id: string }>())!;

    // The tax rates the Worker found or made: inclusive, one per rate of the VAT table.
    const created = (await stripeRequests()).filter((r) => r.path === "/v1/tax_rates" && r.method === "POST");
    for (const request of created) expect(request.body).toMatchObject({ inclusive: "true", display_name: "VAT", country: "GB", tax_type: "vat" });
    const session = await stripeObject<Session>(`checkout/sessions/${order.checkout_session_id}`);
    expect(session.line_items.every((line) => line.tax_rates?.length === 1)).toBe(true);

    await payCheckout(order.checkout_session_id);
    expect((await sendWebhook("checkout.session.completed", { id: order.checkout_session_id, object: "checkout.session" })).status).toBe(200);

    const receipt = (await env.DB.prepare("SELECT number, items, total_pence, net_pence, vat_pence FROM receipts WHERE order_id = ?1").bind(order.id).first<{
      number: string;
      items: string;
      total_pence: number;
      net_pence: number;
      vat_pence: number;
    }>())!;
    const lines = JSON.parse(receipt.items) as ReceiptItem[];
    expect(lines.map((i) => i.vat!.treatment).sort()).toEqual(["reduced", "standard"]);
    expect(lines.map((i) => i.vat!.vatPence)).toEqual(session.line_items.map((line) => line.amount_tax));
    expect(receipt.vat_pence).toBe(session.total_details.amount_tax);
    expect(receipt.total_pence).toBe(session.amount_total);
    expect(receipt.net_pence + receipt.vat_pence).toBe(receipt.total_pence);
    // £35.00 at 20%: 3500 / 6 = 583.33, so 583p.
    expect(lines.find((i) => i.vat!.treatment === "standard")!.vat!.vatPence).toBe(583);

    const page = await (await browser.fetch(`/user/receipts/${receipt.number}`)).text();
    expect(page).toContain("VAT registration number: GB999999973");
    expect(page).toContain("£5.83");
    for (const heading of ["VAT rate", "Net", "VAT", "Gross"]) expect(page).toContain(`>${heading}</th>`);
  });
});

describe("Stripe's inclusive tax and ours, amount by amount", () => {
  // Amounts chosen for their rounding: exact, just under and over a half, exactly a half (3p,
  // 2997p at 20%), pennies, and large.
  const AMOUNTS = [1, 2, 3, 9, 99, 101, 1050, 1999, 2997, 2999, 3003, 4499, 6000, 9_999, 123_457, 9_999_999];

  it.each(["standard", "reduced", "zero"] as const)("at the %s rate, every line's tax and the total agree to the penny", async (treatment) => {
    const billing = createBillingApi(getConfig(env).stripe!);
    const rates = await billing.taxRates();
    const session = await billing.createCheckoutSession({
      mode: "payment",
      purpose: { kind: "order", orderId: crypto.randomUUID(), userId: "vat-test" },
      lines: AMOUNTS.map((pence) => ({ name: `${pence}p`, unitAmountPence: pence, quantity: 1, taxRateId: rates[treatment] })),
      couponId: null,
      customerEmail: "vat@example.org",
      customerId: null,
      successUrl: "http://localhost:8787/ok",
      cancelUrl: "http://localhost:8787/cancel",
      idempotencyKey: crypto.randomUUID(),
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    const stripe = await stripeObject<Session>(`checkout/sessions/${session.id}`);
    const ours = AMOUNTS.map((pence) => splitGross(pence, treatment).vatPence);
    expect(stripe.line_items.map((line) => line.amount_tax)).toEqual(ours);
    expect(session.amountTaxPence).toBe(ours.reduce((a, b) => a + b, 0));
    if (treatment === "standard") expect([vatIncluded(3, VAT_RATES.standard!), vatIncluded(2997, VAT_RATES.standard!)]).toEqual([1, 500]);
  });

  it("finds the tax rates it made rather than making more", async () => {
    const billing = createBillingApi(getConfig(env).stripe!);
    const first = await billing.taxRates();
    const listed = await stripeObject<{ data: { id: string; metadata: Record<string, string> }[] }>("tax_rates?active=true&inclusive=true");
    const ours = listed.data.filter((r) => r.metadata.guildhall_vat_treatment);
    expect(ours).toHaveLength(3);
    expect(new Set(ours.map((r) => r.id))).toEqual(new Set([first.standard, first.reduced, first.zero]));
    expect(first.exempt).toBeNull();
  });
});
