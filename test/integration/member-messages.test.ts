/**
 * Talking to members through the real runtime: consents with their times on the account page and
 * the message links, audiences counted against seeded members, a send to 5,000 through the outbox
 * and its queue consumer with a daily-quota pause and a restarted fan-out (each person gets one),
 * RFC 8058 one-click unsubscribe, suppression after a bounce, cancelling, the staff pages and the
 * public archive. Email Service is the test runtime's simulated binding; where a test needs it to
 * refuse (the quota, a bounce) a wrapper answers with Email Service's own error codes.
 */
import { createMessageBatch, createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings, EmailQueueMessage } from "../../src/env";
import { getConfig } from "../../src/env";
import worker from "../../src/index";
import { EMPTY_AUDIENCE, type Audience, type AudienceChoices } from "../../src/domain/member-messages";
import { publishedContent } from "../../src/wiring/content";
import { emailServices } from "../../src/wiring/email";
import { consentServices, messageServices } from "../../src/wiring/messages";
import { createUser, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";
import { validForm } from "../support/worker/join-form";
import { warmMembershipContent, warmRedirects } from "../support/worker/warm-content";

// One staff sign-in for the whole file: signing the same address in more than five times a
// minute is refused by the sign-in limiter (AUTH_EMAIL_LIMITER), which a quick run reaches.
let staffBrowser: Promise<TestBrowser> | undefined;
const staffSession = () => (staffBrowser ??= signedInStaff());

/** Queues that only record: the tests deliver through the consumer themselves, so nothing runs behind their back. */
const quietQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
const config = (overrides: Partial<Bindings> = {}) => getConfig({ ...env, EMAIL_QUEUE: quietQueue, JOBS_QUEUE: quietQueue, ...overrides } as Bindings);
const email = (overrides: Partial<Bindings> = {}) => emailServices(config(overrides), publishedContent(config(overrides), () => undefined));
const messages = (overrides: Partial<Bindings> = {}) => messageServices(config(overrides));

/** Email Service as the runtime simulates it, counting what it was asked to send; `refuse` answers with an error code instead. */
function countingBinding(refuse?: (to: string, count: number) => string | null) {
  const sent: { to: string; subject: string; headers: Record<string, string>; text: string }[] = [];
  const binding = {
    async send(message: { to: string; subject: string; headers?: Record<string, string>; text?: string }) {
      const code = refuse?.(String(message.to), sent.length) ?? null;
      if (code) throw Object.assign(new Error(`refused: ${code}`), { code });
      sent.push({ to: String(message.to), subject: message.subject, headers: message.headers ?? {}, text: message.text ?? "" });
      return env.EMAIL.send(message as never);
    },
  } as unknown as SendEmail;
  return { binding, sent };
}

/** Members written straight into D1 (ids `${prefix}-00001`…), each consenting to `topics`. */
async function seedMembers(prefix: string, count: number, fields: { slug?: string; status?: string; periodEnd?: string | null; topics?: string[] } = {}) {
  const { slug = "full-member", status = "active", periodEnd = null, topics = ["newsletter"] } = fields;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end)
     SELECT printf('%s-%05d', ?1, i), printf('%s-%05d@example.org', ?1, i), ?3, ?3, ?4, 'offline', ?5 FROM n`,
  )
    .bind(prefix, count, slug, status, periodEnd)
    .run();
  for (const topic of topics) {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO member_consents (user_id, topic, consented, given_at, given_via) SELECT printf('%s-%05d', ?1, i), ?3, 1, '2026-01-01T00:00:00.000Z', 'import' FROM n`,
    )
      .bind(prefix, count, topic)
      .run();
  }
}

/** What the audience filters may choose from, as the staff form reads them from the CMS. */
const CHOICES: AudienceChoices = {
  membershipTypes: ["full-member", "associate-member"],
  specialisations: ["Musculoskeletal", "Sports and exercise"],
  events: [{ id: "event-study-day", name: "Study day", startsAt: "2026-03-01T09:00:00.000Z" }],
};

/**
 * Members who joined through the form: a join application with their address and specialisation
 * (the triggers copy them into the audience facts) and a membership from `periodStart`. Ids are
 * `facts-${prefix}-00001`….
 */
