/**
 * Signing in, signing out, the access tiers and password reset, as a person does them: real
 * Chromium against a real `wrangler dev` (its own local D1, the demo member marked active), the real
 * Strapi with the demo content and the real Firebase Auth emulator the global setup started
 * (e-mail enumeration protection on, demo accounts seeded).
 *
 * - With JavaScript the `auth` island signs in through Firebase's browser SDK and posts the ID
 *   token; without it the form posts e-mail and password and the Worker signs in through
 *   Firebase's REST API. Both are driven here, on the members-only demo page
 *   /professionals/cpd-resources: visitor -> sign-in page -> non-member (403, invited to join) ->
 *   sign out -> member (the page's content).
 * - Password reset is requested on /password-reset (SDK with JavaScript, form post without), the
 *   "e-mail" is read from the emulator's out-of-band codes, and the link is followed in the browser:
 *   the emulator's action page has no form, it answers with a URL template to GET with the new
 *   password, which then redirects to the continue URL, /login?reset=done.
 * - The sign-in form's keyboard order, labels, and the error summary's focus and role.
 *
 * Every page is watched for console errors, exceptions and CSP violations, and every context for
 * requests that would leave loopback.
 */
import type { BrowserContext, BrowserContextOptions, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS, listOobCodes } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, tabTo, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";

const SITE_URL = siteWorkerUrl(WORKER_SLOTS.signIn);
const EMULATOR_URL = `http://${inject("firebaseEmulatorHost")}`;
const PROJECT_ID = inject("firebaseProjectId");

const stack = useBrowserStack(WORKER_SLOTS.signIn, {
  // SITE_URL is this Worker's own origin, so the reset e-mail's continue URL comes back here.
  vars: { SITE_URL },
  seedSql: `INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method) VALUES ('${DEMO_ACCOUNTS.member.uid}', '${DEMO_ACCOUNTS.member.email}', 'full-member', 'Full member', 'active', 'offline')`,
});
const url = (path: string) => stack.url(path);

const MEMBERS_PAGE = "/professionals/cpd-resources";
const SIGN_IN_FAILED = "Something went wrong. Please try again later";
const MEMBERS_ONLY = "This page is for members of the Guild.";
const FLAG_KEY = "guildhall.loggedInPreviously";
const FLAG_COOKIE = "guildhall_logged_in_previously";
const SESSION_COOKIE = "guildhall_session";

const status = failedToLoad;

// ---------------------------------------------------------------------------------------------
// Browser tabs

interface Tab {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  blocked: string[];
}

/** One browser context and tab for a describe block, its problems watched. */
function useTab(options: BrowserContextOptions): Tab {
  const tab = {} as Tab;
  beforeAll(async () => {
    ({ context: tab.context, blocked: tab.blocked } = await openContext(stack.browser, options));
    tab.page = await tab.context.newPage();
    tab.watch = await watchPage(tab.page);
  });
  afterAll(async () => {
    await tab.context?.close();
  });
  return tab;
}

