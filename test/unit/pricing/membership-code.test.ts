/** A code typed on the join form: what it takes off a membership's first year, and each way it is refused. */
import { describe, expect, it } from "vitest";
import { priceMembershipCode } from "../../../src/services/membership/membership-code";
import type { DiscountCode } from "../../../src/shared/pricing/discount-code";
import { terms } from "../../fixtures/membership";

const NOW = new Date("2026-11-24T12:00:00Z");

const code = (fields: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "7",
  code: "MEMBER20",
  kind: "fixed",
  percentOff: null,
  amountOffPence: 2000,
  appliesTo: { allWebinars: false, allBundles: false, webinarIds: [], bundleIds: [], membershipIds: ["1"] },
  validFrom: null,
  validUntil: null,
  maxRedemptions: 10,
  maxPerUser: 1,
  stacksWithBundle: false,
  ...fields,
});

const price = (typed: string | null, found: DiscountCode | null, fields: { subscriptionPence?: number; used?: number } = {}) =>
  priceMembershipCode(
    { discountCode: async (name) => (found && found.code === name ? found : null), redemptions: { usage: async () => ({ total: fields.used ?? 0, byBuyer: fields.used ?? 0 }) } },
    { typed, terms: terms(), subscriptionPence: fields.subscriptionPence ?? 19_500, userId: "u1", now: NOW },
  );

describe("a code on the join form", () => {
  it("no code: nothing to price", async () => {
    expect(await price(null, code())).toEqual({ kind: "none" });
  });

  it.each([
    ["fixed £20", code(), 19_500, 2000],
    ["fixed above the subscription: down to zero, never below", code({ amountOffPence: 50_000 }), 19_500, 19_500],
    ["percent on the half-price subscription, half up to the penny", code({ kind: "percent", percentOff: 15, amountOffPence: null }), 9_750, 1463],
    ["100 percent", code({ kind: "percent", percentOff: 100, amountOffPence: null }), 9_750, 9_750],
  ])("%s", async (_, found, subscriptionPence, off) => {
    expect(await price(" member20 ", found, { subscriptionPence })).toEqual({
      kind: "applied",
      discount: { codeId: "7", code: "MEMBER20", totalPence: off },
      caps: { maxRedemptions: 10, maxPerUser: 1 },
    });
  });

  it.each([
    ["a shape no code has", "!!", code(), "There is no discount code “!!”. Check how it is spelt."],
    ["no such code", "NOPE20", code(), "There is no discount code “NOPE20”. Check how it is spelt."],
    ["a code for other things", "MEMBER20", code({ appliesTo: { allWebinars: true, allBundles: false, webinarIds: [], bundleIds: [], membershipIds: ["2"] } }), "The code “MEMBER20” does not apply to this membership."],
    ["expired", "MEMBER20", code({ validUntil: "2026-01-01T00:00:00Z" }), "The code “MEMBER20” has expired: it ended on 1 January 2026."],
  ])("refused: %s", async (_, typed, found, message) => {
    expect(await price(typed, found)).toEqual({ kind: "refused", message });
  });

  it("refused when this person has used it as often as one may", async () => {
    expect(await price("MEMBER20", code({ maxRedemptions: null }), { used: 1 })).toEqual({ kind: "refused", message: "You have already used the code “MEMBER20”: each person can use it once." });
  });

});
