/**
 * The billing portal configuration for a member whose membership ends at its period end (staff
 * chose so with a refund): the member may update their card and read their invoices, but the
 * portal offers no cancelling and no plan changes, and so no "Renew" of the subscription Stripe
 * is to end. Found among the account's active configurations by its metadata, or created (with an
 * idempotency key naming it, so two isolates creating at once make one); then remembered for the
 * isolate's life. Every other member gets the account's default portal, set in the Dashboard.
 */
import type Stripe from "stripe";
import type { StripeConfig } from "../../env";

const KIND_KEY = "guildhall_portal";
const KIND = "ending-membership-v1";

/** Per isolate and Stripe account: the id found or made. */
const remembered = new Map<string, Promise<string>>();

async function findOrCreate(stripe: Stripe): Promise<string> {
  const existing = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
  const found = existing.data.find((c) => c.metadata?.[KIND_KEY] === KIND);
  if (found) return found.id;
  const created = await stripe.billingPortal.configurations.create(
    {
      name: "Membership ending: card and invoices only",
      features: {
        payment_method_update: { enabled: true },
        invoice_history: { enabled: true },
        customer_update: { enabled: true, allowed_updates: ["email", "address"] },
        subscription_cancel: { enabled: false },
        subscription_update: { enabled: false },
      },
      metadata: { [KIND_KEY]: KIND },
    },
    { idempotencyKey: `billing-portal-configuration:${KIND}` },
  );
  return created.id;
}

export function endingMembershipPortal(stripe: Stripe, config: StripeConfig): Promise<string> {
  const account = `${config.api.host}:${config.api.port}:${config.secretKey.slice(-8)}`;
  let id = remembered.get(account);
  if (!id) {
    id = findOrCreate(stripe);
    // A failure is not remembered: the next portal asks again.
    id.catch(() => remembered.delete(account));
    remembered.set(account, id);
  }
  return id;
}
