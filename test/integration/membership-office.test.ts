/**
 * The membership office through the Worker, against real D1 and the Firebase Auth emulator: on a
 * member's page (/staff/members/:userId) staff add notes (on the timeline, never on the member's
 * own pages, in their data export) and change the member's standing: honorary and life
 * membership, a concession, suspension, striking off, reinstatement and an extended period. Each
 * is audited with who, when, the reason, and the record before and after, and has its effect on
 * access (the proof of membership, which asks the one member rule) and on renewals (the daily
 * job's reminders and lapses, and the renewal a member asks for). Two staff members changing the
 * same record at once: the second is told and nothing of theirs is saved.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;
const today = () => londonDate(new Date());
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const DETAILS = {
  phone: "01632 960123",
  address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom", countryCode: "GB" },
  professional: { registrationNumber: "PH123456", specialisation: "Musculoskeletal", workplace: "City Clinic", yearQualified: 2011 },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
};

/** A signed-up member with an offline membership ending on `periodEnd`, and their join application (for the name). */
async function member(periodEnd: string, fields: { method?: "offline" | "card"; subscription?: boolean } = {}) {
  const user = await createUser();
  const email = user.email.toLowerCase();
  const method = fields.method ?? "offline";
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
         payment_method, amount_due_pence, status, details)
       VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', 'Lovelace', 'full-member', 'Full member', ?5, 19500, 'paid', ?6)`,
    ).bind(`app-${user.uid}`, `GH-${user.uid.slice(-10).toUpperCase()}`, user.uid, email, method, JSON.stringify(DETAILS)),
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end, stripe_customer_id, stripe_subscription_id)
       VALUES (?1, ?2, ?3, 'full-member', 'Full member', 'active', ?4, ?5, ?6, ?7, ?8)`,
    ).bind(
      user.uid,
      email,
      `app-${user.uid}`,
      method,
      new Date(Date.parse(periodEnd) - 365 * DAY).toISOString().slice(0, 10),
      periodEnd,
      method === "card" ? `cus_${user.uid}` : null,
      method === "card" && fields.subscription !== false ? `sub_${user.uid}` : null,
    ),
  ]);
  const browser = new TestBrowser();
  expect((await browser.signIn(user.email, user.password)).status).toBe(303);
  return { ...user, email, browser };
}

const recordOf = (userId: string) => env.DB.prepare("SELECT * FROM memberships WHERE user_id = ?1").bind(userId).first<Record<string, unknown>>();
const auditOf = async (userId: string) =>
  (await env.DB.prepare("SELECT staff_email, action, details, at FROM staff_audit_log WHERE user_id = ?1 ORDER BY id").bind(userId).all<{ staff_email: string; action: string; details: string; at: string }>())
    .results.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
/** The page's text without React's text separators. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const versionIn = (html: string) => /name="version" value="([^"]+)"/.exec(html)![1]!.replaceAll("&#x27;", "'");
const proofStatus = async (browser: TestBrowser) => (await browser.fetch("/user/membership/proof")).status;

async function change(staff: TestBrowser, userId: string, kind: string, fields: Record<string, string>, version?: string) {
  const page = version ?? versionIn(await (await staff.fetch(`/staff/members/${userId}`)).text());
  return staff.post(`/staff/members/${userId}/standing/${kind}`, { version: page, ...fields });
}

async function runDaily(at: Date | string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: new Date(at).getTime() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

let staff: TestBrowser;
beforeAll(async () => {
  await warmMembershipContent();
  staff = await signedInStaff();
}, 60_000);

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("notes on a member", () => {
  it("are on the staff timeline with who wrote them, never on the member's pages, and in the member's data export", async () => {
    const m = await member(dayIn(200));
    const empty = await staff.post(`/staff/members/${m.uid}/notes`, { noteBody: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/data-field-error="noteBody"[^>]*>.*Enter the note/s);

    const added = await staff.post(`/staff/members/${m.uid}/notes`, { noteBody: "Rang about her parental leave from March." });
    expect(added.status).toBe(303);
    const page = textOf(await (await staff.fetch(`/staff/members/${m.uid}`)).text());
    expect(page).toContain('data-timeline="note"');
    expect(page).toContain("Rang about her parental leave from March.");
    expect(page).toContain("(by staff@guildhall.example)");
    expect((await auditOf(m.uid)).map((e) => [e.staff_email, e.action])).toEqual([["staff@guildhall.example", "member.note.added"]]);

    for (const own of ["/user/membership", "/user/profile"]) expect(await (await m.browser.fetch(own)).text()).not.toContain("parental leave");
    const exported = (await (await m.browser.fetch("/user/privacy/my-data.json")).json()) as { tables: Record<string, { body?: string }[]> };
    expect(exported.tables.member_notes?.map((n) => n.body)).toEqual(["Rang about her parental leave from March."]);
  });
});

describe("a member's standing", () => {
  it("suspension ends member access at once, reinstatement brings it back, each audited with the reason, before and after", async () => {
    const m = await member(dayIn(200));
    expect(await proofStatus(m.browser)).toBe(200);

    const noReason = await change(staff, m.uid, "suspend", { suspendedOn: today(), suspendReason: "" });
    expect(noReason.status).toBe(400);
    const problem = await noReason.text();
    expect(problem).toMatch(/data-field-error="suspendReason"[^>]*>.*Enter the reason/s);
    expect(problem).toContain(`value="${today()}"`);

    expect((await change(staff, m.uid, "suspend", { suspendedOn: today(), suspendReason: "Complaint under investigation" })).status).toBe(303);
    expect(await proofStatus(m.browser)).toBe(404);
    expect(await recordOf(m.uid)).toMatchObject({ status: "active", suspended_on: today(), suspension_reason: "Complaint under investigation" });
    const page = textOf(await (await staff.fetch(`/staff/members/${m.uid}`)).text());
    expect(page).toContain("Suspended the member, by staff@guildhall.example");
    expect(page).toContain("Complaint under investigation");

    // Joining again is refused in the office's words, not a disputed payment's.
    const joinAgain = await m.browser.post("/join", validForm({ email: undefined, password: undefined }));
    expect(joinAgain.status).toBe(400);
    const refusal = await joinAgain.text();
    expect(refusal).toContain("Your membership is suspended by the society&#x27;s office");
    expect(refusal).not.toContain("disputed");

    expect((await change(staff, m.uid, "reinstate", { reinstateReason: "Complaint dismissed" })).status).toBe(303);
    expect(await proofStatus(m.browser)).toBe(200);
    const [suspended, reinstated] = await auditOf(m.uid);
    expect(suspended).toMatchObject({
      staff_email: "staff@guildhall.example",
      action: "member.suspended",
      details: { userId: m.uid, reason: "Complaint under investigation", before: { suspended_on: null }, after: { suspended_on: today() } },
    });
    expect(reinstated).toMatchObject({ action: "member.reinstated", details: { reason: "Complaint dismissed", before: { suspended_on: today() }, after: { suspended_on: null } } });
  });

  it("a suspended member stays out of the directory while suspended, even when a renewal is recorded or their entry saved meanwhile", async () => {
    const m = await member(dayIn(200));
    const listedUntil = async () =>
      (await env.DB.prepare("SELECT listed_until FROM directory_entries WHERE user_id = ?1").bind(m.uid).first<{ listed_until: string | null }>())?.listed_until;
    await env.DB.prepare("INSERT INTO directory_entries (user_id, display_name, town) VALUES (?1, 'Ada Lovelace', 'Bristol')").bind(m.uid).run();
    expect(await listedUntil()).not.toBeNull();

    expect((await change(staff, m.uid, "suspend", { suspendedOn: today(), suspendReason: "Complaint under investigation" })).status).toBe(303);
    expect(await listedUntil()).toBeNull();
    // A renewal recorded during the suspension moves the period on, but does not list them again.
    await env.DB.prepare("UPDATE memberships SET period_end = ?2 WHERE user_id = ?1").bind(m.uid, dayIn(565)).run();
    expect(await listedUntil()).toBeNull();
    // Nor does their entry saved again (deleted and written, as opting out and in again does).
    await env.DB.batch([
      env.DB.prepare("DELETE FROM directory_entries WHERE user_id = ?1").bind(m.uid),
      env.DB.prepare("INSERT INTO directory_entries (user_id, display_name, town) VALUES (?1, 'Ada Lovelace', 'Bath')").bind(m.uid),
    ]);
    expect(await listedUntil()).toBeNull();

    expect((await change(staff, m.uid, "reinstate", { reinstateReason: "Complaint dismissed" })).status).toBe(303);
    expect((await listedUntil())?.slice(0, 10)).toBe(dayIn(565 + 30));
  });

  it("striking off cancels the membership and ends access; reinstatement makes it active with its period", async () => {
    const m = await member(dayIn(200));
    expect((await change(staff, m.uid, "strike-off", { struckOffOn: today(), strikeOffReason: "Removed from the professional register" })).status).toBe(303);
    expect(await recordOf(m.uid)).toMatchObject({ status: "cancelled", struck_off_on: today() });
    expect(await proofStatus(m.browser)).toBe(404);
    // Nothing renews: the member's page offers no renewal.
    expect((await m.browser.post("/user/membership/renew", {})).status).toBe(409);

    expect((await change(staff, m.uid, "reinstate", { reinstateReason: "Restored to the register on appeal" })).status).toBe(303);
    expect(await recordOf(m.uid)).toMatchObject({ status: "active", struck_off_on: null, period_end: dayIn(200) });
    expect(await proofStatus(m.browser)).toBe(200);
    expect((await auditOf(m.uid)).map((e) => e.action)).toEqual(["member.struck-off", "member.reinstated"]);
  });

  it("an honorary or life membership has no end: no reminder, no lapse, no renewal; refused for a card membership Stripe renews", async () => {
    const m = await member(dayIn(20));
    expect((await change(staff, m.uid, "honour", { honour: "life", honourReason: "Retiring president" })).status).toBe(303);
    expect(await recordOf(m.uid)).toMatchObject({ honour: "life", status: "active", period_end: null });
    expect(await proofStatus(m.browser)).toBe(200);
    expect((await auditOf(m.uid))[0]).toMatchObject({ action: "member.honour.set", details: { honour: "life", before: { honour: null, period_end: dayIn(20) }, after: { honour: "life", period_end: null } } });

    const card = await member(dayIn(100), { method: "card" });
    const refused = await change(staff, card.uid, "honour", { honour: "honorary", honourReason: "Long service" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/data-field-error="honour"[^>]*>.*End the card subscription first/s);
    expect(await recordOf(card.uid)).toMatchObject({ honour: null, period_end: dayIn(100) });
  });

  it("a concession prices the next renewal (the reminder and the renewal the member asks for) until it ends", async () => {
    const m = await member(dayIn(20));
    const badAmount = await change(staff, m.uid, "concession", { concessionAmount: "ninety", concessionUntil: dayIn(400), concessionReason: "Parental leave" });
    expect(badAmount.status).toBe(400);
    const problem = await badAmount.text();
    expect(problem).toMatch(/data-field-error="concessionAmount"[^>]*>.*Enter the amount in pounds/s);
    expect(problem).toContain(">Parental leave</textarea>");

    expect((await change(staff, m.uid, "concession", { concessionAmount: "97.50", concessionUntil: dayIn(400), concessionReason: "Parental leave" })).status).toBe(303);
    expect(await recordOf(m.uid)).toMatchObject({ concession_pence: 9750, concession_until: dayIn(400), concession_reason: "Parental leave" });

    await env.DB.prepare("DELETE FROM email_outbox WHERE user_id = ?1").bind(m.uid).run();
    await runDaily(new Date());
    const reminder = await env.DB.prepare("SELECT data FROM email_outbox WHERE user_id = ?1 AND kind = 'renewal-reminder'").bind(m.uid).first<{ data: string }>();
    expect(JSON.parse(reminder!.data)).toMatchObject({ amountPence: 9750 });

    expect((await m.browser.post("/user/membership/renew", {})).status).toBe(303);
    const renewal = await env.DB.prepare("SELECT amount_due_pence FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(m.uid).first<{ amount_due_pence: number }>();
    expect(renewal!.amount_due_pence).toBe(9750);
    expect((await auditOf(m.uid)).map((e) => e.action)).toEqual(["member.concession.set"]);
  });

  it("a concession that ends before the renewal starts leaves its price alone", async () => {
    const m = await member(dayIn(20));
    expect((await change(staff, m.uid, "concession", { concessionAmount: "50", concessionUntil: dayIn(10), concessionReason: "Short illness" })).status).toBe(303);
    expect((await m.browser.post("/user/membership/renew", {})).status).toBe(303);
    const renewal = await env.DB.prepare("SELECT amount_due_pence FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(m.uid).first<{ amount_due_pence: number }>();
    expect(renewal!.amount_due_pence).toBe(19_500);
  });

  it("extends a period by a number of days with a reason; access follows the new end", async () => {
    const m = await member(dayIn(-40));
    // Past its end and 30 days' grace: no longer a member.
    expect(await proofStatus(m.browser)).toBe(404);
    const bad = await change(staff, m.uid, "extend", { extendDays: "0", extendReason: "Covid closure" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/data-field-error="extendDays"[^>]*>.*between 1 and 730/s);
    expect((await change(staff, m.uid, "extend", { extendDays: "60", extendReason: "Office closed for two months" })).status).toBe(303);
    expect(await recordOf(m.uid)).toMatchObject({ period_end: dayIn(20) });
    expect(await proofStatus(m.browser)).toBe(200);
    expect((await auditOf(m.uid))[0]).toMatchObject({ action: "member.period.extended", details: { days: 60, before: { period_end: dayIn(-40) }, after: { period_end: dayIn(20) } } });
  });
});

describe("two staff members changing the same record", () => {
  it("the second is told, nothing of theirs is saved, and the page shows the record as it now is", async () => {
    const m = await member(dayIn(200));
    const other = await signedInStaff();
    const opened = versionIn(await (await staff.fetch(`/staff/members/${m.uid}`)).text());
    expect(versionIn(await (await other.fetch(`/staff/members/${m.uid}`)).text())).toBe(opened);

    expect((await change(staff, m.uid, "suspend", { suspendedOn: today(), suspendReason: "Complaint under investigation" }, opened)).status).toBe(303);
    const second = await change(other, m.uid, "extend", { extendDays: "30", extendReason: "Goodwill after the outage" }, opened);
    expect(second.status).toBe(409);
    const page = textOf(await second.text());
    expect(page).toContain("Someone else changed this member&#x27;s record after you opened it, so nothing was saved.");
    expect(page).toContain(">Goodwill after the outage</textarea>");
    expect(page).toContain("Complaint under investigation");
    expect(versionIn(page)).not.toBe(opened);
    expect(await recordOf(m.uid)).toMatchObject({ period_end: dayIn(200), suspended_on: today() });
    expect((await auditOf(m.uid)).map((e) => e.action)).toEqual(["member.suspended"]);
  });
});

describe("editing a member's details", () => {
  const form = async (userId: string) => {
    const page = await (await staff.fetch(`/staff/members/${userId}/details`)).text();
    const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(page);
    return { page, version: (field("version")?.[1] ?? field("version")?.[2] ?? "").replaceAll("&#x27;", "'") };
  };
  const fields = (overrides: Record<string, string>) => ({
    membership: "full-member",
    givenName: "Ada",
    familyName: "Byron",
    phone: "01632 960123",
    addressLine1: "1 Guild Street",
    addressLine2: "",
    town: "Bristol",
    region: "",
    postcode: "BS1 1AA",
    country: "GB",
    registrationNumber: "PH123456",
    yearQualified: "2011",
    workplace: "City Clinic",
    placeOfStudy: "",
    specialisation: "Musculoskeletal",
    reason: "Married: new surname, certificate seen",
    ...overrides,
  });

  it("saves with the join form's rules and a reason, audited field by field with before and after", async () => {
    const m = await member(dayIn(200));
    const { page, version } = await form(m.uid);
    expect(page).toContain('value="Lovelace"');

    const bad = await staff.post(`/staff/members/${m.uid}/details`, { version, ...fields({ givenName: "", reason: "" }) });
    expect(bad.status).toBe(400);
    const problem = textOf(await bad.text());
    expect(problem).toMatch(/data-field-error="givenName"/);
    expect(problem).toMatch(/data-field-error="reason"[^>]*>.*Enter the reason for the change/s);
    expect(problem).toContain('value="Byron"');

    const saved = await staff.post(`/staff/members/${m.uid}/details`, { version, ...fields({}) });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/staff/members/${m.uid}?done=edited`);
    const application = await env.DB.prepare("SELECT given_name, family_name FROM applications WHERE user_id = ?1").bind(m.uid).first();
    expect(application).toEqual({ given_name: "Ada", family_name: "Byron" });
    expect(await (await m.browser.fetch("/user/profile")).text()).toContain('value="Byron"');
    const [entry] = await auditOf(m.uid);
    expect(entry).toMatchObject({
      staff_email: "staff@guildhall.example",
      action: "member.details.edited",
      details: { reason: "Married: new surname, certificate seen", fields: ["familyName"], before: { familyName: "Lovelace" }, after: { familyName: "Byron" } },
    });
    expect(textOf(await (await staff.fetch(`/staff/members/${m.uid}`)).text())).toContain("Edited the member's details, by staff@guildhall.example".replace("'", "&#x27;"));
  });

  it("a change made meanwhile (here the member's own) is not overwritten: staff are told and their typing kept", async () => {
    const m = await member(dayIn(200));
    const { version } = await form(m.uid);
    // The member changes their phone number while the staff form is open.
    const own = await m.browser.fetch("/user/profile");
    const csrf = /name="csrfToken" value="([^"]+)"/.exec(await own.text())![1]!;
    const { membership: _m, reason: _r, ...mine } = fields({ familyName: "Lovelace", phone: "01632 960999" });
    expect((await m.browser.post("/user/profile", { ...mine, csrfToken: csrf })).status).toBe(303);

    const stale = await staff.post(`/staff/members/${m.uid}/details`, { version, ...fields({}) });
    expect(stale.status).toBe(409);
    const page = textOf(await stale.text());
    expect(page).toContain("Someone else changed this member&#x27;s record after you opened it, so nothing was saved.");
    expect(page).toContain('value="Byron"');
    const application = await env.DB.prepare("SELECT family_name, json_extract(details, '$.phone') AS phone FROM applications WHERE user_id = ?1").bind(m.uid).first();
    expect(application).toEqual({ family_name: "Lovelace", phone: "01632 960999" });
    expect(await auditOf(m.uid)).toEqual([]);
  });
});

