/**
 * Pro-forma invoices: issued with a bank-transfer application or order, in its own batch; numbered
 * PF-<year>-<seq> without gaps or repeats when many are issued at once; the same one again when
 * asked for the same figures; shown to its payer and to finance staff, to nobody else; never changed.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import { quoteCart } from "../../src/shared/pricing/cart-quote";
import { createUser, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { everyEntry } from "../support/worker/cms-lists";

interface ProFormaRow {
  number: string;
  year: number;
  seq: number;
  total_pence: number;
  net_pence: number;
  vat_pence: number;
  payment_reference: string;
  due_on: string;
  issued_by: string;
  billing: string | null;
}

const invoicesFor = async (column: "application_id" | "order_id", id: string) =>
  (await env.DB.prepare(`SELECT * FROM pro_forma_invoices WHERE ${column} = ?1 ORDER BY seq`).bind(id).all<ProFormaRow>()).results;

let webinars: WebinarSummary[];
beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  webinars = await everyEntry(cms, webinarsOperation);
});

/** Someone joins paying by bank transfer; their browser (signed in) and the application. */
async function joinOffline(fields: Record<string, string> = {}) {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const browser = new TestBrowser();
  const form = validForm(fields);
  expect((await browser.post("/join", form)).status).toBe(303);
  const application = (await env.DB.prepare("SELECT id, reference, amount_due_pence, user_id FROM applications WHERE idempotency_key = ?1")
    .bind(form.idempotencyKey)
    .first<{ id: string; reference: string; amount_due_pence: number; user_id: string }>())!;
  return { browser, form, application };
}

describe("joining by bank transfer", () => {
  it("issues a numbered pro-forma invoice with the application: the amount with its VAT, the reference, the bank details and the due date", async () => {
    const { browser, application } = await joinOffline({ billingOrganisation: "Sampleton Physio Ltd", purchaseOrder: "PO-88", vatId: "GB123456789" });
    const [invoice, ...more] = await invoicesFor("application_id", application.id);
    expect(more).toEqual([]);
    expect(invoice!.number).toMatch(/^PF-\d{4}-\d{6}$/);
    expect(invoice).toMatchObject({ total_pence: application.amount_due_pence, payment_reference: application.reference, issued_by: "buyer" });
    expect(invoice!.net_pence + invoice!.vat_pence).toBe(invoice!.total_pence);
    const due = new Date(`${invoice!.due_on}T12:00:00Z`).getTime() - Date.now();
    expect(Math.round(due / 86_400_000)).toBeGreaterThanOrEqual(29);
    expect(Math.round(due / 86_400_000)).toBeLessThanOrEqual(31);

    const list = await (await browser.fetch("/user/receipts")).text();
    expect(list).toContain(`href="/user/pro-forma/${invoice!.number}"`);
    const response = await browser.fetch(`/user/pro-forma/${invoice!.number}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain(`Pro-forma invoice <span class="receipt__number">${invoice!.number}</span>`);
    expect(html).toContain(application.reference);
    expect(html).toContain("Payment due by");
    expect(html).toContain("sort code");
    expect(html).toContain("Sampleton Physio Ltd");
    expect(html).toContain("Purchase order: PO-88");
    for (const heading of ["VAT rate", "Net", "VAT", "Gross"]) expect(html).toContain(`>${heading}</th>`);
  });

  it("nobody else sees it: another user gets a 404, as for a number that does not exist; a visitor is sent to sign in", async () => {
    const { application } = await joinOffline();
    const [invoice] = await invoicesFor("application_id", application.id);
    const other = await createUser();
    const stranger = new TestBrowser();
    await stranger.signIn(other.email, other.password);
    expect((await stranger.fetch(`/user/pro-forma/${invoice!.number}`)).status).toBe(404);
    expect((await stranger.fetch("/user/pro-forma/PF-2026-999999")).status).toBe(404);
    expect((await stranger.fetch("/user/pro-forma/nonsense")).status).toBe(404);
    const visitor = await new TestBrowser().fetch(`/user/pro-forma/${invoice!.number}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/api\/auth\/signin\?error=SessionRequired/);
  });
});

