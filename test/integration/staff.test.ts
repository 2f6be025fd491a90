/**
 * Staff: the applications list, one application, recording an offline payment, rejecting, and
 * the CSV export — against real D1 and the Firebase Auth emulator's demo staff account
 * (staff@guildhall.example, listed in STAFF_EMAILS by wrangler.toml).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import type { Application, NewApplication } from "../../src/domain/membership";
import { oneYearAfter } from "../../src/services/membership/staff-actions";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { badOfflinePayments, expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";
import { fetchWith } from "../support/worker/helpers";

const store = createApplicationStore(env.DB);
let staff: TestBrowser;
let seeded = 0;

beforeAll(async () => {
  staff = await signedInStaff();
});

/** A stored application awaiting payment; `createdAt` backdates it. */
async function seed(overrides: Partial<NewApplication> & { createdAt?: string } = {}): Promise<Application> {
  const n = `${Date.now().toString(36)}${seeded++}`;
  const { createdAt, ...fields } = overrides;
  const application: NewApplication = {
    id: crypto.randomUUID(),
    billing: null,
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-${n.toUpperCase()}`,
    userId: `user-${n}`,
    email: `applicant-${n}@example.org`,
    givenName: "Ada",
    familyName: `Applicant${n}`,
    membershipSlug: "full-member",
    membershipTitle: "Full member",
    vatTreatment: "standard",
    paymentMethod: "offline",
    amountDuePence: 12_500,
    details: {
      phone: "01632 960123",
      address: { line1: "1 Guild Street", line2: "Flat 2", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
      professional: { registrationNumber: `REG-${n}`, specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
      declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
    },
    ...fields,
  };
  expect(await store.create(application)).toBe(true);
  if (createdAt) await env.DB.prepare("UPDATE applications SET created_at = ?2 WHERE id = ?1").bind(application.id, createdAt).run();
  return (await store.byId(application.id))!;
}

const state = async (a: Application) => ({
  application: await env.DB.prepare("SELECT status, rejected_reason FROM applications WHERE id = ?1").bind(a.id).first(),
  membership: await env.DB.prepare("SELECT status, period_start, period_end FROM memberships WHERE user_id = ?1").bind(a.userId).first(),
  payments: (await env.DB.prepare("SELECT * FROM payments WHERE application_id = ?1").bind(a.id).all()).results,
  audit: (await env.DB.prepare("SELECT staff_email, action, details FROM staff_audit_log WHERE application_id = ?1").bind(a.id).all()).results,
});

const unchanged = () => ({
  application: { status: "awaiting_payment", rejected_reason: null },
  membership: { status: "awaiting_payment", period_start: null, period_end: null },
  payments: [],
  audit: [],
});

const today = () => londonDate(new Date());
const payment = (fields: Record<string, string> = {}) => ({ amount: "125.00", receivedOn: today(), paymentReference: "BACS 123456", ...fields });
const paymentUrl = (a: Application) => `/staff/applications/${a.id}/payment`;
const rejectUrl = (a: Application) => `/staff/applications/${a.id}/reject`;
const list = async (query: string) => (await staff.fetch(`/staff/applications${query}`)).text();

describe("the staff gate", () => {
  it("needs the staff address to be verified with Firebase, not just listed", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetchWith({ STAFF_EMAILS: `staff@guildhall.example,${user.email}` }, "/staff/applications", { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
  });

  it("gives visitors and signed-in non-staff a 404 on every staff URL, GET and POST, and changes nothing", async () => {
    const a = await seed();
    await expectHiddenFromNonStaff(
      ["/staff/applications", "/staff/applications?status=all", "/staff/applications.csv", `/staff/applications/${a.id}`, "/staff/applications/nope"],
      [
        [paymentUrl(a), payment()],
        [rejectUrl(a), { reason: "Not eligible for membership" }],
      ],
      a.reference,
    );
    expect(await state(a)).toEqual(unchanged());
  });

  it("lets staff in, privately and unindexed", async () => {
    const response = await staff.fetch("/staff/applications");
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    expect(await response.text()).toContain('<meta name="robots" content="noindex"');
  });
});

describe("the applications list", () => {
  it("filters by status, newest first, awaiting payment by default", async () => {
    const tag = `List${Date.now()}`;
    const older = await seed({ familyName: `${tag}Older`, createdAt: "2026-01-01T09:00:00.000Z" });
    const newer = await seed({ familyName: `${tag}Newer`, createdAt: "2026-01-02T09:00:00.000Z" });
    const paid = await seed({ familyName: `${tag}Paid` });
    expect((await staff.post(paymentUrl(paid), payment())).status).toBe(303);
    const rejected = await seed({ familyName: `${tag}Rejected` });
    expect((await staff.post(rejectUrl(rejected), { reason: "Registration could not be verified" })).status).toBe(303);

    const awaiting = await list(`?q=${tag}`);
    expect(awaiting).toContain(newer.reference);
    expect(awaiting.indexOf(newer.reference)).toBeLessThan(awaiting.indexOf(older.reference));
    expect(awaiting).not.toContain(paid.reference);
    expect(awaiting).not.toContain(rejected.reference);
    expect(awaiting).toContain("<caption>");
    expect(awaiting).toContain('<th scope="col">Reference</th>');
    expect(awaiting).toContain(`href="/staff/applications/${newer.id}"`);
    expect(awaiting).toContain("£125.00");

    const onlyPaid = await list(`?status=paid&q=${tag}`);
    expect(onlyPaid).toContain(paid.reference);
    expect(onlyPaid).not.toContain(newer.reference);
    expect(onlyPaid).toContain(">Paid</span>");

    const onlyRejected = await list(`?status=rejected&q=${tag}`);
    expect(onlyRejected).toContain(rejected.reference);
    expect(onlyRejected).not.toContain(paid.reference);

    const all = await list(`?status=all&q=${tag}`);
    for (const a of [older, newer, paid, rejected]) expect(all).toContain(a.reference);
    expect(all).toContain(`href="/staff/applications.csv?status=all&amp;q=${tag}"`);
    expect(all).toContain('aria-current="page">All</a>');
  });

  it("searches names, e-mail addresses and references, with LIKE wildcards taken literally", async () => {
    const tag = `Srch${Date.now()}`;
    const underscore = await seed({ givenName: "Grace", familyName: `${tag}_x`, email: `grace.${tag.toLowerCase()}@example.org` });
    const plain = await seed({ givenName: "Alan", familyName: `${tag}ax` });

    expect(await list(`?q=grace+${tag}`)).toContain(underscore.reference);
    expect(await list(`?q=GRACE.${tag}%40EXAMPLE`)).toContain(underscore.reference);
    const byReference = await list(`?q=${plain.reference.toLowerCase()}`);
    expect(byReference).toContain(plain.reference);
    expect(byReference).not.toContain(underscore.reference);

    const literalUnderscore = await list(`?q=${tag}_x`);
    expect(literalUnderscore).toContain(underscore.reference);
    expect(literalUnderscore).not.toContain(plain.reference);
    const percent = await list(`?q=${encodeURIComponent(`%${tag}`)}&status=all`);
    expect(percent).not.toContain(underscore.reference);
    expect(percent).not.toContain(plain.reference);
    expect(percent).toContain("No applications match your search.");
    expect(await list(`?q=${encodeURIComponent(`%${tag}`)}`)).toContain("No applications awaiting payment match your search.");
  });

  it("refuses an unknown status", async () => {
    const response = await staff.fetch("/staff/applications?status=deleted");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Unknown status");
  });
});

describe("one application", () => {
  it("shows everything the applicant gave, and the two forms while awaiting payment", async () => {
    const a = await seed();
    const response = await staff.fetch(`/staff/applications/${a.id}`);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const html = await response.text();
    for (const text of [
      a.reference,
      a.givenName,
      a.familyName,
      a.email,
      "01632 960123",
      "1 Guild Street",
      "Flat 2",
      "BS1 1AA",
      "United Kingdom",
      a.details.professional.registrationNumber!,
      "Orthodontics",
      "City Clinic",
      "2011",
      "5 January 2026",
      "Full member",
      "£125.00",
      "Offline",
      "Awaiting payment",
      "No payment has been received.",
      "No staff action has been taken",
      "Record an offline payment",
      `action="/staff/applications/${a.id}/payment"`,
      `action="/staff/applications/${a.id}/reject"`,
      'name="csrfToken"',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it("is a 404 when there is no such application", async () => {
    expect((await staff.fetch("/staff/applications/does-not-exist")).status).toBe(404);
    expect((await staff.post("/staff/applications/does-not-exist/payment", payment())).status).toBe(404);
  });
});

describe("recording an offline payment", () => {
  it("activates the membership for a year from the date received and logs who did it", async () => {
    const a = await seed({ createdAt: "2025-01-10T12:00:00.000Z" });
    // £1,045.50 is not the £125.00 due: staff confirm that very amount (the rule orders follow too).
    const fields = payment({ amount: "£1,045.5", receivedOn: "2025-03-01", paymentReference: "  Cheque 000123 " });
    const unconfirmed = await staff.post(paymentUrl(a), fields);
    expect(unconfirmed.status).toBe(400);
    const prompt = await unconfirmed.text();
    expect(prompt).toContain("£1,045.50 is not the amount due of £125.00. Check the amount, then tick the box to confirm it was received.");
    expect(prompt).toContain('name="confirmedPence" value="104550"');
    expect((await state(a)).payments).toEqual([]);
    const response = await staff.post(paymentUrl(a), { ...fields, confirmAmount: "on", confirmedPence: "104550" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/staff/applications/${a.id}?done=payment`);

    const after = await state(a);
    expect(after.application).toEqual({ status: "paid", rejected_reason: null });
    expect(after.membership).toEqual({ status: "active", period_start: "2025-03-01", period_end: "2026-03-01" });
    expect(after.payments).toMatchObject([
      { method: "offline", amount_pence: 104_550, received_on: "2025-03-01", reference: "Cheque 000123", recorded_by: STAFF.email, user_id: a.userId },
    ]);
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({ staff_email: STAFF.email, action: "payment.recorded" });
    expect(JSON.parse(String(after.audit[0]!.details))).toMatchObject({ amountPence: 104_550, receivedOn: "2025-03-01", periodEnd: "2026-03-01" });

    const html = await (await staff.fetch(response.headers.get("Location")!)).text();
    expect(html).toContain("Payment recorded. The membership is now active.");
    expect(html).toContain("£1,045.50");
    expect(html).toContain("Cheque 000123");
    expect(html).toContain("Recorded an offline payment");
    expect(html).toContain(STAFF.email);
    expect(html).not.toContain("Record an offline payment");
  });

  it("counts a year from today's date for a payment received today", async () => {
    const a = await seed();
    expect((await staff.post(paymentUrl(a), payment())).status).toBe(303);
    expect((await state(a)).membership).toMatchObject({ status: "active", period_end: oneYearAfter(today()) });
  });

  it.each(badOfflinePayments("application"))("refuses %s with a specific message next to the field, keeps the values and changes nothing", async (_, fields, field, message) => {
    const a = await seed();
    const response = await staff.post(paymentUrl(a), payment(fields));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-field-error="${field}"`);
    expect(html).toContain(message);
    expect(html).toContain(`href="#${field}"`);
    const kept = payment(fields);
    if (kept.amount.length < 100) expect(html).toContain(`value="${kept.amount}"`);
    expect(html).toContain(`value="${kept.paymentReference.slice(0, 20)}`);
    expect(await state(a)).toEqual(unchanged());
  });

  it("reports every problem at once", async () => {
    const a = await seed();
    const html = await (await staff.post(paymentUrl(a), { amount: "abc", receivedOn: "", paymentReference: "" })).text();
    expect(html).toContain('data-field-error="amount"');
    expect(html).toContain('data-field-error="receivedOn"');
    expect(html).toContain('data-field-error="paymentReference"');
  });

  it("two staff recording the same payment at once: one succeeds, the other is refused, one payment stored", async () => {
    const application = await seed();
    const [a, b] = await Promise.all([
      staff.post(paymentUrl(application), payment({ paymentReference: "first" })),
      staff.post(paymentUrl(application), payment({ paymentReference: "second" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1").bind(application.id).first<{ n: number }>();
    expect(payments?.n).toBe(1);
    const audit = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE application_id = ?1 AND action = 'payment.recorded'")
      .bind(application.id)
      .first<{ n: number }>();
    expect(audit?.n).toBe(1);
  });

  it("refuses to record a second payment, or act on a rejected application, and changes nothing", async () => {
    const paid = await seed();
    expect((await staff.post(paymentUrl(paid), payment())).status).toBe(303);
    const before = await state(paid);
    const again = await staff.post(paymentUrl(paid), payment({ paymentReference: "second" }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Application ${paid.reference} is paid, not awaiting payment, so you cannot record a payment. Nothing has been changed.`);
    expect((await staff.post(rejectUrl(paid), { reason: "Changed our minds" })).status).toBe(409);
    expect(await state(paid)).toEqual(before);

    const rejected = await seed();
    expect((await staff.post(rejectUrl(rejected), { reason: "Registration lapsed" })).status).toBe(303);
    const afterReject = await state(rejected);
    const late = await staff.post(paymentUrl(rejected), payment());
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("is rejected, not awaiting payment");
    expect(await state(rejected)).toEqual(afterReject);
  });
});

describe("rejecting", () => {
  it.each([
    ["no reason", "", "Enter the reason for rejecting the application"],
    ["a blank reason", "    ", "Enter the reason for rejecting the application"],
    ["a short reason", "no", "The reason must be at least 5 characters"],
    ["a long reason", "x".repeat(501), "The reason must be at most 500 characters"],
  ])("refuses %s and changes nothing", async (_, reason, message) => {
    const a = await seed();
    const response = await staff.post(rejectUrl(a), { reason });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('data-field-error="reason"');
    expect(html).toContain(message);
    expect(await state(a)).toEqual(unchanged());
  });

  it("rejects with the reason, cancels the pending membership and logs who did it", async () => {
    const a = await seed();
    const response = await staff.post(rejectUrl(a), { reason: "  Registration number <b>not</b> found  " });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/staff/applications/${a.id}?done=rejected`);
    const after = await state(a);
    expect(after.application).toEqual({ status: "rejected", rejected_reason: "Registration number <b>not</b> found" });
    expect(after.membership).toMatchObject({ status: "cancelled" });
    expect(after.payments).toEqual([]);
    expect(after.audit).toMatchObject([{ staff_email: STAFF.email, action: "application.rejected" }]);
    const html = await (await staff.fetch(response.headers.get("Location")!)).text();
    expect(html).toContain("Application rejected.");
    expect(html).toContain("Registration number &lt;b&gt;not&lt;/b&gt; found");
    expect(html).toContain("Rejected the application");
  });
});

describe("CSRF on staff actions", () => {
  it("refuses a staff POST without the token, or from another site, and changes nothing", async () => {
    const a = await seed();
    const noToken = await staff.fetch(paymentUrl(a), { method: "POST", body: new URLSearchParams(payment()) });
    expect(noToken.status).toBe(403);
    const wrongToken = await staff.fetch(rejectUrl(a), { method: "POST", body: new URLSearchParams({ reason: "Not eligible", csrfToken: "forged" }) });
    expect(wrongToken.status).toBe(403);
    const crossSite = await staff.post(paymentUrl(a), payment(), { headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await state(a)).toEqual(unchanged());
  });
});

describe("the CSV export", () => {
  it("exports the filtered applications as RFC 4180 CSV with formulas neutralised, and logs the export", async () => {
    const tag = `Csv${Date.now()}`;
    const tricky = await seed({
      givenName: '=HYPERLINK("http://evil.example","Click")',
      familyName: `${tag}, "Jr"`,
      details: {
        phone: "+44 1632 960123",
        address: { line1: "1 Line\nBreak Road", line2: null, town: "@Town", postcode: "-BS1", country: "United Kingdom" },
        professional: { registrationNumber: "REG-1", specialisation: "Surgery", workplace: null, yearQualified: 2000 },
        declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
      },
    });
    const other = await seed({ familyName: `${tag}Other` });
    expect((await staff.post(paymentUrl(other), payment())).status).toBe(303);
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'applications.exported'").first<{ n: number }>())!.n;

    const response = await staff.fetch(`/staff/applications.csv?status=awaiting_payment&q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="applications-${today()}.csv"`);
    expectStaffHeaders(response);
    const csv = await response.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Submitted,Status,Given name,Family name,E-mail,Phone,Membership,Payment method,Amount due (GBP),Address line 1,Address line 2,Town,Region,Postcode,Country,Registration number,Specialisation,Workplace,Year qualified,Place of study,Rejected reason",
    );
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv).not.toContain(other.reference);
    expect(csv).toContain(
      `${tricky.reference},${tricky.createdAt},awaiting_payment,"'=HYPERLINK(""http://evil.example"",""Click"")","${tag}, ""Jr""",${tricky.email},'+44 1632 960123,Full member,offline,125.00,"1 Line\nBreak Road",,'@Town,,'-BS1,United Kingdom,REG-1,Surgery,,2000,,\r\n`,
    );

    const after = (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'applications.exported'").first<{ n: number }>())!.n;
    expect(after).toBe(before + 1);
    const entry = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'applications.exported' ORDER BY id DESC LIMIT 1").first<{ staff_email: string; details: string }>();
    expect(entry!.staff_email).toBe(STAFF.email);
    expect(JSON.parse(entry!.details)).toEqual({ status: "awaiting_payment", search: tag, count: 1 });
  });
});

describe("searching with long or odd terms", () => {
  it("finds an application by a long e-mail address and treats % and _ literally", async () => {
    const store = createApplicationStore(env.DB);
    const found = await store.list({ search: "firstname.middlename.lastname@physio-clinic-of-sampleton.example", limit: 10 });
    expect(Array.isArray(found)).toBe(true);
    expect(await store.list({ search: "%_%".repeat(60), limit: 10 })).toEqual([]);
  });
});
