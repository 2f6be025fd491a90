/**
 * "Download my data" and "Delete my account" (/user/privacy) for someone who signs up with an
 * address that is not theirs: anyone can open a Firebase account for an address that has none
 * yet (a former staff member's, a member's old address) and sign in before verifying it. Rows
 * found only by the address are the person's only once Firebase has verified it, and even then
 * the export never shows what a message or an audit entry says about someone else, and erasure
 * never rewrites what a staff member did. Through the Worker, against real D1 and the Firebase
 * Auth emulator.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { DataExport } from "../../src/domain/privacy";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { applicationOf } from "../support/worker/card-join";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";

const letters = (n: number) => Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const PASSWORD = "Correct-horse-battery-1";

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  data: string;
}
interface AuditRow {
  id: number;
  staff_email: string;
  action: string;
  details: string;
}

const outboxTo = async (address: string) =>
  (await env.DB.prepare("SELECT id, kind, recipient, data FROM email_outbox WHERE recipient = ?1 ORDER BY id").bind(address).all<OutboxRow>()).results;
const auditBy = async (address: string) =>
  (await env.DB.prepare("SELECT id, staff_email, action, details FROM staff_audit_log WHERE staff_email = ?1 ORDER BY id").bind(address).all<AuditRow>()).results;

/** Signs up for `email` (verifying it first when asked) and signs in through the no-JavaScript form. */
async function signUpAs(email: string, verified: boolean): Promise<TestBrowser> {
  await createUser(PASSWORD, email);
  if (verified) await verifyEmail(email, PASSWORD);
  const browser = new TestBrowser();
  expect((await browser.signIn(email, PASSWORD)).status).toBe(303);
  return browser;
}

async function exportOf(browser: TestBrowser): Promise<DataExport> {
  const response = await browser.fetch("/user/privacy/my-data.json");
  expect(response.status).toBe(200);
  return (await response.json()) as DataExport;
}

const tablesWithRows = (document: DataExport) =>
  Object.entries(document.tables)
    .filter(([, rows]) => rows.length > 0)
    .map(([table]) => table)
    .sort();

async function deleteAccount(browser: TestBrowser): Promise<void> {
  const erased = await browser.post("/user/privacy/delete", { currentPassword: PASSWORD });
  expect(erased.status).toBe(303);
  expect(erased.headers.get("Location")).toBe("/account/deleted");
}

/** What a former staff member left: the staff notice they were sent and what they did, about an applicant. */
async function formerStaffMember(staff: TestBrowser, applicationId: string, applicant: { name: string; reference: string }, address: string) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO staff_audit_log (staff_email, action, application_id, details) VALUES (?1, 'payment.recorded', ?2, json_object('amountPence', 1000, 'paymentReference', ?3))").bind(
      address,
      applicationId,
      applicant.reference,
    ),
    env.DB.prepare("INSERT INTO staff_audit_log (staff_email, action, details) VALUES (?1, 'applications.exported', json_object('search', ?2, 'count', 1))").bind(address, applicant.name),
  ]);
  expect((await staff.post(`/staff/team/${encodeURIComponent(address)}/remove`, {})).status).toBe(303);
  const outbox = await outboxTo(address);
  expect(outbox.map((m) => m.kind)).toEqual(["application-staff-notice"]);
  const audit = await auditBy(address);
  expect(audit).toHaveLength(2);
  return { outbox, audit };
}

/** The notice of a member's change of address, written (as the service does) to the old one, naming the new one. */
async function oldAddressOfMember(oldAddress: string, newAddress: string) {
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, sent_at) VALUES (?1, ?2, 'email-changed', 'transactional', ?3, NULL, 'The e-mail address of your account has changed', json_object('newEmail', ?4, 'changedAt', '2026-01-05T10:00:00.000Z'), 'sent', '2026-01-05T10:00:01.000Z')",
  )
    .bind(crypto.randomUUID(), `email-changed:member-${letters(20)}:${newAddress}`, oldAddress, newAddress)
    .run();
}

