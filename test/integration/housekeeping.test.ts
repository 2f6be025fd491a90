/** The daily scheduled job deletes ended sessions after a week and keeps live ones. */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function session(id: string, expiresAt: string, revokedAt: string | null) {
  await env.DB.prepare("INSERT INTO sessions (id, user_id, email, expires_at, auth_time, revoked_at) VALUES (?1, 'u', 'u@guild.example', ?2, 0, ?3)")
    .bind(id, expiresAt, revokedAt)
    .run();
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM sessions; DELETE FROM purge_log; DELETE FROM stripe_events");
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
});
