/**
 * The e-mail channel through the real runtime: the outbox insert inside another change's D1
 * batch, delivery through the test runtime's real EMAIL binding (simulated: nothing leaves the
 * machine), the Worker's queue consumer and scheduled sweep, retries and failure, racing
 * deliveries, replays, the local mailbox, one-click unsubscribe and the staff page.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings, EmailQueueMessage } from "../../src/env";
import { getConfig } from "../../src/env";
import worker from "../../src/index";
import { publishedContent } from "../../src/wiring/content";
import { emailServices } from "../../src/wiring/email";
import type { EmailRequest } from "../../src/services/email/outbox";
import { createOutboxStore } from "../../src/adapters/d1/outbox";
import { createEmailArchive } from "../../src/adapters/r2/email-archive";
import { log } from "../../src/log";
import { archiveSentEmails } from "../../src/services/email/archive";
import { EMAIL_DATA } from "../fixtures/emails";
import { fetchWith } from "../support/worker/helpers";
import { expectHiddenFromNonStaff, expectStaffHeaders, signedInStaff, STAFF } from "../support/worker/staff";
import type { TestBrowser } from "../support/worker/browser";

const SWEEP = "*/10 * * * *";
const MINUTE = 60_000;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/** The e-mail services as the Worker builds them, with some bindings replaced (a failing EMAIL, more staff…). */
function email(overrides: Partial<Bindings> = {}) {
  const config = getConfig({ ...env, ...overrides } as Bindings);
  return emailServices(config, publishedContent(config, () => undefined));
}

const row = (id: string) =>
  env.DB.prepare("SELECT id, dedupe_key, kind, recipient, subject, status, attempts, last_error, message_id, sent_at, next_attempt_at FROM email_outbox WHERE id = ?1")
    .bind(id)
    .first<{ id: string; dedupe_key: string; kind: string; recipient: string; subject: string; status: string; attempts: number; last_error: string | null; message_id: string | null; sent_at: string | null; next_attempt_at: string }>();

const count = async (where = "1", ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM email_outbox WHERE ${where}`).bind(...params).first<{ n: number }>())!.n;

/** An application awaiting payment, written straight into D1: the record the changes below act on. */
async function seedApplication() {
  const id = unique("app");
  await env.DB.prepare(
    `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
       payment_method, amount_due_pence, status, details)
     VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', 'Lovelace', 'full', 'Full membership', 'offline', 15000, 'awaiting_payment', '{}')`,
  )
    .bind(id, `GH-${id.slice(-8).toUpperCase()}`, unique("user"), `${id}@example.org`)
    .run();
  return id;
}

const rejectStatement = (applicationId: string) =>
  env.DB.prepare("UPDATE applications SET status = 'rejected', rejected_reason = 'Not eligible' WHERE id = ?1 AND status = 'awaiting_payment'").bind(applicationId);

const rejection = (applicationId: string): Extract<EmailRequest, { kind: "application-rejected" }> => ({
  kind: "application-rejected",
  event: applicationId,
  to: { email: `${applicationId}@example.org`, userId: "user-1" },
  data: { ...EMAIL_DATA["application-rejected"], reference: applicationId },
});

/** Writes a message as a flow would: its own batch, nothing else in it. */
async function write(request: EmailRequest, services = email()) {
  const prepared = services.outbox.prepare(request);
  await env.DB.batch(prepared.statements);
  return prepared.ids[0]!;
}

const receipt = (userId: string, address = `${userId}@example.org`): EmailRequest => ({
  kind: "membership-paid",
  event: unique("payment"),
  to: { email: address, userId },
  data: EMAIL_DATA["membership-paid"],
});

const reminder = (userId: string, address = `${userId}@example.org`): EmailRequest => ({
  kind: "renewal-reminder",
  event: `${userId}:2026-12-21:30`,
  to: { email: address, userId },
  data: EMAIL_DATA["renewal-reminder"],
});

/** An EMAIL binding that counts sends and hands them to the runtime's real one (or fails as told). */
function countingBinding(fail?: () => Error) {
  const sent: { to: unknown; subject: string; headers?: Record<string, string>; text?: string }[] = [];
  const binding = {
    async send(message: EmailMessageBuilder) {
      sent.push({ to: message.to, subject: message.subject, headers: message.headers, text: message.text });
      if (fail) throw fail();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return env.EMAIL.send(message);
    },
  } as unknown as SendEmail;
  return { binding, sent };
}

const refused = (code: string) => Object.assign(new Error(`Refused (${code})`), { code });

