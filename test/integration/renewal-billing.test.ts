/**
 * Billing details on a renewal, end to end against real D1 and the Firebase Auth emulator: an
 * offline member due to renew finds last year's organisation filled in on /user/membership, can
 * change it, and bad details come back beside their fields with everything typed kept (the form is
 * plain HTML: no JavaScript runs here). The renewal by bank transfer stores the organisation and
 * its pro-forma invoice and, once staff record the money, its receipt name it exactly as a join's do.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;

const LAST_YEAR = { organisation: "Sampleton Physio Partners", address: ["1 Old Street", "Sampleton", "EX1 1AA"], purchaseOrder: "PO-2025/17", vatId: "GB123456789" };

const THIS_YEAR = {
  billingOrganisation: "Sampleton & District NHS Physiotherapy Trust",
  billingAddress: "Accounts Payable\r\n2 Hospital Road\r\nSampleton\r\nEX2 9ZZ",
  purchaseOrder: "PO-2026/4471",
  vatId: "gb 987 6543 21",
};

/** An offline member whose period ends in 20 days (renewal due), joined with `billing` (or none). */
async function memberDueToRenew(billing: typeof LAST_YEAR | null) {
  const user = await createUser();
  const email = user.email.toLowerCase();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
         payment_method, amount_due_pence, status, details, billing)
       VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', 'Example', 'full-member', 'Full member', 'offline', 22000, 'paid', '{}', ?5)`,
    ).bind(`app-${user.uid}`, `GH-RB${user.uid.slice(0, 8).toUpperCase()}`, user.uid, email, billing ? JSON.stringify(billing) : null),
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, ?3, 'full-member', 'Full member', 'active', 'offline', ?4, ?5)`,
    ).bind(user.uid, email, `app-${user.uid}`, londonDate(new Date(Date.now() - 345 * DAY)), londonDate(new Date(Date.now() + 20 * DAY))),
  ]);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { user, browser };
}

const renewalsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id, billing, amount_due_pence FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(userId).all<{ id: string; billing: string | null; amount_due_pence: number }>())
    .results;

beforeAll(async () => {
  await warmMembershipContent();
  vi.spyOn(console, "log").mockImplementation(() => undefined);
}, 60_000);

describe("billing details on a renewal", () => {
  it("offers last year's organisation, filled in; with none given last year the fields are empty", async () => {
    const { browser } = await memberDueToRenew(LAST_YEAR);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-renewal="offer"');
    expect(page).toMatch(/<form [^>]*data-renewal-form="" action="\/user\/membership\/renew" method="post">/);
    expect(page).toContain("<h3>Invoice to an organisation</h3>");
    expect(page).toMatch(/id="billingOrganisation"[^>]*value="Sampleton Physio Partners"/);
    expect(page).toMatch(/1 Old Street\r?\nSampleton\r?\nEX1 1AA<\/textarea>/);
    expect(page).toMatch(/id="purchaseOrder"[^>]*value="PO-2025\/17"/);
    expect(page).toMatch(/id="vatId"[^>]*value="GB123456789"/);
    expect(page).toContain('formAction="/user/membership/renew/pay-by-card"');

    const { browser: other } = await memberDueToRenew(null);
    const empty = await (await other.fetch("/user/membership")).text();
    expect(empty).toMatch(/id="billingOrganisation"[^>]*value=""/);
    expect(empty).toMatch(/id="vatId"[^>]*value=""/);
  });

  it("refuses a bad VAT number beside its field, keeping everything typed, and makes no renewal", async () => {
    const { user, browser } = await memberDueToRenew(LAST_YEAR);
    const response = await browser.post("/user/membership/renew", { ...THIS_YEAR, vatId: "GB12345" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('class="error-summary"');
    expect(html).toContain('data-field-error="vatId"');
    expect(html).toContain("That is not a valid GB VAT number: check the characters after GB");
    expect(html).toContain('value="Sampleton &amp; District NHS Physiotherapy Trust"');
    expect(html).toMatch(/Accounts Payable\r?\n2 Hospital Road/);
    expect(html).toContain('value="PO-2026/4471"');
    expect(html).toContain('value="GB12345"');
    expect(await renewalsOf(user.uid)).toEqual([]);

    const noOrganisation = await browser.post("/user/membership/renew/pay-by-card", { billingOrganisation: "", vatId: "DE123456789" });
    expect(noOrganisation.status).toBe(400);
    expect(await noOrganisation.text()).toContain("Enter the name of the organisation the VAT number belongs to");
    expect(await renewalsOf(user.uid)).toEqual([]);
  });

  it("by bank transfer: the renewal, its pro-forma invoice and its receipt name the organisation, with the member as who it is for", async () => {
    const { user, browser } = await memberDueToRenew(LAST_YEAR);
    for (let i = 0; i < 2; i++) {
      const response = await browser.post("/user/membership/renew", THIS_YEAR);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/user/membership?renewal=requested");
    }
    const renewals = await renewalsOf(user.uid);
    expect(renewals).toHaveLength(1);
    const [renewal] = renewals;
    expect(JSON.parse(renewal!.billing!)).toEqual({
      organisation: THIS_YEAR.billingOrganisation,
      address: ["Accounts Payable", "2 Hospital Road", "Sampleton", "EX2 9ZZ"],
      purchaseOrder: "PO-2026/4471",
      vatId: "GB987654321",
    });
    const awaiting = await (await browser.fetch("/user/membership?renewal=requested")).text();
    expect(awaiting).toContain('data-renewal="awaiting-payment"');
    expect(awaiting).toContain("Sampleton &amp; District NHS Physiotherapy Trust");

    // One pro-forma invoice, issued with the renewal, made out to the organisation.
    const invoices = (await env.DB.prepare("SELECT number, billing, total_pence FROM pro_forma_invoices WHERE application_id = ?1").bind(renewal!.id).all<{ number: string; billing: string; total_pence: number }>())
      .results;
    expect(invoices).toHaveLength(1);
    expect(JSON.parse(invoices[0]!.billing)).toEqual(JSON.parse(renewal!.billing!));
    expect(invoices[0]!.total_pence).toBe(renewal!.amount_due_pence);
    // And one e-mail carrying it, though the form was sent twice.
    const mail = await env.DB.prepare("SELECT data FROM email_outbox WHERE kind = 'pro-forma-issued' AND substr(dedupe_key, 1, length(?1)) = ?1")
      .bind(`pro-forma-issued:membership:${renewal!.id}:`)
      .all<{ data: string }>();
    expect(mail.results).toHaveLength(1);
    expect(JSON.parse(mail.results[0]!.data)).toMatchObject({ proFormaNumber: invoices[0]!.number, invoiceTo: THIS_YEAR.billingOrganisation });
    const invoice = await (await browser.fetch(`/user/pro-forma/${invoices[0]!.number}`)).text();
    expect(invoice).toContain("Invoice to</h2>");
    expect(invoice).toContain("Sampleton &amp; District NHS Physiotherapy Trust");
    expect(invoice).toContain("Purchase order: PO-2026/4471");
    expect(invoice).toContain("VAT number: GB987654321");

    const staff = await signedInStaff();
    const paid = await staff.post(`/staff/applications/${renewal!.id}/payment`, {
      amount: (renewal!.amount_due_pence / 100).toFixed(2),
      receivedOn: londonDate(new Date()),
      paymentReference: "BACS 445566",
    });
    expect(paid.status).toBe(303);
    const receipt = (await env.DB.prepare("SELECT number, billing FROM receipts WHERE application_id = ?1").bind(renewal!.id).first<{ number: string; billing: string }>())!;
    expect(JSON.parse(receipt.billing)).toEqual(JSON.parse(renewal!.billing!));
    const html = await (await browser.fetch(`/user/receipts/${receipt.number}`)).text();
    expect(html).toContain("Invoice to</h2>");
    expect(html).toContain("Sampleton &amp; District NHS Physiotherapy Trust");
    expect(html).toContain("2 Hospital Road");
    expect(html).toContain("Purchase order: PO-2026/4471");
    expect(html).toContain("VAT number: GB987654321");
    expect(html).toMatch(/For<\/h2><p class="receipt__payer"><span class="receipt__line">Ada Example<\/span>/);
  });

  it("by card: the renewal is made out to the organisation, with no pro-forma invoice (nothing to ask for by transfer)", async () => {
    const { user, browser } = await memberDueToRenew(LAST_YEAR);
    const response = await browser.post("/user/membership/renew/pay-by-card", THIS_YEAR);
    expect(response.status).toBe(303);
    const [renewal] = await renewalsOf(user.uid);
    expect(JSON.parse(renewal!.billing!)).toMatchObject({ organisation: THIS_YEAR.billingOrganisation, vatId: "GB987654321" });
    expect(await env.DB.prepare("SELECT 1 FROM pro_forma_invoices WHERE application_id = ?1").bind(renewal!.id).first()).toBeNull();
  });

  it("cleared, the renewal and its pro-forma invoice are made out to the member alone", async () => {
    const { user, browser } = await memberDueToRenew(LAST_YEAR);
    const cleared = { billingOrganisation: "", billingAddress: "", purchaseOrder: "", vatId: "" };
    expect((await browser.post("/user/membership/renew", cleared)).status).toBe(303);
    const [renewal] = await renewalsOf(user.uid);
    expect(renewal!.billing).toBeNull();
    const invoice = await env.DB.prepare("SELECT billing FROM pro_forma_invoices WHERE application_id = ?1").bind(renewal!.id).first<{ billing: string | null }>();
    expect(invoice).toEqual({ billing: null });
    const awaiting = await (await browser.fetch("/user/membership")).text();
    expect(awaiting).not.toContain("Invoiced to");
  });
});