/** No console errors (but `allow`), exceptions, CSP violations or off-loopback requests since last asked. */
function expectClean(tab: Tab, where: string, allow: RegExp[] = []) {
  expect(tab.watch.take(allow), `${where}: console errors, exceptions and CSP violations`).toEqual(NO_PROBLEMS);
  expect(tab.blocked.splice(0), `${where}: requests that would have left loopback`).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The sign-in form

const form = (page: Page) => page.locator("form[data-auth-form]");
const emailField = (page: Page) => page.getByLabel("E-mail address");
const passwordField = (page: Page) => page.getByLabel("Password", { exact: true });
const signInButton = (page: Page) => form(page).getByRole("button", { name: /^Sign(ing)? in/ });
const errorSummary = (page: Page) => page.locator("main [role=alert]");
const headerAccountLink = (page: Page) => page.getByRole("banner").locator(".account-links a").first();

/**
 * With JavaScript, the auth island is ready once it has read the session and rendered its state
 * (it marks the submit button aria-busy). Submitting earlier would post the form without it.
 */
async function islandReady(page: Page) {
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
}

async function fillSignIn(page: Page, email: string, password: string) {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
}

/**
 * `follow`, resolved with the response of the document the tab finally shows: a form post is
 * answered with a 303, whose redirect is the page the person sees.
 */
async function land(page: Page, action: () => Promise<unknown>): Promise<Response> {
  let request = (await follow(page, action)).request();
  for (let next = request.redirectedTo(); next; next = request.redirectedTo()) request = next;
  const response = await request.response();
  if (!response) throw new Error(`no response for ${request.url()}`);
  return response;
}

/** Signs in on the sign-in page the tab shows and resolves with the page it then lands on. */
async function signIn(page: Page, email: string, password: string) {
  await fillSignIn(page, email, password);
  return land(page, () => signInButton(page).click());
}

/** The header's account link: "Sign in" for a visitor, "Your account" when signed in. */
const headerLinkText = async (page: Page) => (await headerAccountLink(page).innerText()).trim();

/** What GET /api/auth/session says, asked from the page (with its cookies). */
const sessionSeenByPage = (page: Page) =>
  page.evaluate(async () => (await fetch("/api/auth/session", { credentials: "same-origin" })).json() as Promise<{ user?: { email: string } }>);

async function cookieValue(context: BrowserContext, name: string) {
  return (await context.cookies(SITE_URL)).find((cookie) => cookie.name === name)?.value;
}

/** From anywhere, to /user/account through the header, then "Sign out"; resolves on "/". */
async function signOutFromAccount(page: Page) {
  const account = await land(page, () => headerAccountLink(page).click());
  expect(pathOf(page)).toBe("/user/account");
  expect(account.status()).toBe(200);
  // The editors' "Account settings" page (type User, slug account) is shown around the account screen.
  expect((await page.locator("main h1").innerText()).trim()).toBe("Account settings");
  return land(page, () => page.locator("main").getByRole("button", { name: "Sign out" }).click());
}

/** The visitor is sent from the members-only page to sign in, told why, with the way back kept. */
async function expectSentToSignIn(page: Page, javaScript: boolean) {
  const response = await visit(page, url(MEMBERS_PAGE));
  if (javaScript) await islandReady(page);
  const here = new URL(page.url());
  expect(here.pathname, "a visitor is sent to the sign-in page").toBe("/api/auth/signin");
  expect(here.searchParams.get("error")).toBe("SessionRequired");
  expect(here.searchParams.get("callbackUrl")).toBe(MEMBERS_PAGE);
  expect(response.status()).toBe(200);
  expect((await page.locator("main h1").innerText()).trim()).toBe("Sign in");
  expect(await response.text(), "the Worker renders the SessionRequired message").toContain("Please sign in to see that page.");
  // Being sent to sign in is not a failed sign-in: the page says why in a status notice (and
  // the island must not wipe it), with no error summary.
  expect(
    await page.getByRole("status").allInnerTexts(),
    `the sign-in page says why the visitor is here (SessionRequired), with JavaScript ${javaScript ? "on" : "off"}`,
  ).toContain("Please sign in to see that page.");
  expect(await errorSummary(page).count()).toBe(0);
  expect(await headerLinkText(page)).toBe("Sign in");
}

/** A signed-in non-member on the members-only page: 403, invited to join. */
async function expectMembersOnlyInvitation(page: Page, status: number, email: string) {
  expect(pathOf(page), "back on the page the visitor asked for").toBe(MEMBERS_PAGE);
  expect(status).toBe(403);
  const main = page.locator("main");
  expect(await main.innerText()).toContain(MEMBERS_ONLY);
  expect(await main.innerText()).toContain(`You are signed in as ${email}`);
  expect(await main.getByRole("link", { name: "See membership options" }).getAttribute("href")).toBe("/memberships");
  expect(await main.locator("[data-block]").count(), "no members-only content for a non-member").toBe(0);
  expect(await headerLinkText(page), "the header offers the account once signed in").toBe("Your account");
}

/** A member on the members-only page: its content blocks. */
async function expectMembersPage(page: Page, response: Response) {
  expect(pathOf(page)).toBe(MEMBERS_PAGE);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"], "gated pages are never cached").toContain("no-store");
  const main = page.locator("main");
  expect(await main.locator("[data-block]").count(), "the member sees the page's content blocks").toBeGreaterThan(0);
  expect(await main.innerText()).toContain("CPD resources");
  expect(await main.innerText()).not.toContain(MEMBERS_ONLY);
  expect(await headerLinkText(page)).toBe("Your account");
}

// ---------------------------------------------------------------------------------------------
// The Firebase Auth emulator's REST API (what a test may do that a person would do by e-mail)

let accountCount = 0;

/** A new account (the visitor registered earlier), through the emulator's signUp. */
async function createAccount(label: string, password: string): Promise<{ email: string; password: string }> {
  const email = `${label}-${Date.now()}-${accountCount++}@e2e.guildhall.example`;
  const response = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp ${email}: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** Whether the emulator accepts this e-mail and password. */
async function passwordWorks(email: string, password: string): Promise<boolean> {
  const response = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return response.ok;
}

/** The reset link the emulator "sent" to `email` (the newest), waiting briefly for it. */
async function resetLinkFor(email: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const codes = await listOobCodes({ url: EMULATOR_URL, projectId: PROJECT_ID });
    const mine = codes.filter((code) => code.email === email && code.requestType === "PASSWORD_RESET");
    if (mine.length > 0) return mine.at(-1)!.oobLink;
    if (Date.now() > deadline) throw new Error(`no PASSWORD_RESET code for ${email} in the emulator`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Follows the reset link in the browser. The emulator's action page (GET /emulator/action) has no
 * form: it answers 400 with JSON instructions and a `urlTemplate` to GET with the new password in
 * place of NEW_PASSWORD_HERE. Doing that resets the password and redirects (303) to the continue
 * URL. Resolves with the response of the page it lands on.
 */
async function completeResetInBrowser(tab: Tab, oobLink: string, newPassword: string) {
  const link = new URL(oobLink);
  expect(link.searchParams.get("mode")).toBe("resetPassword");
  expect(link.searchParams.get("continueUrl"), "the reset link returns to this site's sign-in page").toBe(`${SITE_URL}/login?reset=done`);

  const action = await tab.page.goto(oobLink);
  expect(action?.status(), "the emulator's action page without a new password").toBe(400);
  const instructions = (await action!.json()) as { authEmulator?: { error?: string; urlTemplate?: string } };
  expect(instructions.authEmulator?.error).toBe("missing newPassword query parameter");
  const template = instructions.authEmulator?.urlTemplate ?? "";
  expect(template).toContain("newPassword=NEW_PASSWORD_HERE");
  tab.watch.take([status(400)]); // the emulator's own 400, by design

  const landed = await visit(tab.page, template.replace("NEW_PASSWORD_HERE", encodeURIComponent(newPassword)));
  expect(pathOf(tab.page), "the emulator sends the user back to the continue URL").toBe("/login?reset=done");
  expect(landed.status()).toBe(200);
  expect(await tab.page.getByRole("status").innerText()).toContain("Your password has been changed");
  return landed;
}

// ---------------------------------------------------------------------------------------------

describe("with JavaScript (the auth island signs in through Firebase's browser SDK)", () => {
  const tab = useTab(DESKTOP);
  const user = DEMO_ACCOUNTS.user;
  const member = DEMO_ACCOUNTS.member;
  let userSessionCookie: string | undefined;

  it("sends a visitor from a members-only page to sign in, and keeps them there on a wrong password", async () => {
    const { page } = tab;
    await expectSentToSignIn(page, true);
    const before = pathOf(page);

    await fillSignIn(page, user.email, "not-the-password-1");
    await signInButton(page).click();
    await expect.poll(() => errorSummary(page).innerText().catch(() => ""), { message: "the error summary after a wrong password" }).toContain(SIGN_IN_FAILED);
    expect(await errorSummary(page).innerText()).toContain("Check your e-mail address and password.");
    expect(pathOf(page), "a failed sign-in stays on the page").toBe(before);
    expect(await emailField(page).inputValue(), "the e-mail stays in the field").toBe(user.email);
    expect(await signInButton(page).isEnabled(), "the button is usable again").toBe(true);
    expect(await sessionSeenByPage(page)).toEqual({});
    // The emulator answers the wrong password with 400 INVALID_LOGIN_CREDENTIALS; Chromium logs it.
    expectClean(tab, "wrong password", [status(400)]);
  });

  it("signs in a non-member, who lands back on the page and is invited to join (403)", async () => {
    const { page, context } = tab;
    const landed = await signIn(page, user.email, user.password);
    await expectMembersOnlyInvitation(page, landed.status(), user.email);
    expect(landed.headers()["cache-control"]).toContain("no-store");
    expect((await sessionSeenByPage(page)).user?.email).toBe(user.email);
    expect(await page.evaluate((key) => localStorage.getItem(key), FLAG_KEY)).toBe("true");
    expect(await cookieValue(context, FLAG_COOKIE)).toBeTruthy();
    userSessionCookie = await cookieValue(context, SESSION_COOKIE);
    expect(userSessionCookie, "a session cookie").toBeTruthy();
    expectClean(tab, "members-only page as a non-member", [status(403)]);
  });

  it("signs out from /user/account, back to / as a visitor, remembering the earlier sign-in", async () => {
    const { page, context } = tab;
    await signOutFromAccount(page);
    expect(pathOf(page), "sign-out returns to /").toBe("/");
    expect(await headerLinkText(page)).toBe("Sign in");
    expect(await sessionSeenByPage(page)).toEqual({});
    expect(await page.evaluate((key) => localStorage.getItem(key), FLAG_KEY)).toBe("true");
    expect(await cookieValue(context, FLAG_COOKIE), `${FLAG_COOKIE} survives sign-out`).toBeTruthy();
    expect(await cookieValue(context, SESSION_COOKIE), "the session cookie is gone").toBeUndefined();
    // A copy of the old cookie no longer works: the session was revoked, not just forgotten.
    const replay = await fetch(url("/api/auth/session"), { headers: { Cookie: `${SESSION_COOKIE}=${userSessionCookie}` } });
    expect(await replay.json()).toEqual({});
    expectClean(tab, "account and sign-out");
  });

  it("signs in the member, who sees the members-only content", async () => {
    const { page } = tab;
    await expectSentToSignIn(page, true);
    const landed = await signIn(page, member.email, member.password);
    await expectMembersPage(page, landed);
    expect((await sessionSeenByPage(page)).user?.email).toBe(member.email);
    expectClean(tab, "members-only page as a member");
  });

  it("stays signed out after signing out, when the sign-in page loads Firebase again", async () => {
    const { page } = tab;
    await signOutFromAccount(page);
    expect(await sessionSeenByPage(page)).toEqual({});
    // The sign-in page loads Firebase's SDK, which still remembers the user in IndexedDB unless
    // sign-out told it; token sync must not turn that memory back into a session.
    const synced = page.waitForRequest((request) => request.url().endsWith("/api/auth/token") && request.method() === "POST", { timeout: 3_000 }).catch(() => null);
    await visit(page, url("/login"));
    await islandReady(page);
    const tokenPost = await synced;
    if (tokenPost) await tokenPost.response();
    const session = await sessionSeenByPage(page);
    expect(
      session,
      tokenPost ? `the sign-in page POSTed a remembered ID token to /api/auth/token and got a session for ${session.user?.email}` : "no session",
    ).toEqual({});
    await visit(page, url("/"));
    expect(await headerLinkText(page), "the header after signing out and opening the sign-in page").toBe("Sign in");
    expectClean(tab, "sign-in page after sign-out");
  });
});

describe("without JavaScript (the form posts e-mail and password)", () => {
  const tab = useTab({ ...DESKTOP, javaScriptEnabled: false });
  const user = DEMO_ACCOUNTS.user;
  const member = DEMO_ACCOUNTS.member;

  it("comes back with the error and the e-mail kept after a wrong password", async () => {
    const { page } = tab;
    await expectSentToSignIn(page, false);
    const answer = await signIn(page, user.email, "not-the-password-1");
    const here = new URL(page.url());
    expect(here.pathname).toBe("/login");
    expect(here.searchParams.get("error")).toBe("CredentialsSignin");
    expect(here.searchParams.get("callbackUrl"), "the way back is kept").toBe(MEMBERS_PAGE);
    expect(here.searchParams.has("password"), "the password is never put in the URL").toBe(false);
    expect(answer.status()).toBe(200);
    expect(await errorSummary(page).innerText()).toContain(SIGN_IN_FAILED);
    expect(await errorSummary(page).innerText()).toContain("Check your e-mail address and password.");
    expect(await emailField(page).inputValue(), "the e-mail stays in the field").toBe(user.email);
    expect(await passwordField(page).inputValue(), "the password is not sent back").toBe("");
    expect(await cookieValue(tab.context, SESSION_COOKIE)).toBeUndefined();
    expectClean(tab, "wrong password without JavaScript");
  });

  it("signs in a non-member through the form post, back to the page (403, invited to join)", async () => {
    const { page, context } = tab;
    // The e-mail is still in the field from the failed attempt.
    await passwordField(page).fill(user.password);
    const landed = await land(page, () => signInButton(page).click());
    await expectMembersOnlyInvitation(page, landed.status(), user.email);
    expect(await cookieValue(context, FLAG_COOKIE), "the Worker sets the logged-in-previously cookie").toBeTruthy();
    expectClean(tab, "members-only page as a non-member without JavaScript", [status(403)]);
  });

  it("signs out, then signs in the member, who sees the content", async () => {
    const { page, context } = tab;
    await signOutFromAccount(page);
    expect(pathOf(page)).toBe("/");
    expect(await headerLinkText(page)).toBe("Sign in");
    expect(await cookieValue(context, SESSION_COOKIE)).toBeUndefined();
    expect(await cookieValue(context, FLAG_COOKIE)).toBeTruthy();

    await expectSentToSignIn(page, false);
    const landed = await signIn(page, member.email, member.password);
    await expectMembersPage(page, landed);
    expectClean(tab, "members-only page as a member without JavaScript");
  });
});

describe("password reset", () => {
  describe("with JavaScript (Firebase's SDK sends the e-mail)", () => {
    const tab = useTab(DESKTOP);

    it("requests the e-mail, follows its link through the emulator, and signs in with the new password", async () => {
      const { page } = tab;
      const account = await createAccount("reset-js", "Old-password-js-1");
      const newPassword = "New-password-js-1";

      await visit(page, url("/password-reset"));
      await islandReady(page);
      await emailField(page).fill(account.email);
      await form(page).getByRole("button", { name: /Send the reset e-mail|Sending/ }).click();
      await expect
        .poll(() => page.locator("[data-auth-status-region] [role=status]").innerText().catch(() => ""), { message: "the request is confirmed" })
        .toContain(`If an account exists for ${account.email}`);
      expect(pathOf(page), "the island answers in place").toBe("/password-reset");
      expect(await errorSummary(page).count()).toBe(0);
      expectClean(tab, "password reset request with JavaScript");

      await completeResetInBrowser(tab, await resetLinkFor(account.email), newPassword);
      expect(await passwordWorks(account.email, account.password), "the old password no longer works").toBe(false);
      await islandReady(page);
      expect(await emailField(page).isEditable(), "sign-in is ready").toBe(true);
      const landed = await signIn(page, account.email, newPassword);
      expect(pathOf(page), "signed in, to the default destination").toBe("/");
      expect(landed.status()).toBe(200);
      expect(await headerLinkText(page)).toBe("Your account");
      expectClean(tab, "sign-in with the new password");
    });
  });

  describe("without JavaScript (the Worker asks Firebase's REST API)", () => {
    const tab = useTab({ ...DESKTOP, javaScriptEnabled: false });

    it("requests the e-mail by form post, follows its link through the emulator, and signs in with the new password", async () => {
      const { page } = tab;
      const account = await createAccount("reset-nojs", "Old-password-nojs-1");
      const newPassword = "New-password-nojs-1";

      await visit(page, url("/password-reset"));
      await emailField(page).fill(account.email);
      const answer = await land(page, () => form(page).getByRole("button", { name: "Send the reset e-mail" }).click());
      expect(answer.status()).toBe(200);
      expect(await page.locator("[data-auth-status-region] [role=status]").innerText()).toContain(`If an account exists for ${account.email}`);
      expect(await errorSummary(page).count()).toBe(0);
      expectClean(tab, "password reset request without JavaScript");

      await completeResetInBrowser(tab, await resetLinkFor(account.email), newPassword);
      expect(await passwordWorks(account.email, account.password), "the old password no longer works").toBe(false);
      const landed = await signIn(page, account.email, newPassword);
      expect(pathOf(page)).toBe("/");
      expect(landed.status()).toBe(200);
      expect(await headerLinkText(page)).toBe("Your account");
      expectClean(tab, "sign-in with the new password without JavaScript");
    });
  });
});

describe("the sign-in form with a keyboard and a screen reader", () => {
  const tab = useTab(DESKTOP);

  it("has labelled fields, Tab order e-mail -> password -> button, and a focused, announced error summary", async () => {
    const { page } = tab;
    await visit(page, url("/login"));
    await islandReady(page);

    // Labels and what assistive technology and password managers read from the fields.
    const email = emailField(page);
    const password = passwordField(page);
    expect(await email.getAttribute("type")).toBe("email");
    expect(await email.getAttribute("autocomplete")).toBe("email");
    expect(await password.getAttribute("type")).toBe("password");
    expect(await password.getAttribute("autocomplete")).toBe("current-password");
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).count(), "one button named Sign in").toBe(1);

    // Tab reaches the e-mail field, then the password, then the button.
    await tabTo(page, email);
    await page.keyboard.type(DEMO_ACCOUNTS.user.email);
    await page.keyboard.press("Tab");
    expect(await password.evaluate((element) => element === document.activeElement), "Tab from e-mail goes to password").toBe(true);
    await page.keyboard.type("not-the-password-2");
    await page.keyboard.press("Tab");
    expect(await signInButton(page).evaluate((element) => element === document.activeElement), "Tab from password goes to the button").toBe(true);

    // Enter on the button submits; the error summary is an alert, in a live region, and takes focus.
    await page.keyboard.press("Enter");
    const summary = errorSummary(page);
    await expect.poll(() => summary.innerText().catch(() => ""), { message: "the error summary" }).toContain(SIGN_IN_FAILED);
    expect(await summary.evaluate((element) => element === document.activeElement), "focus moves to the error summary").toBe(true);
    expect(await summary.evaluate((element) => element.closest("[aria-live]")?.getAttribute("aria-live"))).toBe("assertive");
    expect(await email.inputValue()).toBe(DEMO_ACCOUNTS.user.email);

    // From the summary, Tab leads back into the form (nothing in between traps the user).
    const back = await tabTo(page, email, 5);
    expect(back, "Tab presses from the error summary to the e-mail field").toBeLessThanOrEqual(5);

    const findings = await axeFindings(page);
    expect(formatFindings(findings), "axe on the sign-in page with its error summary").toEqual([]);
    expectClean(tab, "keyboard sign-in", [status(400)]);
  });

  it("without JavaScript the error summary is an alert whose link leads to the field", async () => {
    const { context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await visit(page, url("/login"));
      await fillSignIn(page, DEMO_ACCOUNTS.user.email, "not-the-password-3");
      await land(page, () => page.keyboard.press("Enter"));
      const summary = errorSummary(page);
      expect(await summary.count()).toBe(1);
      expect(await summary.getAttribute("aria-labelledby"), "the alert is named by its title").toBe("error-summary-title");
      expect(await page.locator("#error-summary-title").innerText()).toBe(SIGN_IN_FAILED);
      const link = summary.getByRole("link");
      expect(await link.getAttribute("href")).toBe("#password");
      expect(await page.locator("#password").count(), "the summary's link points at a field on the page").toBe(1);
      expect(await emailField(page).inputValue()).toBe(DEMO_ACCOUNTS.user.email);
    } finally {
      await context.close();
    }
  });
});