async function runSweep(at: number, overrides: Partial<Bindings> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: SWEEP, scheduledTime: at }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM email_outbox; DELETE FROM email_preferences; DELETE FROM email_sending_pause");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

describe("writing to the outbox in another change's batch", () => {
  it("writes the message with the change, and nothing when the change did not happen", async () => {
    const applicationId = await seedApplication();
    const services = email();

    const first = services.outbox.prepare(rejection(applicationId), { onlyIf: { afterChange: true } });
    const [update] = await env.DB.batch([rejectStatement(applicationId), ...first.statements]);
    expect(update!.meta.changes).toBe(1);
    expect(await row(first.ids[0]!)).toMatchObject({
      kind: "application-rejected",
      dedupe_key: `application-rejected:${applicationId}`,
      recipient: `${applicationId}@example.org`,
      subject: `Your membership application ${applicationId}`,
      status: "pending",
      attempts: 0,
    });

    // Rejecting again changes nothing, so it writes nothing, even under a new event id.
    const again = services.outbox.prepare({ ...rejection(applicationId), event: `${applicationId}-again` }, { onlyIf: { afterChange: true } });
    const [noUpdate] = await env.DB.batch([rejectStatement(applicationId), ...again.statements]);
    expect(noUpdate!.meta.changes).toBe(0);
    expect(await count()).toBe(1);
  });

  it("writes a message only if a row exists when the batch reaches it (exists)", async () => {
    const applicationId = await seedApplication();
    const services = email();
    const onlyIfRejected = { exists: "SELECT 1 FROM applications WHERE id = ? AND status = 'rejected'", params: [applicationId] };

    const early = services.outbox.prepare(rejection(applicationId), { onlyIf: onlyIfRejected });
    await env.DB.batch(early.statements);
    expect(await count()).toBe(0);

    const withChange = services.outbox.prepare(rejection(applicationId), { onlyIf: onlyIfRejected });
    await env.DB.batch([rejectStatement(applicationId), ...withChange.statements]);
    expect((await row(withChange.ids[0]!))?.status).toBe("pending");
  });

  it("writes one staff notice per staff address in one statement, and none when the change did not happen", async () => {
    const applicationId = await seedApplication();
    const services = email();
    const notice = (): EmailRequest => ({
      kind: "application-staff-notice",
      event: applicationId,
      to: ["one@guild.example", "two@guild.example"],
      data: { ...EMAIL_DATA["application-staff-notice"], applicationId },
    });

    const prepared = services.outbox.prepare(notice(), { onlyIf: { afterChange: true } });
    expect(prepared.statements).toHaveLength(1);
    await env.DB.batch([rejectStatement(applicationId), ...prepared.statements]);
    const { results } = await env.DB.prepare("SELECT recipient, dedupe_key FROM email_outbox ORDER BY recipient").all();
    expect(results).toEqual([
      { recipient: "one@guild.example", dedupe_key: `application-staff-notice:${applicationId}:one@guild.example` },
      { recipient: "two@guild.example", dedupe_key: `application-staff-notice:${applicationId}:two@guild.example` },
    ]);

    await env.DB.batch([rejectStatement(applicationId), ...services.outbox.prepare(notice(), { onlyIf: { afterChange: true } }).statements]);
    expect(await count()).toBe(2);
  });

  it("never fails the change's batch, whatever the address or data", async () => {
    const applicationId = await seedApplication();
    const services = email();
    const odd = services.outbox.prepare({ ...rejection(applicationId), to: { email: "not an address", userId: null } }, { onlyIf: { afterChange: true } });
    await env.DB.batch([rejectStatement(applicationId), ...odd.statements]);
    expect((await env.DB.prepare("SELECT status FROM applications WHERE id = ?1").bind(applicationId).first())?.status).toBe("rejected");

    // Delivery finds it undeliverable and marks it failed at once; the change stands.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await services.deliver(odd.ids[0]!)).toEqual({ status: "failed", error: "The recipient is not an e-mail address" });
    expect((await row(odd.ids[0]!))?.status).toBe("failed");
  });

  it("keeps one message when the same enqueue is replayed ten times, and sends it once", async () => {
    const applicationId = await seedApplication();
    const { binding, sent } = countingBinding();
    const services = email({ EMAIL: binding });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const prepared = services.outbox.prepare(rejection(applicationId));
      await env.DB.batch(prepared.statements);
      ids.push(...prepared.ids);
    }
    expect(await count()).toBe(1);
    for (const id of ids) await services.deliver(id);
    await services.sweep();
    expect(sent).toHaveLength(1);
    expect(await count("status = 'sent'")).toBe(1);
  });
});

