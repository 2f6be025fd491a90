/**
 * Discount codes end to end: codes kept in the real Strapi (the seeded demo codes, and codes an
 * editor saves through the REST API), never readable without the Worker's token; the cart prices
 * them and says why one cannot be used; a card order with a code goes to the FAKE Stripe API
 * (test/support/fake-stripe.ts) at its discounted amounts, is paid through a signed webhook, and
 * its receipt shows the discount with VAT that agrees with Stripe's tax to the penny; the caps
 * hold when checkouts race for the last use.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { discountCodesOperation, webinarBundlesOperation, webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarBundle, WebinarSummary } from "../../src/domain/content";
import type { OrderLine } from "../../src/domain/orders";
import type { ReceiptItem } from "../../src/domain/receipts";
import { clearContentCache } from "../support/worker/helpers";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { payCheckout, sendWebhook, stripeObject } from "../support/worker/stripe";
import { asEditor } from "../support/worker/cms-editor";
import { everyEntry } from "../support/worker/cms-lists";

let webinars: WebinarSummary[];
let bundles: WebinarBundle[];
const created: string[] = [];

const BACK_PAIN = () => webinars.find((w) => w.slug === "managing-persistent-low-back-pain")!; // £45, standard rate
const OLDER_ADULTS = () => webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!; // £35, standard rate
const MASTERCLASS = () => bundles.find((b) => b.slug === "recorded-masterclass-collection")!;


async function saveCode(data: Record<string, unknown>): Promise<Response> {
  const response = await asEditor("POST", "/api/discount-codes?status=published", data);
  if (response.status === 201) created.push(((await response.clone().json()) as { data: { documentId: string } }).data.documentId);
  return response;
}

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  [webinars, bundles] = await Promise.all([everyEntry(cms, webinarsOperation), everyEntry(cms, webinarBundlesOperation)]);
});

afterAll(async () => {
  for (const id of created) await asEditor("DELETE", `/api/discount-codes/${id}`);
  await clearContentCache();
});

async function shopper() {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const cartPage = async (browser: TestBrowser, items: string, code: string) =>
  (await browser.fetch(`/cart?${new URLSearchParams({ items, code })}`)).text();

describe("codes in the CMS", () => {
  it("are read with the Worker's token, and by no one without it (GraphQL or REST)", async () => {
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    const codes = await everyEntry(cms, discountCodesOperation);
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(["WELCOME10", "SPRING5", "JOIN2026", "SUMMER24"]));
    const spring = codes.find((c) => c.code === "SPRING5")!;
    expect(spring).toMatchObject({ kind: "fixed", amountOffPence: 500, stacksWithBundle: true, maxRedemptions: 100 });
    expect(spring.appliesTo.bundleIds).toEqual([bundles.find((b) => b.slug === "spring-clinical-skills")!.id]);

    const anonymous = await fetch(`${env.CMS_URL}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ discountCodes_connection { data { id attributes { code } } } }" }),
    });
    const text = await anonymous.text();
    expect((JSON.parse(text) as { data?: { discountCodes_connection?: unknown } | null }).data?.discountCodes_connection ?? null).toBeNull();
    expect(text).not.toContain("WELCOME10");
    expect([401, 403]).toContain((await fetch(`${env.CMS_URL}/api/discount-codes`)).status);
  });

  it("refuses a code that differs from another only in letter case, and a percent code without its percentage", async () => {
    const duplicate = await saveCode({ code: "welcome10", kind: "percent", percentOff: 5 });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toContain("already");
    const noPercent = await saveCode({ code: "NOPERCENT", kind: "percent" });
    expect(noPercent.status).toBe(400);
    expect(await noPercent.text()).toContain("percentOff");
  });
});

describe("the cart", () => {
  it("shows what a code takes off, and each reason a code cannot be used", async () => {
    const { browser } = await shopper();
    const webinar = `webinar:${BACK_PAIN().id}`;
    const applied = await cartPage(browser, webinar, "welcome10");
    expect(applied).toContain('data-cart-code-applied="WELCOME10"');
    expect(applied).toContain('data-cart-total="4050"');
    expect(applied).toContain('name="code" value="WELCOME10"');

    const reasons: [string, string, string][] = [
      ["NOSUCHCODE", webinar, "There is no discount code “NOSUCHCODE”"],
      ["summer24", webinar, "The code “SUMMER24” has expired"],
      ["SPRING5", webinar, "The code “SPRING5” does not apply to anything in your cart."],
      ["WELCOME10", `bundle:${MASTERCLASS().id}`, "The code “WELCOME10” does not apply to anything in your cart."],
    ];
    for (const [code, items, message] of reasons) {
      const page = await cartPage(browser, items, code);
      expect(page, code).toContain(message);
      expect(page, code).not.toContain("data-cart-code-applied");
    }
  });
});

describe("a card order with a code", () => {
  it("is charged at the discounted amounts, paid through the signed webhook, and its receipt shows the discount; the buyer cannot use the code again", async () => {
    const { browser, user } = await shopper();
    const items = `webinar:${BACK_PAIN().id},webinar:${OLDER_ADULTS().id}`;
    // £45 and £35 less 10%: 4050 + 3150.
    const response = await browser.post("/cart/checkout", { items, expectedTotalPence: "7200", idempotencyKey: crypto.randomUUID(), paymentMethod: "card", code: "WELCOME10" });
    expect(response.status).toBe(303);
    const order = (await env.DB.prepare("SELECT id, total_pence, lines, discount, checkout_session_id FROM orders WHERE user_id = ?1").bind(user.uid).first<{
      id: string;
      total_pence: number;
      lines: string;
      discount: string;
      checkout_session_id: string;
    }>())!;
    expect(order.total_pence).toBe(7200);
    expect(JSON.parse(order.discount)).toMatchObject({ code: "WELCOME10", totalPence: 800 });
    expect((JSON.parse(order.lines) as OrderLine[]).map((l) => [l.pence, l.discountPence])).toEqual([
      [4050, 450],
      [3150, 350],
    ]);

    const session = await stripeObject<{
      amount_total: number;
      metadata: Record<string, string>;
      total_details: { amount_tax: number };
      line_items: { amount_total: number; amount_tax: number; price_data?: { unit_amount: string } }[];
    }>(`checkout/sessions/${order.checkout_session_id}`);
    expect(session.amount_total).toBe(7200);
    expect(session.line_items.map((l) => Number(l.price_data?.unit_amount))).toEqual([4050, 3150]);
    expect(session.metadata).toMatchObject({ kind: "order", orderId: order.id, discountCode: "WELCOME10", discountPence: "800" });

    await payCheckout(order.checkout_session_id);
    expect((await sendWebhook("checkout.session.completed", { id: order.checkout_session_id, object: "checkout.session" })).status).toBe(200);
    const receipt = (await env.DB.prepare("SELECT number, items, total_pence, vat_pence FROM receipts WHERE order_id = ?1").bind(order.id).first<{
      number: string;
      items: string;
      total_pence: number;
      vat_pence: number;
    }>())!;
    const lines = JSON.parse(receipt.items) as ReceiptItem[];
    expect(receipt.total_pence).toBe(session.amount_total);
    expect(receipt.vat_pence).toBe(session.total_details.amount_tax);
    // 4050 at 20%: 675p; 3150: 525p.
    expect(lines.map((l) => l.vat!.vatPence)).toEqual(session.line_items.map((l) => l.amount_tax));
    expect(lines.map((l) => l.vat!.vatPence)).toEqual([675, 525]);
    expect(lines[0]!.detail).toBe("Webinar; £45.00 less £4.50 with discount code WELCOME10");
    const page = await (await browser.fetch(`/user/receipts/${receipt.number}`)).text();
    expect(page).toContain("less £4.50 with discount code WELCOME10");

    // Staff see the code on the order.
    const staffPage = await (await (await signedInStaff()).fetch(`/staff/orders/${order.id}`)).text();
    expect(staffPage).toContain("after discount code WELCOME10 (£8.00 off)");

    // WELCOME10 is once per person.
    const pelvic = webinars.find((w) => w.slug === "pelvic-health-essentials")!; // £45 for non-members
    const again = await cartPage(browser, `webinar:${pelvic.id}`, "WELCOME10");
    expect(again).toContain("You have already used the code “WELCOME10”: each person can use it once.");
  });
});

describe("a code that takes an order to nothing", () => {
  it("grants the webinar at once, with the order e-mail, and issues no pro-forma invoice or Stripe session", async () => {
    expect((await saveCode({ code: "ALLFREE", kind: "fixed", amountOffPence: 10000, allWebinars: true, maxRedemptions: 5 })).status).toBe(201);
    await clearContentCache();
    for (const paymentMethod of ["offline", "card"]) {
      const { browser, user } = await shopper();
      const response = await browser.post("/cart/checkout", { items: `webinar:${BACK_PAIN().id}`, expectedTotalPence: "0", idempotencyKey: crypto.randomUUID(), paymentMethod, code: "ALLFREE" });
      expect(response.headers.get("Location")).toMatch(/^\/user\/webinars\?ordered=/);
      const order = (await env.DB.prepare("SELECT id, status, total_pence, checkout_session_id FROM orders WHERE user_id = ?1").bind(user.uid).first<{
        id: string;
        status: string;
        total_pence: number;
        checkout_session_id: string | null;
      }>())!;
      expect(order).toMatchObject({ status: "paid", total_pence: 0, checkout_session_id: null });
      const granted = await env.DB.prepare("SELECT webinar_id FROM entitlements WHERE user_id = ?1").bind(user.uid).all<{ webinar_id: string }>();
      expect(granted.results.map((r) => r.webinar_id)).toEqual([BACK_PAIN().id]);
      const invoices = await env.DB.prepare("SELECT count(*) AS n FROM pro_forma_invoices WHERE order_id = ?1").bind(order.id).first<{ n: number }>();
      expect(invoices!.n).toBe(0);
      const mail = await env.DB.prepare("SELECT kind FROM email_outbox WHERE recipient = ?1").bind(user.email).all<{ kind: string }>();
      expect(mail.results.map((m) => m.kind)).toEqual(["order-receipt"]);
    }
  });
});

describe("the total cap", () => {
  it("holds when more checkouts than uses left race for it; a refused one orders nothing and says why", async () => {
    expect((await saveCode({ code: "RACE2", kind: "fixed", amountOffPence: 1000, allWebinars: true, maxRedemptions: 2 })).status).toBe(201);
    await clearContentCache();
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    const items = `webinar:${BACK_PAIN().id}`;
    const responses = await Promise.all(
      shoppers.map(({ browser }) => browser.post("/cart/checkout", { items, expectedTotalPence: "3500", idempotencyKey: crypto.randomUUID(), paymentMethod: "offline", code: "RACE2" })),
    );
    const locations = responses.map((r) => r.headers.get("Location") ?? "");
    expect(locations.filter((l) => l.startsWith("/user/webinars?ordered="))).toHaveLength(2);
    const refused = locations.filter((l) => l.startsWith("/cart?"));
    expect(refused).toHaveLength(3);
    expect(new URL(refused[0]!, "http://x").searchParams.get("notice")).toBe("code");
    const uses = await env.DB.prepare("SELECT count(*) AS n FROM discount_redemptions WHERE code = 'RACE2'").first<{ n: number }>();
    expect(uses!.n).toBe(2);
    const orders = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE discount LIKE '%RACE2%'").first<{ n: number }>();
    expect(orders!.n).toBe(2);

    const loser = shoppers[locations.findIndex((l) => l.startsWith("/cart?"))]!;
    const page = await (await loser.browser.fetch(refused[0]!)).text();
    expect(page).toContain("The code “RACE2” has been used as many times as it can be");
    expect(page).toContain('data-cart-total="4500"');
  });

  it("gives a use back when its order is cancelled", async () => {
    const { browser, user } = await shopper();
    await env.DB.prepare("UPDATE orders SET status = 'cancelled' WHERE discount LIKE '%RACE2%' AND rowid = (SELECT min(rowid) FROM orders WHERE discount LIKE '%RACE2%')").run();
    const response = await browser.post("/cart/checkout", { items: `webinar:${BACK_PAIN().id}`, expectedTotalPence: "3500", idempotencyKey: crypto.randomUUID(), paymentMethod: "offline", code: "RACE2" });
    expect(response.headers.get("Location")).toMatch(/^\/user\/webinars\?ordered=/);
    const order = await env.DB.prepare("SELECT total_pence FROM orders WHERE user_id = ?1").bind(user.uid).first<{ total_pence: number }>();
    expect(order!.total_pence).toBe(3500);
  });
});
