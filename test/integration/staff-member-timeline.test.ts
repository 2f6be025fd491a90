/**
 * Staff: a member's page on the members register (/staff/members/:userId) through the Worker,
 * against real D1 and the Firebase Auth emulator: a member who joined (staff recorded the bank
 * transfer), then renewed (asked on /user/membership, staff recorded it) sees each step on their
 * timeline, newest first, with nothing of another member's; a failed e-mail can be sent again
 * from the page (CSRF, audited); an unknown member is a 404, and only staff see any of it. A
 * card member's changes of type (an upgrade Stripe prorated, a downgrade waiting for the
 * renewal) show too: from and to, when asked, when effective, the amount and the method.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import type { NewApplication } from "../../src/domain/membership";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { joinByCard } from "../support/worker/card-join";
import { fakeStripe, payCheckout, sendWebhook } from "../support/worker/stripe";
import { expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;
const store = createApplicationStore(env.DB);
let seeded = 0;

/** A join application awaiting a bank transfer, as the join form leaves it (with the membership record), made 350 days ago. */
async function joinApplication(userId: string, email: string): Promise<{ id: string; reference: string }> {
  const n = `${Date.now().toString(36)}${seeded++}`.toUpperCase();
  const application: NewApplication = {
    id: crypto.randomUUID(),
    billing: null,
    idempotencyKey: crypto.randomUUID(),
    reference: `GH-T${n}`,
    userId,
    email,
    givenName: "Grace",
    familyName: `Hopper${n}`,
    membershipSlug: "full-member",
    membershipTitle: "Full member",
    vatTreatment: "standard",
    paymentMethod: "offline",
    amountDuePence: 19_500,
    details: {
      phone: "01632 960123",
      address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
      professional: { registrationNumber: `REG-${n}`, specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
      declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
    },
  };
  expect(await store.create(application)).toBe(true);
  // Made a little under a year ago, so its payment can be dated then and the renewal is due now.
  await env.DB.prepare("UPDATE applications SET created_at = ?2 WHERE id = ?1").bind(application.id, new Date(Date.now() - 350 * DAY).toISOString()).run();
  return { id: application.id, reference: application.reference };
}

const renewalOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id, reference FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(userId).first<{ id: string; reference: string }>())!;
const receiptsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT number FROM receipts WHERE user_id = ?1 ORDER BY seq").bind(userId).all<{ number: string }>()).results.map((r) => r.number);
const emailsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT id, subject, status FROM email_outbox WHERE user_id = ?1 ORDER BY created_at").bind(userId).all<{ id: string; subject: string; status: string }>()).results;

/** A member who joined by bank transfer a little under a year ago (staff recorded it), and is now due to renew. */
async function joinedMember(staff: TestBrowser) {
  const user = await createUser();
  const email = user.email.toLowerCase();
  const join = await joinApplication(user.uid, email);
  const paid = await staff.post(`/staff/applications/${join.id}/payment`, {
    amount: "195.00",
    receivedOn: londonDate(new Date(Date.now() - 345 * DAY)),
    paymentReference: `BACS ${join.reference}`,
  });
  expect(paid.status).toBe(303);
  return { ...user, email, join };
}

beforeAll(warmMembershipContent, 60_000);

