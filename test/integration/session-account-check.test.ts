/**
 * Sessions end within an hour of what happens to their account outside the site, against the
 * real Firebase Auth emulator: a password reset through the e-mail link, an administrator
 * disabling or deleting the account. An hour passing is done honestly, the way it would happen:
 * the session's last-check time in D1 is moved back by more than an hour.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { completePasswordReset, createUser, deleteAccount, disableAccount, TestBrowser, verifyEmail } from "../support/worker/browser";
import { passSecondFactor } from "../support/worker/staff";

/** Firebase keeps validSince in whole seconds; a sign-in in the same second still counts (as in firebase-admin). */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** An hour (and a second) passes since the account was last checked, for every session of the user. */
async function anHourPasses(uid: string): Promise<void> {
  await env.DB.prepare("UPDATE sessions SET account_checked_at = account_checked_at - 3601 WHERE user_id = ?1").bind(uid).run();
}

const signedInAs = async (browser: TestBrowser) => ((await (await browser.fetch("/api/auth/session")).json()) as { user?: { email: string } }).user?.email ?? null;

async function signedIn(bindings: ConstructorParameters<typeof TestBrowser>[0] = null) {
  const user = await createUser();
  const browser = new TestBrowser(bindings);
  expect((await browser.signIn(user.email, user.password)).status).toBe(303);
  expect(await signedInAs(browser)).toBe(user.email);
  return { user, browser };
}

const quiet = () => vi.spyOn(console, "log").mockImplementation(() => undefined);

describe("a session whose account changed outside the site", () => {
  it("ends within the hour after a password reset through the e-mail link; a sign-in with the new password stays", async () => {
    quiet();
    const { user, browser: thief } = await signedIn();
    await nextSecond();
    expect((await new TestBrowser().post("/password-reset", { email: user.email })).status).toBe(200);
    await completePasswordReset(user.email, "Owner-took-it-back-4");

    // Within the hour the session stands: Firebase is asked at most hourly per session.
    expect(await signedInAs(thief)).toBe(user.email);
    await anHourPasses(user.uid);
    expect(await signedInAs(thief)).toBeNull();
    expect(thief.sessionCookie).toBeUndefined();

    const owner = new TestBrowser();
    await owner.signIn(user.email, "Owner-took-it-back-4");
    await anHourPasses(user.uid);
    expect(await signedInAs(owner)).toBe(user.email);
  });

  it("ends within the hour after an administrator disables the account", async () => {
    quiet();
    const { user, browser } = await signedIn();
    await disableAccount(user.uid);
    await anHourPasses(user.uid);
    expect(await signedInAs(browser)).toBeNull();
  });

  it("ends within the hour after the account is deleted", async () => {
    quiet();
    const { user, browser } = await signedIn();
    await deleteAccount(user.uid);
    await anHourPasses(user.uid);
    expect(await signedInAs(browser)).toBeNull();
  });

  it("loses the staff pages with it when it is a staff account that was disabled", async () => {
    quiet();
    const user = await createUser();
    await verifyEmail(user.email, user.password);
    const staff = new TestBrowser({ STAFF_EMAILS: user.email });
    await staff.signIn(user.email, user.password);
    await passSecondFactor(staff, user.email.toLowerCase());
    expect((await staff.fetch("/staff/applications")).status).toBe(200);

    await disableAccount(user.uid);
    await anHourPasses(user.uid);
    expect((await staff.fetch("/staff/applications")).status).toBe(404);
    expect(await signedInAs(staff)).toBeNull();
  });
});

describe("a session whose account is in good standing", () => {
  it("is kept after the hourly check, which is then not repeated for another hour", async () => {
    quiet();
    const { user, browser } = await signedIn();
    await anHourPasses(user.uid);
    const before = Math.floor(Date.now() / 1000);
    expect(await signedInAs(browser)).toBe(user.email);
    const row = await env.DB.prepare("SELECT account_checked_at AS checked, account_check_failed_at AS failed FROM sessions WHERE user_id = ?1").bind(user.uid).first<{
      checked: number;
      failed: number | null;
    }>();
    expect(row!.checked).toBeGreaterThanOrEqual(before);
    expect(row!.failed).toBeNull();
  });

  it("survives the check after the user changed the password on the site (the new sign-in is not older than the change)", async () => {
    quiet();
    const { user, browser } = await signedIn();
    const elsewhere = new TestBrowser();
    await elsewhere.signIn(user.email, user.password);
    await nextSecond();
    expect((await browser.post("/user/password", { currentPassword: user.password, newPassword: "Changed-on-the-site-5" })).status).toBe(303);
    await anHourPasses(user.uid);
    expect(await signedInAs(browser)).toBe(user.email);
    expect(await signedInAs(elsewhere)).toBeNull();
  });
});
