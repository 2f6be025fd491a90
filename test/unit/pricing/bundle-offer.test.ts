import { describe, expect, it } from "vitest";
import { bundleOffer, type CatalogueBundle, type CatalogueWebinar } from "../../../src/shared/pricing/bundle-offer";
import * as f from "../../fixtures/domain";
import { catalogueWebinar as webinar, NONE, NOW, START } from "../../fixtures/pricing";


const A = webinar("a");
const B = webinar("b", { defaultPrice: 30, memberPrice: 15 });
const TBC = webinar("tbc", { defaultPrice: null, memberPrice: null });
const FREE = webinar("free", { defaultPrice: 0, memberPrice: null });
const MEMBERS_FREE = webinar("members-free", { memberPrice: 0 });

function bundle(fields: Partial<CatalogueBundle> = {}): CatalogueBundle {
  return { id: "bundle-1", bundleName: "Spring bundle", vatTreatment: "standard", couponId: "coupon_spring", discount: 20, discountType: "percent", webinars: [A, B], ...fields };
}

const statuses = (offer: ReturnType<typeof bundleOffer>) => Object.fromEntries(offer.lines.map((line) => [line.webinarId, line.status]));

describe("bundleOffer: discounts", () => {
  it.each([
    ["20% for a visitor", bundle(), "visitor", 7500, 1500, "coupon_spring"],
    ["20% for a member (on the member prices)", bundle(), "member", 4000, 800, "coupon_spring"],
    ["12.5% rounds to the nearest penny", bundle({ discount: 12.5, webinars: [A] }), "visitor", 4500, 563, "coupon_spring"],
    ["100% takes off everything", bundle({ discount: 100 }), "visitor", 7500, 7500, "coupon_spring"],
    ["an amount in pounds, as pence", bundle({ discount: 10, discountType: "amount" }), "visitor", 7500, 1000, "coupon_spring"],
    ["an amount with pennies", bundle({ discount: 9.99, discountType: "amount" }), "visitor", 7500, 999, "coupon_spring"],
    ["an amount larger than the subtotal is capped at it", bundle({ discount: 100, discountType: "amount" }), "member", 4000, 4000, "coupon_spring"],
    ["no discount without a discount", bundle({ discount: null }), "visitor", 7500, 0, null],
    ["no discount without a type", bundle({ discountType: null, discount: null }), "visitor", 7500, 0, null],
    ["no discount when it is 0", bundle({ discount: 0 }), "visitor", 7500, 0, null],
  ] as const)("%s", (_name, data, viewer, subtotal, discount, couponId) => {
    const offer = bundleOffer(data, viewer, NOW, NONE);
    expect(offer).toMatchObject({ subtotalPence: subtotal, discountPence: discount, totalPence: subtotal - discount, couponId });
  });

  it("makes a bundle whose discount covers the whole subtotal free (nothing to charge)", () => {
    const offer = bundleOffer(bundle({ discount: 500, discountType: "amount" }), "visitor", NOW, NONE);
    expect(offer).toMatchObject({ status: "free", totalPence: 0, discountPence: 7500 });
  });

  it("gives no coupon when nothing is left to discount", () => {
    const offer = bundleOffer(bundle(), "visitor", NOW, new Set(["a", "b"]));
    expect(offer).toMatchObject({ subtotalPence: 0, discountPence: 0, totalPence: 0, couponId: null, status: "owned" });
  });

  it.each([
    ["a negative discount is ignored", bundle({ discount: -20 }), 0, ["invalid-discount"]],
    ["a non-numeric discount is ignored", bundle({ discount: Number.NaN }), 0, ["invalid-discount"]],
    ["a discount with no type is ignored", bundle({ discountType: null }), 0, ["discount-without-type"]],
    ["a percentage above 100 counts as 100", bundle({ discount: 150 }), 7500, ["discount-over-100-percent"]],
    ["a discount without a coupon still applies", bundle({ couponId: null }), 1500, ["missing-coupon-id"]],
    ["a blank coupon counts as missing", bundle({ couponId: " " }), 1500, ["missing-coupon-id"]],
  ] as const)("%s, and is reported", (_name, data, discount, codes) => {
    const offer = bundleOffer(data, "visitor", NOW, NONE);
    expect(offer.discountPence).toBe(discount);
    expect(offer.warnings).toEqual(codes.map((code) => ({ code, message: expect.any(String), kind: "bundle", id: "bundle-1" })));
  });

  it("gives no coupon id with a discount that has none", () => {
    expect(bundleOffer(bundle({ couponId: null }), "visitor", NOW, NONE).couponId).toBeNull();
  });
});

