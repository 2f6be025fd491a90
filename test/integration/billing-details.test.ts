/**
 * Billing details end to end: an applicant or buyer names the organisation to invoice (its name,
 * billing address, purchase-order number and VAT number) on the join form or at checkout; it is
 * stored with the application or order and frozen onto the receipt when staff record the payment.
 * Bad details come back with a specific message beside the field and everything typed kept.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import { londonDate } from "../../src/shared/london-date";
import { quoteCart } from "../../src/shared/pricing/cart-quote";
import { createUser, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { everyEntry } from "../support/worker/cms-lists";

const EMPLOYER = {
  billingOrganisation: "Sampleton & District NHS Physiotherapy Trust",
  billingAddress: "Accounts Payable\r\n2 Hospital Road\r\nSampleton\r\nEX2 9ZZ",
  purchaseOrder: "PO-2026/4471",
  vatId: "gb 123 4567 89",
};

let webinars: WebinarSummary[];
beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  webinars = await everyEntry(cms, webinarsOperation);
});

const payment = (pence: number) => ({ amount: (pence / 100).toFixed(2), receivedOn: londonDate(new Date()), paymentReference: "BACS 901122" });

describe("billing details on the join form", () => {
  it("the employer's details are stored with the application and printed on the receipt, with the member as the person it is for", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const form = validForm(EMPLOYER);
    expect((await browser.post("/join", form)).status).toBe(303);
    const application = (await env.DB.prepare("SELECT id, billing, amount_due_pence FROM applications WHERE idempotency_key = ?1")
      .bind(form.idempotencyKey)
      .first<{ id: string; billing: string; amount_due_pence: number }>())!;
    expect(JSON.parse(application.billing)).toEqual({
      organisation: EMPLOYER.billingOrganisation,
      address: ["Accounts Payable", "2 Hospital Road", "Sampleton", "EX2 9ZZ"],
      purchaseOrder: "PO-2026/4471",
      vatId: "GB123456789",
    });

    const staff = await signedInStaff();
    expect((await staff.post(`/staff/applications/${application.id}/payment`, payment(application.amount_due_pence))).status).toBe(303);
    const receipt = (await env.DB.prepare("SELECT number, billing FROM receipts WHERE application_id = ?1").bind(application.id).first<{ number: string; billing: string }>())!;
    expect(JSON.parse(receipt.billing).organisation).toBe(EMPLOYER.billingOrganisation);

    const html = await (await browser.fetch(`/user/receipts/${receipt.number}`)).text();
    expect(html).toContain("Invoice to</h2>");
    expect(html).toContain("Sampleton &amp; District NHS Physiotherapy Trust");
    expect(html).toContain("2 Hospital Road");
    expect(html).toContain("Purchase order: PO-2026/4471");
    expect(html).toContain("VAT number: GB123456789");
    expect(html).toMatch(/For<\/h2><p class="receipt__payer"><span class="receipt__line">Ada Example<\/span>/);
  });

  it("without billing details the receipt names the payer alone, and the application stores none", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const form = validForm();
    expect((await new TestBrowser().post("/join", form)).status).toBe(303);
    const row = await env.DB.prepare("SELECT billing FROM applications WHERE idempotency_key = ?1").bind(form.idempotencyKey).first<{ billing: string | null }>();
    expect(row).toEqual({ billing: null });
  });

  it.each([
    ["a VAT number of a country not accepted", { vatId: "US12345" }, "vatId", "VAT numbers starting US are not accepted: give a UK (GB or XI) or EU VAT number"],
    ["a VAT number in the wrong format", { vatId: "GB12345" }, "vatId", "That is not a valid GB VAT number: check the characters after GB"],
    ["a VAT number without an organisation", { billingOrganisation: "", vatId: "DE123456789" }, "billingOrganisation", "Enter the name of the organisation the VAT number belongs to"],
    ["a purchase-order number that is too long", { purchaseOrder: "P".repeat(51) }, "purchaseOrder", "The purchase-order number must be 50 characters or fewer"],
  ])("refuses %s beside its field, keeping what was typed, storing nothing", async (_name, fields, field, message) => {
    const form = validForm({ ...EMPLOYER, ...fields });
    const response = await new TestBrowser().post("/join", form);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-field-error="${field}"`);
    expect(html).toContain(message.replace(/&/g, "&amp;"));
    expect(html).toContain('class="error-summary"');
    expect(html).toContain(`value="${form.purchaseOrder}"`);
    expect(html).toMatch(/Accounts Payable\r?\n2 Hospital Road/);
    expect(await env.DB.prepare("SELECT 1 FROM applications WHERE idempotency_key = ?1").bind(form.idempotencyKey).first()).toBeNull();
  });
});

describe("billing details at checkout", () => {
  const paidWebinar = () => webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!; // £35

  async function buyer() {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const total = quoteCart([{ kind: "webinar", id: paidWebinar().id }], { webinars, bundles: [] }, "user", new Date(), new Set()).totalPence;
    const fields = { items: `webinar:${paidWebinar().id}`, expectedTotalPence: String(total), idempotencyKey: crypto.randomUUID(), paymentMethod: "offline" };
    return { user, browser, fields };
  }

  it("an offline order keeps the organisation, and its receipt is made out to it", async () => {
    const { user, browser, fields } = await buyer();
    expect((await browser.post("/cart/checkout", { ...fields, ...EMPLOYER })).status).toBe(303);
    const order = (await env.DB.prepare("SELECT id, billing, total_pence FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; billing: string; total_pence: number }>())!;
    expect(JSON.parse(order.billing)).toMatchObject({ organisation: EMPLOYER.billingOrganisation, vatId: "GB123456789" });

    const staff = await signedInStaff();
    expect((await staff.post(`/staff/orders/${order.id}/payment`, payment(order.total_pence))).status).toBe(303);
    const receipt = (await env.DB.prepare("SELECT number FROM receipts WHERE order_id = ?1").bind(order.id).first<{ number: string }>())!;
    const html = await (await browser.fetch(`/user/receipts/${receipt.number}`)).text();
    expect(html).toContain("Invoice to</h2>");
    expect(html).toContain("Purchase order: PO-2026/4471");
    expect(html).toContain(user.email);
  });

  it("a bad VAT number shows the cart again (400) with the message beside the field and what was typed, and orders nothing", async () => {
    const { user, browser, fields } = await buyer();
    const response = await browser.post("/cart/checkout", { ...fields, ...EMPLOYER, vatId: "FR12" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('data-field-error="vatId"');
    expect(html).toContain("That is not a valid FR VAT number: check the characters after FR");
    expect(html).toContain('value="PO-2026/4471"');
    expect(html).toContain('value="FR12"');
    expect(html).toMatch(/<details class="cart-checkout__billing" open="">/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await env.DB.prepare("SELECT 1 FROM orders WHERE user_id = ?1").bind(user.uid).first()).toBeNull();
  });
});
