/**
 * Buying webinars end to end (issue 6): real Chromium against `wrangler dev` (its own D1), the
 * real Strapi demo content and the Firebase Auth emulator.
 *
 * 1. A visitor adds a recorded webinar and a bundle to the cart (JavaScript on: the cart island
 *    keeps it in localStorage), opens /cart, is asked to sign in, follows "Create an account" to
 *    /register, creates one there (the auth island, through Firebase's browser SDK, which also
 *    sends the verification e-mail: read back from the emulator) and comes back signed in to the
 *    same cart, and checks out paying by bank transfer: /user/webinars shows the order awaiting
 *    payment and the browser's cart is emptied.
 * 2. Staff find the order at /staff/orders and record the payment.
 * 3. The buyer's /user/webinars lists the recording and the bundle's webinars, and the recorded
 *    webinar's page offers its recording.
 * 4. A member sees the member price, and a webinar free for members put in the cart while signed
 *    out is granted at once at checkout.
 * The tests run in order and share the buyer's browser.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS, listOobCodes } from "../../scripts/lib/firebase.mjs";
import { londonDate } from "../../src/shared/london-date";
import { STORAGE_KEYS } from "../../src/shared/storage-keys";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;
const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.webinars, {
  vars: { STAFF_EMAILS: STAFF.email },
  // The demo member's membership record, on this Worker's own D1.
  seedSql: `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
            VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');
            ${staffSecondFactorSql()}`,
  log: (line) => workerLog.push(line),
});
const url = (path: string) => stack.url(path);

const RECORDING = "/webinars/exercise-prescription-for-older-adults"; // £35, a recording
const BUNDLE = "/webinars/bundles/spring-clinical-skills"; // three live webinars, 20% off
const BACK_PAIN = "/webinars/managing-persistent-low-back-pain"; // £45, members £25
const PELVIC = "/webinars/pelvic-health-essentials"; // £45, free for members

interface Tab {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}
async function openTab(): Promise<Tab> {
  const { context } = await openContext(stack.browser, DESKTOP);
  const page = await context.newPage();
  return { context, page, watch: await watchPage(page) };
}

const main = (page: Page) => page.locator("main");
async function expectNoAxeViolations(page: Page, state: string) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
}
const mainText = async (page: Page) => (await main(page).innerText()).replace(/\s+/g, " ");
const badge = (page: Page) => page.locator("header [data-cart-count]");
const storedItems = async (page: Page) =>
  ((JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart)) ?? '{"items":[]}') as { items: unknown[] }).items).length;

async function addToCart(page: Page, path: string, scope: string) {
  await visit(page, url(path));
  await page.locator(`${scope} form[data-add-to-cart] button`).click();
  await expect.poll(() => page.locator(`${scope} [data-cart-status]`).innerText()).toMatch(/^Added/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
}

/** A new buyer's details, typed on /register. */
const newBuyer = () => ({ name: "Bea Buyer", email: `buyer-${Date.now().toString(36)}@e2e.guildhall.example`, password: "Buyer-password-1" });