describe("delivery", () => {
  it("renders and sends through the runtime's EMAIL binding, recording when and the message id", async () => {
    const { binding, sent } = countingBinding();
    const services = email({ EMAIL: binding });
    const id = await write(receipt("user-receipt"), services);

    const outcome = await services.deliver(id);
    expect(outcome).toMatchObject({ status: "sent", messageId: expect.any(String) });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "sent", attempts: 1, last_error: null, message_id: (outcome as { messageId: string }).messageId });
    expect(stored!.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(sent).toEqual([
      expect.objectContaining({ to: "user-receipt@example.org", subject: "Welcome: your Full membership membership is active", headers: { "Auto-Submitted": "auto-generated" } }),
    ]);
    expect(sent[0]!.text).toContain("Payment reference: BACS 778899");
    // Sent once: delivering it again does nothing.
    expect(await services.deliver(id)).toEqual({ status: "skipped" });
  });

  it("sends once when two deliveries race for the same message", async () => {
    const { binding, sent } = countingBinding();
    const services = email({ EMAIL: binding });
    const id = await write(receipt("user-race"), services);
    const outcomes = await Promise.all([services.deliver(id), services.deliver(id), email({ EMAIL: binding }).deliver(id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["sent", "skipped", "skipped"]);
    expect(sent).toHaveLength(1);
  });

  it("uses a plain brand from configuration when the CMS cannot be read, and still sends", async () => {
    const config = getConfig(env);
    const services = emailServices(config, { layout: () => Promise.reject(new Error("CMS down, nothing cached")) });
    const id = await write(receipt("user-cms-down"), services);
    expect(await services.deliver(id)).toMatchObject({ status: "sent" });
    const preview = await services.preview(id);
    expect(preview!.html).toContain(">Guildhall</p>");
    expect(preview!.html).not.toContain("<img");
  });

  it("shows the society's contact details from the CMS's footer", async () => {
    const config = getConfig(env);
    const content = publishedContent(config, () => undefined);
    const { footer } = await content.layout();
    const services = emailServices(config, content);
    const preview = await services.preview(await write(receipt("user-footer"), services));
    const name = footer.contactFields.organizationName ?? config.site.name;
    expect(preview!.text).toContain(name);
    if (footer.contactFields.emailAddress) expect(preview!.text).toContain(footer.contactFields.emailAddress);
  });
});

describe("the queue consumer", () => {
  it("delivers the messages of a batch and acknowledges them; an unknown id is acknowledged and ignored", async () => {
    const id = await write(receipt("user-queue"));
    const batch = createMessageBatch<EmailQueueMessage>("guildhall-email", [
      { id: "q-1", timestamp: new Date(), attempts: 1, body: { id } },
      { id: "q-2", timestamp: new Date(), attempts: 1, body: { id: "no-such-message" } },
      // Not what the producer sends: acknowledged and logged rather than retried for ever.
      { id: "q-3", timestamp: new Date(), attempts: 1, body: { nonsense: true } as unknown as EmailQueueMessage },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["q-1", "q-2", "q-3"]);
    expect(result.retryMessages).toEqual([]);
    expect((await row(id))?.status).toBe("sent");
  });

  it("puts a failed delivery back on the queue with its backoff delay", async () => {
    const id = await write(receipt("user-queue-retry"));
    const { binding } = countingBinding(() => refused("E_INTERNAL_SERVER_ERROR"));
    const batch = createMessageBatch("guildhall-email", [{ id: "q-retry", timestamp: new Date(), attempts: 1, body: { id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, EMAIL: binding }, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([{ msgId: "q-retry" }]);
    expect(result.explicitAcks).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "retry", attempts: 1, last_error: "E_INTERNAL_SERVER_ERROR: Refused (E_INTERNAL_SERVER_ERROR)" });

    // The delay asked of the queue is the backoff (the test batch above does not record it).
    await env.DB.prepare("UPDATE email_outbox SET next_attempt_at = ?2 WHERE id = ?1").bind(id, new Date().toISOString()).run();
    const retries: unknown[] = [];
    await email({ EMAIL: binding }).deliverQueued([{ body: { id }, ack: () => retries.push("ack"), retry: (options) => retries.push(options) }]);
    expect(retries).toEqual([{ delaySeconds: 300 }]);
    expect((await row(id))?.attempts).toBe(2);
  });

  it("never fails the request path when the queue cannot be reached: the sweep sends the message", async () => {
    const broken = { send: () => Promise.reject(new Error("queue down")), sendBatch: () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const services = email({ EMAIL_QUEUE: broken });
    const id = await write(receipt("user-queue-down"), services);
    await expect(services.outbox.deliverSoon([id])).resolves.toBeUndefined();
    expect((await row(id))?.status).toBe("pending");
    await runSweep(Date.now(), { EMAIL_QUEUE: broken });
    expect((await row(id))?.status).toBe("sent");
  });

  it("receives what the request path puts on the real queue, and sends it", async () => {
    const services = email();
    const id = await write(receipt("user-real-queue"), services);
    await services.outbox.deliverSoon([id]);
    await vi.waitFor(async () => expect((await row(id))?.status).toBe("sent"), { timeout: 10_000, interval: 100 });
  });
});

describe("the scheduled sweep", () => {
  it("delivers what is due as of the trigger's time, and leaves the housekeeping cron alone", async () => {
    const id = await write(receipt("user-sweep"));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await row(id))?.status).toBe("pending");

    await runSweep(Date.now());
    expect((await row(id))?.status).toBe("sent");
  });

  it("delivers the first 50 due itself and hands the rest of a backlog to the delivery queue, which sends each once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 65; i += 1) ids.push(await write(receipt(`user-backlog-${i}`)));
    const handed: string[] = [];
    const recordingQueue = {
      async send(body: { id: string }) {
        handed.push(body.id);
      },
      async sendBatch(messages: Iterable<{ body: { id: string } }>) {
        for (const message of messages) handed.push(message.body.id);
      },
    } as unknown as Queue<EmailQueueMessage>;

    const swept = await email({ EMAIL_QUEUE: recordingQueue }).sweep();
    expect(swept).toMatchObject({ due: 50, sent: 50, handedOn: 15 });
    expect(await count("status = 'sent'")).toBe(50);
    expect(handed).toHaveLength(15);
    expect(new Set(handed)).toEqual(new Set((await env.DB.prepare("SELECT id FROM email_outbox WHERE status = 'pending'").all<{ id: string }>()).results.map((r) => r.id)));

    // The queue's consumer delivers what was handed on; a second hand-over of the same id sends nothing more.
    const services = email();
    for (const id of [...handed, ...handed.slice(0, 3)]) await services.deliver(id);
    expect(await count("status = 'sent'")).toBe(65);
    expect(await count("status = 'sent' AND id IN (SELECT value FROM json_each(?1))", JSON.stringify(ids))).toBe(65);
  });

  it("retries with backoff, then marks the message failed after the last attempt; the staff page shows it and sends it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = await write(receipt("user-failing"));
    const { binding, sent } = countingBinding(() => new Error("The binding threw"));
    const failing = { EMAIL: binding };

    let clock = Date.now();
    await runSweep(clock, failing);
    expect(await row(id)).toMatchObject({ status: "retry", attempts: 1, last_error: "The binding threw" });
    expect(Date.parse((await row(id))!.next_attempt_at)).toBe(clock + MINUTE);

    // Not due yet: a sweep before the backoff has passed leaves it alone.
    await runSweep(clock + 30_000, failing);
    expect((await row(id))?.attempts).toBe(1);

    for (const [attempt, waitMinutes] of [[2, 1], [3, 5], [4, 30], [5, 120], [6, 360]] as const) {
      clock += waitMinutes * MINUTE;
      await runSweep(clock, failing);
      expect((await row(id))?.attempts).toBe(attempt);
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 6, last_error: "The binding threw" });
    expect(sent).toHaveLength(6);
    await runSweep(clock + 24 * 60 * MINUTE, failing);
    expect(sent).toHaveLength(6);

    const staff = await signedInStaff();
    const page = await staff.fetch("/staff/emails");
    expect(page.status).toBe(200);
    expectStaffHeaders(page);
    const html = await page.text();
    expect(html).toContain("user-failing@example.org");
    expect(html).toContain("The binding threw");
    expect(html).toContain(">Failed</span>");
    expect(html).toContain(`action="/staff/emails/${id}/resend"`);
    expect(html).toContain('<a href="/staff/emails" aria-current="true">E-mails</a>');

    const resent = await staff.post(`/staff/emails/${id}/resend`, {});
    expect(resent.status).toBe(303);
    expect(resent.headers.get("Location")).toBe("/staff/emails?status=failed&done=resent");
    const audit = await env.DB.prepare("SELECT staff_email, action, details FROM staff_audit_log WHERE action = 'email.resent' ORDER BY id DESC LIMIT 1").first<{
      staff_email: string;
      details: string;
    }>();
    expect(audit).toMatchObject({ staff_email: STAFF.email });
    expect(JSON.parse(audit!.details)).toMatchObject({ messageId: id, kind: "membership-paid", recipient: "user-failing@example.org", lastError: "The binding threw" });
    // Queued again: the real binding sends it this time (the queue consumer, or the next sweep).
    await vi.waitFor(async () => expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 }), { timeout: 10_000, interval: 100 });
    expect(await (await staff.fetch("/staff/emails?done=resent")).text()).toContain("The e-mail will be sent again in a moment.");

    const twice = await staff.post(`/staff/emails/${id}/resend`, {});
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This e-mail is sent, not failed, so there is nothing to send again.");
    expect((await staff.post("/staff/emails/no-such-id/resend", {})).status).toBe(404);
  });

  it("marks a message Cloudflare refuses for good as failed at once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = await write(receipt("user-suppressed-address"));
    await runSweep(Date.now(), { EMAIL: countingBinding(() => refused("E_RECIPIENT_SUPPRESSED")).binding });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, last_error: "E_RECIPIENT_SUPPRESSED: Refused (E_RECIPIENT_SUPPRESSED)" });
  });

  it("sends a message whose delivery crashed mid-way again once its lease has run out", async () => {
    const id = await write(receipt("user-crashed"));
    const now = Date.now();
    await env.DB.prepare("UPDATE email_outbox SET status = 'sending', attempts = 1, lease_until = ?2 WHERE id = ?1").bind(id, new Date(now + 5 * MINUTE).toISOString()).run();

    await runSweep(now + MINUTE);
    expect((await row(id))?.status).toBe("sending");
    await runSweep(now + 6 * MINUTE);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("one-click unsubscribe", () => {
  it("suppresses the reminders it names, not receipts, and needs no session or CSRF token", async () => {
    const user = unique("member");
    const services = email();
    const url = await services.preferences.unsubscribeUrl(user, "membership-reminders");
    expect(url).toMatch(/^http:\/\/localhost:8787\/email\/unsubscribe\?token=/);

    // The reminder's own headers carry the link (RFC 8058).
    const reminderId = await write(reminder(user), services);
    const preview = await services.preview(reminderId);
    expect(preview!.headers).toEqual({ "Auto-Submitted": "auto-generated", "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // A mail provider's POST: no cookies, no CSRF token, another origin.
    const path = url.slice("http://localhost:8787".length);
    const response = await SELF.fetch(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("You are unsubscribed.");
    expect(await services.preferences.preferencesFor(user)).toEqual({ "membership-reminders": false, "webinar-reminders": true, "webinar-recordings": true });

    const receiptId = await write(receipt(user), services);
    expect(await services.deliver(reminderId)).toEqual({ status: "suppressed" });
    expect(await services.deliver(receiptId)).toMatchObject({ status: "sent" });
    expect(await row(reminderId)).toMatchObject({ status: "suppressed", message_id: null, last_error: "The reader turned off membership renewal reminders" });
  });

  it("shows a confirmation on GET and changes nothing until its button is pressed", async () => {
    const user = unique("member");
    const services = email();
    const path = (await services.preferences.unsubscribeUrl(user, "webinar-reminders")).slice("http://localhost:8787".length);
    const page = await SELF.fetch(`http://localhost${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Unsubscribe from reminders before webinars you have booked?");
    expect(html).toContain(`action="${path.replace(/&/g, "&amp;")}"`);
    expect((await services.preferences.preferencesFor(user))["webinar-reminders"]).toBe(true);

    const pressed = await SELF.fetch(`http://localhost${path}`, { method: "POST", headers: { Origin: "http://localhost" } });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("You will no longer receive reminders before webinars you have booked.");
    expect((await services.preferences.preferencesFor(user))["webinar-reminders"]).toBe(false);
  });

  it("refuses a forged or altered link and changes nothing", async () => {
    const user = unique("member");
    const services = email();
    const path = (await services.preferences.unsubscribeUrl(user, "membership-reminders")).slice("http://localhost:8787".length);
    const forged = email({ SESSION_SECRET: "another-secret-another-secret-another-secret" });
    const forgedPath = (await forged.preferences.unsubscribeUrl(user, "membership-reminders")).slice("http://localhost:8787".length);
    for (const bad of [forgedPath, path.replace("membership-reminders", "webinar-reminders"), "/email/unsubscribe", "/email/unsubscribe?token=x.y.z"]) {
      const oneClick = await SELF.fetch(`http://localhost${bad}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(oneClick.status, bad).toBe(400);
      const page = await SELF.fetch(`http://localhost${bad}`);
      expect(page.status, bad).toBe(400);
      expect(await page.text()).toContain("This unsubscribe link does not work");
    }
    expect(await services.preferences.preferencesFor(user)).toEqual({ "membership-reminders": true, "webinar-reminders": true, "webinar-recordings": true });
  });
});

describe("the local mailbox", () => {
  it("lists the outbox newest first, as a page and as JSON, and opens each message's HTML and text", async () => {
    const older = await write(receipt("user-mailbox-1"));
    await env.DB.prepare("UPDATE email_outbox SET created_at = '2026-01-01T00:00:00.000Z' WHERE id = ?1").bind(older).run();
    const newer = await write(reminder("user-mailbox-2"));
    await email().deliver(older);

    const json = await SELF.fetch("http://localhost/dev/mailbox?format=json");
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toBe("private, no-store");
    const list = (await json.json()) as Record<string, unknown>[];
    expect(list.map((m) => m.id)).toEqual([newer, older]);
    expect(list[1]).toEqual({
      id: older,
      to: "user-mailbox-1@example.org",
      subject: "Welcome: your Full membership membership is active",
      kind: "membership-paid",
      status: "sent",
      createdAt: "2026-01-01T00:00:00.000Z",
      sentAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(list[0]).toMatchObject({ status: "pending", sentAt: null, kind: "renewal-reminder" });

    const page = await (await SELF.fetch("http://localhost/dev/mailbox")).text();
    expect(page).toContain("Local mailbox");
    expect(page).toContain(`<a href="/dev/mailbox/${older}">Welcome: your Full membership membership is active</a>`);
    expect(page.indexOf(newer)).toBeLessThan(page.indexOf(older));

    const detail = await SELF.fetch(`http://localhost/dev/mailbox/${newer}`);
    expect(detail.status).toBe(200);
    const detailHtml = await detail.text();
    expect(detailHtml).toContain(`href="/dev/mailbox/${newer}/html"`);
    expect(detailHtml).toContain("List-Unsubscribe");
    expect(detailHtml).toContain("renews in 30 days");

    const html = await SELF.fetch(`http://localhost/dev/mailbox/${newer}/html`);
    expect(html.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(html.headers.get("Content-Security-Policy")).not.toContain("script-src");
    expect(await html.text()).toMatch(/<html[^>]* lang="en-GB"/);
    const text = await (await SELF.fetch(`http://localhost/dev/mailbox/${newer}/text`)).text();
    expect(text).toContain("Your membership renews soon");
    expect((await SELF.fetch("http://localhost/dev/mailbox/no-such-id")).status).toBe(404);
  });

  it("is a 404 in production, every address of it", async () => {
    const id = await write(receipt("user-mailbox-prod"));
    const production: Partial<Bindings> = {
      ENVIRONMENT: "production",
      SITE_URL: "https://guildhall.example",
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ client_email: "worker@guildhall-prod.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n" }),
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_API_URL: undefined,
      EMAIL_FROM: "Guildhall <no-reply@mail.guildhall.org>",
      EMAIL_REPLY_TO: "office@guildhall.org",
      STAFF_TOTP_KEY: "q9X2c0m4V7bT1nR8yK3fW6hJ5sD0aL2pE4gU7iO9zQc=",
      TURNSTILE_SITE_KEY: "0x4AAAAAAAGuildhallSiteKey",
      TURNSTILE_SECRET_KEY: "0x4AAAAAAAGuildhallSecretKey000000000",
      // Production refuses the committed secrets the test stack runs with; the test CMS knows
      // only its own token, so the 404 page's CMS calls are refused (401) and logged.
      CMS_TOKEN: "a-production-cms-token-0000000000000000",
      CACHE_PURGE_SECRET: "a-production-purge-secret-000000000000",
      SESSION_SECRET: "a-production-session-secret-00000000000",
      PREVIEW_SECRET: undefined,
      // The test stack's committed bounce-report secret is refused in production; unset, that address is off.
      EMAIL_EVENTS_SECRET: undefined,
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const path of ["/dev/mailbox", "/dev/mailbox?format=json", `/dev/mailbox/${id}`, `/dev/mailbox/${id}/html`, `/dev/mailbox/${id}/text`]) {
      const response = await fetchWith(production, path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("user-mailbox-prod");
    }
    for (const [line] of errors.mock.calls) expect(JSON.parse(String(line))).toMatchObject({ event: "cms.request_failed", status: 401 });
  });
});

describe("the staff e-mails page", () => {
  let staff: TestBrowser;
  beforeAll(async () => {
    staff = await signedInStaff();
  });

  it("is hidden from everyone but staff, GET and POST", async () => {
    const id = await write(receipt("user-hidden"));
    await env.DB.prepare("UPDATE email_outbox SET status = 'failed' WHERE id = ?1").bind(id).run();
    await expectHiddenFromNonStaff(["/staff/emails", "/staff/emails?status=all"], [[`/staff/emails/${id}/resend`, {}]], "user-hidden@example.org");
    expect((await row(id))?.status).toBe("failed");
  });

  it("filters by status and searches by address, and needs a CSRF token to send again", async () => {
    const failedId = await write(receipt("user-list-failed"));
    await env.DB.prepare("UPDATE email_outbox SET status = 'failed', attempts = 6, last_error = 'E_DELIVERY_FAILED: bounced' WHERE id = ?1").bind(failedId).run();
    await write(reminder("user-list-waiting"));

    const failed = await (await staff.fetch("/staff/emails")).text();
    expect(failed).toContain("user-list-failed@example.org");
    expect(failed).not.toContain("user-list-waiting@example.org");
    const waiting = await (await staff.fetch("/staff/emails?status=waiting")).text();
    expect(waiting).toContain("user-list-waiting@example.org");
    expect(waiting).not.toContain(`/staff/emails/${failedId}/resend`);
    const searched = await (await staff.fetch("/staff/emails?status=all&q=LIST-FAILED")).text();
    expect(searched).toContain("user-list-failed@example.org");
    expect(searched).not.toContain("user-list-waiting@example.org");
    expect((await staff.fetch("/staff/emails?status=bounced")).status).toBe(400);

    const withoutToken = await staff.fetch(`/staff/emails/${failedId}/resend`, { method: "POST", body: new URLSearchParams({}) });
    expect(withoutToken.status).toBe(403);
    expect((await row(failedId))?.status).toBe("failed");
  });
});

describe("Email Service's limits", () => {
  it("a daily-quota error pauses all sending until the window: nothing marked failed, no attempt used, mail resumes after it", async () => {
    const ids = [await write(receipt("user-quota-1")), await write(receipt("user-quota-2")), await write(receipt("user-quota-3"))];
    const { binding, sent } = countingBinding(() => refused("E_DAILY_LIMIT_EXCEEDED"));
    const batch = createMessageBatch<EmailQueueMessage>("guildhall-email", ids.map((id, i) => ({ id: `q-${i}`, timestamp: new Date(), attempts: 1, body: { id } })));
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...env, EMAIL: binding }, ctx);
    const result = await getQueueResult(batch, ctx);
    // The first refusal stops the batch: the others are not even tried.
    expect(sent).toHaveLength(1);
    expect(result.retryMessages.map((m) => m.msgId).sort()).toEqual(["q-0", "q-1", "q-2"]);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: midnight.toISOString() });
    expect(await count("status = 'failed'")).toBe(0);

    // While paused, neither the sweep nor the queue sends anything, and no attempt is counted,
    // however often they run (here a whole day of sweeps would have used up six attempts).
    // The sweeps fall between now and midnight, whatever the time of day the test runs (sweeps a
    // fixed number of minutes ahead would cross midnight, when the pause rightly ends, near 23:00).
    const start = Date.now();
    for (let i = 1; i <= 5; i++) await runSweep(start + ((midnight.getTime() - start) * i) / 6, { EMAIL: binding });
    await email({ EMAIL: binding }).deliverQueued(ids.map((id) => ({ body: { id }, ack: () => undefined, retry: () => undefined })));
    expect(sent).toHaveLength(1);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "pending", attempts: 0 });

    // Staff see why and until when.
    const staff = await signedInStaff();
    const page = await (await staff.fetch("/staff/emails")).text();
    expect(page).toContain("Sending paused until");
    expect(page).toContain("daily quota reached");

    // After the window the real binding sends them all.
    await runSweep(midnight.getTime() + MINUTE);
    for (const id of ids) expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers a queue batch with a few D1 queries for the whole batch, not three per message", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await write(reminder(unique("user-batch"))));
    const prepared: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, key) {
        if (key === "prepare") return (sql: string) => (prepared.push(sql), target.prepare(sql));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await email({ DB: db }).deliverQueued(ids.map((id) => ({ body: { id }, ack: () => undefined, retry: () => undefined })));
    for (const id of ids) expect((await row(id))?.status).toBe("sent");
    // The pause, the claim, the preferences, the outcomes: four, whatever the batch's size.
    expect(prepared.filter((sql) => /email_(outbox|preferences|sending_pause)/.test(sql))).toHaveLength(4);
  });
});

describe("staff: send every failed e-mail of a kind again", () => {
  const failed = async (kind: string, updatedAt: string) => {
    const id = unique("failed");
    await env.DB.prepare(
      `INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, attempts, last_error, updated_at)
       VALUES (?1, ?1, ?2, 'transactional', ?3, NULL, 'Subject', ?4, 'failed', 6, 'The binding threw', ?5)`,
    )
      .bind(id, kind, `${id}@example.org`, JSON.stringify(EMAIL_DATA["membership-paid"]), updatedAt)
      .run();
    return id;
  };

  it("sends all failed messages of that kind since the day again in one audited action, and says how many", async () => {
    const recent = [await failed("membership-paid", "2026-11-20T10:00:00.000Z"), await failed("membership-paid", "2026-11-21T00:00:00.000Z")];
    const older = await failed("membership-paid", "2026-11-19T23:59:59.000Z");
    const otherKind = await failed("application-received", "2026-11-22T10:00:00.000Z");
    const staff = await signedInStaff();

    const response = await staff.post("/staff/emails/resend-failed", { kind: "membership-paid", since: "2026-11-20" });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(new URL(location, "http://x").searchParams.get("count")).toBe("2");
    // The queue's consumer sends them with the real binding.
    for (const id of recent) await vi.waitFor(async () => expect((await row(id))?.status).toBe("sent"), { timeout: 10_000, interval: 100 });
    expect((await row(older))?.status).toBe("failed");
    expect((await row(otherKind))?.status).toBe("failed");
    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'email.resent_all' ORDER BY id DESC LIMIT 1").first<{ staff_email: string; details: string }>();
    expect(audit?.staff_email).toBe(STAFF.email);
    expect(JSON.parse(audit!.details)).toMatchObject({ kind: "membership-paid", since: "2026-11-20T00:00:00.000Z" });
    expect(await (await staff.fetch(location)).text()).toContain("2 failed “Membership paid” e-mails since 2026-11-20 will be sent again in a moment.");
  });

  it("explains a missing kind or a bad date beside the field, keeps what was typed, and changes nothing", async () => {
    const id = await failed("membership-paid", "2026-11-20T10:00:00.000Z");
    const staff = await signedInStaff();
    const response = await staff.post("/staff/emails/resend-failed", { kind: "", since: "20/11/2026" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose the kind of e-mail to send again");
    expect(html).toContain("Enter the day as a date, for example 2026-11-27");
    expect(html).toContain('value="20/11/2026"');
    expect((await row(id))?.status).toBe("failed");
  });
});

describe("the outbox's archive", () => {
  const sentAt = (daysAgo: number, id: string) =>
    env.DB.prepare(
      `INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, attempts, message_id, sent_at)
       VALUES (?1, ?1, 'membership-paid', 'transactional', ?2, NULL, 'Subject', '{}', 'sent', 1, 'cf-1', ?3)`,
    )
      .bind(id, `${id}@example.org`, new Date(Date.now() - daysAgo * 86_400_000).toISOString())
      .run();

  it("moves sent messages past the keeping period to R2, then out of D1; a run cut off after writing is finished by the next", async () => {
    const old = ["arch-a", "arch-b", "arch-c"];
    for (const [i, id] of old.entries()) await sentAt(100 + i, id);
    await sentAt(10, "arch-recent");
    await env.DB.prepare("INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, subject, data, status, updated_at) VALUES ('arch-failed', 'arch-failed', 'membership-paid', 'transactional', 'x@example.org', 'S', '{}', 'failed', '2020-01-01T00:00:00Z')").run();

    // Cut off between writing the object and deleting the rows: the rows stay.
    const store = createOutboxStore(env.DB);
    const archive = createEmailArchive(env.EMAIL_ARCHIVE);
    const cutOff = { oldestSent: store.oldestSent, deleteSent: () => Promise.reject(new Error("cut off")) };
    await expect(archiveSentEmails({ store: cutOff, archive, log }, new Date())).rejects.toThrow("cut off");
    expect(await count("id IN ('arch-a', 'arch-b', 'arch-c')")).toBe(3);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await count("id LIKE 'arch-%'")).toBe(2);
    expect((await row("arch-recent"))?.status).toBe("sent");

    // One object, written twice under the same name: each message archived once, oldest first.
    const { objects } = await env.EMAIL_ARCHIVE.list({ prefix: "email-outbox/sent/" });
    expect(objects).toHaveLength(1);
    const text = await (await env.EMAIL_ARCHIVE.get(objects[0]!.key))!.text();
    expect(text.trim().split("\n").map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(["arch-c", "arch-b", "arch-a"]);
  });
});