describe("a member made by hand", () => {
  it("is active for a year under the address (unclaimed, with a member number), is invited when asked, audited; a taken address is refused beside the field", async () => {
    const address = `conference-${Date.now()}@guild.example`;
    const bad = await staff.post("/staff/members/new", { email: "not-an-address", givenName: "Mary", familyName: "Somerville", membership: "full-member", periodStart: today(), reason: "" });
    expect(bad.status).toBe(400);
    const problem = textOf(await bad.text());
    expect(problem).toMatch(/data-field-error="email"[^>]*>.*Enter an e-mail address/s);
    expect(problem).toMatch(/data-field-error="reason"/);
    expect(problem).toContain('value="Somerville"');

    const made = await staff.post("/staff/members/new", { email: address, givenName: "Mary", familyName: "Somerville", membership: "full-member", periodStart: today(), invite: "on", reason: "Joined and paid at the conference" });
    expect(made.status).toBe(303);
    const userId = `email:${address}`;
    expect(made.headers.get("Location")).toBe(`/staff/members/${encodeURIComponent(userId)}?done=created`);
    expect(await recordOf(userId)).toMatchObject({ status: "active", member_name: "Mary Somerville", period_start: today(), membership_slug: "full-member" });
    expect((await recordOf(userId))!.member_number).toEqual(expect.any(Number));
    const invitation = await env.DB.prepare("SELECT kind FROM email_outbox WHERE recipient = ?1").bind(address).all<{ kind: string }>();
    expect(invitation.results.map((r) => r.kind)).toEqual(["claim-invitation"]);
    expect((await auditOf(userId))[0]).toMatchObject({ action: "member.created", details: { reason: "Joined and paid at the conference", invited: true } });

    const again = await staff.post("/staff/members/new", { email: address.toUpperCase(), givenName: "Mary", familyName: "Somerville", membership: "full-member", periodStart: today(), reason: "Entered twice by mistake" });
    expect(again.status).toBe(400);
    expect(textOf(await again.text())).toMatch(/data-field-error="email"[^>]*>.*already has this e-mail address/s);
  });
});