describe("buying webinars: cart, a new account, offline checkout, staff payment, access", () => {
  let buyer: Tab;
  const account = newBuyer();
  let reference = "";

  beforeAll(async () => {
    buyer = await openTab();
  });
  afterAll(async () => {
    await buyer?.context.close();
    const errors = workerLog.filter((line) => /"level":"error"/.test(line));
    if (errors.length > 0) console.info(`Worker errors:\n${errors.join("\n")}`);
  });

  it("lets a visitor fill the cart with a webinar and a bundle, create an account on /register, and come back to the same cart", async () => {
    const { page } = buyer;
    await addToCart(page, RECORDING, "main .detail-layout__side");
    await addToCart(page, BUNDLE, ".bundle-buy");
    expect(await badge(page).innerText()).toBe("2");

    await visit(page, url("/cart"));
    await expect.poll(() => page.locator("tr[data-cart-line]").count()).toBe(2);
    expect(await page.locator("[data-cart-total]").innerText()).toBe("£135.00"); // £35 + (£125 less 20%)
    await follow(page, () => page.locator("[data-cart-register]").click());
    expect(pathOf(page)).toMatch(/^\/register\?callbackUrl=%2Fcart%3Fitems%3D/);
    await expectNoAxeViolations(page, "/register");
    // The auth island is ready once it has marked the submit button.
    await page.locator("form[data-auth-form=register] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
    await page.getByLabel("Your name").fill(account.name);
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await follow(page, () => page.getByRole("button", { name: /^Creat(e|ing) (an |your )?account/ }).click());
    await expect.poll(() => pathOf(page)).toMatch(/^\/cart\?items=/);
    await expect.poll(() => page.locator("tr[data-cart-line]").count()).toBe(2);
    expect(await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))).toMatchObject({ user: { email: account.email } });
    const verification = (await listOobCodes({ url: `http://${inject("firebaseEmulatorHost")}` })).filter(
      (code) => code.email === account.email && code.requestType === "VERIFY_EMAIL",
    );
    expect(verification, "Firebase's verification e-mail").toHaveLength(1);
    expect(buyer.watch.take()).toEqual(NO_PROBLEMS);
  });

  it("checks out by bank transfer: the order awaits payment and the browser's cart is emptied", async () => {
    const { page } = buyer;
    await page.getByRole("radio", { name: /Bank transfer/ }).check();
    await follow(page, () => main(page).getByRole("button", { name: "Check out" }).click());
    expect(pathOf(page)).toMatch(/^\/user\/webinars\?ordered=/);
    const awaiting = page.locator("[data-order-awaiting]");
    expect(await awaiting.count()).toBe(1);
    reference = (await awaiting.getAttribute("data-order-awaiting"))!;
    expect(reference).toMatch(/^GH-[A-Z0-9]{8}$/);
    expect(await mainText(page)).toContain("£135.00");
    await expect.poll(() => storedItems(page)).toBe(0);
    await expect.poll(() => badge(page).isHidden()).toBe(true);
    await expectNoAxeViolations(page, "/user/webinars (an order awaiting payment)");
    // The panel's own section (the editors' "My webinars" page around it may list recordings too).
    expect(await main(page).locator("h2#recordings").count()).toBe(1);
    expect(await mainText(page)).toContain("No recordings yet.");
    expect(buyer.watch.take()).toEqual(NO_PROBLEMS);
  });

  it("lets staff find the order and record the payment", async () => {
    const staff = await openTab();
    try {
      const { page } = staff;
      await visit(page, url("/login?callbackUrl=%2Fstaff%2Forders"));
      await signIn(page, STAFF.email, STAFF.password);
      // Staff pass the second factor (the demo key is seeded on this Worker), then go on.
      await expect.poll(() => onVerifyPage(page) || pathOf(page) === "/staff/orders").toBe(true);
      if (onVerifyPage(page)) await passStaffVerify(page);
      await expect.poll(() => pathOf(page)).toBe("/staff/orders");
      await main(page).getByLabel(/^Search/).fill(reference);
      await follow(page, () => main(page).getByRole("button", { name: "Search" }).click());
      const rows = main(page).locator("table tbody tr");
      expect(await rows.count()).toBe(1);
      await expectNoAxeViolations(page, "/staff/orders (search results)");
      await follow(page, () => rows.first().getByRole("link", { name: reference }).click());
      await expectNoAxeViolations(page, "/staff/orders/:id (awaiting payment)");
      await page.getByLabel("Amount received, in pounds").fill("135");
      await page.getByLabel("Date received").fill(londonDate(new Date()));
      await page.getByLabel("Payment reference").fill(`BANK-${reference}`);
      await follow(page, () => main(page).getByRole("button", { name: "Record payment" }).click());
      expect((await main(page).getByRole("status").innerText()).trim()).toBe("Payment recorded. The buyer can now watch their webinars.");
      expect(staff.watch.take()).toEqual(NO_PROBLEMS);
    } finally {
      await staff.context.close();
    }
  });

  it("shows the buyer every webinar bought, and the recording on its page", async () => {
    const { page } = buyer;
    await visit(page, url("/user/webinars"));
    expect(await page.locator("[data-order-awaiting]").count()).toBe(0);
    const recordings = page.locator("section[aria-labelledby=recordings] [data-webinar]");
    expect(await recordings.evaluateAll((items) => items.map((i) => i.getAttribute("data-webinar")))).toEqual(["exercise-prescription-for-older-adults"]);
    const upcoming = await page.locator("section[aria-labelledby=coming-up] [data-webinar]").evaluateAll((items) => items.map((i) => i.getAttribute("data-webinar")));
    // The bundle's three, and the webinar free for everyone.
    expect(upcoming.sort()).toEqual([
      "ethics-and-professional-boundaries",
      "introduction-to-clinical-reasoning",
      "managing-persistent-low-back-pain",
      "pelvic-health-essentials",
    ]);
    expect(await mainText(page)).toContain(reference); // in the order history
    await expectNoAxeViolations(page, "/user/webinars (paid)");

    const webinar = await visit(page, url(RECORDING));
    expect(webinar.headers()["cache-control"]).toBe("private, no-store");
    const access = page.locator("#webinar-access");
    expect(await access.getAttribute("data-access")).toBe("recording");
    expect(await access.getByRole("link", { name: "Watch the recording" }).getAttribute("href")).toBe("https://vimeo.example/video/800000001");
    await expectNoAxeViolations(page, "a webinar page with its recording");

    const live = await visit(page, url(BACK_PAIN));
    expect(live.status()).toBe(200);
    expect(await page.locator("#webinar-access").getAttribute("data-access")).toBe("live-soon");
    expect(await page.locator("#webinar-access").getByRole("link", { name: /Add to your calendar/ }).getAttribute("href")).toBe(`${BACK_PAIN}/calendar.ics`);
    expect(await page.content()).not.toContain("zoom.example");
    expect(buyer.watch.take()).toEqual(NO_PROBLEMS);
  });
});