async function seedJoined(prefix: string, count: number, fields: { country: string; region: string; specialisation: string; periodStart: string }) {
  const id = `facts-${prefix}`;
  await seedMembers(id, count);
  await env.DB.prepare("UPDATE memberships SET period_start = ?2 WHERE user_id LIKE ?1 || '-%'").bind(id, fields.periodStart).run();
  const details = JSON.stringify({ address: { line1: "1 High Street", town: "Exeter", region: fields.region, countryCode: fields.country }, professional: { specialisation: fields.specialisation } });
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
     SELECT printf('%s-app-%05d', ?1, i), printf('%s-key-%05d', ?1, i), printf('%s-ref-%05d', ?1, i), printf('%s-%05d', ?1, i), printf('%s-%05d@example.org', ?1, i),
       'Ada', 'Member', 'full-member', 'Full member', 'offline', 0, 'paid', ?3 FROM n`,
  )
    .bind(id, count, details)
    .run();
}

/** A booking for the event by the member, confirmed unless said otherwise. */
async function book(userId: string, eventId: string, status = "confirmed") {
  await env.DB.prepare(
    `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, status, hold_expires_at)
     VALUES (lower(hex(randomblob(8))), ?1, 'study-day', ?2, 'standard', 'Study day', 1, 0, 0, 'standard', 1, ?3, '2026-01-01T00:00:00.000Z')`,
  )
    .bind(eventId, userId, status)
    .run();
}

const BODY = "# News\n\nHello from the [society](https://example.org/news).\n\n[[Read more]](/articles)";

/** A draft written through the service, as the staff form saves it. */
async function draft(fields: Record<string, string | string[]> = {}, services = messages()) {
  const saved = await services.save(null, { subject: "Winter newsletter", preheader: "What is on", body: BODY, topic: "newsletter", ...fields }, CHOICES, "staff@guildhall.example");
  expect(saved.draft.problems).toEqual([]);
  return saved.id;
}

const outboxOf = (messageId: string) =>
  env.DB.prepare("SELECT id, recipient, status, user_id FROM email_outbox WHERE dedupe_key >= ?1 AND dedupe_key < ?2")
    .bind(`member-message:${messageId}:`, `member-message:${messageId};`)
    .all<{ id: string; recipient: string; status: string; user_id: string }>()
    .then((r) => r.results);

/** The queue consumer delivering these outbox ids, `size` to a batch (wrangler.toml gives it 10; larger batches keep the 5,000 quick). */
async function deliverThroughQueue(ids: readonly string[], binding: SendEmail, size = 10) {
  const retried: string[] = [];
  for (let start = 0; start < ids.length; start += size) {
    const slice = ids.slice(start, start + size);
    const batch = createMessageBatch<EmailQueueMessage>("guildhall-email", slice.map((id, i) => ({ id: `q-${start + i}`, timestamp: new Date(), attempts: 1, body: { id } })));
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, EMAIL: binding }, ctx);
    const result = await getQueueResult(batch, ctx);
    retried.push(...result.retryMessages.map((m) => m.msgId));
  }
  return retried;
}

beforeAll(async () => {
  await warmMembershipContent();
  // The archive's unpublished message answers 404, and a 404 reads the editors' redirects.
  await warmRedirects();
  const content = publishedContent(config(), () => undefined);
  await content.joinPage();
}, 60_000);

beforeEach(async () => {
  await env.DB.exec(
    "DELETE FROM email_outbox; DELETE FROM email_sending_pause; DELETE FROM member_message_recipients; DELETE FROM member_messages; DELETE FROM member_consents; DELETE FROM email_suppressions; DELETE FROM memberships; DELETE FROM cpd_entries; DELETE FROM member_audience_facts; DELETE FROM applications WHERE user_id LIKE 'facts-%'; DELETE FROM event_bookings WHERE user_id LIKE 'facts-%'",
  );
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("consent", () => {
  it("the account page gives and withdraws each topic with its time and way, and shows them with dates", async () => {
    const user = await createUser();
    const browser = new TestBrowser();
    expect((await browser.signIn(user.email, user.password)).status).toBe(303);
    const before = await (await browser.fetch("/user/account")).text();
    // Opt-ins are never ticked for the member.
    expect(before).toMatch(/<input[^>]*name="topic-newsletter"(?![^>]*checked)[^>]*>/);

    expect((await browser.post("/user/account/topics", { "topic-newsletter": "on", "topic-events-near-me": "on" })).status).toBe(303);
    const given = await env.DB.prepare("SELECT topic, consented, given_at, given_via, withdrawn_at FROM member_consents WHERE user_id = ?1 ORDER BY topic").bind(user.uid).all();
    expect(given.results).toEqual([
      { topic: "events-near-me", consented: 1, given_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), given_via: "account", withdrawn_at: null },
      { topic: "newsletter", consented: 1, given_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), given_via: "account", withdrawn_at: null },
      // A first "no" is recorded as an answer, not as a withdrawal.
      { topic: "research-and-journals", consented: 0, given_at: null, given_via: null, withdrawn_at: null },
    ]);
    const page = await (await browser.fetch("/user/account")).text();
    expect(page).toContain("Chosen on ");
    expect(page).toContain("on your account page");

    expect((await browser.post("/user/account/topics", { "topic-events-near-me": "on" })).status).toBe(303);
    const newsletter = await env.DB.prepare("SELECT consented, given_at, withdrawn_at, withdrawn_via FROM member_consents WHERE user_id = ?1 AND topic = 'newsletter'")
      .bind(user.uid)
      .first<{ consented: number; given_at: string; withdrawn_at: string; withdrawn_via: string }>();
    expect(newsletter).toMatchObject({ consented: 0, withdrawn_via: "account" });
    expect(newsletter!.withdrawn_at >= newsletter!.given_at).toBe(true);
    expect(await (await browser.fetch("/user/account")).text()).toContain("Stopped on");
  });

  it("the join form and /register offer the topics unticked and record each one ticked, with its time and form", async () => {
    const joinPage = await (await new TestBrowser().fetch("/join")).text();
    expect(joinPage).toMatch(/<input[^>]*name="topic-newsletter"(?![^>]*checked)[^>]*>/);
    const form = validForm({ "topic-newsletter": "on" });
    const joined = await new TestBrowser().post("/join", form);
    expect(joined.status).toBe(303);
    const joiner = await env.DB.prepare("SELECT user_id FROM applications WHERE email = ?1").bind(form.email).first<{ user_id: string }>();
    const joinConsents = await env.DB.prepare("SELECT topic, consented, given_at, given_via FROM member_consents WHERE user_id = ?1").bind(joiner!.user_id).all();
    expect(joinConsents.results).toEqual([{ topic: "newsletter", consented: 1, given_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), given_via: "join-form" }]);

    const registerPage = await (await new TestBrowser().fetch("/register")).text();
    expect(registerPage).toMatch(/<input[^>]*name="topic-research-and-journals"(?![^>]*checked)[^>]*>/);
    const address = `reader-${Date.now()}@guild.example`;
    const registered = await new TestBrowser().post("/register", { name: "Pat Reader", email: address, password: "Webinar-buyer-1", callbackUrl: "/", "topic-research-and-journals": "on" });
    expect(registered.status).toBe(303);
    const reader = await env.DB.prepare("SELECT user_id, topic, consented, given_via FROM member_consents WHERE given_via = 'register'").all();
    expect(reader.results).toEqual([{ user_id: expect.any(String), topic: "research-and-journals", consented: 1, given_via: "register" }]);
  });

  it("the import's consents column becomes consent to the topics it names (unknown names ignored), and follows the record when it is claimed", async () => {
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, consents) VALUES ('import:ann', 'ann@example.org', 'full-member', 'Full member', 'active', 'offline', '["newsletter","directory"]')`,
    ).run();
    await env.DB.prepare("UPDATE memberships SET user_id = 'uid-ann' WHERE user_id = 'import:ann'").run();
    const rows = await env.DB.prepare("SELECT user_id, topic, consented, given_via FROM member_consents").all();
    expect(rows.results).toEqual([{ user_id: "uid-ann", topic: "newsletter", consented: 1, given_via: "import" }]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("a bulk e-mail carries the headers and footer link, and the mail client's POST removes that topic at once, without signing in", async () => {
    await seedMembers("rfc", 1);
    const id = await draft();
    expect(await messages().send(id, null, CHOICES, "staff@guildhall.example")).toEqual([]);
    await messages().fanOut(id);
    const { binding, sent } = countingBinding();
    await deliverThroughQueue((await outboxOf(id)).map((r) => r.id), binding);
    expect(sent).toHaveLength(1);
    const { headers, text } = sent[0]!;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!;
    expect(text).toContain(link);
    // No tracking: the body's links are the ones staff wrote.
    expect(text).toContain("https://example.org/news");

    const path = new URL(link).pathname + new URL(link).search;
    const forged = path.replace(/token=[^.]+/, "token=" + btoa("someone-else").replace(/=+$/, ""));
    expect((await new TestBrowser().fetch(forged, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })).status).toBe(400);

    const response = await new TestBrowser().fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT consented, withdrawn_at, withdrawn_via FROM member_consents WHERE user_id = 'rfc-00001' AND topic = 'newsletter'").first();
    expect(row).toMatchObject({ consented: 0, withdrawn_at: expect.stringMatching(/^\d{4}-/), withdrawn_via: "unsubscribe-link" });
    expect((await messages().byId(id)).unsubscribed).toBe(1);
    expect(await messages().countAudience("newsletter", EMPTY_AUDIENCE)).toBe(0);

    // The footer's page to choose every topic works from the same link, and a GET changes nothing.
    const choices = new URL(link.replace("/email/topics/unsubscribe", "/email/topics"));
    const page = await new TestBrowser().fetch(choices.pathname + choices.search);
    expect(page.status).toBe(200);
    expect(await new TestBrowser().fetch(choices.pathname + choices.search, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "topic-research-and-journals=on" })).toHaveProperty("status", 303);
    const research = await env.DB.prepare("SELECT consented, given_via FROM member_consents WHERE user_id = 'rfc-00001' AND topic = 'research-and-journals'").first();
    expect(research).toEqual({ consented: 1, given_via: "preferences-link" });
  });
});