describe("bundleOffer: which webinars are charged", () => {
  it("charges each webinar at the viewer's price", () => {
    const visitor = bundleOffer(bundle({ discount: null }), "visitor", NOW, NONE);
    expect(visitor.lines.map((line) => [line.webinarId, line.status, line.pence])).toEqual([
      ["a", "payable", 4500],
      ["b", "payable", 3000],
    ]);
    expect(visitor.lines[0]?.offer.price).toEqual({ kind: "paid", pence: 4500, stripePriceId: "price_a", tier: "default" });
    const member = bundleOffer(bundle({ discount: null }), "member", NOW, NONE);
    expect(member.lines.map((line) => line.pence)).toEqual([2500, 1500]);
    expect(member.lines[0]?.offer.price).toMatchObject({ stripePriceId: "price_a_member", tier: "member" });
  });

  it("leaves out webinars the viewer owns, and discounts the rest", () => {
    const offer = bundleOffer(bundle(), "visitor", NOW, new Set(["a"]));
    expect(statuses(offer)).toEqual({ a: "owned", b: "payable" });
    expect(offer).toMatchObject({ status: "payable", subtotalPence: 3000, discountPence: 600, totalPence: 2400 });
    expect(offer.lines[0]?.pence).toBe(0);
  });

  it("leaves out webinars free to the viewer", () => {
    const offer = bundleOffer(bundle({ webinars: [A, FREE, MEMBERS_FREE] }), "member", NOW, NONE);
    expect(statuses(offer)).toEqual({ a: "payable", free: "free", "members-free": "free" });
    expect(offer).toMatchObject({ subtotalPence: 2500, discountPence: 500, totalPence: 2000 });
  });

  it("charges a visitor for a webinar that is free only to members", () => {
    const offer = bundleOffer(bundle({ webinars: [MEMBERS_FREE], discount: null }), "visitor", NOW, NONE);
    expect(offer).toMatchObject({ status: "payable", totalPence: 4500 });
  });

  it("leaves out webinars whose free date has been reached", () => {
    const freed = webinar("freed", { defaultFreeDate: new Date(START + 2 * 3_600_000).toISOString() });
    const later = new Date(START + 3 * 3_600_000);
    const offer = bundleOffer(bundle({ webinars: [A, freed], discount: null }), "visitor", later, NONE);
    expect(statuses(offer)).toEqual({ a: "payable", freed: "free" });
    expect(offer.totalPence).toBe(4500);
  });

  it("stays on sale for the rest when a webinar is not on sale, and flags it", () => {
    const offer = bundleOffer(bundle({ webinars: [A, TBC] }), "visitor", NOW, NONE);
    expect(statuses(offer)).toEqual({ a: "payable", tbc: "not-on-sale" });
    expect(offer).toMatchObject({ status: "payable", subtotalPence: 4500, totalPence: 3600 });
    expect(offer.lines[1]?.offer.price).toEqual({ kind: "not-on-sale", reason: "price-to-be-confirmed" });
  });

  it("leaves out webinars another bundle in the cart gives", () => {
    const offer = bundleOffer(bundle(), "visitor", NOW, NONE, new Set(["b"]));
    expect(statuses(offer)).toEqual({ a: "payable", b: "covered-by-bundle" });
    expect(offer.totalPence).toBe(3600);
  });

  it("prefers owned to covered-by-bundle", () => {
    expect(statuses(bundleOffer(bundle(), "visitor", NOW, new Set(["b"]), new Set(["b"])))).toEqual({ a: "payable", b: "owned" });
  });

  it("counts a webinar listed twice once, and reports it", () => {
    const offer = bundleOffer(bundle({ webinars: [A, A, B], discount: null }), "visitor", NOW, NONE);
    expect(offer.lines).toHaveLength(2);
    expect(offer.totalPence).toBe(7500);
    expect(offer.warnings.map((w) => w.code)).toEqual(["duplicate-bundle-webinar"]);
  });

  it("tags each webinar's own data problems with the webinar", () => {
    const odd = webinar("odd", { memberPrice: 99 });
    const offer = bundleOffer(bundle({ webinars: [A, odd] }), "member", NOW, NONE);
    expect(offer.warnings).toEqual([{ code: "member-price-above-default", message: expect.any(String), kind: "webinar", id: "odd" }]);
    expect(offer.lines[1]).toMatchObject({ status: "payable", pence: 4500 });
  });
});