describe("a member made by hand who paid the membership fee in person", () => {
  it("has the fee recorded as a payment with its numbered receipt (VAT as the type says) and a ledger line; bad payment fields are refused beside each, nothing typed lost", async () => {
    const address = `paid-in-person-${Date.now()}@guild.example`;
    const form = { email: address, givenName: "Mary", familyName: "Somerville", membership: "full-member", periodStart: today(), reason: "Joined and paid at the conference" };
    const bad = await staff.post("/staff/members/new", { ...form, paymentAmount: "ninety", paymentWay: "", paymentDate: dayIn(3), paymentReference: "Slip 42" });
    expect(bad.status).toBe(400);
    const problem = textOf(await bad.text());
    expect(problem).toMatch(/data-field-error="paymentAmount"[^>]*>.*Enter the amount in pounds, like 45 or 45\.50/s);
    expect(problem).toMatch(/data-field-error="paymentWay"[^>]*>.*Choose how the fee was paid/s);
    expect(problem).toMatch(/data-field-error="paymentDate"[^>]*>.*The day paid cannot be in the future/s);
    expect(problem).toContain('value="ninety"');
    expect(problem).toContain('value="Slip 42"');
    expect(problem).toContain('value="Somerville"');
    expect(await recordOf(`email:${address}`)).toBeNull();

    const made = await staff.post("/staff/members/new", { ...form, paymentAmount: "£195.00", paymentWay: "card_machine", paymentDate: today(), paymentReference: "Slip 42" });
    expect(made.status).toBe(303);
    const userId = `email:${address}`;
    const payment = await env.DB.prepare("SELECT id, application_id, method, amount_pence, received_on, reference, recorded_by FROM payments WHERE user_id = ?1").bind(userId).first<Record<string, string | number>>();
    expect(payment).toMatchObject({ method: "offline", amount_pence: 19_500, received_on: today(), reference: "Card machine, Slip 42" });
    expect(payment!.recorded_by).toContain("@");
    expect(await recordOf(userId)).toMatchObject({ status: "active", application_id: payment!.application_id });
    const receipt = await env.DB.prepare("SELECT number, total_pence, net_pence, vat_pence, method, payment_reference FROM receipts WHERE payment_id = ?1")
      .bind(payment!.id)
      .first<{ number: string; total_pence: number; net_pence: number; vat_pence: number; method: string; payment_reference: string }>();
    expect(receipt).toMatchObject({ total_pence: 19_500, method: "offline", payment_reference: "Card machine, Slip 42" });
    expect(receipt!.number).toMatch(/^GH-\d{4}-\d{6}$/);
    expect(receipt!.net_pence + receipt!.vat_pence).toBe(19_500);
    expect((await auditOf(userId))[0]).toMatchObject({ action: "member.created", details: { payment: { paymentId: payment!.id, amountPence: 19_500 } } });
    const page = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(userId)}`)).text());
    expect(page).toContain(receipt!.number);
    const ledger = await (await staff.fetch(`/staff/finance.csv?from=${today()}&to=${today()}`)).text();
    expect(ledger.split("\n").some((line) => line.includes(receipt!.number) && line.includes("195.00"))).toBe(true);

    // The member claims the record: the payment and the receipt are theirs.
    const user = await createUser(undefined, address);
    await verifyEmail(user.email, user.password);
    expect((await new TestBrowser().signIn(user.email, user.password)).status).toBe(303);
    expect(await env.DB.prepare("SELECT user_id FROM receipts WHERE payment_id = ?1").bind(payment!.id).first()).toEqual({ user_id: user.uid });
    expect(await env.DB.prepare("SELECT user_id FROM payments WHERE id = ?1").bind(payment!.id).first()).toEqual({ user_id: user.uid });
  });
});

describe("the society's own fields", () => {
  it("brought by the import are shown on the staff member page, by name", async () => {
    const m = await member("2031-03-31");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO member_custom_fields (user_id, name, value) VALUES (?1, 'Registration body', 'HCPC')").bind(m.uid),
      env.DB.prepare("INSERT INTO member_custom_fields (user_id, name, value) VALUES (?1, 'Branch', 'South West')").bind(m.uid),
    ]);
    const page = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(m.uid)}`)).text());
    expect(page).toMatch(/<h2[^>]*>Custom fields<\/h2>.*Branch.*South West.*Registration body.*HCPC/s);
  });
});

