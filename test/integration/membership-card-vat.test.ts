/**
 * Joining by card with VAT and discounts (issue 15): the Checkout lines carry Stripe tax rates,
 * the first-year discount (half price for the newly qualified, a discount code from the real
 * Strapi, or both) is one coupon on the subscription's product, and after the signed webhook the
 * two-line receipt's VAT is the FAKE Stripe's tax (test/support/fake-stripe.ts, which works
 * discounts and inclusive tax out on its own, in floating point) to the penny; so is a renewal's.
 */
import { env } from "cloudflare:test";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import type { ReceiptItem } from "../../src/domain/receipts";
import { joinByCard } from "../support/worker/card-join";
import { clearContentCache } from "../support/worker/helpers";
import {
  fakeStripe,
  newInvoice,
  payCheckout,
  sendWebhook,
  stripeObject,
  stripeRequests,
} from "../support/worker/stripe";
import { asEditor } from "../support/worker/cms-editor";

interface Session {
  amount_total: number;
  total_details: { amount_tax: number; amount_discount: number };
  line_items: {
    amount_total: number;
    amount_tax: number;
    amount_discount: number;
    tax_rates?: string[];
  }[];
  discounts: { coupon: string }[] | null;
}

const created: string[] = [];


beforeAll(async () => {
  const response = await asEditor(
    "GET",
    "/api/memberships?filters[slug][$eq]=full-member",
  );
  const full = ((await response.json()) as { data: { documentId: string }[] })
    .data[0]!;
  // £10.04 off and 15% off: amounts chosen so per-line tax rounding matters.
  for (const code of [
    {
      code: "CARDTEN",
      kind: "fixed",
      amountOffPence: 1004,
      memberships: { connect: [full.documentId] },
    },
    {
      code: "CARDPCT",
      kind: "percent",
      percentOff: 15,
      memberships: { connect: [full.documentId] },
    },
  ]) {
    const saved = await asEditor(
      "POST",
      "/api/discount-codes?status=published",
      code,
    );
    expect(saved.status, await saved.clone().text()).toBe(201);
    created.push(
      ((await saved.json()) as { data: { documentId: string } }).data
        .documentId,
    );
  }
  await clearContentCache();
});

afterAll(async () => {
  for (const id of created)
    await asEditor("DELETE", `/api/discount-codes/${id}`);
  await clearContentCache();
});

beforeEach(async () => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  // What the demo memberships' Stripe prices cost, as Stripe would know them (the CMS's amounts).
  await fakeStripe("/__prices", {
    body: JSON.stringify({
      price_demo_full_member_subscription: {
        unitAmount: 19_500,
        product: "prod_demo_full_member",
      },
      price_demo_full_member_joining_fee: {
        unitAmount: 2_500,
        product: "prod_demo_full_member_joining",
      },
      price_demo_associate_member_subscription: {
        unitAmount: 9_500,
        product: "prod_demo_associate_member",
      },
      price_demo_associate_member_joining_fee: {
        unitAmount: 1_500,
        product: "prod_demo_associate_member_joining",
      },
    }),
  });
});

const thisYear = String(new Date().getUTCFullYear());

const receiptOf = (paymentId: string) =>
  env.DB.prepare(
    "SELECT items, total_pence, net_pence, vat_pence FROM receipts WHERE source = 'membership' AND payment_id = ?1",
  )
    .bind(paymentId)
    .first<{
      items: string;
      total_pence: number;
      net_pence: number;
      vat_pence: number;
    }>();

