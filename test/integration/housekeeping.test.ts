/**
 * The daily scheduled job deletes ended sessions after a week and keeps live ones, and clears the
 * content of e-mails sent (or suppressed) more than 30 days ago, in bounded steps on an index.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createHousekeepingStore, OLD_FINISHED_MESSAGES } from "../../src/adapters/d1/housekeeping";
import worker from "../../src/index";
import { runHousekeeping, SENT_EMAIL_DATA_RETENTION_DAYS } from "../../src/services/maintenance/housekeeping";
import { createRecordingLog } from "../support/worker/memory-store";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function session(id: string, expiresAt: string, revokedAt: string | null) {
  await env.DB.prepare("INSERT INTO sessions (id, user_id, email, expires_at, auth_time, revoked_at) VALUES (?1, 'u', 'u@guild.example', ?2, 0, ?3)")
    .bind(id, expiresAt, revokedAt)
    .run();
}

/** An outbox message that finished (or not) `finishedAt`. */
function message(id: string, status: string, finishedAt: string) {
  return env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, sent_at, updated_at) VALUES (?1, ?1, 'membership-paid', 'transactional', 'ada@guild.example', 'u', 'Welcome', ?2, ?3, ?4, ?5)",
  ).bind(id, JSON.stringify({ givenName: "Ada", receiptNumber: "GH-2026-000001" }), status, status === "sent" ? finishedAt : null, finishedAt);
}

/** The daily job's housekeeping part on the real D1 (the first test runs the whole scheduled job). */
const housekeeping = () => runHousekeeping({ store: createHousekeepingStore(env.DB), now: () => Date.now(), log: createRecordingLog().log });

const dataOf = async () =>
  Object.fromEntries((await env.DB.prepare("SELECT id, data FROM email_outbox ORDER BY id").all<{ id: string; data: string }>()).results.map((r) => [r.id, JSON.parse(r.data) as unknown]));

beforeEach(async () => {
  await env.DB.exec("DELETE FROM sessions; DELETE FROM purge_log; DELETE FROM stripe_events; DELETE FROM email_outbox");
});

describe("scheduled housekeeping", () => {
  it("deletes sessions that ended more than a week ago, old purge-log rows and old Stripe event ids, and keeps the rest", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await session("live", iso(DAY), null);
    await session("expired-yesterday", iso(-DAY), null);
    await session("expired-long-ago", iso(-8 * DAY), null);
    await session("revoked-long-ago", iso(DAY), iso(-8 * DAY));
    await session("revoked-today", iso(DAY), iso(-1000));
    await env.DB.prepare("INSERT INTO purge_log (received_at, operations, invalidated) VALUES (?1, '[]', 0), (?2, '[]', 0)")
      .bind(iso(-91 * DAY), iso(-DAY))
      .run();

    await env.DB.prepare("INSERT INTO stripe_events (id, type, stripe_created, handled_at) VALUES ('evt_old', 'invoice.paid', 0, ?1), ('evt_new', 'invoice.paid', 0, ?2)")
      .bind(iso(-31 * DAY), iso(-DAY))
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const { results } = await env.DB.prepare("SELECT id FROM sessions ORDER BY id").all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual(["expired-yesterday", "live", "revoked-today"]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM purge_log").first<{ n: number }>())?.n).toBe(1);
    expect((await env.DB.prepare("SELECT id FROM stripe_events").all<{ id: string }>()).results).toEqual([{ id: "evt_new" }]);
  });

  it(`clears the content of e-mails sent or suppressed more than ${SENT_EMAIL_DATA_RETENTION_DAYS} days ago, and keeps everything else`, async () => {
    const days = SENT_EMAIL_DATA_RETENTION_DAYS;
    await env.DB.batch([
      message("sent-long-ago", "sent", iso(-(days + 1) * DAY)),
      message("sent-recently", "sent", iso(-(days - 1) * DAY)),
      message("suppressed-long-ago", "suppressed", iso(-(days + 1) * DAY)),
      // Staff may still send a failed message again; a pending one has yet to go.
      message("failed-long-ago", "failed", iso(-(days + 1) * DAY)),
      message("pending-long-ago", "pending", iso(-(days + 1) * DAY)),
    ]);
    await housekeeping();
    const content = { givenName: "Ada", receiptNumber: "GH-2026-000001" };
    expect(await dataOf()).toEqual({
      "failed-long-ago": content,
      "pending-long-ago": content,
      "sent-long-ago": null,
      "sent-recently": content,
      "suppressed-long-ago": null,
    });
    // Who it went to, its kind, subject and dates stay.
    const kept = await env.DB.prepare("SELECT recipient, kind, subject, status, sent_at FROM email_outbox WHERE id = 'sent-long-ago'").first();
    expect(kept).toMatchObject({ recipient: "ada@guild.example", kind: "membership-paid", subject: "Welcome", status: "sent" });
    // The local mailbox says why it cannot show the message any more.
    const preview = await SELF.fetch("http://localhost/dev/mailbox/sent-long-ago");
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("its content has been cleared");
  });

  it("clears a backlog larger than one step, each step reading only the messages it clears through the index", async () => {
    // More than two steps' worth of old sent messages, and a recent one.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2345)
       INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, subject, data, status, sent_at, updated_at)
       SELECT 'm' || i, 'm' || i, 'membership-paid', 'transactional', 'ada@guild.example', 'Welcome', '{"givenName":"Ada"}', 'sent', ?1, ?1 FROM n`,
    )
      .bind(iso(-90 * DAY))
      .run();
    await message("sent-recently", "sent", iso(-DAY)).run();
    expect(await housekeeping()).toMatchObject({ emailDataCleared: 2345, emailDataLeftForNextRun: false });
    const counts = await env.DB.prepare("SELECT SUM(data = 'null') AS cleared, SUM(data <> 'null') AS kept FROM email_outbox").first<{ cleared: number; kept: number }>();
    expect(counts).toEqual({ cleared: 2345, kept: 1 });

    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${OLD_FINISHED_MESSAGES}`).bind(iso(0), 1000).all<{ detail: string }>()).results.map((r) => r.detail);
    expect(plan.join("\n")).toMatch(/USING INDEX email_outbox_finished_with_data/);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN email_outbox(?! USING)/);
  });
});
