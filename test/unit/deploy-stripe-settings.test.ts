/// <reference types="vite/client" />
/**
 * docs/operators-guide.md tells the operator which webhook events to send and which permissions a
 * restricted Stripe key needs. Both lists must be exactly what the Worker handles and calls:
 * an event missing from the guide is never delivered in production (refunds and disputes made in
 * Stripe's dashboard would go unrecorded), and a missing permission fails the call at Stripe.
 */
import { describe, expect, it } from "vitest";
import guide from "../../docs/operators-guide.md?raw";
import { STRIPE_PERMISSIONS } from "../../src/adapters/stripe/api-permissions";
import { HANDLED_EVENTS } from "../../src/services/payments/stripe-webhook";

const adapterSources = import.meta.glob<string>("../../src/adapters/stripe/*.ts", { query: "?raw", import: "default", eager: true });

/** Step 4 of going live (Stripe), up to the next step or section. */
const stripeStep = () => guide.split(/^### 4\. Stripe/m)[1]?.split(/^##/m)[0] ?? "";

function documentedEvents(step: string): string[] {
  return [...step.matchAll(/^\s*- `([a-z_]+(?:\.[a-z_]+)+)`\s*$/gm)].map((m) => m[1]!);
}

function documentedPermissions(step: string): string[] {
  return [...step.matchAll(/^\s*\| ([A-Za-z][A-Za-z ]*?) \| (Read|Write) \|/gm)].map((m) => `${m[1]}: ${m[2]}`);
}

/** Every `stripe.<resource>.<method>(` call in the Stripe adapter, as `resource.method`. */
function stripeCalls(): string[] {
  const calls = Object.values(adapterSources).flatMap((source) => [...source.matchAll(/\bstripe\.((?:[a-zA-Z]+\.)+[a-zA-Z]+)\(/g)].map((m) => m[1]!));
  return [...new Set(calls)].sort();
}

describe("the operators' guide's Stripe settings", () => {
  it("list exactly the webhook events the Worker handles", () => {
    const documented = documentedEvents(stripeStep());
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  it("include refunds and disputes made in Stripe's dashboard", () => {
    expect(documentedEvents(stripeStep())).toEqual(expect.arrayContaining(["charge.refunded", "charge.dispute.created", "charge.dispute.closed"]));
  });

  it("name a restricted key's permissions exactly as the Stripe calls need them", () => {
    const documented = documentedPermissions(stripeStep());
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(STRIPE_PERMISSIONS.map((p) => `${p.permission}: ${p.access}`).sort());
  });

  it("cover every call the Stripe adapter makes with a permission", () => {
    const calls = stripeCalls();
    expect(calls).toContain("refunds.create");
    const covered = new Set(STRIPE_PERMISSIONS.flatMap((p) => p.calls));
    expect(calls.filter((call) => !covered.has(call))).toEqual([]);
    // And no permission is asked for a call the Worker no longer makes.
    expect([...covered].filter((call) => !calls.includes(call))).toEqual([]);
  });
});
