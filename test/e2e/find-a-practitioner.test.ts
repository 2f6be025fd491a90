/**
 * Find a practitioner in real Chromium on a phone-sized screen against `wrangler dev` (its own D1,
 * with the gazetteer loaded and two listed practitioners): without JavaScript a misspelt town is
 * answered with a suggestion that leads to the results, nearest first (with their map), and a profile,
 * and a message sent from it is held until the link e-mailed to its writer confirms it; with
 * JavaScript "Near me" asks the browser for its position and searches from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { launchDebuggableChromium, LOOPBACK_ONLY_CHROMIUM_FLAGS } from "../../scripts/lib/chromium.mjs";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { imageFacts } from "../../src/services/practitioners/image-facts";
import { useBrowserStack } from "./support/browser-stack";
import { openContext, PHONE } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";

const listing = (id: number, name: string, town: string, lat: number, lng: number) => {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number) VALUES ('p-${id}', 'p-${id}@guild.example', 'full-member', 'Full member', 'active', 'offline', '2099-01-01', ${4000 + id});
    INSERT INTO practitioner_listings (id, user_id, listed, display_name, professional_title, contact_email) VALUES (${id}, 'p-${id}', 1, '${name}', 'Physiotherapist', 'p-${id}@guild.example');
    INSERT INTO practitioner_locations (listing_id, position, name, address, town, lat, lng, x, y, z, placed_by) VALUES (${id}, 0, '${town} Clinic', '1 High Street', '${town}', ${lat}, ${lng}, ${Math.cos(φ) * Math.cos(λ)}, ${Math.cos(φ) * Math.sin(λ)}, ${Math.sin(φ)}, 'town')`;
};

const MEMBER = DEMO_ACCOUNTS.member;

const stack = useBrowserStack(WORKER_SLOTS.practitioners, {
  // Canonical addresses and e-mailed links point at this Worker, as they point at the site in production.
  vars: { SITE_URL: siteWorkerUrl(WORKER_SLOTS.practitioners) },
  seedSql: [
    listing(9001, "Bea Bristol", "Bristol", 51.45523, -2.59665),
    listing(9002, "Eve Exeter", "Exeter", 50.7236, -3.52751),
    // The demo member, who may be listed: their own listing form.
    `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end) VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01')`,
  ].join(";\n"),
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function phone(options: Parameters<typeof openContext>[1] = {}) {
  const { context } = await openContext(stack.browser, { ...PHONE, ...options });
  contexts.push(context);
  return context.newPage();
}

describe("Find a practitioner on a phone", () => {
  it("works without JavaScript: a misspelt town gets a suggestion, the results come nearest first, a profile opens", async () => {
    const page = await phone({ javaScriptEnabled: false });
    await visit(page, url("/find-a-practitioner"));
    await page.getByLabel("Town or postcode").fill("Exetr");
    await page.getByLabel("Within").selectOption("100");
    await follow(page, () => main(page).getByRole("button", { name: "Search", exact: true }).click());
    expect(await main(page).innerText()).toContain("We could not find that place");
    await follow(page, () => main(page).getByRole("link", { name: "Exeter, Devon" }).click());
    const names = await main(page).locator(".practitioner-result__name").allInnerTexts();
    expect(names).toEqual(["Eve Exeter", "Bea Bristol"]);
    // The map is drawn in the page (no tiles, nothing fetched), numbered as the list, and named for a screen reader.
    const map = main(page).getByRole("img", { name: /^Where the practices are from Exeter, Devon.*1, Eve Exeter.*2, Bea Bristol/ });
    expect(await map.isVisible()).toBe(true);
    expect((await map.evaluate((svg) => svg.outerHTML)).length).toBeLessThan(3_000);
    expect(await main(page).locator(".practitioner-result__number").allInnerTexts()).toEqual(["1", "2"]);
    await follow(page, () => main(page).getByRole("link", { name: "Eve Exeter" }).click());
    expect(pathOf(page)).toBe("/find-a-practitioner/9002");
    expect(await main(page).innerText()).toMatch(/membership number 13002, checked on/);
  });

  it("works without JavaScript: a message is held, e-mailed to its writer with a link, and sent once they confirm", async () => {
    const page = await phone({ javaScriptEnabled: false });
    await visit(page, url("/find-a-practitioner/9002"));
    await page.getByLabel("Your name").fill("Nora Noscript");
    await page.getByLabel("Your e-mail address").fill("nora@example.org");
    await page.getByLabel("Your message").fill("Do you treat shoulder pain? I can come on Tuesdays.");
    await follow(page, () => main(page).getByRole("button", { name: "Send message" }).click());
    expect(pathOf(page)).toBe("/find-a-practitioner/9002?held=1");
    expect(await main(page).getByRole("status").innerText()).toContain("we have e-mailed you a link");

    // The e-mail, as the local mailbox shows what the outbox wrote.
    const mailbox = (await (await page.request.get(url("/dev/mailbox?format=json"))).json()) as { id: string; to: string; subject: string }[];
    const mail = mailbox.find((m) => m.to === "nora@example.org" && m.subject === "Confirm to send your message to Eve Exeter");
    expect(mail).toBeDefined();
    expect(mailbox.some((m) => m.to === "p-9002@guild.example")).toBe(false);
    await visit(page, url(`/dev/mailbox/${mail!.id}`));
    const text = await page.locator("pre.mailbox-text").innerText();
    const link = text.match(/Confirm to send your message: (\S+)/)?.[1];
    expect(link).toBeDefined();

    const { pathname, search } = new URL(link!);
    await visit(page, url(`${pathname}${search}`));
    expect(await main(page).locator("h1").innerText()).toBe("Send your message to Eve Exeter?");
    await follow(page, () => main(page).getByRole("button", { name: "Send my message" }).click());
    expect(pathOf(page)).toBe("/find-a-practitioner/9002?sent=1");
    expect(await main(page).getByRole("status").innerText()).toContain("Your message has been sent");
    const after = (await (await page.request.get(url("/dev/mailbox?format=json"))).json()) as { to: string; subject: string }[];
    expect(after.some((m) => m.to === "p-9002@guild.example" && m.subject === "A message from Nora Noscript through Find a practitioner")).toBe(true);
  });

  it("with JavaScript, Near me searches from the browser's position", async () => {
    const page = await phone({ geolocation: { latitude: 51.45, longitude: -2.59 }, permissions: ["geolocation"] });
    await visit(page, url("/find-a-practitioner"));
    await follow(page, () => main(page).getByRole("button", { name: "Near me" }).click());
    expect(pathOf(page)).toMatch(/near=51\.45000%2C-2\.59000|near=51\.45000,-2\.59000/);
    const text = await main(page).innerText();
    expect(text).toContain("near your location");
    expect(await main(page).locator(".practitioner-result__name").allInnerTexts()).toEqual(["Bea Bristol"]);
  });
});

describe("a member's listing form with JavaScript", () => {
  it("makes a large photo smaller before sending it: what is stored is a JPEG at most 800 pixels on its longer side", { timeout: 120_000 }, async () => {
    const page = await phone();
    await visit(page, url(`/login?callbackUrl=${encodeURIComponent("/user/practice")}`));
    await page.getByLabel("E-mail address").fill(MEMBER.email);
    await page.getByLabel("Password", { exact: true }).fill(MEMBER.password);
    await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
    expect(pathOf(page)).toBe("/user/practice");

    // A 3,000 × 2,000 PNG, as a camera or a screenshot might give (drawn by the browser itself).
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement("canvas");
        canvas.width = 3000;
        canvas.height = 2000;
        const context = canvas.getContext("2d")!;
        const gradient = context.createLinearGradient(0, 0, 3000, 2000);
        gradient.addColorStop(0, "#2a6f97");
        gradient.addColorStop(1, "#f4a259");
        context.fillStyle = gradient;
        context.fillRect(0, 0, 3000, 2000);
        for (let i = 0; i < 400; i++) {
          context.fillStyle = `hsl(${(i * 37) % 360} 60% 50%)`;
          context.beginPath();
          context.arc((i * 211) % 3000, (i * 137) % 2000, 20 + (i % 60), 0, 2 * Math.PI);
          context.fill();
        }
        return canvas.toDataURL("image/png").split(",")[1]!;
      }),
      "base64",
    );
    await page.getByLabel("Name as shown").fill("Max Member");
    await page.getByLabel("Practice name").first().fill("Max's Clinic");
    await page.getByLabel("Street address").first().fill("4 Fore Street");
    await page.getByLabel("Town").first().fill("Exeter");
    await page.getByLabel("Add a photo (optional)").setInputFiles({ name: "large.png", mimeType: "image/png", buffer: png });
    await follow(page, () => main(page).getByRole("button", { name: "Save my listing" }).click());
    expect(pathOf(page)).toMatch(/^\/user\/practice\?saved=1/);

    const src = await main(page).locator('img[src^="/user/practice/photo/"]').getAttribute("src");
    const stored = await page.request.get(url(src!));
    expect(stored.headers()["content-type"]).toBe("image/jpeg");
    const bytes = await stored.body();
    expect(bytes.length).toBeLessThan(png.length);
    const facts = imageFacts(new Uint8Array(bytes));
    expect([facts?.width, facts?.height]).toEqual([800, 533]);
  });
});

describe("a practitioner's profile for search engines", () => {
  // robots.txt outside production disallows everything by design, so Lighthouse's `is-crawlable`
  // is skipped here; the production robots.txt and the page's own headers are checked in the unit
  // and integration tests.
  it("scores 100 in Lighthouse's SEO category", { timeout: 180_000 }, async () => {
    const { default: lighthouse } = await import("lighthouse");
    const profileDir = mkdtempSync(join(tmpdir(), "guildhall-lighthouse-"));
    const chromium = await launchDebuggableChromium(profileDir, LOOPBACK_ONLY_CHROMIUM_FLAGS);
    try {
      const result = await lighthouse(
        url("/find-a-practitioner/9002"),
        { port: chromium.port, output: "json", logLevel: "error", onlyCategories: ["seo"], skipAudits: ["is-crawlable"], throttlingMethod: "provided" },
        undefined,
      );
      const lhr = result!.lhr;
      expect(lhr.runtimeError).toBeUndefined();
      const notPassed = lhr.categories.seo!.auditRefs
        .map((ref) => lhr.audits[ref.id]!)
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id}: ${audit.title}`);
      expect(notPassed).toEqual([]);
      expect(lhr.categories.seo!.score).toBe(1);
    } finally {
      await chromium.stop();
      rmSync(profileDir, { recursive: true, force: true });
    }
  });
});