describe("a member's page on the staff members register", () => {
  it("shows the member's timeline newest first, nothing of anyone else's, and sends a failed e-mail again", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const staff = await signedInStaff();
    const member = await joinedMember(staff);
    const other = await joinedMember(staff);

    // The member renews from their page; staff record the transfer.
    const browser = new TestBrowser();
    await browser.signIn(member.email, member.password);
    expect((await browser.post("/user/membership/renew", {})).status).toBe(303);
    const renewal = await renewalOf(member.uid);
    expect((await staff.post(`/staff/applications/${renewal.id}/payment`, { amount: "195.00", receivedOn: londonDate(new Date()), paymentReference: "BACS RENEW-1" })).status).toBe(303);

    const receipts = await receiptsOf(member.uid);
    expect(receipts).toHaveLength(2);
    const [otherReceipt] = await receiptsOf(other.uid);
    // Every message settles (sent by the runtime's binding) before one is marked failed below.
    await vi.waitFor(async () => expect((await emailsOf(member.uid)).every((m) => m.status === "sent")).toBe(true), { timeout: 10_000, interval: 100 });
    const emails = await emailsOf(member.uid);
    expect(emails.length).toBeGreaterThanOrEqual(2);
    const failing = emails[0]!;
    await env.DB.prepare("UPDATE email_outbox SET status = 'failed', attempts = 6, last_error = 'The binding threw' WHERE id = ?1").bind(failing.id).run();
    const [otherEmail] = await emailsOf(other.uid);

    // The register links to the page.
    const list = await (await staff.fetch(`/staff/members?status=all&q=${encodeURIComponent(member.email)}`)).text();
    expect(list).toContain(`href="/staff/members/${member.uid}"`);

    const response = await staff.fetch(`/staff/members/${member.uid}`);
    expect(response.status).toBe(200);
    expectStaffHeaders(response);
    const page = await response.text();
    expect(page).toContain(`Grace Hopper`);
    expect(page).toContain("<h2>Timeline</h2>");
    expect(page).toMatch(/<caption>Everything about Grace Hopper\w*&#x27;s membership, newest first<\/caption>/);
    for (const type of ["application", "payment", "receipt", "email", "staff"]) expect(page).toContain(`data-timeline="${type}"`);
    expect(page.match(/data-timeline="application"/g)).toHaveLength(2);
    expect(page.match(/data-timeline="payment"/g)).toHaveLength(2);
    expect(page.match(/data-timeline="receipt"/g)).toHaveLength(2);
    expect(page.match(/data-timeline="staff"/g)).toHaveLength(2);
    expect(page.match(/data-timeline="email"/g)).toHaveLength(emails.length);
    for (const number of receipts) expect(page).toContain(`href="/staff/receipts/${number}"`);
    expect(page).toContain(`href="/staff/applications/${member.join.id}"`);
    expect(page).toContain("Recorded a renewal&#x27;s payment");
    expect(page).toContain("BACS RENEW-1");
    // Newest first: the renewal and its receipt above the join and its receipt.
    const timeline = page.slice(page.indexOf("<h2>Timeline</h2>"));
    expect(timeline.indexOf(renewal.reference)).toBeGreaterThan(0);
    expect(timeline.indexOf(renewal.reference)).toBeLessThan(timeline.indexOf(member.join.reference));
    expect(timeline.indexOf(`/staff/receipts/${receipts[1]!}"`)).toBeLessThan(timeline.indexOf(`/staff/receipts/${receipts[0]!}"`));
    // Nothing of the other member's.
    expect(page).not.toContain(other.email);
    expect(page).not.toContain(other.join.reference);
    expect(page).not.toContain(otherReceipt!);
    expect(page).not.toContain(otherEmail!.id);

    // The failed message, with "send again" that posts back to this page.
    const action = `/staff/members/${member.uid}/emails/${failing.id}/resend`;
    expect(page).toContain("<h2>Failed e-mails</h2>");
    expect(page).toContain(`data-failed-email="${failing.id}"`);
    expect(page).toContain("The binding threw");
    expect(page).toContain(`action="${action}"`);

    // No CSRF token: refused, nothing changed.
    expect((await staff.fetch(action, { method: "POST", body: new URLSearchParams({}) })).status).toBe(403);
    // Another member's message through this member's page: not found.
    expect((await staff.post(`/staff/members/${member.uid}/emails/${otherEmail!.id}/resend`, {})).status).toBe(404);
    expect((await env.DB.prepare("SELECT status FROM email_outbox WHERE id = ?1").bind(failing.id).first<{ status: string }>())!.status).toBe("failed");

    const resent = await staff.post(action, {});
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe(`/staff/members/${member.uid}?done=resent`);
    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'email.resent' ORDER BY id DESC LIMIT 1").first<{ staff_email: string; details: string }>();
    expect(audit).toMatchObject({ staff_email: STAFF.email });
    expect(JSON.parse(audit!.details)).toMatchObject({ messageId: failing.id, recipient: member.email, lastError: "The binding threw" });
    await vi.waitFor(async () => expect((await env.DB.prepare("SELECT status FROM email_outbox WHERE id = ?1").bind(failing.id).first<{ status: string }>())!.status).toBe("sent"), {
      timeout: 10_000,
      interval: 100,
    });
    const after = await (await staff.fetch(`/staff/members/${member.uid}?done=resent`)).text();
    expect(after).toContain("The e-mail will be sent again in a moment.");
    expect(after).toContain("Sent a failed e-mail again");
    expect(after).not.toContain(`data-failed-email="${failing.id}"`);
    // Sent now, so a second press is a conflict that changes nothing.
    const twice = await staff.post(action, {});
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("not failed, so there is nothing to send again");

    // Not even staff find a member who does not exist.
    expect((await staff.fetch("/staff/members/no-such-member")).status).toBe(404);
    // The import page is still the import page.
    expect(await (await staff.fetch("/staff/members/import")).text()).toContain("Import members");

    await expectHiddenFromNonStaff([`/staff/members/${member.uid}`], [[action, {}]], member.join.reference);
  });

  it("shows a card member's changes of type: an upgrade in effect and a downgrade waiting for the renewal", { timeout: 30_000 }, async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await fakeStripe("/__prices", { body: JSON.stringify({ price_demo_associate_member_subscription: 9_500, price_demo_full_member_subscription: 19_500 }) });
    const joined = await joinByCard({ membership: "associate" });
    await payCheckout(joined.sessionId, 11_000);
    expect((await sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" })).status).toBe(200);
    const userId = joined.application.user_id;

    const up = await joined.browser.post("/user/membership/change", { membershipSlug: "full-member", idempotencyKey: crypto.randomUUID() });
    expect(up.headers.get("Location")).toBe("/user/membership?changed=upgrade");
    const down = await joined.browser.post("/user/membership/change", { membershipSlug: "associate", idempotencyKey: crypto.randomUUID() });
    expect(down.headers.get("Location")).toBe("/user/membership?changed=downgrade");
    const changes = (
      await env.DB.prepare("SELECT direction, status, amount_pence, stripe_invoice_id, effective_on, created_at FROM membership_changes WHERE user_id = ?1 ORDER BY created_at")
        .bind(userId)
        .all<{ direction: string; status: string; amount_pence: number; stripe_invoice_id: string | null; effective_on: string; created_at: string }>()
    ).results;
    expect(changes.map((c) => [c.direction, c.status])).toEqual([
      ["upgrade", "applied"],
      ["downgrade", "scheduled"],
    ]);
    const [upgrade, downgrade] = changes as [(typeof changes)[0], (typeof changes)[0]];
    const periodEnd = (await env.DB.prepare("SELECT period_end FROM memberships WHERE user_id = ?1").bind(userId).first<{ period_end: string }>())!.period_end;
    expect(downgrade.effective_on).toBe(periodEnd);

    const staff = await signedInStaff();
    const page = await (await staff.fetch(`/staff/members/${userId}`)).text();
    const rows = [...page.matchAll(/<tr data-timeline="change">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim());
    expect(rows).toHaveLength(2);
    const [newest, older] = rows as [string, string];
    // Newest first: the downgrade, waiting for the renewal, nothing to pay now.
    expect(newest).toContain("Change of type: downgrade");
    expect(newest).toContain("Full member to Associate member, asked for by the member; takes effect");
    expect(newest).toContain("nothing to pay (card)");
    expect(newest).toContain("Waiting for the renewal");
    expect(newest).toContain(new Date(periodEnd).getUTCFullYear().toString());
    // The upgrade: in effect, the pro-rata amount Stripe invoiced.
    expect(older).toContain("Change of type: upgrade");
    expect(older).toContain("Associate member to Full member, asked for by the member; effective");
    expect(older).toMatch(/£\d+\.\d\d to pay \(card\)/);
    expect(older).toContain(`Stripe invoice ${upgrade.stripe_invoice_id}`);
    expect(older).toContain("In effect");
    expect(upgrade.amount_pence).toBeGreaterThan(0);
    // Asked for after the join's payment: both above it on the timeline.
    const timeline = page.slice(page.indexOf("<h2>Timeline</h2>"));
    expect(timeline.indexOf('data-timeline="change"')).toBeLessThan(timeline.indexOf('data-timeline="payment"'));
  });
});
