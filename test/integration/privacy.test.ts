/**
 * "Download my data" and "Delete my account" (/user/privacy), and the staff's export for a
 * data-subject request, through the Worker against real D1 and the Firebase Auth emulator, with
 * plain requests as a browser without JavaScript sends them. Two members get rows in every
 * table that can hold personal data (joining through the form, staff recording payments, an
 * order refunded with a credit note; the CPD log, directory, preferences, a change of type and
 * a card dispute written straight into D1). The export holds every table's rows for its owner
 * and none of the other's; erasing one leaves their name, address and e-mail address in no
 * column of any table, keeps the year's payment totals and receipt numbers as they were, and
 * the account can no longer sign in.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderStore } from "../../src/adapters/d1/orders";
import { PERSONAL_DATA_TABLES } from "../../src/adapters/d1/personal-data-tables";
import type { DataExport } from "../../src/domain/privacy";
import { londonDate } from "../../src/shared/london-date";
import { TestBrowser } from "../support/worker/browser";
import { applicationOf } from "../support/worker/card-join";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";

const orders = createOrderStore(env.DB);
let staff: TestBrowser;

beforeAll(async () => {
  staff = await signedInStaff();
});

const letters = (n: number) => Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A member with rows in every table that can hold personal data; `personal`: the strings erasure must remove. */
async function seedMember() {
  const [given, family, street, town, clinic] = [capital(letters(9)), capital(letters(10)), capital(letters(8)), capital(letters(9)), capital(letters(8))];
  const form = validForm({ givenName: given, familyName: family, addressLine1: `17 ${street} Road`, town, workplace: `${clinic} Clinic` });
  const browser = new TestBrowser();
  expect((await browser.post("/join", form)).status).toBe(303);
  const application = (await applicationOf(form.email!))!;
  const uid = application.user_id;
  const today = londonDate(new Date());
  const paid = await staff.post(`/staff/applications/${application.id}/payment`, {
    amount: (application.amount_due_pence / 100).toFixed(2),
    receivedOn: today,
    paymentReference: application.reference,
  });
  expect(paid.status).toBe(303);

  // A webinar order paid offline, then partly refunded (a refund and its credit note).
  const n = letters(6).toUpperCase();
  const orderId = crypto.randomUUID();
  expect(
    await orders.create({
      id: orderId,
      idempotencyKey: crypto.randomUUID(),
      reference: `GH-ORD${n}`,
      userId: uid,
      email: form.email!,
      paymentMethod: "offline",
      totalPence: 4_500,
      lines: [{ kind: "webinar", id: `w-${n}`, title: `Shoulders ${n}`, pence: 4_500, webinarIds: [`w-${n}`], stripePriceIds: [], couponId: null, vatTreatment: "standard" }],
      webinarIds: [`w-${n}`],
      billing: null,
    }),
  ).toBe(true);
  expect((await staff.post(`/staff/orders/${orderId}/payment`, { amount: "45.00", receivedOn: today, paymentReference: "BACS 1" })).status).toBe(303);
  const [orderPayment] = await orders.payments(orderId);
  const refunded = await staff.post(`/staff/orders/${orderId}/refund`, {
    paymentId: orderPayment!.id,
    refundAmount: "10.00",
    refundReason: "Goodwill: the sound failed",
    revoke: "keep",
    idempotencyKey: crypto.randomUUID(),
  });
  expect(refunded.status).toBe(303);

  const fullName = `${given} ${family}`;
  const entryId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category, reflection) VALUES (?1, ?2, 'manual', ?3, 'Gait course', ?4, 300, 'learning', ?5)",
    ).bind(entryId, uid, today, `${clinic} Clinic`, `Useful for my patients at ${town}`),
    env.DB.prepare(
      "INSERT INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths) VALUES (?1, (SELECT COALESCE(MAX(number), 0) + 1 FROM cpd_certificates), ?2, ?3, ?4, 'Gait course', ?5, 300)",
    ).bind(crypto.randomUUID(), entryId, uid, fullName, today),
    env.DB.prepare(
      "INSERT INTO directory_entries (user_id, display_name, town, workplace, specialisation, email, phone, show_town) VALUES (?1, ?2, ?3, ?4, 'Oncology', ?5, '01632 960 001', 1)",
    ).bind(uid, fullName, town, `${clinic} Clinic`, form.email),
    env.DB.prepare("INSERT INTO email_preferences (user_id, category, subscribed) VALUES (?1, 'newsletter', 0)").bind(uid),
    env.DB.prepare(
      "INSERT INTO membership_changes (id, user_id, from_slug, from_title, to_slug, to_title, direction, payment_method, amount_pence, status, effective_on) VALUES (?1, ?2, 'full-member', 'Full member', 'associate', 'Associate', 'downgrade', 'offline', 0, 'scheduled', ?3)",
    ).bind(crypto.randomUUID(), uid, today),
    env.DB.prepare("INSERT INTO disputes (id, source, payment_id, order_id, user_id, amount_pence, reason, status) VALUES (?1, 'order', ?2, ?3, ?4, 4500, 'fraudulent', 'won')").bind(
      `dp_${n}`,
      orderPayment!.id,
      orderId,
      uid,
    ),
  ]);

  // Signed in on a second device too.
  const phone = new TestBrowser();
  expect((await phone.signIn(form.email!, form.password!)).status).toBe(303);
  return { browser, phone, uid, email: form.email!, password: form.password!, application, orderId, personal: [form.email!, given, family, street, town, clinic] };
}

