/**
 * The membership year end to end through the real runtime: the Worker's scheduled handler (the
 * daily cron) with a controlled clock writes renewal reminders 30 and 7 days before a period
 * ends, lapses memberships past their grace with their message, reminds webinar buyers the day
 * before and tells them a recording is ready; every run repeated writes nothing twice, and a run
 * after missed days catches up. Then an offline member renews from /user/membership and staff
 * record the payment: the period runs on from the old end date.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import worker from "../../src/index";
import { oneYearAfter } from "../../src/services/membership/renewal-period";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";
import { everyEntry } from "../support/worker/cms-lists";

const DAILY = "17 3 * * *";
const DAY = 86_400_000;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/** One run of the daily job, as the cron would start it at `at`. */
async function runDaily(at: Date | string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: DAILY, scheduledTime: new Date(at).getTime() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

interface Seeded {
  userId: string;
  email: string;
}

/** A membership record written straight into D1, with the join application its name comes from. */
async function seedMember(fields: {
  periodEnd: string;
  periodStart?: string;
  method?: "offline" | "card";
  status?: string;
  slug?: string;
  /** A card member's live Stripe subscription (true unless said otherwise). */
  subscription?: boolean;
}): Promise<Seeded> {
  const userId = unique("member");
  const email = `${userId}@guild.example`;
  const method = fields.method ?? "offline";
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
         payment_method, amount_due_pence, status, details)
       VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', 'Lovelace', 'full-member', 'Full member', ?5, 22000, 'paid', '{}')`,
    ).bind(`app-${userId}`, `GH-${userId.slice(-10).toUpperCase()}`, userId, email, method),
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end,
         stripe_customer_id, stripe_subscription_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
    ).bind(
      userId,
      email,
      `app-${userId}`,
      fields.slug ?? "full-member",
      fields.slug === "associate" ? "Associate member" : "Full member",
      fields.status ?? "active",
      method,
      fields.periodStart ?? null,
      fields.periodEnd,
      method === "card" ? `cus_${userId}` : null,
      method === "card" && fields.subscription !== false ? `sub_${userId}` : null,
    ),
  ]);
  return { userId, email };
}

interface OutboxRow {
  id: string;
  dedupe_key: string;
  kind: string;
  recipient: string;
  subject: string;
  data: string;
}

const messagesTo = async (email: string) =>
  (await env.DB.prepare("SELECT id, dedupe_key, kind, recipient, subject, data FROM email_outbox WHERE recipient = ?1 ORDER BY created_at, dedupe_key").bind(email).all<OutboxRow>())
    .results;
const statusOf = async (userId: string) => (await env.DB.prepare("SELECT status FROM memberships WHERE user_id = ?1").bind(userId).first<{ status: string }>())?.status;

/** The mailbox's rendering of a message: its plain-text part, as it will be sent. */
async function textOf(id: string): Promise<string> {
  const response = await worker.fetch(new Request(`http://localhost/dev/mailbox/${id}`), env, createExecutionContext());
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, " ");
}

beforeAll(warmMembershipContent, 60_000);

