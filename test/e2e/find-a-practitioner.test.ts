/**
 * Find a practitioner in real Chromium on a phone-sized screen against `wrangler dev` (its own D1,
 * with the gazetteer loaded and two listed practitioners): without JavaScript a misspelt town is
 * answered with a suggestion that leads to the results, nearest first (with their map), and a profile; with
 * JavaScript "Near me" asks the browser for its position and searches from it.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { useBrowserStack } from "./support/browser-stack";
import { openContext, PHONE } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";

const listing = (id: number, name: string, town: string, lat: number, lng: number) => {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number) VALUES ('p-${id}', 'p-${id}@guild.example', 'full-member', 'Full member', 'active', 'offline', '2099-01-01', ${4000 + id});
    INSERT INTO practitioner_listings (id, user_id, listed, display_name, professional_title, contact_email) VALUES (${id}, 'p-${id}', 1, '${name}', 'Physiotherapist', 'p-${id}@guild.example');
    INSERT INTO practitioner_locations (listing_id, position, name, address, town, lat, lng, x, y, z, placed_by) VALUES (${id}, 0, '${town} Clinic', '1 High Street', '${town}', ${lat}, ${lng}, ${Math.cos(φ) * Math.cos(λ)}, ${Math.cos(φ) * Math.sin(λ)}, ${Math.sin(φ)}, 'town')`;
};

const stack = useBrowserStack(WORKER_SLOTS.practitioners, {
  seedSql: [listing(9001, "Bea Bristol", "Bristol", 51.45523, -2.59665), listing(9002, "Eve Exeter", "Exeter", 50.7236, -3.52751)].join(";\n"),
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
