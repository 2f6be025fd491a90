/**
 * Joining with card payment, end to end (issue 5): real Chromium against a real `wrangler dev`
 * configured for Stripe, whose API is a local FAKE (test/support/fake-stripe.ts; Stripe cannot
 * be reached here). The browser goes as far as the Checkout redirect (the fake's page stands in
 * for Stripe's); the payment is then made on the fake and confirmed by a `checkout.session.completed`
 * webhook signed with the endpoint's secret, which activates the membership.
 */
import type { Page } from "playwright-core";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { TEST_SECRETS } from "../support/test-secrets";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";

let fake: FakeStripe;
const workerLog: string[] = [];
// Registered first, so the fake is up before useBrowserStack's beforeAll starts the Worker.
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});
const stack = useBrowserStack(WORKER_SLOTS.cardJoin, {
  vars: {
    SITE_URL: siteWorkerUrl(WORKER_SLOTS.cardJoin),
    STRIPE_SECRET_KEY: TEST_SECRETS.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: TEST_SECRETS.stripeWebhookSecret,
    get STRIPE_API_URL() {
      return fake.url;
    },
  },
  log: (line) => workerLog.push(line),
});


const main = (page: Page) => page.locator("main");
async function rowValue(page: Page, label: string): Promise<string> {
  return (await main(page).locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`).first().innerText()).trim();
}

async function webhook(type: string, object: { id: string; object: string }): Promise<Response> {
  const body = JSON.stringify({ id: `evt_e2e_${Date.now()}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = await new Stripe(TEST_SECRETS.stripeSecretKey).webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: TEST_SECRETS.stripeWebhookSecret,
  });
  return fetch(stack.url("/api/stripe/webhook"), { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

describe("joining with card payment", () => {
  it("goes from the join form to Stripe Checkout, and a signed checkout.session.completed makes the applicant a member", async () => {
    const { context, blocked } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      const email = `card-${Date.now().toString(36)}@e2e.guildhall.example`;
      await visit(page, stack.url("/join?membership=full-member"));
      expect(await page.getByRole("radio", { name: /^Card/ }).isChecked(), "card is the default when Stripe is configured").toBe(true);
      await page.getByLabel("First name", { exact: true }).fill("Cara");
      await page.getByLabel("Last name", { exact: true }).fill("Card");
      await page.getByLabel("Address line 1", { exact: true }).fill("2 Example Street");
      await page.getByLabel("Town or city", { exact: true }).fill("Exeter");
      await page.getByLabel("Postcode", { exact: true }).fill("EX1 2MP");
      await page.getByLabel("Professional registration number", { exact: true }).fill("PH654321");
      const specialisation = page.getByLabel("Specialisation", { exact: true });
      await specialisation.selectOption({ index: 1 });
      await page.getByLabel("Year you qualified", { exact: true }).fill("2014");
      await page.getByLabel("E-mail address", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("Card-payer-password-1");
      await page.getByLabel(/I accept the/).check();
      await page.getByLabel(/I have read the/).check();

      // The form's 303 goes to Checkout: allowed by the page's form-action policy, and only to Stripe's (here: the fake's) origin.
      await follow(page, () => page.getByRole("button", { name: "Submit application" }).click());
      expect(new URL(page.url()).origin, "the browser is on (fake) Stripe Checkout").toBe(fake.url);
      expect(await page.title()).toBe("Fake Stripe Checkout");
      const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
      expect(sessionId).toMatch(/^cs_test_/);

      // Before paying, the membership awaits payment and offers card payment again.
      await visit(page, stack.url("/user/membership"));
      expect(await rowValue(page, "Status")).toBe("Awaiting payment");
      expect(await main(page).getByRole("button", { name: "Pay by card" }).count()).toBe(1);
      expect(formatFindings(await axeFindings(page)), "axe on /user/membership (awaiting card payment)").toEqual([]);

      // The customer pays on Stripe; Stripe calls the webhook.
      const paid = (await (await fetch(`${fake.url}/__complete/${sessionId}?amount=14500`, { method: "POST" })).json()) as { session: { subscription: string } };
      expect(paid.session.subscription).toMatch(/^sub_test_/);
      const response = await webhook("checkout.session.completed", { id: sessionId, object: "checkout.session" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ received: true, outcome: "handled" });

      const membership = await visit(page, stack.url("/user/membership"));
      expect(membership.status()).toBe(200);
      expect(await rowValue(page, "Status")).toMatch(/^Active until \d{1,2} \w+ \d{4}$/);
      expect(await rowValue(page, "Payment method")).toBe("Card");
      expect(await rowValue(page, "Renews on")).toMatch(/\d{4}/);
      expect((await main(page).locator("table tbody tr").first().innerText()).replace(/\s+/g, " ")).toContain("£145.00");
      expect(formatFindings(await axeFindings(page)), "axe on /user/membership (card-paid member)").toEqual([]);

      // The billing portal button leads to (fake) Stripe's portal.
      await follow(page, () => main(page).getByRole("button", { name: "Manage billing and payment card" }).click());
      expect(await page.title()).toBe("Fake Stripe billing portal");

      const members = await visit(page, stack.url("/professionals/cpd-resources"));
      expect(pathOf(page)).toBe("/professionals/cpd-resources");
      expect(members.status(), "the members-only page opens").toBe(200);
      expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
      expect(blocked, "requests that would have left loopback").toEqual([]);
    } catch (error) {
      console.info(`Worker log:\n${workerLog.filter((l) => /error/i.test(l)).join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