describe("a member", () => {
  it("sees the member price, and gets a member-free webinar at once at checkout", async () => {
    const tab = await openTab();
    try {
      const { page } = tab;
      // Signed out, the member-free webinar costs £45, and it goes in the cart.
      await addToCart(page, PELVIC, "main .detail-layout__side");
      await addToCart(page, BACK_PAIN, "main .detail-layout__side");
      await visit(page, url("/login?callbackUrl=%2Fcart"));
      await signIn(page, MEMBER.email, MEMBER.password);
      await expect.poll(() => pathOf(page)).toMatch(/^\/cart\?items=/);
      await expect.poll(() => page.locator("tr[data-cart-line]").count()).toBe(2);
      const lines = (await page.locator("tr[data-cart-line]").allInnerTexts()).map((t) => t.replace(/\s+/g, " "));
      expect(lines.find((l) => l.includes("Pelvic Health"))).toMatch(/Free/);
      expect(lines.find((l) => l.includes("Low Back Pain"))).toContain("£25.00");
      expect(await page.locator("[data-cart-total]").innerText()).toBe("£25.00");

      await page.getByRole("radio", { name: /Bank transfer/ }).check();
      await follow(page, () => main(page).getByRole("button", { name: "Check out" }).click());
      expect(pathOf(page)).toMatch(/^\/user\/webinars\?ordered=/);
      const upcoming = await page.locator("section[aria-labelledby=coming-up] [data-webinar]").evaluateAll((items) => items.map((i) => i.getAttribute("data-webinar")));
      expect(upcoming).toContain("pelvic-health-essentials");
      expect(await page.locator("[data-order-awaiting]").count(), "the member-priced webinar awaits payment").toBe(1);
      expect(await mainText(page)).toContain("£25.00");

      await visit(page, url(BACK_PAIN));
      expect((await main(page).locator(".facts").innerText()).replace(/\s+/g, " ")).toContain("£25.00");
      expect(tab.watch.take()).toEqual(NO_PROBLEMS);
    } finally {
      await tab.context.close();
    }
  });
});