describe("staff issue one", () => {
  it("for an application awaiting payment: the one already issued when nothing changed, shown to staff with the way back", async () => {
    const { application } = await joinOffline();
    const [issued] = await invoicesFor("application_id", application.id);
    const staff = await signedInStaff();
    const page = await (await staff.fetch(`/staff/applications/${application.id}`)).text();
    expect(page).toContain("Issue a pro-forma invoice");
    expect(page).toContain(`href="/staff/pro-forma/${issued!.number}"`);
    const response = await staff.post(`/staff/applications/${application.id}/pro-forma`, {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/staff/pro-forma/${issued!.number}`);
    expect(await invoicesFor("application_id", application.id)).toHaveLength(1);
    const html = await (await staff.fetch(`/staff/pro-forma/${issued!.number}`)).text();
    expect(html).toContain(`href="/staff/applications/${application.id}"`);
  });

  it("a new one when the amount due has changed; the first stays as issued", async () => {
    const { application } = await joinOffline();
    await env.DB.prepare("UPDATE applications SET amount_due_pence = amount_due_pence + 500 WHERE id = ?1").bind(application.id).run();
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/applications/${application.id}/pro-forma`, {})).status).toBe(303);
    const invoices = await invoicesFor("application_id", application.id);
    expect(invoices.map((i) => i.total_pence)).toEqual([application.amount_due_pence, application.amount_due_pence + 500]);
    expect(invoices[1]!.issued_by).toBe("staff@guildhall.example");
  });

  it("refuses an application already paid (409) and needs the CSRF token", async () => {
    const { application } = await joinOffline();
    const staff = await signedInStaff();
    expect((await staff.fetch(`/staff/applications/${application.id}/pro-forma`, { method: "POST", body: new URLSearchParams({}) })).status).toBe(403);
    await env.DB.prepare("UPDATE applications SET status = 'paid' WHERE id = ?1").bind(application.id).run();
    const refused = await staff.post(`/staff/applications/${application.id}/pro-forma`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This application is not awaiting payment, so it needs no pro-forma invoice");
  });

  it("is refused to a signed-in member who is not staff", async () => {
    const { browser, application } = await joinOffline();
    const response = await browser.post(`/staff/applications/${application.id}/pro-forma`, {});
    expect([302, 403, 404]).toContain(response.status);
    expect(await invoicesFor("application_id", application.id)).toHaveLength(1);
  });

  it("numbers many issued at once without gaps or repeats, and asked twice at once for one application, issues it once", async () => {
    const joined = await Promise.all([1, 2, 3, 4, 5, 6].map(() => joinOffline()));
    for (const { application } of joined) await env.DB.prepare("UPDATE applications SET amount_due_pence = amount_due_pence + 100 WHERE id = ?1").bind(application.id).run();
    const staff = await signedInStaff();
    const responses = await Promise.all(joined.flatMap(({ application }) => [1, 2].map(() => staff.post(`/staff/applications/${application.id}/pro-forma`, {}))));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 303));
    for (const { application } of joined) expect(await invoicesFor("application_id", application.id)).toHaveLength(2);
    const { results } = await env.DB.prepare("SELECT year, seq FROM pro_forma_invoices ORDER BY year, seq").all<{ year: number; seq: number }>();
    for (const year of new Set(results.map((r) => r.year))) {
      const seqs = results.filter((r) => r.year === year).map((r) => r.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
  });

  it("can never be changed or deleted", async () => {
    const { application } = await joinOffline();
    const [invoice] = await invoicesFor("application_id", application.id);
    await expect(env.DB.prepare("UPDATE pro_forma_invoices SET total_pence = 1 WHERE number = ?1").bind(invoice!.number).run()).rejects.toThrow(/never changed/);
    await expect(env.DB.prepare("DELETE FROM pro_forma_invoices WHERE number = ?1").bind(invoice!.number).run()).rejects.toThrow(/never deleted/);
  });
});

describe("a webinar order paid by bank transfer", () => {
  it("gets its pro-forma invoice at checkout, its lines priced with VAT; staff asking again get the same one", async () => {
    const webinar = webinars.find((w) => w.slug === "exercise-prescription-for-older-adults")!;
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const total = quoteCart([{ kind: "webinar", id: webinar.id }], { webinars, bundles: [] }, "user", new Date(), new Set()).totalPence;
    const checkout = { items: `webinar:${webinar.id}`, expectedTotalPence: String(total), idempotencyKey: crypto.randomUUID(), paymentMethod: "offline" };
    expect((await browser.post("/cart/checkout", checkout)).status).toBe(303);
    const order = (await env.DB.prepare("SELECT id, reference FROM orders WHERE user_id = ?1").bind(user.uid).first<{ id: string; reference: string }>())!;
    const [invoice, ...more] = await invoicesFor("order_id", order.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ total_pence: total, payment_reference: order.reference, billing: null });

    const html = await (await browser.fetch(`/user/pro-forma/${invoice!.number}`)).text();
    expect(html).toContain(webinar.name);
    expect(html).toContain(`Invoice to</h2>`);

    const staff = await signedInStaff();
    const response = await staff.post(`/staff/orders/${order.id}/pro-forma`, {});
    expect(response.headers.get("Location")).toBe(`/staff/pro-forma/${invoice!.number}`);
  });
});
