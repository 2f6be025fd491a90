/**
 * The review screen in real Chromium (docs/decisions/0056): a membership type saved in the real
 * Strapi as needing approval with a required document; an applicant's join form with the
 * document (sent as the browser sends a multipart form); staff sign in, find it in the "To
 * review" tab, see the document inline, are told beside the field when they ask for nothing, then
 * approve. axe (WCAG A/AA plus best practices) finds nothing on the queue, the application with
 * its document, the form with an error, and the applicant's membership page.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { TEST_SECRETS } from "../support/test-secrets";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const workerLog: string[] = [];
const stack = useBrowserStack(WORKER_SLOTS.vettingReview, { vars: { STAFF_EMAILS: STAFF.email }, seedSql: staffSecondFactorSql(), log: (line) => workerLog.push(line) });
const url = (path: string) => stack.url(path);
const cmsUrl = inject("cmsUrl");

const SLUG = `vetted-e2e-${Date.now()}`;
const EMAIL = `vetted-${Date.now()}@guild.example`;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const asEditor = (method: string, path: string, data?: unknown) =>
  fetch(`${cmsUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
    ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
  });

let membershipId = "";

beforeAll(async () => {
  const saved = await asEditor("POST", "/api/memberships?status=published", {
    title: "Vetted practitioner",
    slug: SLUG,
    price: 120,
    joiningFee: 0,
    vatTreatment: "exempt",
    needsApproval: true,
    requiredDocuments: [{ name: "Registration certificate", hint: "A scan or photo of your current certificate." }],
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  membershipId = ((await saved.json()) as { data: { documentId: string } }).data.documentId;
});

afterAll(async () => {
  if (membershipId) await asEditor("DELETE", `/api/memberships/${membershipId}`);
});

async function expectNoAxeViolations(page: Page, state: string) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
}

describe("reviewing an application that needs approval", () => {
  it("the applicant's document is shown inline to staff, who approve it; no axe violations on the way", async () => {
    // The applicant: the join form, sent with its document as a browser sends it.
    // JavaScript on: axe runs in the page.
    const applicant = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
    const page = await applicant.context.newPage();
    await visit(page, url(`/join?membership=${SLUG}`));
    expect(await page.locator(`input[type=file][name="document-registration-certificate"]`).count()).toBe(1);
    await expectNoAxeViolations(page, "/join with a document field");
    const csrfToken = await page.locator("input[name=csrfToken]").first().inputValue();
    const fields: Record<string, string> = {
      csrfToken,
      idempotencyKey: crypto.randomUUID(),
      givenName: "Ada",
      familyName: "Example",
      phone: "01632 960 001",
      addressLine1: "1 Example Street",
      town: "Sampleton",
      postcode: "EX1 2MP",
      country: "GB",
      registrationNumber: "PH123456",
      specialisation: "Musculoskeletal",
      yearQualified: "2012",
      membership: SLUG,
      paymentMethod: "offline",
      email: EMAIL,
      password: "Correct-horse-battery-1",
      acceptTerms: "on",
      acceptPrivacy: "on",
    };
    const sent = await page.request.post(url("/join"), {
      multipart: { ...fields, "document-registration-certificate": { name: "certificate.png", mimeType: "image/png", buffer: PNG } },
      // As a browser's form post says where it comes from (the CSRF check reads it).
      headers: { Origin: new URL(url("/")).origin },
      maxRedirects: 0,
    });
    expect(sent.status(), workerLog.slice(-20).join("\n")).toBe(303);
    await visit(page, url("/user/membership"));
    expect(await page.locator("main").innerText()).toContain("Please do not pay yet");
    await expectNoAxeViolations(page, "/user/membership (being checked)");

    // Staff: sign in, the queue, the application with its document inline.
    const staff = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: true });
    const staffPage = await staff.context.newPage();
    await visit(staffPage, url("/login?callbackUrl=%2Fstaff%2Fapplications"));
    await staffPage.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
    await staffPage.getByLabel("E-mail address").fill(STAFF.email);
    await staffPage.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await staffPage.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click();
    await staffPage.waitForURL(/\/staff\//, { timeout: 15_000 });
    if (onVerifyPage(staffPage)) await passStaffVerify(staffPage);
    await visit(staffPage, url(`/staff/applications?status=awaiting_approval&q=${encodeURIComponent(EMAIL)}`));
    await expectNoAxeViolations(staffPage, "/staff/applications?status=awaiting_approval");
    await staffPage.locator("main table a").first().click();
    await staffPage.waitForURL(/\/staff\/applications\/[^/?]+$/);
    const image = staffPage.locator("img.review-document__image");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expectNoAxeViolations(staffPage, "/staff/applications/:id (to review, document inline)");

    // Asking for nothing is refused beside the field.
    await staffPage.getByRole("button", { name: "Ask the applicant" }).click();
    await staffPage.waitForLoadState();
    expect(await staffPage.locator('[data-field-error="request"]').innerText()).toContain("Enter what the applicant should send");
    await expectNoAxeViolations(staffPage, "/staff/applications/:id (ask for more, with an error)");

    await staffPage.getByRole("button", { name: "Approve application" }).click();
    await staffPage.waitForURL(/done=approved/);
    expect(await staffPage.locator("main").innerText()).toContain("Application approved");
    await expectNoAxeViolations(staffPage, "/staff/applications/:id (approved)");
    await applicant.context.close();
    await staff.context.close();
    // Several pages with axe each, on a busy machine.
  }, 180_000);
});