describe("audiences", () => {
  it("counts members for combinations of filters, never anyone without consent, unsubscribed or suppressed", async () => {
    await seedMembers("full", 30, { slug: "full-member" });
    await seedMembers("assoc", 20, { slug: "associate-member", topics: ["newsletter", "events-near-me"] });
    await seedMembers("lapsed-recent", 5, { slug: "full-member", status: "lapsed", periodEnd: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10) });
    await seedMembers("lapsed-old", 7, { slug: "full-member", status: "lapsed", periodEnd: "2020-01-01" });
    await seedMembers("no-consent", 11, { topics: [] });
    await env.DB.prepare("UPDATE member_consents SET consented = 0 WHERE user_id = 'full-00001'").run();
    await env.DB.prepare("INSERT INTO email_suppressions (email, reason, suppressed_at) VALUES ('full-00002@example.org', 'bounce', '2026-01-01T00:00:00Z')").run();
    await env.DB.prepare(`INSERT INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category) VALUES ('cpd-1', 'full-00003', 'manual', ?1, 'Course', 'Us', 100, 'course')`)
      .bind(`${new Date().getUTCFullYear()}-02-01`)
      .run();

    const count = (audience: Partial<Audience>, topic = "newsletter") => messages().countAudience(topic, { ...EMPTY_AUDIENCE, ...audience });
    expect(await count({})).toBe(30 - 2 + 20 + 5 + 7);
    expect(await count({ membershipTypes: ["associate-member"] })).toBe(20);
    expect(await count({ states: ["active"] })).toBe(28 + 20);
    expect(await count({ states: ["lapsed"], lapsedWithinMonths: 3 })).toBe(5);
    expect(await count({ states: ["lapsed"] })).toBe(12);
    expect(await count({ states: ["active", "lapsed"], lapsedWithinMonths: 3, membershipTypes: ["full-member"] })).toBe(28 + 5);
    expect(await count({ noCpdThisYear: true, membershipTypes: ["full-member"], states: ["active"] })).toBe(27);
    expect(await count({}, "events-near-me")).toBe(20);
    expect(await count({}, "research-and-journals")).toBe(0);
  });
});

