/** The Stripe ids an import row links: checked with Stripe row by row, a bounded number at a time, and refused in bulk past the file's limit. */
import { describe, expect, it } from "vitest";
import type { ImportedMember } from "../../../src/domain/member-import";
import { checkStripeLinks, MAX_STRIPE_LINKS, STRIPE_LOOKUPS_AT_ONCE, type StripeLookups } from "../../../src/services/member-import/stripe-links";

const member = (line: number, stripeCustomerId: string | null, stripeSubscriptionId: string | null = null): ImportedMember => ({
  line,
  email: `m${line}@example.org`,
  name: "Ada Lovelace",
  membershipSlug: "full-member",
  membershipTitle: "Full member",
  status: "active",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  memberNumber: null,
  address: null,
  paymentMethod: "card",
  consents: [],
  consentsGiven: [],
  honour: null,
  concession: null,
  note: null,
  stripeCustomerId,
  stripeSubscriptionId,
  payments: [],
  cpd: [],
  custom: [],
});

/** Stripe's answers as a small in-memory table (a stand-in for the API, which the integration tests reach through the fake server). */
function stripeWith(customers: Record<string, { deleted: boolean }>, subscriptions: Record<string, { customerId: string; status: string }>) {
  const calls: string[] = [];
  let inFlight = 0;
  let most = 0;
  const visit = async <T>(id: string, answer: T): Promise<T> => {
    calls.push(id);
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight -= 1;
    return answer;
  };
  const lookups: StripeLookups = {
    customer: (id) => visit(id, customers[id] ? { id, deleted: customers[id].deleted } : null),
    subscription: (id) => visit(id, subscriptions[id] ? { id, ...subscriptions[id] } : null),
  };
  return { lookups, calls, most: () => most };
}

describe("checkStripeLinks", () => {
  const stripe = stripeWith(
    { cus_live: { deleted: false }, cus_gone: { deleted: true }, cus_other: { deleted: false } },
    { sub_live: { customerId: "cus_live", status: "active" }, sub_ended: { customerId: "cus_live", status: "canceled" } },
  );

  it("accepts rows without Stripe ids without asking Stripe, and ids Stripe knows as given", async () => {
    const quiet = stripeWith({}, {});
    expect(await checkStripeLinks(quiet.lookups, [member(2, null)])).toEqual([]);
    expect(quiet.calls).toEqual([]);
    expect(await checkStripeLinks(stripe.lookups, [member(2, "cus_live", "sub_live"), member(3, "cus_other")])).toEqual([]);
  });

  it("names the line and column of each id Stripe does not know, of a deleted customer, of another customer's subscription and of an ended one", async () => {
    const problems = await checkStripeLinks(stripe.lookups, [
      member(2, "cus_missing"),
      member(3, "cus_gone"),
      member(4, "cus_other", "sub_live"),
      member(5, "cus_live", "sub_ended"),
      member(6, "cus_live", "sub_missing"),
    ]);
    expect(problems.map((p) => [p.line, p.column])).toEqual([
      [2, "stripe_customer_id"],
      [3, "stripe_customer_id"],
      [4, "stripe_subscription_id"],
      [5, "stripe_subscription_id"],
      [6, "stripe_subscription_id"],
    ]);
    expect(problems[0]!.message).toBe("Stripe has no customer cus_missing: check the id in Stripe's dashboard");
    expect(problems[2]!.message).toBe("Subscription sub_live belongs to Stripe customer cus_live, not cus_other");
    expect(problems[3]!.message).toContain("has ended in Stripe (canceled)");
  });

  it(`asks Stripe at most ${STRIPE_LOOKUPS_AT_ONCE} at a time, once per linked row`, async () => {
    const many = stripeWith({ cus_live: { deleted: false } }, {});
    const rows = Array.from({ length: 40 }, (_, i) => member(i + 2, "cus_live"));
    expect(await checkStripeLinks(many.lookups, rows)).toEqual([]);
    expect(many.calls).toHaveLength(40);
    expect(many.most()).toBe(STRIPE_LOOKUPS_AT_ONCE);
  });

  it(`refuses a file linking more than ${MAX_STRIPE_LINKS} rows before asking Stripe anything`, async () => {
    const many = stripeWith({ cus_live: { deleted: false } }, {});
    const problems = await checkStripeLinks(many.lookups, Array.from({ length: MAX_STRIPE_LINKS + 1 }, (_, i) => member(i + 2, "cus_live")));
    expect(problems).toEqual([{ line: null, column: "stripe_customer_id", message: expect.stringContaining(`${MAX_STRIPE_LINKS + 1} rows name a Stripe customer; one file may link at most ${MAX_STRIPE_LINKS}`) }]);
    expect(many.calls).toEqual([]);
  });

  it("refuses Stripe ids where card payments are not set up", async () => {
    expect(await checkStripeLinks(null, [member(2, "cus_live")])).toEqual([
      { line: null, column: "stripe_customer_id", message: "Card payments are not set up on this site, so Stripe customers cannot be linked. Leave the Stripe columns blank." },
    ]);
  });
});