describe("an address its owner has not verified, or has", () => {
  const stamp = Date.now();
  /** Two former staff members: one address taken over by someone else, one signed up for by its owner. */
  const taken = `former-staff-${stamp}@guild.example`;
  const owned = `former-staff-owner-${stamp}@guild.example`;
  /** Two members' addresses before they changed them. */
  const [takenOld, ownedOld] = [`old-address-${stamp}@guild.example`, `old-address-owner-${stamp}@guild.example`];
  const [takenNew, ownedNew] = [`new-address-${stamp}@guild.example`, `new-address-owner-${stamp}@guild.example`];
  let applicant: { name: string; email: string; reference: string };
  let before: Record<string, { outbox: OutboxRow[]; audit: AuditRow[] }>;

  beforeAll(async () => {
    const staff = await signedInStaff();
    for (const address of [taken, owned]) expect((await staff.post("/staff/team", { email: address, role: "membership" })).status).toBe(303);
    // An application while they are on the team: its staff notice goes to them too.
    const family = letters(10);
    const form = validForm({ familyName: family });
    expect((await new TestBrowser().post("/join", form)).status).toBe(303);
    const application = (await applicationOf(form.email!))!;
    applicant = { name: family, email: form.email!, reference: `BACS ${family} ${letters(6)}` };
    before = {
      [taken]: await formerStaffMember(staff, application.id, applicant, taken),
      [owned]: await formerStaffMember(staff, application.id, applicant, owned),
    };
    expect(before[taken]!.outbox[0]!.data).toContain(applicant.email);
    await oldAddressOfMember(takenOld, takenNew);
    await oldAddressOfMember(ownedOld, ownedNew);
  });

  it("'Download my data' for a former staff member's address, unverified, holds only the account's own session, and deleting the account erases none of the address's rows", async () => {
    const squatter = await signUpAs(taken, false);
    const document = await exportOf(squatter);
    expect(tablesWithRows(document)).toEqual(["sessions"]);
    const text = JSON.stringify(document);
    for (const foreign of [applicant.name, applicant.email, applicant.reference]) expect(text).not.toContain(foreign);
    expect(document.emailVerified).toBe(false);

    await deleteAccount(squatter);
    expect(await outboxTo(taken)).toEqual(before[taken]!.outbox);
    expect(await auditBy(taken)).toEqual(before[taken]!.audit);
  });

  it("'Download my data' for a member's old address, unverified, never shows the new one, and deleting the account leaves the notice", async () => {
    const squatter = await signUpAs(takenOld, false);
    const document = await exportOf(squatter);
    expect(tablesWithRows(document)).toEqual(["sessions"]);
    expect(JSON.stringify(document)).not.toContain(takenNew);
    const notice = await outboxTo(takenOld);
    await deleteAccount(squatter);
    expect(await outboxTo(takenOld)).toEqual(notice);
  });

  it("once verified, the address's messages and audit entries are exported without what they say about others; erasure deletes the messages and rewrites no audit entry", async () => {
    const owner = await signUpAs(owned, true);
    const document = await exportOf(owner);
    expect(tablesWithRows(document)).toEqual(["email_outbox", "sessions", "staff_audit_log", "staff_members"]);
    expect(document.tables.email_outbox).toEqual([
      expect.objectContaining({ id: before[owned]!.outbox[0]!.id, kind: "application-staff-notice", recipient: owned, subject: null, data: null }),
    ]);
    expect(document.tables.staff_audit_log!.map((e) => [e.action, e.details])).toEqual([
      ["payment.recorded", null],
      ["applications.exported", null],
    ]);
    const text = JSON.stringify(document);
    for (const foreign of [applicant.name, applicant.email, applicant.reference]) expect(text).not.toContain(foreign);
    expect(document.emailVerified).toBe(true);

    await deleteAccount(owner);
    expect(await outboxTo(owned)).toEqual([]);
    expect(await auditBy(owned)).toEqual(before[owned]!.audit);
  });

  it("once verified, a member's old address is exported the notice sent to it, without the new address, and erasure deletes it", async () => {
    const owner = await signUpAs(ownedOld, true);
    const document = await exportOf(owner);
    expect(document.tables.email_outbox).toEqual([expect.objectContaining({ kind: "email-changed", recipient: ownedOld, data: null })]);
    expect(JSON.stringify(document)).not.toContain(ownedNew);
    await deleteAccount(owner);
    expect(await outboxTo(ownedOld)).toEqual([]);
  });
});
