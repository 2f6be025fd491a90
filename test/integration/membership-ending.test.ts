/**
 * A membership staff leave "to run to the period end" with a refund, for a member who pays by bank
 * transfer (no Stripe subscription to cancel), against real D1, the Firebase Auth emulator and the
 * Worker's own scheduled handler with a controlled clock: it gets no renewal reminders, no "renew"
 * prompt, and at the end of its period it lapses at once without the "your membership has lapsed,
 * renew" message, while a member beside it with the same period is reminded and lapses as usual.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import worker from "../../src/index";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const DAY = 86_400_000;
const applications = createApplicationStore(env.DB);
let staff: TestBrowser;

async function runDaily(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: at }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** An offline member who joined today, paid as staff record it. */
async function offlineMember(user: { uid: string; email: string }, name: string) {
  const id = crypto.randomUUID();
  expect(
    await applications.create({
      id,
      idempotencyKey: crypto.randomUUID(),
      reference: `GH-E${Date.now().toString(36).toUpperCase()}${name.slice(0, 3).toUpperCase()}`,
      userId: user.uid,
      email: user.email.toLowerCase(),
      givenName: name,
      familyName: "Ending",
      membershipSlug: "full-member",
      membershipTitle: "Full member",
      vatTreatment: "standard",
      paymentMethod: "offline",
      amountDuePence: 12_500,
      billing: null,
      details: {
        phone: "01632 960123",
        address: { line1: "1 Guild Street", line2: "", town: "Bristol", postcode: "BS1 1AA", country: "United Kingdom" },
        professional: { registrationNumber: `REG-${id.slice(0, 6)}`, specialisation: "Orthodontics", workplace: "City Clinic", yearQualified: 2011 },
        declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
      },
    }),
  ).toBe(true);
  expect((await staff.post(`/staff/applications/${id}/payment`, { amount: "125.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 5" })).status).toBe(303);
  const payment = (await env.DB.prepare("SELECT id FROM payments WHERE application_id = ?1").bind(id).first<{ id: string }>())!;
  return { applicationId: id, paymentId: payment.id };
}

const record = (userId: string) =>
  env.DB.prepare("SELECT status, period_end, ends_on FROM memberships WHERE user_id = ?1").bind(userId).first<{ status: string; period_end: string; ends_on: string | null }>();
const kindsTo = async (email: string) =>
  (await env.DB.prepare("SELECT kind FROM email_outbox WHERE recipient = ?1 AND kind <> 'refund-issued' AND kind <> 'membership-paid' AND kind NOT LIKE 'application-%' ORDER BY created_at, dedupe_key")
    .bind(email.toLowerCase())
    .all<{ kind: string }>()).results.map((r) => r.kind);

let ending: { uid: string; email: string; password: string };
let renewing: { uid: string; email: string; password: string };
let periodEnd: string;
let endingPayment: string;
let endingApplication: string;

beforeAll(async () => {
  await warmMembershipContent();
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  staff = await signedInStaff();
  ending = await createUser();
  renewing = await createUser();
  ({ paymentId: endingPayment, applicationId: endingApplication } = await offlineMember(ending, "Edith"));
  await offlineMember(renewing, "Rosa");
  const refunded = await staff.post(`/staff/payments/${endingPayment}/refund`, {
    refundAmount: "25.00",
    refundReason: "Leaving the profession this year",
    membership: "end-at-period-end",
    idempotencyKey: crypto.randomUUID(),
  });
  expect(refunded.status).toBe(303);
  periodEnd = (await record(ending.uid))!.period_end;
  expect((await record(renewing.uid))!.period_end).toBe(periodEnd);
}, 120_000);

describe("a bank-transfer membership left to run to its period end", () => {
  it("records the end, and the member and staff see that it ends on that day and will not be renewed", async () => {
    expect(await record(ending.uid)).toEqual({ status: "active", period_end: periodEnd, ends_on: periodEnd });
    const browser = new TestBrowser();
    await browser.signIn(ending.email, ending.password);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-renewal="ending"');
    expect(page).toMatch(/Your membership ends on <time[^>]*>\w+, \d+ \w+ \d{4}<\/time> and will not be renewed/);
    expect(page).toMatch(/Active until \d+ \w+ \d{4}, then ends: not renewing/);
    expect(page).not.toContain('action="/user/membership/renew"');

    const application = await (await staff.fetch(`/staff/applications/${endingApplication}`)).text();
    expect(application).toMatch(/Membership ends<\/dt><dd><time[^>]*>[^<]+<\/time> \(after a refund; it does not renew\)/);
    const member = await (await staff.fetch(`/staff/members/${ending.uid}`)).text();
    expect(member).toContain("after a refund; it does not renew");
    expect(member).toMatch(/Active until \d+ \w+ \d{4}, then ends: not renewing/);
  });

  it("gets no renewal reminders and cannot be renewed, while a member with the same period does", async () => {
    const end = Date.parse(periodEnd);
    for (const days of [30, 7, 1]) await runDaily(end - days * DAY + 3 * 3_600_000);
    expect(await kindsTo(ending.email)).toEqual([]);
    expect(await kindsTo(renewing.email)).toEqual(["renewal-reminder", "renewal-reminder"]);

    // Inside the renewal window (a member whose period ends in 10 days, left to run to its end): no prompt, and asking is refused.
    const soon = await createUser();
    const soonEnd = londonDate(new Date(Date.now() + 10 * DAY));
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end, ends_on)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3, ?4, ?4)`,
    )
      .bind(soon.uid, soon.email.toLowerCase(), londonDate(new Date(Date.now() - 355 * DAY)), soonEnd)
      .run();
    const browser = new TestBrowser();
    await browser.signIn(soon.email, soon.password);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-renewal="ending"');
    expect(page).not.toContain('data-member-state="renewal_due"');
    expect(page).not.toContain('action="/user/membership/renew"');
    expect(page).not.toContain('href="/user/membership/change"');
    const refused = await browser.post("/user/membership/renew", {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("not due for renewal");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(soon.uid).first<{ n: number }>())!.n).toBe(0);

    // Nor can its type be changed: the page says why and offers no choice, and a posted change makes nothing.
    const change = await (await browser.fetch("/user/membership/change")).text();
    expect(change).toContain("Your membership ends at the end of this period and will not be renewed, so its type cannot be changed.");
    expect(change).not.toContain('name="membershipSlug"');
    const changed = await browser.post("/user/membership/change", { membershipSlug: "associate-member", idempotencyKey: crypto.randomUUID() });
    expect(changed.status).not.toBe(303);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE user_id = ?1 AND kind = 'change'").bind(soon.uid).first<{ n: number }>())!.n).toBe(0);
  });

  it("ends at the period end with the status of a lapse, without the lapse message; the other lapses after its grace, with it", async () => {
    const end = Date.parse(periodEnd);
    await runDaily(end + 3 * 3_600_000);
    expect((await record(ending.uid))!.status).toBe("lapsed");
    expect((await record(renewing.uid))!.status).toBe("active");
    await runDaily(end + 40 * DAY);
    expect((await record(renewing.uid))!.status).toBe("lapsed");
    expect(await kindsTo(ending.email)).toEqual([]);
    expect(await kindsTo(renewing.email)).toEqual(["renewal-reminder", "renewal-reminder", "membership-lapsed"]);
  });
});
