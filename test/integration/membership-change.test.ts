/**
 * Changing membership type from /user/membership/change, through the real Worker, D1 and the
 * fake Stripe API: the new type's evidence must be in the member's details; an offline upgrade
 * takes effect when staff record its pro-rata amount due (until then the record and the proof of
 * membership keep the type in force), a downgrade waits for the renewal (and can be withdrawn), a
 * renewal awaiting payment is repriced, a card upgrade goes through a Stripe subscription update
 * with proration, and bad or repeated forms change nothing.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { joinByCard } from "../support/worker/card-join";
import { signedInStaff } from "../support/worker/staff";
import { warmMembershipContent } from "../support/worker/warm-content";
import { fakeStripe, payCheckout, sendWebhook, stripeRequests } from "../support/worker/stripe";

const DAY = 86_400_000;
const day = (offsetDays: number) => londonDate(new Date(Date.now() + offsetDays * DAY));

/** A full member's evidence (the demo CMS asks full members for both). */
const FULL_EVIDENCE = { registrationNumber: "PH123456", yearQualified: 2015 };

/**
 * A signed-in offline member whose year started `startedDaysAgo` days ago, with the professional
 * details they joined with (`evidence`: what their join application holds).
 */
async function offlineMember(
  slug: "full-member" | "associate",
  startedDaysAgo: number,
  evidence: { registrationNumber: string | null; yearQualified: number | null } = FULL_EVIDENCE,
) {
  const user = await createUser();
  const start = day(-startedDaysAgo);
  const [y, m, d] = start.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
  const title = slug === "full-member" ? "Full member" : "Associate member";
  const details = {
    phone: null,
    address: { line1: "1 Example Street", line2: null, town: "Sampleton", postcode: "EX1 2MP", country: "United Kingdom", countryCode: "GB" },
    professional: { ...evidence, specialisation: "Sports", workplace: null, placeOfStudy: null },
    declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
  };
  const joined = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
       VALUES (?1, ?1, ?2, ?3, ?4, 'Ada', 'Changer', ?5, ?6, 'offline', 0, 'paid', ?7)`,
    ).bind(joined, `GH-J${joined.slice(0, 8).toUpperCase()}`, user.uid, user.email.toLowerCase(), slug, title, JSON.stringify(details)),
    env.DB.prepare(
      `INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
       VALUES (?1, ?2, ?3, ?4, ?5, 'active', 'offline', ?6, ?7)`,
    ).bind(user.uid, user.email.toLowerCase(), joined, slug, title, start, end),
  ]);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { user, browser, start, end };
}

const record = (userId: string) =>
  env.DB.prepare("SELECT membership_slug, next_membership_slug, next_change_on, period_end FROM memberships WHERE user_id = ?1").bind(userId).first();
const changesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT direction, status, amount_pence, application_id, stripe_invoice_id FROM membership_changes WHERE user_id = ?1 ORDER BY created_at").bind(userId).all())
    .results;
const changeForm = (membershipSlug: string, idempotencyKey: string = crypto.randomUUID()) => ({ membershipSlug, idempotencyKey });

beforeAll(warmMembershipContent, 60_000);

describe("changing membership type, paid offline", () => {
  it("an upgrade takes effect when staff record its pro-rata amount due; until then the record and the proof keep the type in force", async () => {
    const { user, browser } = await offlineMember("associate", 0); // the first day of the period
    const page = await (await browser.fetch("/user/membership/change")).text();
    expect(page).toContain('name="membershipSlug"');
    expect(page).toContain("Full member, £195.00 a year");
    expect(page).toContain("£100.00"); // the whole difference on the first day

    const form = changeForm("full-member");
    for (let i = 0; i < 2; i++) {
      const response = await browser.post("/user/membership/change", form);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/user/membership?changed=upgrade-requested");
    }
    expect(await record(user.uid)).toMatchObject({ membership_slug: "associate", next_membership_slug: null });
    const [change, ...others] = await changesOf(user.uid);
    expect(others).toEqual([]);
    expect(change).toMatchObject({ direction: "upgrade", status: "awaiting_payment", amount_pence: 10_000 });
    const due = await env.DB.prepare("SELECT id, reference, amount_due_pence, status, kind FROM applications WHERE id = ?1")
      .bind(change!.application_id)
      .first<{ id: string; reference: string; amount_due_pence: number; status: string; kind: string }>();
    expect(due).toMatchObject({ kind: "change", amount_due_pence: 10_000, status: "awaiting_payment" });

    const membershipPage = await (await browser.fetch("/user/membership?changed=upgrade-requested")).text();
    expect(membershipPage).toContain("It takes effect when your payment of the amount due below arrives");
    expect(membershipPage).not.toContain("starting today");
    expect(membershipPage).toContain(due!.reference);
    // The proof of membership shows the grade in force, not the one asked for.
    const proofBefore = await (await browser.fetch("/user/membership/proof")).text();
    expect(proofBefore).toContain("Associate member");
    expect(proofBefore).not.toContain("Full member");
    // While that amount is due, no further change.
    expect(await (await browser.fetch("/user/membership/change")).text()).toContain('data-change-block="change-awaiting-payment"');

    const staff = await signedInStaff();
    expect((await staff.post(`/staff/applications/${due!.id}/payment`, { amount: "100.00", receivedOn: londonDate(new Date()), paymentReference: "BACS 1" })).status).toBe(303);
    expect((await env.DB.prepare("SELECT status FROM applications WHERE id = ?1").bind(due!.id).first())!.status).toBe("paid");
    expect(await record(user.uid)).toMatchObject({ membership_slug: "full-member" });
    expect((await changesOf(user.uid))[0]).toMatchObject({ status: "applied" });
    expect(await (await browser.fetch("/user/membership/proof")).text()).toContain("Full member");
    expect(await (await browser.fetch("/user/membership/change")).text()).not.toContain("data-change-block");
  }, 30_000);

  it("asks what joining the new type asks: without a registration number an associate cannot become a full member", async () => {
    const { user, browser } = await offlineMember("associate", 10, { registrationNumber: null, yearQualified: 2015 });
    const refused = await browser.post("/user/membership/change", changeForm("full-member"));
    expect(refused.status).toBe(409);
    const text = await refused.text();
    expect(text).toContain("Full member asks for your professional registration number as joining it does");
    expect(text).toContain("/user/profile");
    expect(await changesOf(user.uid)).toEqual([]);
    expect(await record(user.uid)).toMatchObject({ membership_slug: "associate" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE user_id = ?1 AND kind = 'change'").bind(user.uid).first<{ n: number }>())!.n).toBe(0);
  });

  it("closing an unpaid upgrade's amount due puts the member back on their old type", { timeout: 30_000 }, async () => {
    const { user, browser } = await offlineMember("associate", 100);
    await browser.post("/user/membership/change", changeForm("full-member"));
    const [change] = await changesOf(user.uid);
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/applications/${change!.application_id}/reject`, { reason: "Not paid within a month" })).status).toBe(303);
    expect(await record(user.uid)).toMatchObject({ membership_slug: "associate" });
    expect((await changesOf(user.uid))[0]).toMatchObject({ status: "reverted" });
  });

  it("downgrades at the next renewal, reprices a renewal awaiting payment, and can be withdrawn", async () => {
    const { user, browser, end } = await offlineMember("full-member", 350); // renewal due
    expect((await browser.post("/user/membership/renew", {})).status).toBe(303);
    const renewal = () =>
      env.DB.prepare("SELECT membership_slug, amount_due_pence FROM applications WHERE user_id = ?1 AND kind = 'renewal'").bind(user.uid).first();
    expect(await renewal()).toMatchObject({ membership_slug: "full-member", amount_due_pence: 19_500 });

    expect((await browser.post("/user/membership/change", changeForm("associate"))).headers.get("Location")).toBe("/user/membership?changed=downgrade");
    expect(await record(user.uid)).toMatchObject({ membership_slug: "full-member", next_membership_slug: "associate", next_change_on: end });
    expect(await renewal()).toMatchObject({ membership_slug: "associate", amount_due_pence: 9_500 });
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain('data-scheduled-change="associate"');

    expect((await browser.post("/user/membership/change", changeForm("full-member"))).headers.get("Location")).toBe("/user/membership?changed=kept");
    expect(await record(user.uid)).toMatchObject({ membership_slug: "full-member", next_membership_slug: null });
    expect(await renewal()).toMatchObject({ membership_slug: "full-member", amount_due_pence: 19_500 });
    expect((await changesOf(user.uid)).map((c) => c.status)).toEqual(["withdrawn"]);
  });

  it("in grace, an upgrade costs nothing now and the renewal is at the new price", async () => {
    const { user, browser } = await offlineMember("associate", 370);
    await browser.post("/user/membership/change", changeForm("full-member"));
    expect((await changesOf(user.uid))[0]).toMatchObject({ direction: "upgrade", status: "applied", amount_pence: 0, application_id: null });
    expect(await record(user.uid)).toMatchObject({ membership_slug: "full-member" });
  });

  it("answers bad input with a clear message and changes nothing", async () => {
    const { user, browser } = await offlineMember("associate", 10);
    const unknown = await browser.post("/user/membership/change", changeForm("platinum-member"));
    expect(unknown.status).toBe(409);
    expect(await unknown.text()).toContain("Choose one of the memberships listed.");
    const noKey = await browser.post("/user/membership/change", { membershipSlug: "full-member" });
    expect(noKey.status).toBe(400);
    expect(await noKey.text()).toContain("This form has expired");
    const same = await browser.post("/user/membership/change", changeForm("associate"));
    expect(same.status).toBe(409);
    expect(await same.text()).toContain("You are already a Associate member");
    expect(await changesOf(user.uid)).toEqual([]);
    // Without a session: sent to sign in; without the CSRF token: refused.
    expect((await new TestBrowser().post("/user/membership/change", changeForm("full-member"))).status).toBe(303);
    expect((await browser.fetch("/user/membership/change", { method: "POST", body: new URLSearchParams(changeForm("full-member")) })).status).toBe(403);
    expect(await record(user.uid)).toMatchObject({ membership_slug: "associate" });
  });

  it("is not offered to a lapsed member", async () => {
    const { browser } = await offlineMember("associate", 400);
    expect(await (await browser.fetch("/user/membership/change")).text()).toContain('data-change-block="ended"');
  });
});

