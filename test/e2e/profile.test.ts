/**
 * A member's own records in real Chromium against `wrangler dev` (its own D1) and the Firebase
 * Auth emulator, with JavaScript off: the demo member corrects their details on /user/profile
 * (a problem comes back next to its field), and a member changes their sign-in address through
 * the link Firebase would e-mail (read from the emulator), then signs in with the new one. axe
 * finds nothing on either page with JavaScript on.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";

const MEMBER = DEMO_ACCOUNTS.member;
const EMULATOR_URL = `http://${inject("firebaseEmulatorHost")}`;
const PROJECT = inject("firebaseProjectId");
const DETAILS = JSON.stringify({
  phone: "01632 960 001",
  address: { line1: "1 Example Street", line2: null, town: "Sampleton", region: null, postcode: "EX1 2MP", country: "United Kingdom", countryCode: "GB" },
  professional: { registrationNumber: "PH123456", specialisation: "Musculoskeletal", workplace: "Sampleton Clinic", yearQualified: 2012, placeOfStudy: null },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:15:00.000Z" },
}).replaceAll("'", "''");

const stack = useBrowserStack(WORKER_SLOTS.profile, {
  // The demo member's membership and the join application it came from, on this Worker's own D1.
  seedSql: `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details)
              VALUES ('profile-app', 'profile-key', 'GH-PROFILE1', '${MEMBER.uid}', '${MEMBER.email}', 'Demo', 'Member', 'full-member', 'Full member', 'offline', 22000, 'paid', '${DETAILS}');
            INSERT INTO memberships (user_id, email, application_id, membership_slug, membership_title, status, payment_method, period_start, period_end)
              VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'profile-app', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');`,
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");

async function signIn(page: Page, email: string, password: string, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
}

async function identity<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe("a member's own records with JavaScript off", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false }));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("corrects the details on /user/profile, with a problem shown next to its field", async () => {
    await signIn(page, MEMBER.email, MEMBER.password, "/user/profile");
    await expect.poll(() => pathOf(page)).toBe("/user/profile");
    expect(await page.getByLabel("Town or city").inputValue()).toBe("Sampleton");

    await page.getByLabel("Last name").fill("");
    await follow(page, () => main(page).getByRole("button", { name: "Save your details" }).click());
    expect(await main(page).innerText()).toContain("Enter your last name");
    expect(await page.getByLabel("Last name").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Last name").fill("Member-Jones");
    await page.getByLabel("Town or city").fill("Exeter");
    await page.getByLabel("Postcode").fill("ex4 4qj");
    await follow(page, () => main(page).getByRole("button", { name: "Save your details" }).click());
    expect(pathOf(page)).toBe("/user/profile?saved=1");
    expect(await main(page).innerText()).toContain("Your details have been saved.");
    expect(await page.getByLabel("Town or city").inputValue()).toBe("Exeter");
    expect(await page.getByLabel("Postcode").inputValue()).toBe("EX4 4QJ");
  });

  it("changes the sign-in address through the link sent to it, then signs in with the new one", async () => {
    const password = "Correct-horse-battery-1";
    const oldEmail = `profile-${Date.now()}@guild.example`;
    const newEmail = `profile-new-${Date.now()}@guild.example`;
    await identity("signUp", { email: oldEmail, password, returnSecureToken: true });
    const { context: own } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const tab = await own.newPage();
      await signIn(tab, oldEmail, password, "/user/account");
      await follow(tab, () => main(tab).getByRole("link", { name: "Change your e-mail address" }).click());
      expect(pathOf(tab)).toBe("/user/account/email");
      await tab.getByLabel("New e-mail address").fill(newEmail);
      await tab.getByLabel("Your password").fill(password);
      await follow(tab, () => main(tab).getByRole("button", { name: "Send the link" }).click());
      expect(await main(tab).innerText()).toContain(`If ${newEmail} can be used for an account, we have sent a link to it.`);

      // The link Firebase would e-mail: opening it changes the address, then returns to the site.
      const codes = (await (await fetch(`${EMULATOR_URL}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as { oobCodes: { newEmail?: string; oobCode: string; oobLink: string }[] };
      const code = codes.oobCodes.find((c) => c.newEmail === newEmail)!;
      await identity("update", { oobCode: code.oobCode });
      const back = new URL(new URL(code.oobLink).searchParams.get("continueUrl")!);
      await visit(tab, url(`${back.pathname}${back.search}`));
      expect(await main(tab).innerText()).toContain(`Your account now signs in with ${newEmail}`);

      await visit(tab, url("/user/account"));
      expect(pathOf(tab)).not.toBe("/user/account");
      await signIn(tab, newEmail, password, "/user/account");
      await expect.poll(() => pathOf(tab)).toBe("/user/account");
      expect(await main(tab).innerText()).toContain(newEmail);
    } finally {
      await own.close();
    }
  });
});

describe("accessibility", () => {
  it.each(["/user/profile", "/user/account/email"])("axe finds no violations on %s", async (path) => {
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await signIn(page, MEMBER.email, MEMBER.password, path);
      await expect.poll(() => pathOf(page)).toBe(path);
      expect(formatFindings(await axeFindings(page)), `axe on ${path}`).toEqual([]);
      expect(await page.locator("h1").count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
