/**
 * Checking the Stripe customer and subscription a member import row names, before anything is
 * written: each must exist in Stripe, the subscription must belong to that customer, and a
 * subscription that has ended cannot be linked (the member renews by hand instead). Every row's
 * problem names its line and column, as the rest of the import's checks do.
 *
 * Bounded: one Stripe call per linked row (the subscription, which names its customer; or the
 * customer alone), at most STRIPE_LOOKUPS_AT_ONCE at a time (a Worker keeps six connections
 * open at once and queues the rest), and at most MAX_STRIPE_LINKS linked rows per file, refused
 * as a whole before any call when there are more. The dry run and the real run each check, so a
 * file costs at most 2 × MAX_STRIPE_LINKS calls across its two requests, well under a request's
 * subrequest limit, and about MAX_STRIPE_LINKS ÷ 6 round trips (a few seconds to twenty) each.
 */
import type { ImportedMember, ImportProblem } from "../../domain/member-import";

/** What the import needs to know from Stripe (adapters/stripe/billing-api.ts). */
export interface StripeLookups {
  /** Null when Stripe does not know the customer; `deleted` when it was deleted. */
  customer(id: string): Promise<{ id: string; deleted: boolean } | null>;
  /** Null when Stripe does not know the subscription. */
  subscription(id: string): Promise<{ id: string; customerId: string; status: string } | null>;
}

/** The most rows one file may link to Stripe: split a larger file (its other rows are not limited by this). */
export const MAX_STRIPE_LINKS = 500;
export const STRIPE_LOOKUPS_AT_ONCE = 6;

/** Stripe statuses of a subscription that will never charge again. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** Runs `work` over `items`, at most `limit` at once, keeping their order. */
async function bounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function checkOne(stripe: StripeLookups, member: ImportedMember): Promise<ImportProblem[]> {
  const customerId = member.stripeCustomerId!;
  const problem = (column: string, message: string): ImportProblem[] => [{ line: member.line, column, message }];
  if (member.stripeSubscriptionId) {
    const subscription = await stripe.subscription(member.stripeSubscriptionId);
    if (!subscription) return problem("stripe_subscription_id", `Stripe has no subscription ${member.stripeSubscriptionId}: check the id in Stripe's dashboard`);
    if (subscription.customerId !== customerId) {
      return problem("stripe_subscription_id", `Subscription ${subscription.id} belongs to Stripe customer ${subscription.customerId}, not ${customerId}`);
    }
    if (ENDED.has(subscription.status)) {
      return problem(
        "stripe_subscription_id",
        `Subscription ${subscription.id} has ended in Stripe (${subscription.status}): leave the column blank, and the member will be offered renewal by card or bank transfer`,
      );
    }
    return [];
  }
  const customer = await stripe.customer(customerId);
  if (!customer) return problem("stripe_customer_id", `Stripe has no customer ${customerId}: check the id in Stripe's dashboard`);
  if (customer.deleted) return problem("stripe_customer_id", `Stripe customer ${customerId} has been deleted: leave the column blank or give the member's current customer`);
  return [];
}

/**
 * The problems with the Stripe ids in checked rows; none when no row names one. `stripe` null:
 * card payments are not configured, so ids cannot be checked and are refused.
 */
export async function checkStripeLinks(stripe: StripeLookups | null, members: readonly ImportedMember[]): Promise<ImportProblem[]> {
  const linked = members.filter((member) => member.stripeCustomerId !== null);
  if (linked.length === 0) return [];
  if (!stripe) return [{ line: null, column: "stripe_customer_id", message: "Card payments are not set up on this site, so Stripe customers cannot be linked. Leave the Stripe columns blank." }];
  if (linked.length > MAX_STRIPE_LINKS) {
    return [
      {
        line: null,
        column: "stripe_customer_id",
        message: `${linked.length} rows name a Stripe customer; one file may link at most ${MAX_STRIPE_LINKS} (each is checked with Stripe). Split the file and import the parts one after another.`,
      },
    ];
  }
  return (await bounded(linked, STRIPE_LOOKUPS_AT_ONCE, (member) => checkOne(stripe, member))).flat();
}
