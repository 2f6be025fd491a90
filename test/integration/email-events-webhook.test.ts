/**
 * Bounces and complaints reported to POST /api/email/events through the real runtime: a signed
 * report suppresses a hard-bounced or complaining address for bulk mail (the outbox then holds
 * back its e-mail; staff see it on the member's page and the message's report) and counts a soft
 * bounce, once however often the report comes; a report with a wrong, stale or missing signature,
 * or a body altered after signing, is refused and changes nothing. Email Service is the runtime's
 * simulated binding, wrapped to count what it was asked to send.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AudienceChoices } from "../../src/domain/member-messages";
import type { Bindings, EmailQueueMessage } from "../../src/env";
import { getConfig } from "../../src/env";
import worker from "../../src/index";
import { signEventReport } from "../../src/services/email/event-signature";
import { messageServices } from "../../src/wiring/messages";
import { TEST_SECRETS } from "../support/test-secrets";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";

const quietQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
const messages = () => messageServices(getConfig({ ...env, EMAIL_QUEUE: quietQueue, JOBS_QUEUE: quietQueue } as Bindings));
const CHOICES: AudienceChoices = { membershipTypes: ["full-member"], specialisations: [], events: [] };

/** Members `${prefix}-00001`… who consent to the newsletter. */
async function seedMembers(prefix: string, count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method)
     SELECT printf('%s-%05d', ?1, i), printf('%s-%05d@example.org', ?1, i), 'full-member', 'Full member', 'active', 'offline' FROM n`,
  )
    .bind(prefix, count)
    .run();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO member_consents (user_id, topic, consented, given_at, given_via) SELECT printf('%s-%05d', ?1, i), 'newsletter', 1, '2026-01-01T00:00:00.000Z', 'import' FROM n`,
  )
    .bind(prefix, count)
    .run();
}

/** A message to everyone consenting to the newsletter, sent and fanned out: its e-mails wait in the outbox. */
async function sentMessage() {
  const saved = await messages().save(null, { subject: "Winter newsletter", preheader: "", body: "Hello members.", topic: "newsletter" }, CHOICES, "staff@guildhall.example");
  await messages().send(saved.id, null, CHOICES, "staff@guildhall.example");
  await messages().fanOut(saved.id);
  const { results } = await env.DB.prepare("SELECT id FROM email_outbox WHERE dedupe_key >= ?1 AND dedupe_key < ?2")
    .bind(`member-message:${saved.id}:`, `member-message:${saved.id};`)
    .all<{ id: string }>();
  return { id: saved.id, outboxIds: results.map((r) => r.id) };
}

/** The queue consumer delivering these outbox ids; returns who Email Service was asked to send to. */
async function deliver(ids: readonly string[]) {
  const sent: string[] = [];
  const binding = {
    async send(message: { to: string }) {
      sent.push(String(message.to));
      return env.EMAIL.send(message as never);
    },
  } as unknown as SendEmail;
  const batch = createMessageBatch<EmailQueueMessage>("guildhall-email", ids.map((id, i) => ({ id: `q-${i}`, timestamp: new Date(), attempts: 1, body: { id } })));
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, EMAIL: binding }, ctx);
  await getQueueResult(batch, ctx);
  return sent.sort();
}

const report = (events: { id: string; type: string; recipient: string; detail?: string }[]) =>
  JSON.stringify({ events: events.map((e) => ({ detail: "", occurredAt: "2026-11-20T10:00:00Z", ...e })) });

async function post(body: string, signature: string | null) {
  return SELF.fetch("http://localhost/api/email/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Guildhall-Signature": signature }) },
    body,
  });
}

const EVENTS = [
  { id: "evt-1", type: "hard_bounce", recipient: "events-00001@example.org", detail: "550 5.1.1 No such user" },
  { id: "evt-2", type: "complaint", recipient: "EVENTS-00002@example.org" },
  { id: "evt-3", type: "soft_bounce", recipient: "events-00003@example.org", detail: "452 4.2.2 Mailbox full" },
];

// The staff pages read the layout from the CMS: loaded before the tests, so a cold CMS on a busy machine waits here.
beforeAll(() => warmMembershipContent(), 120_000);