describe("bundleOffer: the bundle's status when nothing is left to pay", () => {
  it.each([
    ["every webinar owned", [A, B], new Set(["a", "b"]), NONE, "owned"],
    ["owned and free ones: the free ones are given", [A, FREE], new Set(["a"]), NONE, "free"],
    ["only free webinars", [FREE], NONE, NONE, "free"],
    ["owned and not on sale", [A, TBC], new Set(["a"]), NONE, "not-on-sale"],
    ["none on sale", [TBC], NONE, NONE, "not-on-sale"],
    ["owned and covered by another bundle", [A, B], new Set(["a"]), new Set(["b"]), "covered-by-bundle"],
    ["all covered by another bundle", [A, B], NONE, new Set(["a", "b"]), "covered-by-bundle"],
  ] as const)("%s -> %s", (_name, webinars, owned, covered, status) => {
    const offer = bundleOffer(bundle({ webinars }), "visitor", NOW, owned, covered);
    expect(offer).toMatchObject({ status, totalPence: 0, couponId: null });
  });

  it("is not on sale with no webinars, and reports it", () => {
    const offer = bundleOffer(bundle({ webinars: [] }), "visitor", NOW, NONE);
    expect(offer).toMatchObject({ status: "not-on-sale", lines: [], totalPence: 0 });
    expect(offer.warnings.map((w) => w.code)).toEqual(["empty-bundle"]);
  });
});

describe("bundleOffer with the CMS's WebinarBundle (demo content)", () => {
  it("prices the percent bundle for a visitor and a member", () => {
    const [clinical] = f.bundles();
    const visitor = bundleOffer(clinical!, "visitor", f.NOW, NONE);
    // Back pain £45, pelvic health £45, ethics £35: 12500p, 20% off.
    expect(visitor).toMatchObject({ status: "payable", subtotalPence: 12_500, discountPence: 2500, totalPence: 10_000, couponId: "coupon_demo_spring_clinical_20" });
    const member = bundleOffer(clinical!, "member", f.NOW, NONE);
    // Back pain £25, pelvic health free (its member free date, before the event, is honoured), ethics £35.
    expect(member).toMatchObject({ subtotalPence: 6000, discountPence: 1200, totalPence: 4800 });
    expect(member.lines.map((line) => line.status)).toEqual(["payable", "free", "payable"]);
  });

  it("takes the amount off the masterclass recordings", () => {
    const [, masterclass] = f.bundles();
    expect(bundleOffer(masterclass!, "visitor", f.NOW, NONE)).toMatchObject({ subtotalPence: 9500, discountPence: 1500, totalPence: 8000 });
  });
});