beforeEach(async () => {
  await env.DB.exec("DELETE FROM email_outbox; DELETE FROM memberships; DELETE FROM entitlements; DELETE FROM membership_changes");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("the daily job: renewal reminders", () => {
  const END = "2031-03-31";

  it("writes the 30-day reminder, once however often it runs, then the 7-day one; nothing after the end", async () => {
    const offline = await seedMember({ periodEnd: END, periodStart: "2030-03-31" });
    const card = await seedMember({ periodEnd: "2031-03-31T02:00:00.000Z", method: "card" });
    const later = await seedMember({ periodEnd: "2031-06-30" });

    await runDaily("2031-02-28T03:17:00Z"); // 31 days before: nothing yet
    expect(await messagesTo(offline.email)).toEqual([]);

    for (let run = 0; run < 10; run++) await runDaily("2031-03-01T03:17:00Z");
    const [first, ...others] = await messagesTo(offline.email);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ kind: "renewal-reminder", recipient: offline.email, dedupe_key: `renewal-reminder:${offline.userId}:${END}:30` });
    expect(first!.subject).toMatch(/renew/i);
    expect(JSON.parse(first!.data)).toMatchObject({ givenName: "Ada", membershipTitle: "Full member", daysBefore: 30, paymentMethod: "offline", amountPence: 19_500 });
    const offlineText = await textOf(first!.id);
    expect(offlineText).toContain("Dear Ada, your Full member membership ends in 30 days, on 31 March 2031.");
    expect(offlineText).toContain("pay £195.00 from your membership page");
    expect(offlineText).toContain("/user/membership");

    const [cardReminder] = await messagesTo(card.email);
    expect(JSON.parse(cardReminder!.data)).toMatchObject({ daysBefore: 30, paymentMethod: "card", amountPence: 19_500 });
    expect(await textOf(cardReminder!.id)).toContain("On that day £195.00 will be taken from the card you pay with.");
    expect(await messagesTo(later.email)).toEqual([]);

    await runDaily("2031-03-24T03:17:00Z");
    await runDaily("2031-03-24T03:17:00Z");
    expect((await messagesTo(offline.email)).map((m) => m.dedupe_key)).toEqual([
      `renewal-reminder:${offline.userId}:${END}:30`,
      `renewal-reminder:${offline.userId}:${END}:7`,
    ]);

    await runDaily("2031-04-02T03:17:00Z"); // in grace: no reminder, no lapse
    expect(await messagesTo(offline.email)).toHaveLength(2);
    expect(await statusOf(offline.userId)).toBe("active");
  }, 30_000);

  it("tells a card member with no live subscription that nothing will be taken, and to renew by card or bank transfer", async () => {
    const unsubscribed = await seedMember({ periodEnd: END, periodStart: "2030-03-31", method: "card", subscription: false });
    await runDaily("2031-03-01T03:17:00Z");
    const [reminder, ...others] = await messagesTo(unsubscribed.email);
    expect(others).toEqual([]);
    expect(JSON.parse(reminder!.data)).toMatchObject({ daysBefore: 30, paymentMethod: "card", renewal: "by-hand", amountPence: 19_500 });
    expect(reminder!.subject).toMatch(/time to renew/);
    const text = await textOf(reminder!.id);
    expect(text).not.toContain("will be taken from the card you pay with");
    expect(text).toContain("It is not set to renew by itself, so nothing will be taken from your card.");
    expect(text).toContain("pay £195.00 from your membership page: by card, or by bank transfer.");
    expect(text).toContain("/user/membership");
  });

  it("after missed days, sends only the reminder due now, and none to a member who has renewed", async () => {
    const missed = await seedMember({ periodEnd: END });
    const renewed = await seedMember({ periodEnd: END });
    await env.DB.prepare("UPDATE memberships SET period_end = '2032-03-31' WHERE user_id = ?1").bind(renewed.userId).run();

    await runDaily("2031-03-26T03:17:00Z"); // the runs from 1 to 25 March never happened
    expect((await messagesTo(missed.email)).map((m) => m.dedupe_key)).toEqual([`renewal-reminder:${missed.userId}:${END}:7`]);
    expect(await messagesTo(renewed.email)).toEqual([]);
  });

  it("leaves out readers who turned renewal reminders off, at delivery", async () => {
    const quiet = await seedMember({ periodEnd: END });
    await env.DB.prepare("INSERT INTO email_preferences (user_id, category, subscribed) VALUES (?1, 'membership-reminders', 0)").bind(quiet.userId).run();
    await runDaily("2031-03-01T03:17:00Z");
    const [row] = await messagesTo(quiet.email);
    expect(row).toMatchObject({ kind: "renewal-reminder" }); // written; delivery records it as not sent
  });
});

describe("the daily job: lapsing", () => {
  it("lapses a membership once its grace is over, with one message, however often it runs", async () => {
    const member = await seedMember({ periodEnd: "2031-03-31" });
    await runDaily("2031-04-29T03:17:00Z"); // day 29 of 30 in grace
    expect(await statusOf(member.userId)).toBe("active");

    for (let run = 0; run < 10; run++) await runDaily("2031-04-30T03:17:00Z");
    expect(await statusOf(member.userId)).toBe("lapsed");
    const lapses = (await messagesTo(member.email)).filter((m) => m.kind === "membership-lapsed");
    expect(lapses).toHaveLength(1);
    expect(lapses[0]).toMatchObject({ recipient: member.email, dedupe_key: `membership-lapsed:${member.userId}:2031-03-31` });
    expect(JSON.parse(lapses[0]!.data)).toMatchObject({ givenName: "Ada", membershipTitle: "Full member", lapsedOn: "2031-04-30" });
    const text = await textOf(lapses[0]!.id);
    expect(text).toContain("Dear Ada, your Full member membership lapsed on 30 April 2031");
    expect(text).toContain("/join");
  });

  it("catches up after missed days: a membership long past its grace lapses on the next run", async () => {
    const member = await seedMember({ periodEnd: "2031-01-31" });
    await runDaily("2031-06-01T03:17:00Z");
    expect(await statusOf(member.userId)).toBe("lapsed");
    expect((await messagesTo(member.email)).map((m) => m.kind)).toEqual(["membership-lapsed"]);
  });

  it("leaves open-ended, cancelled and already lapsed records alone", async () => {
    const cancelled = await seedMember({ periodEnd: "2031-01-31", status: "cancelled" });
    const lapsed = await seedMember({ periodEnd: "2031-01-31", status: "lapsed" });
    await runDaily("2031-06-01T03:17:00Z");
    expect(await statusOf(cancelled.userId)).toBe("cancelled");
    expect(await messagesTo(cancelled.email)).toEqual([]);
    expect(await messagesTo(lapsed.email)).toEqual([]);
  });
});

