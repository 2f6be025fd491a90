import { describe, expect, it } from "vitest";
import type { CartItemRef } from "../../../src/shared/cart";
import { CheckoutCart } from "../../../src/shared/checkout-cart";
import type { CatalogueBundle, CatalogueWebinar } from "../../../src/shared/pricing/bundle-offer";
import { quoteCart, type Catalogue } from "../../../src/shared/pricing/cart-quote";
import { applyDiscountCode, discountMembershipFee, normaliseCode, type CodeRefusal, type CodeUsage, type DiscountCode } from "../../../src/shared/pricing/discount-code";
import { splitGross } from "../../../src/shared/pricing/vat";
import * as f from "../../fixtures/domain";
import { catalogueWebinar as webinar, NONE, NOW } from "../../fixtures/pricing";


const A = webinar("a");
const B = webinar("b", { defaultPrice: 30, memberPrice: 15 });
const C = webinar("c", { defaultPrice: 20, memberPrice: null });
const FREE = webinar("free", { defaultPrice: 0, memberPrice: null });
const TBC = webinar("tbc", { defaultPrice: null, memberPrice: null });

const PERCENT: CatalogueBundle = { id: "pct", bundleName: "Percent bundle", vatTreatment: "standard", couponId: "coupon_pct", discount: 20, discountType: "percent", webinars: [A, B] };
const AMOUNT: CatalogueBundle = { id: "amt", bundleName: "Amount bundle", vatTreatment: "reduced", couponId: "coupon_amt", discount: 10, discountType: "amount", webinars: [B, C] };
const CATALOGUE: Catalogue = { webinars: [A, B, C, FREE, TBC], bundles: [PERCENT, AMOUNT] };

const webinarItem = (id: string): CartItemRef => ({ kind: "webinar", id });
const bundleItem = (id: string): CartItemRef => ({ kind: "bundle", id });
const summary = (quote: ReturnType<typeof quoteCart>) => quote.lines.map((line) => [line.item.kind, line.item.id, line.status, line.pence]);