beforeEach(async () => {
  await env.DB.exec(
    "DELETE FROM email_outbox; DELETE FROM member_message_recipients; DELETE FROM member_messages; DELETE FROM member_consents; DELETE FROM email_suppressions; DELETE FROM email_delivery_events; DELETE FROM memberships",
  );
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("a signed report of bounces and complaints", () => {
  it("suppresses the hard-bounced and complaining addresses for bulk mail, which the outbox then holds back, and counts the soft bounce", async () => {
    await seedMembers("events", 4);
    const message = await sentMessage();
    expect(message.outboxIds).toHaveLength(4);

    const body = report(EVENTS);
    const answer = await post(body, await signEventReport(TEST_SECRETS.emailEventsSecret, body, new Date()));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: 3, suppressed: 2, softBounces: 1 });

    expect(await messages().suppression("events-00001@example.org")).toMatchObject({ reason: "bounce", detail: "550 5.1.1 No such user", clearedAt: null });
    expect(await messages().suppression("events-00002@example.org")).toMatchObject({ reason: "complaint", clearedAt: null });
    expect(await messages().suppression("events-00003@example.org")).toBeNull();
    // The outbox sends to the soft-bounced address and the untouched one only.
    expect(await deliver(message.outboxIds)).toEqual(["events-00003@example.org", "events-00004@example.org"]);

    const staff = await signedInStaff();
    const bounced = await (await staff.fetch("/staff/members/events-00001")).text();
    expect(bounced).toContain("Bulk mail suppressed");
    expect(bounced).toContain("550 5.1.1 No such user");
    expect(await (await staff.fetch("/staff/members/events-00002")).text()).toContain("complaint (marked as spam)");
    expect(await (await staff.fetch("/staff/members/events-00003")).text()).toContain("has bounced for now once");
    const record = await (await staff.fetch(`/staff/messages/${message.id}`)).text();
    expect(record).toMatch(/Readers whose address has bounced or complained \(no more bulk mail goes to them\)<\/dt><dd>2<\/dd>/);

    // The same report again (a sender's retry) changes nothing: the soft bounce still counts once,
    // and a suppression staff cleared stays cleared.
    expect(await messages().clearSuppression("events-00001@example.org", "Member phoned: address fixed", "staff@guildhall.example")).toBeNull();
    const again = await post(body, await signEventReport(TEST_SECRETS.emailEventsSecret, body, new Date()));
    expect(again.status).toBe(200);
    expect(await messages().softBounces("events-00003@example.org")).toMatchObject({ count: 1 });
    expect(await messages().suppression("events-00001@example.org")).toMatchObject({ clearedNote: "Member phoned: address fixed" });
  });
});

describe("a badly signed report", () => {
  it("is refused with 401 and changes nothing: wrong secret, altered body, stale time, no signature", async () => {
    const body = report(EVENTS);
    const now = new Date();
    const wrongSecret = await signEventReport("a-different-secret-of-the-same-length-000000", body, now);
    const altered = report([{ id: "evt-9", type: "complaint", recipient: "someone-else@example.org" }]);
    const stale = await signEventReport(TEST_SECRETS.emailEventsSecret, body, new Date(now.getTime() - 10 * 60_000));
    const good = await signEventReport(TEST_SECRETS.emailEventsSecret, body, now);
    for (const [what, response] of [
      ["wrong secret", await post(body, wrongSecret)],
      ["body altered after signing", await post(altered, good)],
      ["signed ten minutes ago", await post(body, stale)],
      ["no signature", await post(body, null)],
      ["not a signature", await post(body, "sha256=abc")],
    ] as const) {
      expect(response.status, what).toBe(401);
    }
    const kept = await env.DB.prepare("SELECT (SELECT COUNT(*) FROM email_suppressions) + (SELECT COUNT(*) FROM email_delivery_events) AS n").first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });

  it("is refused with 400 when it is signed but not as documented, naming what is wrong", async () => {
    const body = report([{ id: "evt-1", type: "delivered", recipient: "a@example.org" }]);
    const response = await post(body, await signEventReport(TEST_SECRETS.emailEventsSecret, body, new Date()));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("events.0.type");
  });
});
