/**
 * The Worker sends a request to a lazily loaded area's app by its address alone (createApp in
 * src/app.ts): an address one of an area's routes answers but its address test missed would go
 * to the app without that area, and there reach the general pages or the 404 page instead. So
 * every route each area mounts must be one its address test covers.
 */
import { describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { inMemberArea, inSections, inStaffArea, inStripeWebhookArea } from "../../src/app";
import { memberArea } from "../../src/member-area";
import { sections } from "../../src/sections-area";
import { staffArea } from "../../src/staff-area";
import { stripeWebhookArea } from "../../src/stripe-webhook-area";

/** A route's pattern with each parameter (and its pattern, as `:id{[0-9]{1,9}}`) given a value. */
const anAddress = (pattern: string) => pattern.replace(/:\w+(?:\{(?:[^{}]|\{[^{}]*\})*\})?/g, "1").replace(/\/\*$/, "/x");

/** The addresses an area's routes answer (the gates' `*` patterns are middleware, not routes). */
function addressesOf(routes: Hono<never> | readonly Hono<never>[]) {
  return [...new Set(([] as Hono<never>[]).concat(routes).flatMap((app) => app.routes.filter((route) => route.method !== "ALL").map((route) => anAddress(route.path))))];
}

describe("the lazily loaded areas' address tests", () => {
  it.each([
    ["the member area", addressesOf(memberArea() as unknown as Hono<never>), inMemberArea],
    ["the staff area", addressesOf(staffArea() as unknown as Hono<never>), inStaffArea],
    ["Stripe's webhook", addressesOf(stripeWebhookArea() as unknown as Hono<never>), inStripeWebhookArea],
    ["the public sections", addressesOf(Object.values(sections()) as unknown as Hono<never>[]), inSections],
  ])("cover every address the routes of %s answer", (_area, addresses, covers) => {
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((address) => !covers(address))).toEqual([]);
  });

  it("leave the home page, articles and the editors' pages to the app loaded at start-up", () => {
    for (const address of ["/", "/articles", "/articles/a-story", "/about", "/professionals/join-associate", "/search", "/memberships", "/register", "/login"]) {
      expect([inMemberArea, inStaffArea, inStripeWebhookArea, inSections].filter((covers) => covers(address)), address).toEqual([]);
    }
  });
});