describe("quoteCart", () => {
  it("prices single webinars at the visitor's and the member's price", () => {
    const items = [webinarItem("a"), webinarItem("b")];
    const visitor = quoteCart(items, CATALOGUE, "visitor", NOW, NONE);
    expect(summary(visitor)).toEqual([
      ["webinar", "a", "payable", 4500],
      ["webinar", "b", "payable", 3000],
    ]);
    expect(visitor).toMatchObject({ totalPence: 7500, currency: "GBP", warnings: [] });
    expect(quoteCart(items, CATALOGUE, "member", NOW, NONE).totalPence).toBe(4000);
    expect(quoteCart(items, CATALOGUE, "user", NOW, NONE).totalPence).toBe(7500);
  });

  it("gives each line its title, and a message only when it is not payable", () => {
    const quote = quoteCart([webinarItem("a"), bundleItem("pct")], CATALOGUE, "visitor", NOW, NONE);
    expect(quote.lines.map((line) => [line.title, line.message])).toEqual([
      ["Webinar a", "Included in the bundle “Percent bundle” in your cart"],
      ["Percent bundle", null],
    ]);
  });

  it("applies a percent bundle discount", () => {
    const quote = quoteCart([bundleItem("pct")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([["bundle", "pct", "payable", 6000]]);
    const line = quote.lines[0];
    expect(line?.priced).toMatchObject({ kind: "bundle", offer: { subtotalPence: 7500, discountPence: 1500, couponId: "coupon_pct" } });
  });

  it("applies an amount bundle discount, for a member on member prices", () => {
    // Member: b £15, c £20 (no member price): 3500p, £10 off.
    expect(quoteCart([bundleItem("amt")], CATALOGUE, "member", NOW, NONE).totalPence).toBe(2500);
  });

  it("makes a bundle free when the amount off is larger than what is left to pay", () => {
    const quote = quoteCart([bundleItem("amt")], CATALOGUE, "visitor", NOW, new Set(["b"]));
    // Only c (£20) is left; £10 off.
    expect(quote.totalPence).toBe(1000);
    const big = { ...AMOUNT, discount: 50 };
    const free = quoteCart([bundleItem("amt")], { ...CATALOGUE, bundles: [big] }, "visitor", NOW, new Set(["b"]));
    expect(summary(free)).toEqual([["bundle", "amt", "free", 0]]);
    expect(free.lines[0]?.message).toBe("Free: its webinars are added to your account when you check out");
  });

  it("does not charge for webinars the viewer owns, alone or in a bundle", () => {
    const quote = quoteCart([webinarItem("a"), bundleItem("amt")], CATALOGUE, "visitor", NOW, new Set(["a", "b"]));
    expect(summary(quote)).toEqual([
      ["webinar", "a", "owned", 0],
      ["bundle", "amt", "payable", 1000],
    ]);
    expect(quote.lines[0]?.message).toBe("You already have this webinar");
  });

  it("marks a bundle whose webinars are all owned", () => {
    const quote = quoteCart([bundleItem("pct")], CATALOGUE, "visitor", NOW, new Set(["a", "b"]));
    expect(summary(quote)).toEqual([["bundle", "pct", "owned", 0]]);
    expect(quote.lines[0]?.message).toBe("You already have every webinar in this bundle");
  });

  it("grants free webinars at checkout without charging", () => {
    const quote = quoteCart([webinarItem("free"), webinarItem("a")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "free", "free", 0],
      ["webinar", "a", "payable", 4500],
    ]);
    expect(quote.lines[0]?.message).toBe("Free: it is added to your account when you check out");
  });

  it("does not sell a webinar that is not on sale", () => {
    const quote = quoteCart([webinarItem("tbc")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([["webinar", "tbc", "not-on-sale", 0]]);
    expect(quote.lines[0]?.message).toBe("This webinar is not on sale at the moment");
    expect(quote.totalPence).toBe(0);
  });

  it("sells a bundle for the rest when one of its webinars is not on sale", () => {
    const withTbc = { ...PERCENT, webinars: [A, TBC] };
    const quote = quoteCart([bundleItem("pct")], { ...CATALOGUE, bundles: [withTbc] }, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([["bundle", "pct", "payable", 3600]]);
    const priced = quote.lines[0]?.priced;
    expect(priced?.kind === "bundle" && priced.offer.lines.map((line) => line.status)).toEqual(["payable", "not-on-sale"]);
  });

  it("marks ids the catalogue no longer holds as unknown, per kind", () => {
    const quote = quoteCart([webinarItem("gone"), bundleItem("gone"), bundleItem("a"), webinarItem("pct"), webinarItem("a")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "gone", "unknown", 0],
      ["bundle", "gone", "unknown", 0],
      ["bundle", "a", "unknown", 0],
      ["webinar", "pct", "unknown", 0],
      ["webinar", "a", "payable", 4500],
    ]);
    expect(quote.lines[0]).toMatchObject({ title: null, priced: null, message: "This item is no longer available" });
    expect(quote.totalPence).toBe(4500);
  });

  it("counts a repeated item once", () => {
    const quote = quoteCart([webinarItem("a"), webinarItem("a"), bundleItem("amt"), bundleItem("amt")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "a", "payable", 4500],
      ["bundle", "amt", "payable", 4000],
    ]);
    expect(quote.totalPence).toBe(8500);
  });

  it("does not charge for a webinar that a bundle in the cart also gives, wherever it sits", () => {
    const quote = quoteCart([webinarItem("b"), bundleItem("pct"), webinarItem("c")], CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "b", "covered-by-bundle", 0],
      ["bundle", "pct", "payable", 6000],
      ["webinar", "c", "payable", 2000],
    ]);
    expect(quote.lines[0]?.message).toBe("Included in the bundle “Percent bundle” in your cart");
    expect(quote.totalPence).toBe(8000);
  });

  it("does not charge twice for a webinar in two bundles in the cart: the first bundle gives it", () => {
    const quote = quoteCart([bundleItem("pct"), bundleItem("amt")], CATALOGUE, "visitor", NOW, NONE);
    // pct: a £45 + b £30, 20% off = 6000. amt: b is in pct, so c £20 - £10 = 1000.
    expect(summary(quote)).toEqual([
      ["bundle", "pct", "payable", 6000],
      ["bundle", "amt", "payable", 1000],
    ]);
    const priced = quote.lines[1]?.priced;
    expect(priced?.kind === "bundle" && priced.offer.lines.map((line) => [line.webinarId, line.status])).toEqual([
      ["b", "covered-by-bundle"],
      ["c", "payable"],
    ]);
  });

  it("marks a bundle wholly inside an earlier one", () => {
    const inner: CatalogueBundle = { ...PERCENT, id: "inner", bundleName: "Inner", webinars: [B] };
    const quote = quoteCart([bundleItem("pct"), bundleItem("inner")], { ...CATALOGUE, bundles: [PERCENT, inner] }, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["bundle", "pct", "payable", 6000],
      ["bundle", "inner", "covered-by-bundle", 0],
    ]);
  });

  it("does not count a webinar as covered by a bundle that does not give it", () => {
    const notOnSale: CatalogueBundle = { ...PERCENT, webinars: [TBC] };
    const quote = quoteCart([webinarItem("tbc"), bundleItem("pct")], { ...CATALOGUE, bundles: [notOnSale] }, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "tbc", "not-on-sale", 0],
      ["bundle", "pct", "not-on-sale", 0],
    ]);
    expect(quote.lines[1]?.message).toBe("This bundle is not on sale at the moment");
  });

  it("says owned rather than covered when the viewer has the webinar", () => {
    const quote = quoteCart([webinarItem("a"), bundleItem("pct")], CATALOGUE, "visitor", NOW, new Set(["a"]));
    expect(summary(quote)).toEqual([
      ["webinar", "a", "owned", 0],
      ["bundle", "pct", "payable", 2400],
    ]);
  });

  it("never reads a price, quantity or other field from a cart item", () => {
    const forged = CheckoutCart.parse({
      items: [
        { kind: "webinar", id: "a", price: 0, pence: 1, quantity: -3, tier: "member", stripePriceId: "price_free" },
        { kind: "bundle", id: "pct", discount: 100, couponId: "coupon_everything" },
      ],
    });
    const quote = quoteCart(forged.items, CATALOGUE, "visitor", NOW, NONE);
    expect(summary(quote)).toEqual([
      ["webinar", "a", "covered-by-bundle", 0],
      ["bundle", "pct", "payable", 6000],
    ]);
    expect(quote.lines[1]?.priced).toMatchObject({ offer: { couponId: "coupon_pct" } });

    const raw = [{ kind: "webinar", id: "c", price: 1, pence: 1 }] as const;
    const unparsed = quoteCart(raw, CATALOGUE, "visitor", NOW, NONE);
    expect(unparsed.totalPence).toBe(2000);
    expect(unparsed.lines[0]?.item).toEqual({ kind: "webinar", id: "c" });
  });

  it("reports each data problem once, tagged with its entry", () => {
    const odd = webinar("b", { defaultPrice: 30, memberPrice: 99 });
    const catalogue: Catalogue = { webinars: [A, odd], bundles: [{ ...PERCENT, couponId: null, webinars: [A, odd] }] };
    const quote = quoteCart([webinarItem("b"), bundleItem("pct")], catalogue, "visitor", NOW, NONE);
    expect(quote.warnings).toEqual([
      { code: "missing-coupon-id", message: expect.any(String), kind: "bundle", id: "pct" },
      { code: "member-price-above-default", message: expect.any(String), kind: "webinar", id: "b" },
    ]);
  });

  it("quotes an empty cart as nothing to pay", () => {
    expect(quoteCart([], CATALOGUE, "visitor", NOW, NONE)).toEqual({ lines: [], totalPence: 0, currency: "GBP", warnings: [] });
  });

  it("prices the CMS's webinars and bundles as they come (demo content)", () => {
    const catalogue = { webinars: f.webinars(), bundles: f.bundles() };
    const quote = quoteCart([bundleItem("1"), webinarItem("ethics"), webinarItem("running_qa")], catalogue, "member", f.NOW, new Set(["back_pain"]));
    // Bundle 1 for a member who owns back pain: pelvic is free for members already (its free date,
    // before the event, is honoured), ethics £35, 20% off = 2800.
    // Running Q&A is live now: the member price, £15.
    expect(summary(quote)).toEqual([
      ["bundle", "1", "payable", 2800],
      ["webinar", "ethics", "covered-by-bundle", 0],
      ["webinar", "running_qa", "payable", 1500],
    ]);
    expect(quote.totalPence).toBe(4300);
  });
});

