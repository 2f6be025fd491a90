/**
 * Prices for the viewer on the webinar screens, and the /cart page (issue 6), through the Worker
 * against the real Strapi demo content and D1: what each viewer pays, a cart in the address
 * priced again from the CMS whatever the address says, the no-JavaScript "Add to cart", notices
 * from checkout, and the checkout form that POST /cart/checkout accepts.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { webinarBundlesOperation, webinarsOperation } from "../../src/adapters/cms/operations";
import type { WebinarBundle, WebinarSummary } from "../../src/domain/content";
import { MAX_CART_ITEMS } from "../../src/shared/cart";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { one, select, squash } from "../unit/views/render";
import { everyEntry } from "../support/worker/cms-lists";

let webinars: WebinarSummary[];
let bundles: WebinarBundle[];

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  [webinars, bundles] = await Promise.all([everyEntry(cms, webinarsOperation), everyEntry(cms, webinarBundlesOperation)]);
});

const bySlug = (slug: string) => webinars.find((w) => w.slug === slug)!;
const BACK_PAIN = () => bySlug("managing-persistent-low-back-pain"); // £45, members £25, upcoming
const PELVIC = () => bySlug("pelvic-health-essentials"); // upcoming, free for members already, £45 otherwise
const CLINICAL_REASONING = () => bySlug("introduction-to-clinical-reasoning"); // upcoming, free for everyone already
const ETHICS = () => bySlug("ethics-and-professional-boundaries"); // £35 for everyone
const CLINICAL = () => bundles.find((b) => b.slug === "spring-clinical-skills")!; // back pain, pelvic, ethics: 20% off
const MASTERCLASS = () => bundles.find((b) => b.slug === "recorded-masterclass-collection")!; // two recordings, £15 off

async function signedIn(options: { member?: boolean } = {}) {
  const user = await createUser();
  if (options.member) await makeMember(user);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const page = async (browser: TestBrowser, path: string) => {
  const response = await browser.fetch(path);
  expect(response.status, path).toBe(200);
  return { response, html: await response.text() };
};

const factRows = async (html: string) => (await select(html, ".facts__row")).map((row) => squash(row.text));
const lines = async (html: string) => (await select(html, "tr[data-cart-line]")).map((row) => [row.attrs["data-cart-line"], row.attrs["data-status"]]);
const total = async (html: string) => Number((await one(html, "[data-cart-total]")).attrs["data-cart-total"]);
const field = async (html: string, name: string) => (await one(html, `form[action="/cart/checkout"] input[name="${name}"]`)).attrs.value;

describe("webinar screens show the prices for whoever is looking", () => {
  it("a visitor sees the standard price, what members pay with a way to join, and Add to cart; the page stays public", async () => {
    const { response, html } = await page(new TestBrowser(), `/webinars/${BACK_PAIN().slug}`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(await factRows(html)).toEqual(expect.arrayContaining(["Price £45.00", "Members £25.00 Join the Guild"]));
    const form = await one(html, "form.add-to-cart");
    expect(form.attrs).toMatchObject({ method: "get", action: "/cart", "data-covered-by": CLINICAL().id });
    expect((await one(html, 'form.add-to-cart input[name="add"]')).attrs.value).toBe(`webinar:${BACK_PAIN().id}`);
  });

  it("a member sees the member price and no invitation to join, on a private page", async () => {
    const { browser } = await signedIn({ member: true });
    const { response, html } = await page(browser, `/webinars/${BACK_PAIN().slug}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const rows = await factRows(html);
    expect(rows).toContain("Member price £25.00");
    expect(rows.filter((row) => row.startsWith("Members") || row.startsWith("Price "))).toEqual([]);
  });

  it("a webinar free for members: free to a member (nothing to buy), and the full price with the member offer to others", async () => {
    const { browser } = await signedIn({ member: true });
    const member = (await page(browser, `/webinars/${PELVIC().slug}`)).html;
    expect(await factRows(member)).toContain("Price Free for members");
    expect(squash((await one(member, ".page-header .badges")).text)).toBe("Free for members");
    expect(await select(member, "form.add-to-cart")).toHaveLength(0);
    expect((await one(member, ".add-to-cart--unavailable")).text).toBe("Free — no purchase needed");

    const visitor = (await page(new TestBrowser(), `/webinars/${PELVIC().slug}`)).html;
    expect(await factRows(visitor)).toEqual(expect.arrayContaining(["Price £45.00", "Members Free Join the Guild"]));
    expect(await select(visitor, "form.add-to-cart")).toHaveLength(1);
  });

  it("a webinar free for everyone: a visitor signs in to watch, a signed-in user needs no purchase", async () => {
    const visitor = (await page(new TestBrowser(), `/webinars/${CLINICAL_REASONING().slug}`)).html;
    expect(await factRows(visitor)).toContain("Price Free");
    expect((await one(visitor, ".add-to-cart--unavailable")).text).toBe("Free — sign in to watch");
    const { browser } = await signedIn();
    const user = (await page(browser, `/webinars/${CLINICAL_REASONING().slug}`)).html;
    expect((await one(user, ".add-to-cart--unavailable")).text).toBe("Free — no purchase needed");
  });

  it("a webinar the user has says so instead of a price", async () => {
    const { browser } = await signedIn();
    const checkout = { items: `webinar:${CLINICAL_REASONING().id}`, expectedTotalPence: "0", idempotencyKey: crypto.randomUUID() };
    expect((await browser.post("/cart/checkout", checkout)).status).toBe(303);
    const { html } = await page(browser, `/webinars/${CLINICAL_REASONING().slug}`);
    expect((await one(html, ".add-to-cart--unavailable")).text).toBe("You have this webinar");
    expect(squash((await one(html, ".page-header .badges")).text)).toContain("You have this webinar");
  });

  it("lists, bundles and webinars-list blocks are priced for the member and private; for visitors public", async () => {
    const { browser } = await signedIn({ member: true });
    const visitor = new TestBrowser();
    for (const path of ["/webinars", "/webinars/bundles", `/webinars/bundles/${CLINICAL().slug}`, "/webinars/upcoming-webinars"]) {
      const asMember = await page(browser, path);
      expect(asMember.response.headers.get("Cache-Control"), path).toBe("private, no-store");
      const asVisitor = await page(visitor, path);
      expect(asVisitor.response.headers.get("Cache-Control"), path).toBe("public, max-age=0, must-revalidate");
    }
    const block = (await page(browser, "/webinars/upcoming-webinars")).html;
    const card = (await select(block, ".webinar-card")).map((c) => squash(c.text)).find((text) => text.includes(BACK_PAIN().name));
    expect(card).toContain("Member price £25.00");
    const bundle = (await page(browser, `/webinars/bundles/${CLINICAL().slug}`)).html;
    // Back pain £25, pelvic free for members, ethics £35: £60.00, 20% off.
    expect((await one(bundle, ".bundle-buy .price-list")).text).toBe("Bundle price £48.00");
    expect((await one(bundle, ".bundle-buy form.add-to-cart")).attrs["data-bundle-webinars"]).toBe(CLINICAL().webinars.map((w) => w.id).join(" "));
  });
});

describe("/cart", () => {
  it("prices the cart in the address from the CMS, for a visitor, with the member saving and a sign-in link that keeps the cart", async () => {
    const items = `webinar:${BACK_PAIN().id},bundle:${MASTERCLASS().id}`;
    const { response, html } = await page(new TestBrowser(), `/cart?items=${items}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await lines(html)).toEqual([
      [`webinar:${BACK_PAIN().id}`, "payable"],
      [`bundle:${MASTERCLASS().id}`, "payable"],
    ]);
    // £45 + (£35 + £60 − £15).
    expect(await total(html)).toBe(12_500);
    expect((await one(html, "tfoot td.cart-table__price")).text).toBe("£125.00");
    expect((await one(html, `tr[data-cart-line="webinar:${BACK_PAIN().id}"] a.cart-table__title`)).attrs.href).toBe(`/webinars/${BACK_PAIN().slug}`);
    expect((await one(html, "[data-cart-audience]")).text).toContain("Prices are for you as a visitor.");
    // A member: £25 + (£20 + £35 − £15).
    expect((await one(html, "[data-cart-member-total]")).attrs["data-cart-member-total"]).toBe("6500");
    expect(squash((await one(html, ".cart__members")).text)).toBe("Members pay less: this cart would cost a member £65.00. Join the Guild");
    expect((await one(html, "a[data-cart-sign-in]")).attrs.href).toBe(`/login?callbackUrl=${encodeURIComponent(`/cart?items=${items}`)}`);
    expect(await select(html, 'form[action="/cart/checkout"]')).toHaveLength(0);
    expect((await one(html, "[data-cart-page]")).attrs["data-cart-items"]).toBe(items);
  });

  it("keeps an applied discount code through signing in and creating an account", async () => {
    const items = `webinar:${BACK_PAIN().id}`;
    const { html } = await page(new TestBrowser(), `/cart?items=${items}&code=welcome10`);
    const back = `/cart?items=${items}&code=WELCOME10`;
    expect((await one(html, "a[data-cart-sign-in]")).attrs.href).toBe(`/login?callbackUrl=${encodeURIComponent(back)}`);
    expect((await one(html, "a[data-cart-register]")).attrs.href).toBe(`/register?callbackUrl=${encodeURIComponent(back)}`);
  });

  it("each Remove link is the cart without that item, and the last one leaves an empty cart", async () => {
    const items = `webinar:${BACK_PAIN().id},webinar:${ETHICS().id}`;
    const { html } = await page(new TestBrowser(), `/cart?items=${items}`);
    expect((await select(html, "a[data-cart-remove]")).map((a) => a.attrs.href)).toEqual([`/cart?items=webinar:${ETHICS().id}`, `/cart?items=webinar:${BACK_PAIN().id}`]);
    const single = (await page(new TestBrowser(), `/cart?items=webinar:${ETHICS().id}`)).html;
    expect((await one(single, "a[data-cart-remove]")).attrs.href).toBe("/cart?items=");
    const empty = (await page(new TestBrowser(), "/cart?items=")).html;
    expect(squash((await one(empty, "[data-cart-empty]")).text)).toContain("Nothing in your cart yet.");
    expect((await one(empty, "[data-cart-empty] a")).attrs.href).toBe("/webinars");
  });

  it("Empty your cart leaves an empty cart and says so", async () => {
    const { html } = await page(new TestBrowser(), `/cart?items=webinar:${BACK_PAIN().id},webinar:${ETHICS().id}`);
    expect((await one(html, "a[data-cart-clear-link]")).attrs.href).toBe("/cart?items=&notice=cleared");
    const cleared = (await page(new TestBrowser(), "/cart?items=&notice=cleared")).html;
    expect(squash((await one(cleared, '[data-cart-notice="cleared"]')).text)).toBe("You emptied your cart.");
    expect(await select(cleared, "tr[data-cart-line]")).toHaveLength(0);
  });

  it("ignores forged junk in the address with a message, and never reads a price from it", async () => {
    const items = [`webinar:${BACK_PAIN().id}`, "price:0", `webinar:${BACK_PAIN().id}:pence=1`, "total:-4500", "<script>alert(1)</script>"].join(",");
    const { html } = await page(new TestBrowser(), `/cart?items=${encodeURIComponent(items)}&total=1&expectedTotalPence=1`);
    expect(await lines(html)).toEqual([[`webinar:${BACK_PAIN().id}`, "payable"]]);
    expect(await total(html)).toBe(4500);
    const problems = (await select(html, "[data-cart-problems] li")).map((li) => li.text);
    expect(problems).toEqual([
      "Ignored “price:0”: it is not a webinar or bundle",
      `Ignored “webinar:${BACK_PAIN().id}:pence=1”: it is not a webinar or bundle`,
      "Ignored “total:-4500”: it is not a webinar or bundle",
      "Ignored “<script>alert(1)</script>”: it is not a webinar or bundle",
    ]);
    expect(html).not.toContain("<script>alert(1)");
  });

  it("flags unknown ids, collapses duplicates, and handles a 10,000-item address by keeping the first items", async () => {
    const { html } = await page(new TestBrowser(), `/cart?items=webinar:no-such-webinar,webinar:${ETHICS().id},bundle:424242,webinar:${ETHICS().id}`);
    expect(await lines(html)).toEqual([
      ["webinar:no-such-webinar", "unknown"],
      [`webinar:${ETHICS().id}`, "payable"],
      ["bundle:424242", "unknown"],
    ]);
    expect(squash((await one(html, 'tr[data-cart-line="webinar:no-such-webinar"]')).text)).toContain("A webinar that is no longer available");
    expect(squash((await one(html, 'tr[data-cart-line="webinar:no-such-webinar"] .cart-table__message')).text)).toBe("This item is no longer available");
    expect(await total(html)).toBe(3500);

    const huge = Array.from({ length: 10_000 }, (_, i) => `webinar:${i === 0 ? ETHICS().id : `w${i}`}`).join(",");
    const big = await page(new TestBrowser(), `/cart?items=${huge}`);
    expect(await select(big.html, "tr[data-cart-line]")).toHaveLength(MAX_CART_ITEMS);
    expect(await total(big.html)).toBe(3500);
    expect((await select(big.html, "[data-cart-problems] li")).map((li) => li.text)).toEqual([
      `A cart holds at most ${MAX_CART_ITEMS} items: ${10_000 - MAX_CART_ITEMS} more were left out`,
    ]);
  });

  it("adds an item from a no-JavaScript Add to cart, by the cart's rules", async () => {
    const added = (await page(new TestBrowser(), `/cart?add=webinar:${BACK_PAIN().id}`)).html;
    expect(await lines(added)).toEqual([[`webinar:${BACK_PAIN().id}`, "payable"]]);
    expect((await one(added, "[data-cart-added]")).text).toBe(`Added “${BACK_PAIN().name}” to your cart.`);

    // A bundle replaces the webinars of it already in the cart.
    const bundle = (await page(new TestBrowser(), `/cart?items=webinar:${BACK_PAIN().id},webinar:${ETHICS().id}&add=bundle:${CLINICAL().id}`)).html;
    expect(await lines(bundle)).toEqual([[`bundle:${CLINICAL().id}`, "payable"]]);
    expect((await one(bundle, "[data-cart-added]")).text).toBe(`Added “${CLINICAL().bundleName}” to your cart. It replaces 2 webinars in your cart that the bundle includes.`);

    const covered = (await page(new TestBrowser(), `/cart?items=bundle:${CLINICAL().id}&add=webinar:${ETHICS().id}`)).html;
    expect(await lines(covered)).toEqual([[`bundle:${CLINICAL().id}`, "payable"]]);
    expect((await one(covered, "[data-cart-added]")).text).toBe(`“${ETHICS().name}” is already in your cart, in a bundle.`);

    const unknown = (await page(new TestBrowser(), `/cart?items=webinar:${ETHICS().id}&add=webinar:nope`)).html;
    expect(await lines(unknown)).toEqual([[`webinar:${ETHICS().id}`, "payable"]]);
    expect((await select(unknown, "[data-cart-problems] li")).map((li) => li.text)).toEqual(["Could not add “webinar:nope”: it is not a webinar or bundle on this site"]);
  });

  it.each([
    ["price-changed", "Prices changed since you last saw your cart. Check the new total before you check out."],
    ["empty", "Your cart is empty."],
    ["cancelled", "You left the card payment page, so nothing was charged. Your cart is as you left it."],
    ["unavailable", "Card payment is unavailable just now. Try again, or pay by bank transfer."],
  ])("shows the %s notice", async (notice, text) => {
    const { html } = await page(new TestBrowser(), `/cart?items=webinar:${ETHICS().id}&notice=${notice}`);
    const shown = await one(html, "[data-cart-notice]");
    expect(shown.attrs).toMatchObject({ "data-cart-notice": notice, role: "status" });
    expect(shown.text).toBe(text);
  });

  it("names the items checkout took out, with the reason, and leaves them out of the cart", async () => {
    const { browser } = await signedIn({ member: true });
    const removed = `webinar:${PELVIC().id},webinar:gone`;
    const { html } = await page(browser, `/cart?items=webinar:${ETHICS().id}&notice=removed&removed=${removed}`);
    expect((await select(html, '[data-cart-notice="removed"] li')).map((li) => li.text)).toEqual([
      `${PELVIC().name}: it is free for you, so there is nothing to buy.`,
      "A webinar that is no longer available: it is no longer available.",
    ]);
    expect(await lines(html)).toEqual([[`webinar:${ETHICS().id}`, "payable"]]);
    expect((await one(html, "[data-cart-page]")).attrs["data-cart-removed"]).toBe(removed);
    expect(await select(html, "[data-cart-notice]")).toHaveLength(1);
    const ignored = (await page(browser, `/cart?items=webinar:${ETHICS().id}&notice=bogus`)).html;
    expect(await select(ignored, "[data-cart-notice]")).toHaveLength(0);
  });

  it("a member's cart is priced for a member, and its checkout form carries the cart, the total shown and a fresh key", async () => {
    const { browser } = await signedIn({ member: true });
    const items = `webinar:${BACK_PAIN().id},webinar:${PELVIC().id}`;
    const { response, html } = await page(browser, `/cart?items=${items}`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await lines(html)).toEqual([
      [`webinar:${BACK_PAIN().id}`, "payable"],
      [`webinar:${PELVIC().id}`, "free"],
    ]);
    expect(squash((await one(html, `tr[data-cart-line="webinar:${BACK_PAIN().id}"] .cart-table__price`)).text)).toBe("£25.00 member price");
    expect((await one(html, "[data-cart-audience]")).text).toBe("Prices are for you as a member.");
    expect(await select(html, ".cart__members")).toHaveLength(0);
    expect(await field(html, "items")).toBe(items);
    expect(await field(html, "expectedTotalPence")).toBe("2500");
    expect(await field(html, "idempotencyKey")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await field(html, "csrfToken")).toMatch(/.{20,}/);
    const again = (await page(browser, `/cart?items=${items}`)).html;
    expect(await field(again, "idempotencyKey")).not.toBe(await field(html, "idempotencyKey"));
    const methods = await select(html, 'input[name="paymentMethod"]');
    expect(methods.map((input) => [input.attrs.value, input.attrs.checked !== undefined])).toEqual([
      ["card", true],
      ["offline", false],
    ]);
    expect((await select(html, ".choice__label")).map((label) => label.text)).toEqual([expect.stringMatching(/^Card/), expect.stringMatching(/^Bank transfer/)]);
    expect((await one(html, 'form[action="/cart/checkout"] button[type="submit"]')).text).toBe("Check out");
  });

  it("a cart of free webinars offers them without a payment method", async () => {
    const { browser } = await signedIn();
    const { html } = await page(browser, `/cart?items=webinar:${CLINICAL_REASONING().id}`);
    expect(await field(html, "expectedTotalPence")).toBe("0");
    expect(await select(html, 'input[name="paymentMethod"]')).toHaveLength(0);
    expect((await one(html, 'form[action="/cart/checkout"] button[type="submit"]')).text).toBe("Get your free webinars");
  });

  it("the rendered checkout form is one POST /cart/checkout accepts: the order is placed at the total shown", async () => {
    const { browser } = await signedIn();
    const { html } = await page(browser, `/cart?items=webinar:${BACK_PAIN().id}`);
    const body = new URLSearchParams();
    for (const input of await select(html, 'form[action="/cart/checkout"] input[type="hidden"]')) body.set(input.attrs.name!, input.attrs.value ?? "");
    body.set("paymentMethod", "offline");
    const response = await browser.fetch("/cart/checkout", { method: "POST", body });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/user\/webinars\?ordered=/);
  });
});
