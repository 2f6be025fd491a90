/**
 * Idempotency keys find only their own user's application or order. The key is in the form's
 * HTML, so it can leak (a shared screen, a saved page, a proxy log); someone else submitting it
 * must see nothing of what it made and change nothing of it. The card case runs against the FAKE
 * Stripe API (test/support/fake-stripe.ts; Stripe cannot be reached here).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarsOperation } from "../../src/adapters/cms/operations";
import { createUser, idTokenFor, TestBrowser } from "../support/worker/browser";
import { validForm } from "../support/worker/join-form";
import { stripeRequests } from "../support/worker/stripe";
import { everyEntry } from "../support/worker/cms-lists";

let backPainId: string; // £45

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  backPainId = (await everyEntry(cms, webinarsOperation)).find((w) => w.slug === "managing-persistent-low-back-pain")!.id;
});

const quiet = () => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
};

const row = (table: "applications" | "orders", key: string) =>
  env.DB.prepare(`SELECT * FROM ${table} WHERE idempotency_key = ?1`).bind(key).first<Record<string, unknown>>();
const countFor = async (table: "applications" | "orders" | "memberships", userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`).bind(userId).first<{ n: number }>())!.n;

async function signedIn() {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { user, browser };
}

/** A refusal that says what to do and shows nothing of the record the key names. */
async function expectRefused(response: Response, record: Record<string, unknown>): Promise<void> {
  expect(response.status).toBe(409);
  expect(response.headers.get("Location")).toBeNull();
  const html = await response.text();
  expect(html).toContain("has already been used. Reload");
  for (const field of ["id", "reference", "email", "given_name", "family_name", "checkout_session_id"]) {
    if (typeof record[field] === "string") expect(html, field).not.toContain(record[field]);
  }
}

/** A join form whose names appear nowhere else, so a page showing them would be caught. */
const firstApplicant = () => validForm({ givenName: `Zenobia${Date.now()}`, familyName: `Quillfeather${Date.now()}` });

describe("the join form's key", () => {
  it("submitted by another signed-in user: a clear error, nothing of the first applicant's application, nothing changed", async () => {
    quiet();
    const first = firstApplicant();
    expect((await new TestBrowser().post("/join", first)).status).toBe(303);
    const before = (await row("applications", first.idempotencyKey!))!;

    const { user, browser } = await signedIn();
    const response = await browser.post("/join", validForm({ email: undefined, password: undefined, paymentMethod: "card", idempotencyKey: first.idempotencyKey! }));
    await expectRefused(response, before);
    expect(await row("applications", first.idempotencyKey!)).toEqual(before);
    expect(await countFor("applications", user.uid)).toBe(0);
    expect(await countFor("memberships", user.uid)).toBe(0);
    expect(await (await browser.fetch("/user/membership")).text()).not.toContain(String(before.reference));
  });

  it("submitted by a visitor with another address: the same error, and no account is made for it", async () => {
    quiet();
    const first = firstApplicant();
    await new TestBrowser().post("/join", first);
    const before = (await row("applications", first.idempotencyKey!))!;

    const visitor = new TestBrowser();
    const second = validForm({ idempotencyKey: first.idempotencyKey! });
    await expectRefused(await visitor.post("/join", second), before);
    expect(visitor.sessionCookie).toBeUndefined();
    await expect(idTokenFor(second.email!, second.password!)).rejects.toThrow("INVALID_LOGIN_CREDENTIALS");
    expect(await row("applications", first.idempotencyKey!)).toEqual(before);
  });
});

describe("the cart checkout form's key", () => {
  it("submitted by another user: a clear error, no redirect to the first buyer's Checkout, their order unchanged", async () => {
    quiet();
    const form = { items: `webinar:${backPainId}`, expectedTotalPence: "4500", idempotencyKey: crypto.randomUUID(), paymentMethod: "card" };
    const buyer = await signedIn();
    expect((await buyer.browser.post("/cart/checkout", form)).headers.get("Location")).toMatch(new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/`));
    const before = (await row("orders", form.idempotencyKey))!;
    const stripeCalls = (await stripeRequests()).length;

    const other = await signedIn();
    const response = await other.browser.post("/cart/checkout", { ...form, paymentMethod: "offline" });
    await expectRefused(response, before);
    expect(await row("orders", form.idempotencyKey)).toEqual(before);
    expect(await countFor("orders", other.user.uid)).toBe(0);
    // Neither the open Checkout session nor a new one for that order was asked for.
    const later = (await stripeRequests()).slice(stripeCalls).map((r) => JSON.stringify(r));
    expect(later.filter((r) => r.includes(String(before.id)) || r.includes(String(before.checkout_session_id)))).toEqual([]);
  });
});