describe("the daily job: webinar reminders and recording notices", () => {
  let webinars: WebinarSummary[];
  beforeAll(async () => {
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    webinars = await everyEntry(cms, webinarsOperation);
  });
  const bySlug = (slug: string) => webinars.find((w) => w.slug === slug)!;

  async function owner(webinarId: string): Promise<Seeded> {
    const userId = unique("buyer");
    const email = `${userId}@guild.example`;
    const orderId = unique("order");
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
         VALUES (?1, ?1, ?2, ?3, ?4, 'offline', 4500, 'paid', '[]', ?5)`,
      ).bind(orderId, `GH-${orderId.slice(-10)}`, userId, email, JSON.stringify([webinarId])),
      env.DB.prepare("INSERT INTO entitlements (user_id, webinar_id, order_id) VALUES (?1, ?2, ?3)").bind(userId, webinarId, orderId),
    ]);
    return { userId, email };
  }

  it("reminds a buyer on the day before the webinar, once, without the join link", async () => {
    const webinar = bySlug("managing-persistent-low-back-pain");
    const buyer = await owner(webinar.id);
    const start = Date.parse(webinar.date);
    const dayBefore = new Date(Date.parse(`${londonDate(new Date(start - DAY))}T03:17:00Z`));

    await runDaily(new Date(dayBefore.getTime() - DAY));
    expect(await messagesTo(buyer.email)).toEqual([]);
    for (let run = 0; run < 3; run++) await runDaily(dayBefore);
    const [reminder, ...others] = await messagesTo(buyer.email);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({ kind: "webinar-reminder", dedupe_key: `webinar-reminder:${buyer.userId}:${webinar.id}:${webinar.date}` });
    expect(JSON.parse(reminder!.data)).toMatchObject({ webinarTitle: webinar.name, webinarSlug: webinar.slug, startsAt: new Date(start).toISOString() });
    const text = await textOf(reminder!.id);
    expect(text).toContain(webinar.name);
    expect(text).toContain("we never send join links by e-mail");
    expect(text).not.toMatch(/zoom\.(us|example)/);
  });

  it("tells a buyer once that a recording is ready", async () => {
    const webinar = bySlug("exercise-prescription-for-older-adults");
    const buyer = await owner(webinar.id);
    const dayAfter = new Date(Date.parse(webinar.date) + webinar.durationMinutes * 60_000 + DAY);
    await runDaily(dayAfter);
    await runDaily(new Date(dayAfter.getTime() + DAY));
    const rows = await messagesTo(buyer.email);
    expect(rows.map((r) => r.dedupe_key)).toEqual([`recording-ready:${buyer.userId}:${webinar.id}`]);
    expect(await textOf(rows[0]!.id)).toContain(`/webinars/${webinar.slug}`);
  });
});

describe("renewing a membership paid by bank transfer", () => {
  it("offers Renew within 30 days of the end; staff record the payment and the period runs on from the old end", async () => {
    const user = await createUser();
    const oldEnd = londonDate(new Date(Date.now() + 20 * DAY));
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3, ?4)`,
    )
      .bind(user.uid, user.email.toLowerCase(), londonDate(new Date(Date.now() - 345 * DAY)), oldEnd)
      .run();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);

    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-member-state="renewal_due"');
    expect(page).toMatch(/Renewal due: ends on \d+ \w+ \d{4}/);
    expect(page).toContain('action="/user/membership/renew"');
    expect(page).toContain("£195.00");

    // Asked twice (a double submit): one renewal.
    for (let i = 0; i < 2; i++) {
      const response = await browser.post("/user/membership/renew", {});
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/user/membership?renewal=requested");
    }
    const renewals = (
      await env.DB.prepare("SELECT id, reference, amount_due_pence, status FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(user.uid).all<{
        id: string;
        reference: string;
        amount_due_pence: number;
        status: string;
      }>()
    ).results;
    expect(renewals).toHaveLength(1);
    const [renewal] = renewals;
    expect(renewal).toMatchObject({ amount_due_pence: 19_500, status: "awaiting_payment" });
    const awaiting = await (await browser.fetch("/user/membership?renewal=requested")).text();
    expect(awaiting).toContain('data-renewal="awaiting-payment"');
    expect(awaiting).toContain(renewal!.reference);
    expect(awaiting).not.toContain('action="/user/membership/renew"');

    // A renewal without a session, or without the CSRF token, changes nothing.
    expect((await new TestBrowser().post("/user/membership/renew", {})).status).toBe(303);
    expect((await browser.fetch("/user/membership/renew", { method: "POST", body: new URLSearchParams({}) })).status).toBe(403);

    const staff = await signedInStaff();
    const received = await staff.post(`/staff/applications/${renewal!.id}/payment`, { amount: "195.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 998877" });
    expect(received.status).toBe(303);
    const record = await env.DB.prepare("SELECT status, period_start, period_end FROM memberships WHERE user_id = ?1").bind(user.uid).first();
    expect(record).toEqual({ status: "active", period_start: oldEnd, period_end: oneYearAfter(oldEnd) });
    // The receipt, once, even if staff submit the form again.
    expect((await staff.post(`/staff/applications/${renewal!.id}/payment`, { amount: "195.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 998877" })).status).toBe(409);
    const receipts = (await messagesTo(user.email.toLowerCase())).filter((m) => m.kind === "membership-paid");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/renew/i);
    expect(JSON.parse(receipts[0]!.data)).toMatchObject({ renewal: true, periodStart: oldEnd, periodEnd: oneYearAfter(oldEnd), amountPence: 19_500, receiptReference: "BACS 998877" });
    expect(await textOf(receipts[0]!.id)).toContain("your Full member membership is renewed until");

    const after = await (await browser.fetch("/user/membership")).text();
    expect(after).toContain('data-member-state="active"');
    expect(after).not.toContain('data-renewal=');
  });

  it("offers a card member with no live subscription (brought across by the import) renewal by card or bank transfer, and takes their request", async () => {
    const user = await createUser();
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end, stripe_customer_id)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'card', ?3, ?4, 'cus_imported')`,
    )
      .bind(user.uid, user.email.toLowerCase(), londonDate(new Date(Date.now() - 345 * DAY)), londonDate(new Date(Date.now() + 20 * DAY)))
      .run();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-renewal="offer"');
    expect(page).toMatch(/formaction="\/user\/membership\/renew\/pay-by-card"/i);
    expect(page).not.toContain("renews by itself");
    const response = await browser.post("/user/membership/renew", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/user/membership?renewal=requested");
    expect(await env.DB.prepare("SELECT amount_due_pence, status FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(user.uid).first()).toEqual({
      amount_due_pence: 19_500,
      status: "awaiting_payment",
    });
  });

  it("is refused while the renewal is not due", async () => {
    const user = await createUser();
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'offline', ?3, ?4)`,
    )
      .bind(user.uid, user.email.toLowerCase(), londonDate(new Date()), londonDate(new Date(Date.now() + 200 * DAY)))
      .run();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-member-state="active"');
    expect(page).toMatch(/Active until \d+ \w+ \d{4}/);
    expect(page).not.toContain('action="/user/membership/renew"');
    const refused = await browser.post("/user/membership/renew", {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("not due for renewal");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE user_id = ?1").bind(user.uid).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("the staff members register", () => {
  it("lists every member with the state in words, filters by state, searches, and exports CSV safe against formulas", async () => {
    const due = await seedMember({ periodEnd: londonDate(new Date(Date.now() + 10 * DAY)) });
    const grace = await seedMember({ periodEnd: londonDate(new Date(Date.now() - 5 * DAY)) });
    const active = await seedMember({ periodEnd: londonDate(new Date(Date.now() + 200 * DAY)) });
    await env.DB.prepare("UPDATE applications SET given_name = '', family_name = '=HYPERLINK(\"http://evil.example\")' WHERE user_id = ?1").bind(active.userId).run();
    await runDaily(new Date()); // writes due's 30-day reminder: its latest e-mail

    const staff = await signedInStaff();
    const all = await (await staff.fetch("/staff/members?status=all")).text();
    expect(all).toContain("Members</h1>");
    for (const m of [due, grace, active]) expect(all).toContain(m.email);
    expect(all).toMatch(/Renewal due: ends on/);
    expect(all).toMatch(/In grace period until/);
    expect(all).toMatch(/Active until/);
    expect(all).toContain("time to renew"); // the reminder's subject, as the latest e-mail

    const dueOnly = await (await staff.fetch("/staff/members?status=renewal_due")).text();
    expect(dueOnly).toContain(due.email);
    expect(dueOnly).not.toContain(active.email);
    const searched = await (await staff.fetch(`/staff/members?status=all&q=${encodeURIComponent(grace.email)}`)).text();
    expect(searched).toContain(grace.email);
    expect(searched).not.toContain(due.email);
    expect((await staff.fetch("/staff/members?status=bogus")).status).toBe(400);

    const csv = await staff.fetch("/staff/members.csv?status=all");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(active.email);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);

    expect((await new TestBrowser().fetch("/staff/members")).status).toBe(404);
  });
});
