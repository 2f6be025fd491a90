/**
 * Discount-code uses held by things never paid are given back, and codes cannot be guessed
 * without limit: the daily job (run through the Worker's scheduled handler, real D1) cancels
 * orders left awaiting payment for UNPAID_DAYS with one e-mail each in the outbox, and releases the
 * uses of join applications left unpaid as long; the cart's code look-ups are rate limited per
 * client address and per signed-in account, and a refused look-up keeps the cart.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import { createRedemptionStore } from "../../src/adapters/d1/discount-redemptions";
import type { WebinarSummary } from "../../src/domain/content";
import { CODE_LOOKUPS_LIMITED } from "../../src/services/orders/order-service";
import { UNPAID_DAYS } from "../../src/services/maintenance/unpaid-releases";
import { createUser, TestBrowser } from "../support/worker/browser";
import { everyEntry } from "../support/worker/cms-lists";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-27T03:17:00.000Z");
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();
let run = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(run++).toString(36)}`;

async function dailyJob(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: NOW }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function order(o: { code: string | null; status?: "awaiting_payment" | "paid"; method?: "offline" | "card"; createdAt: string; userId?: string }): Promise<{ id: string; reference: string; email: string }> {
  const id = crypto.randomUUID();
  const reference = unique("GH-ORD");
  const email = `${unique("buyer")}@guild.example`;
  const userId = o.userId ?? unique("user");
  const discount = o.code ? JSON.stringify({ codeId: "1", code: o.code, totalPence: 450 }) : null;
  const statements = [
    env.DB.prepare(
      `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids, discount, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 4050, ?7, ?8, '["w1"]', ?9, ?10, ?10)`,
    ).bind(id, crypto.randomUUID(), reference, userId, email, o.method ?? "offline", o.status ?? "awaiting_payment", JSON.stringify([{ kind: "webinar", id: "w1", title: "Managing low back pain", pence: 4050, vatTreatment: "standard", webinarIds: ["w1"], stripePriceIds: [], couponId: null, discountPence: 450 }]), discount, o.createdAt),
  ];
  if (o.code) statements.push(env.DB.prepare("INSERT INTO discount_redemptions (order_id, code, user_id) VALUES (?1, ?2, ?3)").bind(id, o.code, userId));
  await env.DB.batch(statements);
  return { id, reference, email };
}

async function application(a: { code: string; createdAt: string }): Promise<string> {
  const id = crypto.randomUUID();
  const userId = unique("applicant");
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, discount, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 'Ada', 'Applicant', 'full-member', 'Full membership', 'offline', 12000, 'awaiting_payment', '{}', ?6, ?7, ?7)`,
    ).bind(id, crypto.randomUUID(), unique("GH-APP"), userId, `${userId}@guild.example`, JSON.stringify({ codeId: "2", code: a.code, totalPence: 3000 }), a.createdAt),
    env.DB.prepare("INSERT INTO discount_redemptions (order_id, application_id, code, user_id) VALUES (?1, ?1, ?2, ?3)").bind(id, a.code, userId),
  ]);
  return id;
}

const uses = async (code: string) => (await createRedemptionStore(env.DB).usage(code, "nobody")).total;
const statusOf = async (orderId: string) => env.DB.prepare("SELECT status, cancelled_reason FROM orders WHERE id = ?1").bind(orderId).first<{ status: string; cancelled_reason: string | null }>();
const cancellationEmails = async (orderId: string) =>
  (await env.DB.prepare("SELECT recipient, subject, data FROM email_outbox WHERE dedupe_key = ?1").bind(`order-cancelled:${orderId}`).all<{ recipient: string; subject: string; data: string }>()).results;

describe("orders never paid", () => {
  it(`are cancelled ${UNPAID_DAYS} days after they were placed, with one e-mail each, giving their code use back; a rerun writes nothing again`, async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const code = unique("STALE").toUpperCase();
    const stale = await order({ code, createdAt: daysAgo(UNPAID_DAYS + 1) });
    const staleCard = await order({ code: null, method: "card", createdAt: daysAgo(UNPAID_DAYS + 3) });
    const recent = await order({ code, createdAt: daysAgo(UNPAID_DAYS - 1) });
    const paid = await order({ code, status: "paid", createdAt: daysAgo(UNPAID_DAYS + 10) });
    expect(await uses(code)).toBe(3);

    await dailyJob();

    expect(await statusOf(stale.id)).toEqual({ status: "cancelled", cancelled_reason: `Not paid within ${UNPAID_DAYS} days: cancelled automatically` });
    expect((await statusOf(staleCard.id))?.status).toBe("cancelled");
    expect((await statusOf(recent.id))?.status).toBe("awaiting_payment");
    expect((await statusOf(paid.id))?.status).toBe("paid");
    expect(await uses(code)).toBe(2);

    const [email, ...more] = await cancellationEmails(stale.id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ recipient: stale.email, subject: `Your order ${stale.reference} is cancelled: it was not paid within ${UNPAID_DAYS} days` });
    expect(JSON.parse(email!.data)).toMatchObject({ orderReference: stale.reference, totalPence: 4050, unpaidDays: UNPAID_DAYS, discountCode: code, lines: [{ title: "Managing low back pain", pence: 4050 }] });
    expect(await cancellationEmails(staleCard.id)).toHaveLength(1);
    expect(await cancellationEmails(recent.id)).toEqual([]);
    expect(await cancellationEmails(paid.id)).toEqual([]);

    const outboxBefore = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>();
    await dailyJob();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>()).toEqual(outboxBefore);
    expect(await cancellationEmails(stale.id)).toHaveLength(1);
  });

  it("are cancelled page by page, every one with its e-mail, when many are stale at once", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const code = unique("MANY").toUpperCase();
    const orders = [];
    for (let i = 0; i < 120; i++) orders.push(await order({ code, createdAt: new Date(NOW - (UNPAID_DAYS + 2) * DAY + i * 1000).toISOString() }));
    await dailyJob();
    const ids = orders.map((o) => o.id);
    const cancelled = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'cancelled'").bind(JSON.stringify(ids)).first<{ n: number }>();
    expect(cancelled?.n).toBe(120);
    const emails = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE dedupe_key IN (SELECT 'order-cancelled:' || value FROM json_each(?1))").bind(JSON.stringify(ids)).first<{ n: number }>();
    expect(emails?.n).toBe(120);
    expect(await uses(code)).toBe(0);
  });
});

describe("join applications never paid", () => {
  it(`release their code use after ${UNPAID_DAYS} days and stay open; the use counts again if they are paid`, async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const code = unique("JOINSTALE").toUpperCase();
    const stale = await application({ code, createdAt: daysAgo(UNPAID_DAYS + 1) });
    await application({ code, createdAt: daysAgo(2) });
    expect(await uses(code)).toBe(2);

    await dailyJob();
    expect(await uses(code)).toBe(1);
    expect((await env.DB.prepare("SELECT status FROM applications WHERE id = ?1").bind(stale).first<{ status: string }>())?.status).toBe("awaiting_payment");

    await env.DB.prepare("UPDATE applications SET status = 'paid' WHERE id = ?1").bind(stale).run();
    expect(await uses(code)).toBe(2);
  });
});

describe("code look-ups in the cart", () => {
  let webinar: WebinarSummary;
  beforeAll(async () => {
    const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
    webinar = (await everyEntry(cms, webinarsOperation)).find((w) => w.slug === "managing-persistent-low-back-pain")!;
  });

  const lookUp = (browser: TestBrowser, code: string) => browser.fetch(`/cart?${new URLSearchParams({ items: `webinar:${webinar.id}`, code })}`);

  // Counts are per fixed minute: a run that crosses a minute's end starts counting again, so each
  // test tries enough times that one minute must see more than the limit.
  it("are limited per signed-in account, across client addresses; over the limit the cart keeps its contents and says why beside the field", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const user = await createUser();
    const browsers = [new TestBrowser(), new TestBrowser()];
    for (const browser of browsers) await browser.signIn(user.email, user.password);
    const statuses: number[] = [];
    let refused: Response | null = null;
    // Alternating addresses keep each far below the per-address limit: only the account's can refuse.
    for (let attempt = 0; attempt < 12 && !refused; attempt++) {
      const response = await lookUp(browsers[attempt % 2]!, `GUESS${attempt}`);
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else expect(await response.text()).toContain("There is no discount code");
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(refused?.status).toBe(429);
    expect(refused!.headers.get("Retry-After")).toBe("60");
    const page = await refused!.text();
    expect(page).toContain(CODE_LOOKUPS_LIMITED);
    expect(page).toContain(webinar.name);
    expect(page).toContain('data-cart-total="4500"');
    expect(page).not.toContain("There is no discount code");
    // The cart without a code is not a look-up.
    expect((await browsers[0]!.fetch(`/cart?items=webinar:${webinar.id}`)).status).toBe(200);
  });

  it("are limited per client address for visitors", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    let refused: Response | null = null;
    for (let attempt = 0; attempt < 42 && !refused; attempt++) {
      const response = await lookUp(browser, `VISITOR${attempt}`);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused?.status).toBe(429);
    expect(await refused!.text()).toContain(CODE_LOOKUPS_LIMITED);
  });
});