type Member = Awaited<ReturnType<typeof seedMember>>;

async function exportOf(browser: TestBrowser): Promise<DataExport> {
  const response = await browser.fetch("/user/privacy/my-data.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  return (await response.json()) as DataExport;
}

const tableNames = async () =>
  (
    await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{
      name: string;
    }>()
  ).results.map((r) => r.name);

/** Every table and column in which any of `needles` appears (case-insensitive). */
async function whereFound(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames()) {
    const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>();
    for (const row of results) {
      for (const [column, value] of Object.entries(row)) {
        const text = String(value ?? "").toLowerCase();
        for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${table}.${column} has ${needle}`);
      }
    }
  }
  return [...new Set(found)];
}

/** What erasure must never change: the year's money, and its receipt and credit-note numbers. */
async function accounts() {
  const year = Number(londonDate(new Date()).slice(0, 4));
  const one = async (sql: string) => (await env.DB.prepare(sql).bind(year).first<{ v: number | string | null }>())!.v;
  return {
    payments: await one("SELECT SUM(amount_pence) AS v FROM payments WHERE substr(received_on, 1, 4) = CAST(?1 AS TEXT)"),
    orderPayments: await one("SELECT SUM(amount_pence) AS v FROM order_payments WHERE substr(received_on, 1, 4) = CAST(?1 AS TEXT)"),
    receipts: await one("SELECT SUM(total_pence) AS v FROM receipts WHERE year = ?1"),
    receiptNumbers: await one("SELECT group_concat(seq, ',') AS v FROM (SELECT seq FROM receipts WHERE year = ?1 ORDER BY seq)"),
    refunds: await one("SELECT SUM(amount_pence) AS v FROM refunds WHERE substr(refunded_on, 1, 4) = CAST(?1 AS TEXT)"),
    creditNoteNumbers: await one("SELECT group_concat(seq, ',') AS v FROM (SELECT seq FROM credit_notes WHERE year = ?1 ORDER BY seq)"),
  };
}

const contiguous = (numbers: unknown) =>
  String(numbers)
    .split(",")
    .map(Number)
    .every((seq, i) => seq === i + 1);

const signedIn = async (browser: TestBrowser) => (await browser.fetch("/user/account")).status === 200;

describe("a person's data", () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    a = await seedMember();
    b = await seedMember();
  });

  it("'Download my data' holds every table's rows about the user, and none of another user's", async () => {
    const document = await exportOf(a.browser);
    expect(document.account).toEqual({ userId: a.uid, email: a.email });
    expect(Object.keys(document.tables).sort()).toEqual(PERSONAL_DATA_TABLES.map((t) => t.table).sort());
    const expectRows = [
      "applications", "memberships", "payments", "orders", "order_payments", "entitlements", "receipts", "refunds", "credit_notes", "disputes",
      "cpd_entries", "cpd_certificates", "directory_entries", "email_preferences", "membership_changes", "sessions", "email_outbox", "staff_audit_log",
    ];
    for (const table of expectRows) expect(document.tables[table]?.length, table).toBeGreaterThan(0);
    // Each table with a user id column: exactly the user's rows.
    for (const table of expectRows.filter((t) => !["order_payments", "sessions", "email_outbox", "staff_audit_log"].includes(t))) {
      const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`).bind(a.uid).first<{ n: number }>())!;
      expect(document.tables[table], table).toHaveLength(n);
    }
    // Sessions: times only, never the session's id (a bearer secret).
    expect(document.tables.sessions!.length).toBe(2);
    for (const session of document.tables.sessions!) expect(Object.keys(session).sort()).toEqual(["created_at", "expires_at", "revoked_at"]);
    // The staff's payment and the order's audit entries are there; the outbox has the application's e-mails.
    expect(document.tables.staff_audit_log!.map((e) => e.action)).toEqual(expect.arrayContaining(["payment.recorded", "order.payment.recorded", "order.refunded"]));
    expect(document.tables.email_outbox!.map((e) => e.kind)).toEqual(expect.arrayContaining(["application-received", "membership-paid"]));
    const text = JSON.stringify(document);
    for (const other of [b.uid, ...b.personal]) expect(text).not.toContain(other);
    for (const mine of a.personal) expect(text).toContain(mine);
  });

  it("staff export the same file for a data-subject request from the application's page, audited", async () => {
    const page = await staff.fetch(`/staff/applications/${b.application.id}`);
    expect(await page.text()).toContain(`href="/staff/applications/${b.application.id}/personal-data.json"`);
    const response = await staff.fetch(`/staff/applications/${b.application.id}/personal-data.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toContain(`personal-data-${b.application.reference}-`);
    const document = (await response.json()) as DataExport;
    expect(document.account.userId).toBe(b.uid);
    expect(document.tables.receipts!.length).toBeGreaterThan(0);
    expect(JSON.stringify(document)).not.toContain(a.email);
    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'privacy.exported' AND application_id = ?1").bind(b.application.id).all<{ staff_email: string; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.staff_email).toBe("staff@guildhall.example");
    expect(JSON.parse(audit.results[0]!.details)).toMatchObject({ reference: b.application.reference });
    // Not for members, nor anyone else.
    expect((await a.browser.fetch(`/staff/applications/${b.application.id}/personal-data.json`)).status).toBe(404);
    expect((await new TestBrowser().fetch(`/staff/applications/${b.application.id}/personal-data.json`)).status).toBe(404);
  });

  it("'Delete my account' asks for the password, refuses a wrong one and a post without the CSRF token", async () => {
    const form = await a.browser.fetch("/user/privacy/delete");
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await form.text()).toContain('name="currentPassword"');
    const wrong = await a.browser.post("/user/privacy/delete", { currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your password is not right");
    const empty = await a.browser.post("/user/privacy/delete", { currentPassword: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter your password");
    const forged = await a.browser.fetch("/user/privacy/delete", {
      method: "POST",
      body: new URLSearchParams({ currentPassword: a.password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(403);
    expect(await signedIn(a.browser)).toBe(true);
    expect((await new TestBrowser().fetch("/user/privacy/delete")).status).toBe(303);
  });

  it("refuses to delete a staff member's account until they are off the staff list", async () => {
    const page = await staff.fetch("/user/privacy/delete");
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain("Your address is on the staff list");
    expect(html).not.toContain('name="currentPassword"');
    const post = await staff.post("/user/privacy/delete", { currentPassword: "Guildhall-staff-1" });
    expect(post.status).toBe(409);
    expect(await signedIn(staff)).toBe(true);
  });

  it("erasure removes the name, address and e-mail from every table, keeps the accounts whole, and the account can no longer sign in", async () => {
    const before = await accounts();
    expect(contiguous(before.receiptNumbers)).toBe(true);
    const bBefore = await exportOf(b.browser);
    expect(await whereFound(a.personal)).not.toEqual([]);

    const erased = await a.browser.post("/user/privacy/delete", { currentPassword: a.password });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe("/account/deleted");
    expect(a.browser.sessionCookie).toBeUndefined();
    const done = await a.browser.fetch("/account/deleted");
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your account has been deleted");

    // Every session ended, and signing in fails: the Firebase account is gone.
    expect(await signedIn(a.phone)).toBe(false);
    const again = new TestBrowser();
    await again.signIn(a.email, a.password);
    expect(await signedIn(again)).toBe(false);

    expect(await whereFound(a.personal)).toEqual([]);
    // The scan finds what is there: the other member's data is untouched.
    expect((await whereFound(b.personal)).length).toBeGreaterThan(0);

    const after = await accounts();
    expect(after).toEqual(before);
    expect(contiguous(after.receiptNumbers)).toBe(true);
    const receipts = (await env.DB.prepare("SELECT payer_name, payer_email FROM receipts WHERE user_id = ?1").bind(a.uid).all<{ payer_name: string; payer_email: string }>()).results;
    expect(receipts.length).toBe(2);
    for (const receipt of receipts) {
      expect(receipt.payer_name).toBe("Erased member");
      expect(receipt.payer_email).toMatch(/^erased:[0-9a-f]{64}$/);
    }
    for (const table of ["directory_entries", "cpd_entries", "cpd_certificates", "sessions", "entitlements", "email_preferences"]) {
      const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`).bind(a.uid).first<{ n: number }>())!;
      expect(n, table).toBe(0);
    }

    // Staff see the erasure, without personal data.
    const entry = await env.DB.prepare("SELECT staff_email, application_id, details FROM staff_audit_log WHERE action = 'account.erased' AND application_id = ?1")
      .bind(a.application.id)
      .first<{ staff_email: string; details: string }>();
    expect(entry!.staff_email).toMatch(/^erased:[0-9a-f]{64}$/);
    expect(JSON.parse(entry!.details)).toMatchObject({ by: "member", memberNumber: expect.any(Number), userIdHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const page = await staff.fetch(`/staff/applications/${a.application.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The member deleted their account (personal data erased)");
    expect(html).toContain("Erased");

    // The other member's data is as it was.
    const bAfter = await exportOf(b.browser);
    for (const [table, rows] of Object.entries(bBefore.tables)) {
      expect(bAfter.tables[table]?.length, table).toBe(rows.length);
    }
  });

  it("an issued receipt still refuses every change but the erasure's", async () => {
    const receipt = await env.DB.prepare("SELECT number FROM receipts WHERE user_id = ?1").bind(b.uid).first<{ number: string }>();
    const update = (set: string) => env.DB.prepare(`UPDATE receipts SET ${set} WHERE number = ?1`).bind(receipt!.number).run();
    await expect(update("total_pence = 1")).rejects.toThrow(/never changed/);
    await expect(update("payer_name = 'Erased member', payer_email = 'someone@example.com'")).rejects.toThrow(/never changed/);
    await expect(update(`payer_name = 'Erased member', payer_email = 'erased:${"0".repeat(64)}', total_pence = 1`)).rejects.toThrow(/never changed/);
  });
});