describe("a discount code on the quote", () => {
  const code = (fields: Partial<Omit<DiscountCode, "appliesTo">> & { appliesTo?: Partial<DiscountCode["appliesTo"]> } = {}): DiscountCode => ({
    id: "7",
    code: "SAVE",
    kind: "percent",
    percentOff: 10,
    amountOffPence: null,
    validFrom: null,
    validUntil: null,
    maxRedemptions: null,
    maxPerUser: null,
    stacksWithBundle: false,
    ...fields,
    appliesTo: { allWebinars: true, allBundles: false, webinarIds: [], bundleIds: [], membershipIds: [], ...fields.appliesTo },
  });
  const UNUSED: CodeUsage = { total: 0, byBuyer: 0 };
  const DAY_MS = 24 * 3_600_000;
  const before = new Date(NOW.getTime() - DAY_MS).toISOString();
  const after = new Date(NOW.getTime() + DAY_MS).toISOString();

  // [what, cart, code, usage, viewer, expected line pence and code discounts | refusal]
  const CASES: [string, CartItemRef[], DiscountCode | null, CodeUsage, "visitor" | "member", [number, number][] | CodeRefusal][] = [
    ["10% off every webinar, half up per line", [webinarItem("a"), webinarItem("b")], code(), UNUSED, "visitor", [[4050, 450], [2700, 300]]],
    ["12.5% of £45 is 562.5p: 563p off", [webinarItem("a")], code({ percentOff: 12.5 }), UNUSED, "visitor", [[3937, 563]]],
    ["member prices are discounted, not the default", [webinarItem("a")], code({ percentOff: 50 }), UNUSED, "member", [[1250, 1250]]],
    ["100% makes a line cost nothing, never less", [webinarItem("a")], code({ percentOff: 100 }), UNUSED, "visitor", [[0, 4500]]],
    ["fixed £50 off a £45 webinar stops at zero", [webinarItem("a")], code({ kind: "fixed", percentOff: null, amountOffPence: 5000 }), UNUSED, "visitor", [[0, 4500]]],
    ["fixed amount goes line by line in cart order", [webinarItem("b"), webinarItem("a")], code({ kind: "fixed", percentOff: null, amountOffPence: 3500 }), UNUSED, "visitor", [[0, 3000], [4000, 500]]],
    ["only the named webinar", [webinarItem("a"), webinarItem("b")], code({ appliesTo: { allWebinars: false, webinarIds: ["b"] } }), UNUSED, "visitor", [[4500, 0], [2700, 300]]],
    ["not a free or owned line", [webinarItem("free"), webinarItem("c")], code(), UNUSED, "visitor", [[0, 0], [1800, 200]]],
    ["a bundle without its own discount, when the code names it", [bundleItem("plain")], code({ appliesTo: { allWebinars: false, bundleIds: ["plain"] } }), UNUSED, "visitor", [[6750, 750]]],
    ["a discounted bundle only when the code combines: off the discounted price", [bundleItem("pct")], code({ stacksWithBundle: true, appliesTo: { allWebinars: false, allBundles: true } }), UNUSED, "visitor", [[5400, 600]]],
    ["a discounted bundle is left alone when the code does not combine, the webinar discounted", [bundleItem("pct"), webinarItem("c")], code({ appliesTo: { allWebinars: true, allBundles: true } }), UNUSED, "visitor", [[6000, 0], [1800, 200]]],
    ["unknown", [webinarItem("a")], null, UNUSED, "visitor", "unknown"],
    ["a percent code with no percentage cannot discount", [webinarItem("a")], code({ percentOff: null }), UNUSED, "visitor", "unknown"],
    ["not yet valid", [webinarItem("a")], code({ validFrom: after }), UNUSED, "visitor", "not-yet-valid"],
    ["expired (its last instant has passed)", [webinarItem("a")], code({ validUntil: before }), UNUSED, "visitor", "expired"],
    ["valid within its dates", [webinarItem("a")], code({ validFrom: before, validUntil: after }), UNUSED, "visitor", [[4050, 450]]],
    ["exhausted: the total cap is reached", [webinarItem("a")], code({ maxRedemptions: 3 }), { total: 3, byBuyer: 0 }, "visitor", "exhausted"],
    ["one use left of the total cap", [webinarItem("a")], code({ maxRedemptions: 3 }), { total: 2, byBuyer: 0 }, "visitor", [[4050, 450]]],
    ["used up by this buyer", [webinarItem("a")], code({ maxPerUser: 1 }), { total: 1, byBuyer: 1 }, "visitor", "used-up"],
    ["nothing in the cart it applies to", [webinarItem("a")], code({ appliesTo: { allWebinars: false, bundleIds: ["pct"] } }), UNUSED, "visitor", "not-applicable"],
    ["only a free item", [webinarItem("free")], code(), UNUSED, "visitor", "not-applicable"],
    ["only a discounted bundle, and the code does not combine", [bundleItem("pct")], code({ appliesTo: { allWebinars: false, allBundles: true } }), UNUSED, "visitor", "not-with-bundle-discount"],
  ];
  const PLAIN: CatalogueBundle = { ...PERCENT, id: "plain", bundleName: "Plain bundle", couponId: null, discount: null, discountType: null };
  const catalogue: Catalogue = { ...CATALOGUE, bundles: [...CATALOGUE.bundles, PLAIN] };

  it.each(CASES)("%s", (_what, items, terms, usage, viewer, expected) => {
    const quote = quoteCart(items, catalogue, viewer, NOW, NONE);
    const outcome = applyDiscountCode(quote, "save", terms, usage, NOW);
    if (typeof expected === "string") {
      expect(outcome).toMatchObject({ kind: "refused", reason: expected });
      return;
    }
    if (outcome.kind !== "applied") throw new Error(`refused: ${outcome.message}`);
    expect(outcome.quote.lines.map((line) => [line.pence, line.codeDiscountPence ?? 0])).toEqual(expected);
    const off = expected.reduce((sum, [, o]) => sum + o, 0);
    expect(outcome.applied).toEqual({ id: "7", code: "SAVE", totalPence: off });
    expect(outcome.quote.totalPence).toBe(quote.totalPence - off);
    expect(outcome.quote.totalPence).toBeGreaterThanOrEqual(0);
  });

  it("gives each refusal its own message, naming the code as typed", () => {
    const quote = quoteCart([webinarItem("a")], CATALOGUE, "visitor", NOW, NONE);
    const message = (terms: DiscountCode | null, usage = UNUSED) => {
      const outcome = applyDiscountCode(quote, " save ", terms, usage, NOW);
      return outcome.kind === "refused" ? outcome.message : null;
    };
    const messages = [
      message(null),
      message(code({ validFrom: "2026-12-05T12:00:00Z" })),
      message(code({ validUntil: "2026-11-01T00:00:00Z" })),
      message(code({ maxRedemptions: 1 }), { total: 1, byBuyer: 0 }),
      message(code({ maxPerUser: 2 }), { total: 2, byBuyer: 2 }),
      message(code({ appliesTo: { allWebinars: false } })),
    ];
    expect(messages).toEqual([
      "There is no discount code “SAVE”. Check how it is spelt.",
      "The code “SAVE” cannot be used yet: it starts on 5 December 2026.",
      "The code “SAVE” has expired: it ended on 1 November 2026.",
      "The code “SAVE” has been used as many times as it can be, and is no longer available.",
      "You have already used the code “SAVE”: each person can use it twice.",
      "The code “SAVE” does not apply to anything in your cart.",
    ]);
  });

  it("keeps VAT per line, on each line's discounted amount", () => {
    const quote = quoteCart([webinarItem("a"), bundleItem("amt")], CATALOGUE, "visitor", NOW, NONE);
    const outcome = applyDiscountCode(quote, "SAVE", code({ percentOff: 15, stacksWithBundle: true, appliesTo: { allWebinars: true, allBundles: true } }), UNUSED, NOW);
    if (outcome.kind !== "applied") throw new Error("refused");
    // £45 less 15% = 3825p at 20%: 637.5 -> 638p. Bundle (reduced): 4000p less 15% = 3400p at 5%: 161.9 -> 162p.
    expect(outcome.quote.lines.map((line) => line.pence)).toEqual([3825, 3400]);
    expect([splitGross(3825, "standard").vatPence, splitGross(3400, "reduced").vatPence]).toEqual([638, 162]);
  });

  it("reads typed codes in any case, and refuses what cannot be a code", () => {
    expect(normaliseCode("  welcome10 ")).toBe("WELCOME10");
    expect(normaliseCode("ab")).toBeNull();
    expect(normaliseCode("no spaces")).toBeNull();
    expect(normaliseCode("x".repeat(41))).toBeNull();
  });

  it("takes a code off a membership's first-year fee only when it names the membership", () => {
    const join = code({ percentOff: 20, appliesTo: { allWebinars: false, membershipIds: ["full"] } });
    expect(discountMembershipFee("full", 22_000, "save", join, UNUSED, NOW)).toMatchObject({ kind: "applied", offPence: 4400 });
    expect(discountMembershipFee("associate", 11_000, "save", join, UNUSED, NOW)).toMatchObject({ kind: "refused", reason: "not-applicable" });
    expect(discountMembershipFee("full", 22_000, "save", { ...join, kind: "fixed", amountOffPence: 50_000 }, UNUSED, NOW)).toMatchObject({ offPence: 22_000 });
    expect(discountMembershipFee("full", 22_000, "save", { ...join, maxPerUser: 1 }, { total: 1, byBuyer: 1 }, NOW)).toMatchObject({ kind: "refused", reason: "used-up" });
  });
});