describe("audiences by where members are, what they do, when they joined and what they booked", () => {
  beforeEach(async () => {
    await seedJoined("devon", 10, { country: "GB", region: "Devon", specialisation: "Musculoskeletal", periodStart: "2020-05-01" });
    await seedJoined("cornwall", 6, { country: "GB", region: " cornwall ", specialisation: "Sports and exercise", periodStart: "2024-03-01T00:00:00.000Z" });
    await seedJoined("dublin", 4, { country: "IE", region: "Dublin", specialisation: "Musculoskeletal", periodStart: "2025-06-01" });
    // Imported: no address or specialisation on the site, but a period.
    await seedMembers("facts-import", 5);
    await env.DB.prepare("UPDATE memberships SET period_start = '2019-01-01' WHERE user_id LIKE 'facts-import-%'").run();
    await book("facts-devon-00001", "event-study-day");
    await book("facts-devon-00001", "event-study-day");
    await book("facts-devon-00002", "event-study-day");
    await book("facts-devon-00003", "event-study-day");
    await book("facts-devon-00004", "event-study-day", "cancelled");
    await book("facts-dublin-00001", "event-study-day");
    await book("facts-cornwall-00001", "event-other");
  });

  const count = (audience: Partial<Audience>) => messages().countAudience("newsletter", { ...EMPTY_AUDIENCE, ...audience });

  it("counts each filter alone and in combinations, matching regions whatever their case", async () => {
    expect(await count({})).toBe(25);
    expect(await count({ countries: ["GB"] })).toBe(16);
    expect(await count({ countries: ["IE"] })).toBe(4);
    expect(await count({ countries: ["GB", "IE"] })).toBe(20);
    expect(await count({ regions: ["DEVON"] })).toBe(10);
    expect(await count({ regions: ["Cornwall"] })).toBe(6);
    expect(await count({ regions: ["devon", "cornwall"] })).toBe(16);
    expect(await count({ regions: ["devon", "dublin"], countries: ["IE"] })).toBe(4);
    expect(await count({ specialisations: ["Musculoskeletal"] })).toBe(14);
    expect(await count({ specialisations: ["Musculoskeletal", "Sports and exercise"] })).toBe(20);
    expect(await count({ specialisations: ["Musculoskeletal"], countries: ["GB"] })).toBe(10);
    expect(await count({ specialisations: ["Musculoskeletal", "Sports and exercise"], regions: ["cornwall", "dublin"] })).toBe(10);
    expect(await count({ joinedFrom: "2024-01-01" })).toBe(10);
    expect(await count({ joinedBefore: "2021-01-01" })).toBe(15);
    expect(await count({ joinedFrom: "2020-01-01", joinedBefore: "2025-01-01" })).toBe(16);
    expect(await count({ joinedFrom: "2020-01-01", joinedBefore: "2025-01-01", specialisations: ["Musculoskeletal"] })).toBe(10);
    // A member booked twice is counted once; a cancelled booking is no booking.
    expect(await count({ eventId: "event-study-day" })).toBe(4);
    expect(await count({ eventId: "event-study-day", countries: ["GB"] })).toBe(3);
    expect(await count({ eventId: "event-study-day", specialisations: ["Sports and exercise"] })).toBe(0);
    expect(await count({ eventId: "event-study-day", joinedFrom: "2025-01-01" })).toBe(1);
    expect(await count({ eventId: "event-study-day", states: ["lapsed"] })).toBe(0);
    expect(await count({ regions: ["Devon"], membershipTypes: ["associate-member"] })).toBe(0);
    // Consent and suppression still hold whatever the filters.
    await env.DB.prepare("UPDATE member_consents SET consented = 0 WHERE user_id = 'facts-devon-00002'").run();
    await env.DB.prepare("INSERT INTO email_suppressions (email, reason, suppressed_at) VALUES ('facts-devon-00003@example.org', 'bounce', '2026-01-01T00:00:00Z')").run();
    expect(await count({ eventId: "event-study-day" })).toBe(2);
    expect(await count({ regions: ["devon"] })).toBe(8);
  });

  it("follows the writes: a profile edit moves the region, a renewal keeps the day they joined, a claimed record keeps its day", async () => {
    await env.DB.prepare("UPDATE applications SET details = json_set(details, '$.address.region', 'Somerset') WHERE user_id = 'facts-devon-00002'").run();
    expect(await count({ regions: ["Devon"] })).toBe(9);
    expect(await count({ regions: ["somerset"] })).toBe(1);
    expect(await messages().audienceRegions()).toEqual({ regions: ["cornwall", "devon", "dublin", "somerset"], more: false });
    await env.DB.prepare("UPDATE memberships SET period_start = '2026-05-01' WHERE user_id = 'facts-devon-00001'").run();
    expect(await count({ joinedBefore: "2021-01-01" })).toBe(15);
    await env.DB.prepare("UPDATE memberships SET user_id = 'facts-claimed' WHERE user_id = 'facts-import-00001'").run();
    await env.DB.prepare("UPDATE member_consents SET user_id = 'facts-claimed' WHERE user_id = 'facts-import-00001'").run();
    expect(await count({ joinedBefore: "2019-01-02" })).toBe(5);
  });

  it("sends to an event's attendees once each, though one booked twice", async () => {
    const id = await draft({ eventId: "event-study-day", countries: "GB" });
    expect(await messages().send(id, null, CHOICES, "staff@guildhall.example")).toEqual([]);
    await messages().fanOut(id);
    expect((await outboxOf(id)).map((r) => r.user_id).sort()).toEqual(["facts-devon-00001", "facts-devon-00002", "facts-devon-00003"]);
  });

  it("names a filter that is not one of the choices beside its field, and keeps the draft", async () => {
    const staff = await staffSession();
    const bad = await staff.post("/staff/messages", {
      subject: "Study day",
      preheader: "",
      body: "Hello",
      topic: "newsletter",
      countries: ["GB", "XX"],
      regions: ["devon", "bad\tregion"],
      specialisations: ["Musculoskeletal", "Astrology"],
      joinedFrom: "2024-02-30",
      joinedBefore: "2020-01-01",
      eventId: "no-such-event",
      action: "save",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Choose the countries from the list");
    expect(html).toContain("Choose the regions from the list");
    expect(html).toContain("Choose the specialisations from the list");
    expect(html).toContain("Enter a date like 2024-01-31");
    expect(html).toContain("Choose the event from the list");
    // What was good stays chosen: Great Britain, Devon, Musculoskeletal.
    expect(html).toMatch(/<option (value="GB" selected=""|selected="" value="GB")>/);
    // A ticked box, whichever order React writes its attributes in.
    expect(html).toMatch(/<input class="choice__input" type="checkbox" id="regions[^"]*" name="regions" (value="devon" checked=""|checked="" value="devon")/);
    expect(html).toMatch(/name="specialisations" (value="Musculoskeletal" checked=""|checked="" value="Musculoskeletal")/);
    // Several values each, as the form posts its ticked boxes; the regions offered are the members' own.
    const saved = await staff.post("/staff/messages", {
      subject: "Study day",
      preheader: "",
      body: "Hello",
      topic: "newsletter",
      countries: ["GB", "IE"],
      regions: ["devon", "dublin"],
      joinedFrom: "2020-01-01",
      action: "save",
    });
    expect(saved.status).toBe(303);
    const page = await (await staff.fetch(saved.headers.get("Location")!)).text();
    expect(page).toContain("14 members will receive this message");
    // Each region offered, ticked or not (React writes `checked` before `value` when it is).
    for (const region of ["cornwall", "devon", "dublin"]) expect(page).toMatch(new RegExp(`name="regions" (checked="" )?value="${region}"`));
    expect(page).toContain(">Cornwall</label>");
  });
});

describe("sending", () => {
  it("sends to 5,000 through the queue: a daily-quota pause midway and a restarted fan-out, and each person gets exactly one", async () => {
    await seedMembers("bulk", 5000);
    const id = await draft();
    expect(await messages().send(id, null, CHOICES, "staff@guildhall.example")).toEqual([]);

    // The fan-out is cut off after two pages (as if the invocation ended), then goes on from its place.
    const handedOn: string[] = [];
    const cut = messageServices(config());
    const first = await cutShortFanOut(id, 2, handedOn);
    expect(first).toMatchObject({ state: "more", written: 2000 });
    expect(handedOn).toEqual([id]);
    // A page written again (a run that died after its batch, before anything else knew) adds nobody.
    await env.DB.prepare("UPDATE member_messages SET fan_out_after = '' , recipients = 0 WHERE id = ?1").bind(id).run();
    expect((await cut.fanOut(id)).state).toBe("done");
    const rows = await outboxOf(id);
    expect(rows).toHaveLength(5000);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(5000);

    // Email Service's daily quota runs out after 1,234 e-mails: everything waits, nothing is marked failed.
    let quotaLeft = 1234;
    const { binding, sent } = countingBinding(() => (quotaLeft-- > 0 ? null : "E_DAILY_LIMIT_EXCEEDED"));
    const ids = rows.map((r) => r.id);
    await deliverThroughQueue(ids, binding, 100);
    expect(sent).toHaveLength(1234);
    expect((await outboxOf(id)).filter((r) => r.status === "failed")).toHaveLength(0);
    expect(await email().pause()).toMatchObject({ reason: "daily-quota" });

    // Midnight UTC passes (the pause's window and the waiting e-mails' time moved into the past), and the queue's retries come.
    await env.DB.exec("UPDATE email_sending_pause SET paused_until = '2000-01-01T00:00:00.000Z'; UPDATE email_outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE status = 'pending'");
    quotaLeft = Number.POSITIVE_INFINITY;
    await deliverThroughQueue(ids, binding, 100);

    const perPerson = new Map<string, number>();
    for (const s of sent) perPerson.set(s.to, (perPerson.get(s.to) ?? 0) + 1);
    expect(perPerson.size).toBe(5000);
    expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
    expect(await messages().counts(id)).toEqual({ waiting: 0, sent: 5000, failed: 0, notSent: 0, suppressedSince: 0 });
    expect((await messages().byId(id)).status).toBe("sent");
  }, 240_000);

  it("suppresses bulk mail to an address Email Service reports as bounced, shows it to staff, and staff can clear it with a note", async () => {
    // The bounced e-mail fails for good, which the log reports as an error.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await seedMembers("bounce", 3);
    const id = await draft();
    await messages().send(id, null, CHOICES, "staff@guildhall.example");
    await messages().fanOut(id);
    const { binding, sent } = countingBinding((to) => (to === "bounce-00002@example.org" ? "E_RECIPIENT_SUPPRESSED" : null));
    await deliverThroughQueue((await outboxOf(id)).map((r) => r.id), binding);
    expect(sent.map((s) => s.to).sort()).toEqual(["bounce-00001@example.org", "bounce-00003@example.org"]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(await messages().suppression("bounce-00002@example.org")).toMatchObject({ reason: "bounce", clearedAt: null });
    expect(await messages().countAudience("newsletter", EMPTY_AUDIENCE)).toBe(2);

    const staff = await staffSession();
    const memberPage = await (await staff.fetch("/staff/members/bounce-00002")).text();
    expect(memberPage).toContain("Bulk mail suppressed");
    expect((await staff.post("/staff/members/bounce-00002/suppression", { note: "" })).status).toBe(400);
    expect((await staff.post("/staff/members/bounce-00002/suppression", { note: "Member phoned: mailbox fixed" })).status).toBe(303);
    expect(await messages().suppression("bounce-00002@example.org")).toMatchObject({ clearedBy: "staff@guildhall.example", clearedNote: "Member phoned: mailbox fixed" });
    expect(await messages().countAudience("newsletter", EMPTY_AUDIENCE)).toBe(3);
  });

  it("cancelling a scheduled send: it never starts, and a cancelled send holds back what has not gone", async () => {
    await seedMembers("cancel", 4);
    const staff = await staffSession();
    const id = await draft();
    const at = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16).replace("T", " ");
    const scheduled = await staff.post(`/staff/messages/${id}`, { subject: "Winter newsletter", preheader: "", body: BODY, topic: "newsletter", scheduledAt: at, action: "schedule" });
    expect(scheduled.status).toBe(303);
    expect((await messages().byId(id)).status).toBe("scheduled");
    expect((await staff.post(`/staff/messages/${id}/cancel`, {})).status).toBe(303);
    expect((await messages().byId(id)).status).toBe("cancelled");
    // The sweep after the time would have come starts nothing.
    await messages().fanOutDue(new Date(Date.now() + 2 * 3_600_000));
    expect(await outboxOf(id)).toHaveLength(0);

    const sending = await draft();
    await messages().send(sending, null, CHOICES, "staff@guildhall.example");
    await messages().fanOut(sending);
    expect((await staff.post(`/staff/messages/${sending}/cancel`, {})).status).toBe(303);
    expect((await outboxOf(sending)).map((r) => r.status)).toEqual(["suppressed", "suppressed", "suppressed", "suppressed"]);
  });
});

describe("staff's compose form", () => {
  it("keeps the draft and names each problem: no subject, a javascript: link, an image not from the media library, a time in the past, an empty audience", async () => {
    const staff = await staffSession();
    const bad = await staff.post("/staff/messages", {
      subject: "",
      preheader: "",
      body: "Click [here](javascript:alert(1))\n\n![A photo](https://evil.example/a.png)",
      topic: "newsletter",
      action: "save",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter a subject");
    expect(html).toContain("Links may only be web addresses");
    expect(html).toContain("is not from the media library");
    expect(html).not.toContain("href=\"javascript:");
    // Nothing typed is lost.
    expect(html).toContain("Click [here](javascript:alert(1))");
    const [saved] = await messages().list(1, null);
    expect(saved!.body).toContain("javascript:alert(1)");

    const past = await staff.post(`/staff/messages/${saved!.id}`, { subject: "Hello", preheader: "", body: "Hi all", topic: "newsletter", scheduledAt: "2020-01-01 09:00", action: "schedule" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Choose a time in the future");
    const empty = await staff.post(`/staff/messages/${saved!.id}`, { subject: "Hello", preheader: "", body: "Hi all", topic: "newsletter", action: "send" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Nobody is in this audience");
    expect((await messages().byId(saved!.id)).status).toBe("draft");
  });

  it("shows the audience's count, previews HTML and text, and sends a test to the writer", async () => {
    await seedMembers("compose", 3);
    const staff = await staffSession();
    const created = await staff.post("/staff/messages", { subject: "Study day", preheader: "In March", body: BODY, topic: "newsletter", action: "save" });
    expect(created.status).toBe(303);
    const path = created.headers.get("Location")!.replace(/\?.*$/, "");
    expect(await (await staff.fetch(path)).text()).toContain("3 members will receive this message");
    const preview = await (await staff.fetch(`${path}/preview`)).text();
    expect(preview).toContain(`<iframe class="message-preview message-preview--html" title="The message as HTML: Study day" src="${path}/preview/html">`);
    expect(preview).toContain("Read more: http://localhost:8787/articles");
    // The HTML part, styled inline as mail clients read it, under its own sandboxed policy.
    const html = await staff.fetch(`${path}/preview/html`);
    expect(await html.text()).toContain("<h2 style=");
    expect(html.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(html.headers.get("Content-Security-Policy")).toContain("style-src 'unsafe-inline'");
    expect((await staff.post(path, { subject: "Study day", preheader: "In March", body: BODY, topic: "newsletter", action: "test" })).status).toBe(303);
    expect(await (await staff.fetch("/staff/messages")).text()).toContain("Study day");
  });
});

describe("staff's topics screen", () => {
  it("adds a topic, renames and describes it, and retires it: no longer offered, its scheduled send stopped, consents kept, each change audited", async () => {
    const staff = await staffSession();
    try {
      const bad = await staff.post("/staff/messages/topics", { slug: "Study Days!", label: "", description: "Study days near you" });
      expect(bad.status).toBe(400);
      const badHtml = await bad.text();
      expect(badHtml).toContain("Enter a short name for links");
      expect(badHtml).toContain("Enter the topic&#x27;s name");
      expect(badHtml).toContain('value="Study days near you"');
      const taken = await staff.post("/staff/messages/topics", { slug: "newsletter", label: "Again", description: "Again" });
      expect(await taken.text()).toContain("already has this short name");

      expect((await staff.post("/staff/messages/topics", { slug: "study-days", label: "Study days", description: "Study days near you." })).status).toBe(303);
      expect((await consentServices(config()).topics()).map((t) => t.slug)).toContain("study-days");
      expect(await (await new TestBrowser().fetch("/join")).text()).toContain('name="topic-study-days"');

      expect((await staff.post("/staff/messages/topics/study-days", { label: "Study days and visits", description: "Study days and visits in your region." })).status).toBe(303);
      expect((await consentServices(config()).topics()).find((t) => t.slug === "study-days")?.label).toBe("Study days and visits");

      await seedMembers("topic", 2, { topics: ["study-days"] });
      const scheduled = await draft({ topic: "study-days" });
      expect(await messages().send(scheduled, new Date(Date.now() + 86_400_000), CHOICES, "staff@guildhall.example")).toEqual([]);

      expect((await staff.post("/staff/messages/topics/study-days/retire", {})).status).toBe(303);
      expect((await consentServices(config()).topics()).map((t) => t.slug)).not.toContain("study-days");
      expect(await (await new TestBrowser().fetch("/join")).text()).not.toContain('name="topic-study-days"');
      expect((await messages().byId(scheduled)).status).toBe("cancelled");
      const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM member_consents WHERE topic = 'study-days' AND consented = 1").first<{ n: number }>();
      expect(kept?.n).toBe(2);
      // A new message cannot pick it.
      const again = await messages().save(null, { subject: "Hello", body: "Hi", topic: "study-days" }, CHOICES, "staff@guildhall.example");
      expect(again.draft.problems).toContainEqual({ field: "topic", message: "Choose the topic readers consented to" });
      const page = await (await staff.fetch("/staff/messages/topics")).text();
      expect(page).toContain("Study days and visits (retired)");

      const audit = await env.DB.prepare("SELECT action FROM staff_audit_log WHERE action LIKE 'message_topic.%' AND details LIKE '%study-days%' ORDER BY id").all<{ action: string }>();
      expect(audit.results.map((r) => r.action)).toEqual(["message_topic.created", "message_topic.described", "message_topic.retired"]);
    } finally {
      await env.DB.exec("DELETE FROM member_consents WHERE topic = 'study-days'; DELETE FROM member_messages WHERE topic = 'study-days'; DELETE FROM message_topics WHERE slug = 'study-days'");
    }
  });
});

describe("the public archive", () => {
  it("lists and shows only the sent messages staff published", async () => {
    await seedMembers("archive", 1);
    const staff = await staffSession();
    const id = await draft({ subject: "Autumn newsletter" });
    await draft({ subject: "Secret draft" });
    await messages().send(id, null, CHOICES, "staff@guildhall.example");
    await messages().fanOut(id);
    expect((await new TestBrowser().fetch("/news/newsletters")).status).toBe(200);
    expect(await (await new TestBrowser().fetch("/news/newsletters")).text()).not.toContain("Autumn newsletter");
    expect((await staff.post(`/staff/messages/${id}/publish`, { published: "on" })).status).toBe(303);
    const list = await (await new TestBrowser().fetch("/news/newsletters")).text();
    expect(list).toContain("Autumn newsletter");
    expect(list).not.toContain("Secret draft");
    const page = await new TestBrowser().fetch(`/news/newsletters/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Hello from the");
    const [unpublished] = (await messages().list(5, null)).filter((m) => m.subject === "Secret draft");
    expect((await new TestBrowser().fetch(`/news/newsletters/${unpublished!.id}`)).status).toBe(404);
  });
});

/** A fan-out whose invocation ends after `pages` pages: its hand-over to the jobs queue is recorded, not sent. */
async function cutShortFanOut(id: string, pages: number, handedOn: string[]) {
  const { fanOut } = await import("../../src/services/messages/fan-out");
  const { createMemberMessageStore } = await import("../../src/adapters/d1/member-messages");
  const { createEmailPauseStore } = await import("../../src/adapters/d1/email-pause");
  const { log } = await import("../../src/log");
  return fanOut(
    {
      store: createMemberMessageStore(env.DB),
      pauses: createEmailPauseStore(env.DB),
      deliverSoon: async () => undefined,
      continueLater: async (messageId) => void handedOn.push(messageId),
      pageSize: 1000,
      pagesPerRun: pages,
      log,
    },
    id,
    new Date(),
  );
}

void consentServices;
