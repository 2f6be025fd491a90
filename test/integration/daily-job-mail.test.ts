/**
 * The daily job's mail goes on the delivery queue as each batch that writes it commits, in every
 * part of the run (the membership year's pages are covered in membership-year-at-scale.test.ts):
 * a run cut off part-way through its webinar notices or its unpaid orders leaves no message it
 * wrote waiting for the ten-minute sweep. The run is the Worker's own (src/wiring/background.ts)
 * against the real D1 and CMS, with a D1 whose nth batch of a kind throws as a cut-off invocation
 * would stop, and a delivery queue that records what it is given.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarSummary } from "../../src/domain/content";
import { getConfig, type EmailQueueMessage } from "../../src/env";
import { dailyJob } from "../../src/wiring/background";
import { warmMembershipContent } from "../support/worker/warm-content";
import { everyEntry } from "../support/worker/cms-lists";

const DAY = 86_400_000;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`;

/**
 * The real D1, except that the `cutAt`th batch `matches` picks out throws instead of running: the
 * invocation ran out of time there. The batches before it have committed.
 */
function cutOffDb(matches: (sql: readonly string[]) => boolean, cutAt: number) {
  const sqlOf = new WeakMap<object, string>();
  let seen = 0;
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          const statement = target.prepare(sql);
          sqlOf.set(statement, sql);
          // A bound statement is a new object: it keeps its SQL.
          const bind = statement.bind.bind(statement);
          statement.bind = (...values: unknown[]) => {
            const bound = bind(...values);
            sqlOf.set(bound, sql);
            return bound;
          };
          return statement;
        };
      }
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (matches(statements.map((s) => sqlOf.get(s) ?? "")) && ++seen === cutAt) throw new Error("cut off: the invocation ran out of time");
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A delivery queue that records the outbox ids it is given. */
function recordingQueue() {
  const queued = new Set<string>();
  const queue = {
    send: async (body: EmailQueueMessage) => void queued.add(body.id),
    sendBatch: async (messages: Iterable<MessageSendRequest<EmailQueueMessage>>) => {
      for (const message of messages) queued.add(message.body.id);
    },
  } as unknown as Queue<EmailQueueMessage>;
  return { queue, queued };
}

async function runDaily(at: Date, db: D1Database, queue: Queue<EmailQueueMessage>) {
  const config = getConfig(env);
  const ctx = createExecutionContext();
  return dailyJob({ ...config, bindings: { ...config.bindings, db, emailQueue: queue } }, (promise) => ctx.waitUntil(promise)).run(at);
}

const outboxIds = async (kind: string, eventLike: string) =>
  (await env.DB.prepare("SELECT id FROM email_outbox WHERE kind = ?1 AND dedupe_key LIKE ?2").bind(kind, eventLike).all<{ id: string }>()).results.map((r) => r.id);

describe("the daily job's mail, when a run is cut off part-way", () => {
  let webinar: WebinarSummary;
  beforeAll(async () => {
    await warmMembershipContent();
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    webinar = (await everyEntry(cms, webinarsOperation)).find((w) => w.slug === "exercise-prescription-for-older-adults")!;
  }, 60_000);

  it("recording notices: every notice written before the cut is already on the delivery queue", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // 120 owners: notices are written 50 a batch, so the run is cut off on its second batch.
    const orders = Array.from({ length: 120 }, () => ({ userId: unique("owner"), orderId: unique("order") }));
    await env.DB.batch(
      orders.flatMap(({ userId, orderId }) => [
        env.DB.prepare(
          `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids)
           VALUES (?1, ?1, ?2, ?3, ?4, 'offline', 4500, 'paid', '[]', ?5)`,
        ).bind(orderId, `GH-${orderId.slice(-10)}`, userId, `${userId}@guild.example`, JSON.stringify([webinar.id])),
        env.DB.prepare("INSERT INTO entitlements (user_id, webinar_id, order_id) VALUES (?1, ?2, ?3)").bind(userId, webinar.id, orderId),
      ]),
    );
    const dayAfter = new Date(Date.parse(webinar.date) + webinar.durationMinutes * 60_000 + DAY);
    const onlyNotices = (sql: readonly string[]) => sql.length > 0 && sql.every((s) => /INSERT INTO email_outbox/i.test(s));
    const { queue, queued } = recordingQueue();

    const report = await runDaily(dayAfter, cutOffDb(onlyNotices, 2), queue);
    expect(report.failed).toContain("webinars");
    const written = await outboxIds("recording-ready", `recording-ready:owner-%:${webinar.id}`);
    expect(written).toHaveLength(50);
    expect(written.filter((id) => !queued.has(id))).toEqual([]);
  });

  it("unpaid orders: every cancellation e-mail written before the cut is already on the delivery queue", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const at = new Date("2031-06-01T03:17:00Z");
    const placed = new Date(at.getTime() - 60 * DAY).toISOString();
    // 120 stale orders: cancelled 50 a page, so the run is cut off on its second page.
    const ids = Array.from({ length: 120 }, () => unique("stale"));
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids, created_at, updated_at)
           VALUES (?1, ?1, ?2, ?3, ?4, 'offline', 4050, 'awaiting_payment', '[]', '[]', ?5, ?5)`,
        ).bind(id, `GH-${id.slice(-10)}`, `buyer-${id}`, `${id}@guild.example`, placed),
      ),
    );
    const cancelling = (sql: readonly string[]) => /UPDATE orders SET status = 'cancelled'/.test(sql[0] ?? "");
    const { queue, queued } = recordingQueue();

    const report = await runDaily(at, cutOffDb(cancelling, 2), queue);
    expect(report.failed).toContain("unpaid");
    const written = await outboxIds("order-cancelled", "order-cancelled:stale-%");
    expect(written).toHaveLength(50);
    expect(written.filter((id) => !queued.has(id))).toEqual([]);
  });
});
