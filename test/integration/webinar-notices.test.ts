/**
 * The daily job's webinar recording notices at real sizes: each run looks only for owners who
 * have not been told yet, so a recording's thirty days of runs do not write every owner again
 * each day. The job runs against the real D1 through a wrapper that notes each statement it
 * prepares (the only way to see work that the outbox's dedupe key would otherwise hide).
 */
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import { getConfig } from "../../src/env";
import { dailyJob } from "../../src/wiring/background";
import { warmMembershipContent } from "../support/worker/warm-content";
import { everyEntry } from "../support/worker/cms-lists";

const DAY = 86_400_000;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/** The real D1, noting the SQL of every statement prepared through it. */
function notingDb() {
  const prepared: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => (prepared.push(sql), target.prepare(sql));
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, prepared };
}

/** One daily run at `at`; returns the SQL it prepared. */
async function runDaily(at: Date): Promise<string[]> {
  const { db, prepared } = notingDb();
  const config = getConfig(env);
  const ctx = createExecutionContext();
  await dailyJob({ ...config, bindings: { ...config.bindings, db } }, (promise) => ctx.waitUntil(promise)).run(at);
  return prepared;
}

const outboxInserts = (prepared: string[]) => prepared.filter((sql) => /INSERT INTO email_outbox/i.test(sql)).length;

async function owner(webinarId: string) {
  const userId = unique("buyer");
  const orderId = unique("order");
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
       VALUES (?1, ?1, ?2, ?3, ?4, 'offline', 4500, 'paid', '[]', ?5)`,
    ).bind(orderId, `GH-${orderId.slice(-10)}`, userId, `${userId}@guild.example`, JSON.stringify([webinarId])),
    env.DB.prepare("INSERT INTO entitlements (user_id, webinar_id, order_id) VALUES (?1, ?2, ?3)").bind(userId, webinarId, orderId),
  ]);
  return userId;
}

const recordingNotices = async (webinarId: string) =>
  (await env.DB.prepare("SELECT dedupe_key FROM email_outbox WHERE kind = 'recording-ready' AND dedupe_key LIKE ?1 ORDER BY dedupe_key").bind(`%:${webinarId}`).all<{ dedupe_key: string }>())
    .results.map((r) => r.dedupe_key);

describe("recording notices", () => {
  let webinar: WebinarSummary;
  beforeAll(async () => {
    await warmMembershipContent();
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    webinar = (await everyEntry(cms, webinarsOperation)).find((w) => w.slug === "exercise-prescription-for-older-adults")!;
  }, 60_000);

  it("a second day's run writes nothing for owners already told, and tells only an owner who bought since", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const owners = [await owner(webinar.id), await owner(webinar.id), await owner(webinar.id)];
    const dayAfter = new Date(Date.parse(webinar.date) + webinar.durationMinutes * 60_000 + DAY);

    const first = await runDaily(dayAfter);
    expect(outboxInserts(first)).toBeGreaterThan(0);
    expect(await recordingNotices(webinar.id)).toEqual(owners.map((userId) => `recording-ready:${userId}:${webinar.id}`).sort());

    const second = await runDaily(new Date(dayAfter.getTime() + DAY));
    expect(outboxInserts(second)).toBe(0);

    const late = await owner(webinar.id);
    const third = await runDaily(new Date(dayAfter.getTime() + 2 * DAY));
    expect(outboxInserts(third)).toBe(1);
    expect(await recordingNotices(webinar.id)).toEqual([...owners, late].map((userId) => `recording-ready:${userId}:${webinar.id}`).sort());
  });
});