/** Joins by card, pays on the fake Checkout, delivers the signed webhook; returns Stripe's session and our receipt. */
async function joinAndPay(overrides: Record<string, string>) {
  const joined = await joinByCard(overrides);
  expect(joined.checkoutUrl).toMatch(
    new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`),
  );
  const application = (await env.DB.prepare(
    "SELECT amount_due_pence, joining_fee_pence FROM applications WHERE id = ?1",
  )
    .bind(joined.application.id)
    .first<{
      amount_due_pence: number;
      joining_fee_pence: number;
    }>())!;
  const session = await stripeObject<Session>(
    `checkout/sessions/${joined.sessionId}`,
  );
  const paid = await payCheckout(joined.sessionId);
  expect(
    (
      await sendWebhook("checkout.session.completed", {
        id: joined.sessionId,
        object: "checkout.session",
      })
    ).status,
  ).toBe(200);
  const receipt = (await receiptOf(paid.session.invoice!))!;
  return {
    ...joined,
    stored: application,
    session,
    paid,
    receipt,
    items: JSON.parse(receipt.items) as ReceiptItem[],
  };
}

describe("joining by card: Stripe's amounts and tax agree with the application and the receipt, to the penny", () => {
  it.each([
    // Full member: £195 a year + £25 joining fee, standard rate.
    ["no discount", {}, 22_000, 0],
    [
      "half price for the newly qualified",
      { yearQualified: thisYear },
      9_750 + 2_500,
      9_750,
    ],
    ["a fixed code", { discountCode: "cardten" }, 18_496 + 2_500, 1_004],
    // 15% of the half-price £97.50 is £14.625: £14.63 off.
    [
      "half price and a percent code",
      { yearQualified: thisYear, discountCode: "CARDPCT" },
      8_287 + 2_500,
      9_750 + 1_463,
    ],
    // Associate: £95 + £15, exempt: no tax rate, no VAT.
    ["an exempt membership", { membership: "associate" }, 11_000, 0],
  ] as [string, Record<string, string>, number, number][])(
    "%s",
    async (_, overrides, amountDue, discount) => {
      const { stored, session, items, receipt } = await joinAndPay(overrides);
      expect(stored.amount_due_pence).toBe(amountDue);
      expect(session.amount_total).toBe(amountDue);
      expect(session.total_details.amount_discount).toBe(discount);
      // The coupon reaches the subscription line only.
      expect(session.line_items[1]!.amount_discount).toBe(0);
      expect(receipt.total_pence).toBe(amountDue);
      expect(items.map((item) => item.pence)).toEqual(
        session.line_items.map((line) => line.amount_total),
      );
      expect(items.map((item) => item.vat!.vatPence)).toEqual(
        session.line_items.map((line) => line.amount_tax),
      );
      expect(receipt.vat_pence).toBe(session.total_details.amount_tax);
      expect(receipt.net_pence + receipt.vat_pence).toBe(receipt.total_pence);
      expect(items.map((item) => item.description)).toEqual([
        `${overrides.membership === "associate" ? "Associate member" : "Full member"}, first year's subscription`,
        `${overrides.membership === "associate" ? "Associate member" : "Full member"}, joining fee`,
      ]);
      if (overrides.membership === "associate") {
        expect(
          session.line_items.every((line) => !line.tax_rates?.length),
        ).toBe(true);
        expect(receipt.vat_pence).toBe(0);
      } else {
        expect(
          session.line_items.every((line) => line.tax_rates?.length === 1),
        ).toBe(true);
      }
    },
  );

  it("the coupon: once, a fixed amount in pounds, restricted to the subscription's product, named for what it is, never the CMS's coupon", async () => {
    const { session } = await joinAndPay({
      yearQualified: thisYear,
      discountCode: "CARDTEN",
    });
    const request = (await stripeRequests()).findLast(
      (r) => r.path === "/v1/coupons",
    )!;
    expect(request.body).toMatchObject({
      amount_off: String(9_750 + 1_004),
      currency: "gbp",
      duration: "once",
      applies_to: { products: ["prod_demo_full_member"] },
      name: "Half price + CARDTEN, first year",
      metadata: { guildhall_discount_code: "CARDTEN" },
    });
    expect(request.idempotencyKey).toBe(
      `first-year-coupon:prod_demo_full_member:${9_750 + 1_004}:CARDTEN`,
    );
    expect(session.discounts![0]!.coupon).not.toMatch(/^coupon_demo_/);
  });

  it("a per-line total where the lines' own VAT and VAT on the whole differ: the receipt and Stripe both use the lines'", async () => {
    // £184.96 + £25.00 at 20%: 3082.67p -> 3083p and 416.67p -> 417p, 3500p; VAT worked on the
    // £209.96 total would be 3499.33p -> 3499p, a penny less.
    const { session, receipt } = await joinAndPay({ discountCode: "CARDTEN" });
    expect(session.line_items.map((line) => line.amount_tax)).toEqual([
      3_083, 417,
    ]);
    expect(receipt.vat_pence).toBe(3_500);
    expect(session.total_details.amount_tax).toBe(3_500);
    expect(Math.round((20_996 * 20) / 120)).toBe(3_499);
  });

  it("a renewal invoice carries the subscription's tax rate: its tax is the renewal receipt's VAT", async () => {
    const { paid } = await joinAndPay({ discountCode: "CARDTEN" });
    const renewal = await newInvoice(paid.session.subscription!, 19_500);
    expect(
      (await sendWebhook("invoice.paid", { id: renewal.id, object: "invoice" }))
        .status,
    ).toBe(200);
    const invoice = await stripeObject<{ total_taxes: { amount: number }[] }>(
      `invoices/${renewal.id}`,
    );
    const receipt = (await receiptOf(renewal.id))!;
    // £195 at 20%: 3250p exactly; the renewal is one line, undiscounted (the coupon was once).
    expect(invoice.total_taxes.map((t) => t.amount)).toEqual([3_250]);
    expect(receipt.vat_pence).toBe(3_250);
    expect(
      (JSON.parse(receipt.items) as ReceiptItem[]).map((i) => i.description),
    ).toEqual(["Full member, renewal"]);
  });
});
