/**
 * Membership records made before their owner first signed in (staff grants, imports: user id
 * `email:<address>`) against the real Firebase Auth emulator: an address nobody has proven gains
 * nothing, a verified one claims the record exactly once, and nothing ever matches by e-mail.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { allGeneralPagesOperation } from "../../src/adapters/cms/operations";
import { pageHref } from "../../src/shared/links";
import { createUser, idTokenFor, TestBrowser, verifyEmail } from "../support/worker/browser";
import { everyEntry } from "../support/worker/cms-lists";

const BACK_PAIN = "/webinars/managing-persistent-low-back-pain"; // £45, members £25
let membersOnly: string;

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  membersOnly = pageHref((await everyEntry(cms, allGeneralPagesOperation)).find((p) => p.membersOnly)!);
});

/** An active, card-paid membership staff granted to `email` before anyone signed in with it. */
async function grantBeforeSignIn(email: string, userId = `email:${email.toLowerCase()}`): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, stripe_customer_id)
     VALUES (?1, ?2, 'full-member', 'Full member', 'active', 'card', 'cus_granted_member')`,
  )
    .bind(userId, email.toLowerCase())
    .run();
}

/** Who holds the records made for this address (sorted). */
const owners = async (email: string) =>
  (await env.DB.prepare("SELECT user_id FROM memberships WHERE email = ?1").bind(email.toLowerCase()).all<{ user_id: string }>()).results
    .map((row) => row.user_id)
    .sort();

async function expectNotMember(browser: TestBrowser): Promise<void> {
  expect((await browser.fetch(membersOnly)).status).toBe(403);
  const webinar = await (await browser.fetch(BACK_PAIN)).text();
  expect(webinar).not.toContain("Member price");
  expect(webinar).toContain("£45.00");
  const membership = await (await browser.fetch("/user/membership")).text();
  expect(membership).toContain("You are not a member yet.");
  expect((await browser.post("/user/membership/billing-portal", {})).status).toBe(404);
}

async function expectMember(browser: TestBrowser): Promise<void> {
  expect((await browser.fetch(membersOnly)).status).toBe(200);
  expect(await (await browser.fetch(BACK_PAIN)).text()).toContain("Member price");
}

/** Silences the log; returns the events logged as warnings. */
const quiet = () => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () => warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; userId?: string });
};

describe("a membership granted to an e-mail address before its first sign-in", () => {
  it("gives nothing to an account whose address is not verified: no members-only pages, no member price, no billing portal", async () => {
    quiet();
    const user = await createUser();
    await grantBeforeSignIn(user.email);
    const browser = new TestBrowser();
    expect((await browser.signIn(user.email, user.password)).status).toBe(303);
    await expectNotMember(browser);
    expect(await owners(user.email)).toEqual([`email:${user.email}`]);
  });

  it("is claimed by a verified address, exactly once, when two sign-ins race", async () => {
    quiet();
    const user = await createUser();
    await grantBeforeSignIn(user.email);
    await verifyEmail(user.email, user.password);
    const [first, second] = [new TestBrowser(), new TestBrowser()];
    const signIns = await Promise.all([first.signIn(user.email, user.password), second.signIn(user.email, user.password)]);
    expect(signIns.map((r) => r.status)).toEqual([303, 303]);
    expect(await owners(user.email)).toEqual([user.uid]);
    await expectMember(first);
    await expectMember(second);
  });

  it("is claimed when the address is verified after signing in, at the next token sync, keeping the session", async () => {
    quiet();
    const user = await createUser();
    await grantBeforeSignIn(user.email);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const session = browser.sessionCookie;
    expect((await browser.fetch(membersOnly)).status).toBe(403);

    await verifyEmail(user.email, user.password);
    const synced = await browser.fetch("/api/auth/token", {
      method: "POST",
      headers: { Authorization: `Bearer ${await idTokenFor(user.email, user.password)}`, "X-CSRF-Token": await browser.csrfToken() },
    });
    expect(synced.status).toBe(200);
    expect(browser.sessionCookie).toBe(session);
    expect(await owners(user.email)).toEqual([user.uid]);
    await expectMember(browser);
  });

  it("is never taken from another account, even by a verified address (a record whose owner changed or deleted their account)", async () => {
    quiet();
    const user = await createUser();
    const formerOwner = `former-${crypto.randomUUID()}`;
    await grantBeforeSignIn(user.email, formerOwner);
    await verifyEmail(user.email, user.password);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    await expectNotMember(browser);
    expect(await owners(user.email)).toEqual([formerOwner]);
  });

  it("is not merged into a record the user already has: both stay as they were, and staff are told", async () => {
    const warnings = quiet();
    const user = await createUser();
    await env.DB.prepare(
      "INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES (?1, ?2, 'student', 'Student', 'awaiting_payment', 'offline')",
    )
      .bind(user.uid, user.email)
      .run();
    await grantBeforeSignIn(user.email);
    await verifyEmail(user.email, user.password);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    expect(await owners(user.email)).toEqual([`email:${user.email}`, user.uid].sort());
    expect((await browser.fetch(membersOnly)).status).toBe(403);
    expect(warnings()).toContainEqual(expect.objectContaining({ event: "membership.claim_conflict", userId: user.uid }));
  });
});

describe("a session without an e-mail address", () => {
  it("never matches a membership record with an empty e-mail", async () => {
    quiet();
    await env.DB.prepare(
      "INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES (?1, '', 'full-member', 'Full member', 'active', 'offline')",
    )
      .bind(`no-email-${crypto.randomUUID()}`)
      .run();
    const anonymous = await fetch(`http://${env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    const { idToken } = (await anonymous.json()) as { idToken: string };
    const browser = new TestBrowser();
    expect((await browser.post("/api/auth/callback/credentials", { idToken, json: "true" })).status).toBe(200);
    expect(await (await browser.fetch("/api/auth/session")).json()).toMatchObject({ user: { email: null } });
    expect((await browser.fetch(membersOnly)).status).toBe(403);
    expect(await (await browser.fetch(BACK_PAIN)).text()).not.toContain("Member price");
  });
});