describe("changing membership type, paid by card", () => {
  it("moves the Stripe subscription to the new price with proration, and records Stripe's invoice", async () => {
    await fakeStripe("/__prices", { body: JSON.stringify({ price_demo_associate_member_subscription: 9_500, price_demo_full_member_subscription: 19_500 }) });
    const joined = await joinByCard({ membership: "associate" });
    const paid = await payCheckout(joined.sessionId, 11_000);
    expect((await sendWebhook("checkout.session.completed", { id: joined.sessionId, object: "checkout.session" })).status).toBe(200);
    const userId = joined.application.user_id;

    const response = await joined.browser.post("/user/membership/change", changeForm("full-member"));
    expect(response.headers.get("Location")).toBe("/user/membership?changed=upgrade");
    const update = (await stripeRequests()).findLast((r) => r.method === "POST" && r.path === `/v1/subscriptions/${paid.session.subscription}`)!;
    expect(update.body).toMatchObject({ proration_behavior: "always_invoice", items: [{ price: "price_demo_full_member_subscription" }] });
    const [change] = await changesOf(userId);
    expect(change).toMatchObject({ direction: "upgrade", status: "applied", application_id: null });
    expect(change!.stripe_invoice_id).toMatch(/^in_test_/);
    expect(await record(userId)).toMatchObject({ membership_slug: "full-member" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM applications WHERE user_id = ?1 AND kind = 'change'").bind(userId).first<{ n: number }>())!.n).toBe(0);
  });
});
