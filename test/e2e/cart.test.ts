/**
 * The browser cart in real Chromium, against `wrangler dev` and the real Strapi demo content:
 * "Add to cart" with the cart island (browser storage, the header badge, the announcement), a
 * bundle replacing its webinars, /cart loading the stored cart and keeping storage in step
 * (an item added by address, Remove, items checkout took out), and "Add to cart" without
 * JavaScript.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../src/shared/storage-keys";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, openContext } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { WORKER_SLOTS } from "./support/site-worker";

const stack = useBrowserStack(WORKER_SLOTS.cart);
const url = (path: string) => stack.url(path);

const BACK_PAIN = "/webinars/managing-persistent-low-back-pain";
const OLDER_ADULTS = "/webinars/exercise-prescription-for-older-adults";
const CLINICAL_BUNDLE = "/webinars/bundles/spring-clinical-skills";

/** The stored cart's items as `kind:id`. */
async function stored(page: Page): Promise<string[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart);
  const cart = JSON.parse(raw ?? '{"items":[]}') as { items: { kind: string; id: string }[] };
  return cart.items.map((item) => `${item.kind}:${item.id}`);
}

const badge = (page: Page) => page.locator("header [data-cart-count]");
const addValue = (page: Page, scope = "main") => page.locator(`${scope} form[data-add-to-cart] input[name="add"]`).first().inputValue();

describe("with JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, DESKTOP));
    page = await context.newPage();
    watch = await watchPage(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("adds a webinar to the stored cart, updates the badge and announces it, without leaving the page", async () => {
    await visit(page, url(BACK_PAIN));
    const webinar = await addValue(page);
    await page.locator("main form[data-add-to-cart] button").click();
    const form = page.locator("main form[data-add-to-cart]");
    await expect.poll(() => form.locator("[data-cart-status]").innerText()).toBe("Added “Managing Persistent Low Back Pain: What the Evidence Says” to your cart.");
    expect(await form.getByRole("link", { name: "In your cart — View cart" }).getAttribute("href")).toBe("/cart");
    expect(pathOf(page)).toBe(BACK_PAIN);
    expect(await stored(page)).toEqual([webinar]);
    expect(await badge(page).innerText()).toBe("1");
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("a bundle replaces its webinars in the cart, and its webinars then show as in the cart", async () => {
    await visit(page, url(CLINICAL_BUNDLE));
    const bundle = await addValue(page, ".bundle-buy");
    await page.locator(".bundle-buy form[data-add-to-cart] button").click();
    await expect
      .poll(() => page.locator(".bundle-buy [data-cart-status]").innerText())
      .toBe("Added “Spring Clinical Skills Bundle” to your cart. It replaces 1 webinar in your cart that the bundle includes.");
    expect(await stored(page)).toEqual([bundle]);
    expect(await badge(page).innerText()).toBe("1");

    await visit(page, url(BACK_PAIN));
    expect(await page.locator("main form[data-add-to-cart]").getByRole("link", { name: "In your cart — View cart" }).count()).toBe(1);
    expect(await page.locator("main form[data-add-to-cart] button").count()).toBe(0);
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("/cart loads the stored cart, adds an item from the address to it, and Remove keeps storage in step", async () => {
    const bundle = (await stored(page))[0]!;
    await visit(page, url("/cart"));
    await expect.poll(() => pathOf(page)).toBe(`/cart?items=${encodeURIComponent(bundle)}`);
    expect(await page.locator("tr[data-cart-line]").count()).toBe(1);

    await visit(page, url(OLDER_ADULTS));
    const webinar = await addValue(page);
    await visit(page, url(`/cart?add=${webinar}`));
    await expect.poll(() => page.locator("tr[data-cart-line]").count()).toBe(2);
    expect(await page.locator("[data-cart-added]").innerText()).toBe("Added “Exercise Prescription for Older Adults” to your cart.");
    expect(new URL(page.url()).searchParams.get("add")).toBeNull();
    expect(new URL(page.url()).searchParams.get("items")).toBe(`${bundle},${webinar}`);
    expect(await stored(page)).toEqual([bundle, webinar]);
    expect(await badge(page).innerText()).toBe("2");

    await follow(page, () => page.getByRole("link", { name: "Remove Spring Clinical Skills Bundle" }).click());
    expect(await stored(page)).toEqual([webinar]);
    expect(await badge(page).innerText()).toBe("1");

    // Emptying the cart empties storage too; the webinar goes back in for the next test.
    await follow(page, () => page.getByRole("link", { name: "Empty your cart" }).click());
    expect(await page.locator('[data-cart-notice="cleared"]').count()).toBe(1);
    expect(await stored(page)).toEqual([]);
    expect(await badge(page).isHidden()).toBe(true);
    await visit(page, url(`/cart?add=${webinar}`));
    await expect.poll(() => stored(page)).toEqual([webinar]);
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("axe finds nothing wrong with the cart, a bundle page or a webinar page with the cart controls", async () => {
    for (const path of ["/cart", CLINICAL_BUNDLE, OLDER_ADULTS]) {
      await visit(page, url(path));
      await expect.poll(() => page.locator("[data-cart-page] tr[data-cart-line], .bundle-buy, .detail-layout__side").count()).toBeGreaterThan(0);
      const findings = await axeFindings(page);
      expect(formatFindings(findings), path).toEqual([]);
    }
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });

  it("items checkout took out leave the stored cart, and an empty cart says so", async () => {
    const [webinar] = await stored(page);
    await visit(page, url(`/cart?notice=removed&removed=${webinar}`));
    expect(await page.locator('[data-cart-notice="removed"]').count()).toBe(1);
    expect(await stored(page)).toEqual([]);
    expect(await page.locator("[data-cart-empty]").innerText()).toContain("Nothing in your cart yet.");
    expect(await badge(page).isHidden()).toBe(true);
    expect(watch.take()).toEqual(NO_PROBLEMS);
  });
});

describe("without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false }));
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("Add to cart opens the cart with the item in it", async () => {
    await visit(page, url(BACK_PAIN));
    const webinar = await addValue(page);
    await follow(page, () => page.locator("main form[data-add-to-cart] button").click());
    expect(pathOf(page)).toBe(`/cart?add=${encodeURIComponent(webinar)}`);
    expect(await page.locator("tr[data-cart-line]").getAttribute("data-cart-line")).toBe(webinar);
    expect(await page.locator("[data-cart-added]").innerText()).toBe("Added “Managing Persistent Low Back Pain: What the Evidence Says” to your cart.");
  });
});