describe("a member made by hand who then pays for a conference place", () => {
  it("has the place's payment on the timeline as a payment (amount, method, reference, with its refunds), not only its receipt", async () => {
    const address = `conference-buyer-${Date.now()}@guild.example`;
    const made = await staff.post("/staff/members/new", { email: address, givenName: "Mary", familyName: "Somerville", membership: "full-member", periodStart: today(), reason: "Joined at the conference" });
    expect(made.status).toBe(303);
    // The member opens an account with the address and signs in: the record becomes theirs.
    const user = await createUser(undefined, address);
    await verifyEmail(user.email, user.password);
    expect((await new TestBrowser().signIn(user.email, user.password)).status).toBe(303);
    expect(await recordOf(user.uid)).toMatchObject({ status: "active" });
    // Their paid order for a conference place, as the card payment writes it.
    const order = `ord-conf-${Date.now()}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids) VALUES (?1, ?1, ?2, ?3, ?4, 'card', 24000, 'paid', '[]', '[]')",
      ).bind(order, `GH-CONF-${order.slice(-6)}`, user.uid, address),
      env.DB.prepare("INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by) VALUES (?1, ?2, 'card', 24000, ?3, ?1, 'stripe')").bind(`pi_conf_${order.slice(-8)}`, order, today()),
    ]);
    const page = textOf(await (await staff.fetch(`/staff/members/${encodeURIComponent(user.uid)}`)).text());
    expect(page).toMatch(/Payment<\/td><td>£240\.00 \(card\), received .*?, reference pi_conf_/s);
    expect(page).toContain(`/staff/payments/pi_conf_${order.slice(-8)}/refund`);
    expect(page).toContain(`order GH-CONF-${order.slice(-6)}`);
  });
});

// Last: a run dated years ahead also clears the sessions it finds expired by then (the staff browser's among them).
describe("the daily job and the office's statuses", () => {
  it("the daily job neither reminds nor lapses an honorary, life or suspended member (read by its queries, whatever the period end says)", async () => {
    await env.DB.exec("DELETE FROM email_outbox");
    const ordinary = await member("2031-03-31");
    const honorary = await member("2031-03-31");
    const suspended = await member("2031-03-31");
    const overdue = await member("2031-01-01");
    // An older record may still carry a period end: the queries leave honour out themselves.
    await env.DB.batch([
      env.DB.prepare("UPDATE memberships SET honour = 'honorary' WHERE user_id IN (?1, ?2)").bind(honorary.uid, overdue.uid),
      env.DB.prepare("UPDATE memberships SET suspended_on = '2031-02-01', suspension_reason = 'Investigation' WHERE user_id = ?1").bind(suspended.uid),
    ]);
    await runDaily("2031-03-02T03:17:00Z");
    const reminded = (await env.DB.prepare("SELECT user_id FROM email_outbox WHERE kind = 'renewal-reminder'").all<{ user_id: string }>()).results.map((r) => r.user_id);
    expect(reminded).toContain(ordinary.uid);
    expect(reminded).not.toContain(honorary.uid);
    expect(reminded).not.toContain(suspended.uid);
    expect(await recordOf(overdue.uid)).toMatchObject({ status: "active", honour: "honorary" });
  });
});
