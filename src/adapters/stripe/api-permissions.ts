/**
 * What a restricted Stripe key needs for the calls this folder makes, by the permission names
 * Stripe's dashboard shows (Developers → API keys → Create restricted key). docs/operators-guide.md lists
 * exactly these, and test/unit/deploy-stripe-settings.test.ts holds the three together: every
 * `stripe.<resource>.<method>(` call in this folder must be named under some permission here,
 * and the guide must list each permission with its access. A call added without its permission
 * fails that test instead of failing in production with a "permission denied" from Stripe.
 */
export interface StripePermission {
  /** As the dashboard names it. */
  permission: string;
  access: "Read" | "Write";
  /** The SDK calls that need it (`resource.method`), expansions included. */
  calls: readonly string[];
}

export const STRIPE_PERMISSIONS: readonly StripePermission[] = [
  { permission: "Checkout Sessions", access: "Write", calls: ["checkout.sessions.create", "checkout.sessions.retrieve", "checkout.sessions.expire"] },
  // A renewal's Checkout session names the member's existing customer; the member import checks
  // the customer ids a file links.
  { permission: "Customers", access: "Read", calls: ["checkout.sessions.create", "customers.retrieve"] },
  { permission: "Subscriptions", access: "Write", calls: ["subscriptions.retrieve", "subscriptions.cancel", "subscriptions.update"] },
  { permission: "Invoices", access: "Read", calls: ["invoices.retrieve", "invoicePayments.list"] },
  // Sessions for every member; a configuration of its own (card and invoices only) for an ending membership.
  { permission: "Customer portal", access: "Write", calls: ["billingPortal.sessions.create", "billingPortal.configurations.list", "billingPortal.configurations.create"] },
  { permission: "Coupons", access: "Write", calls: ["coupons.create"] },
  { permission: "Products", access: "Write", calls: ["products.create"] },
  { permission: "Prices", access: "Read", calls: ["prices.retrieve"] },
  { permission: "Tax rates", access: "Write", calls: ["taxRates.list", "taxRates.create"] },
  { permission: "Refunds", access: "Write", calls: ["refunds.create"] },
  { permission: "PaymentIntents", access: "Read", calls: ["paymentIntents.retrieve"] },
  // Read with their refunds (a refund made in Stripe's dashboard), and as a dispute's charge.
  { permission: "Charges", access: "Read", calls: ["charges.retrieve", "disputes.retrieve", "paymentIntents.retrieve"] },
  { permission: "Disputes", access: "Read", calls: ["disputes.retrieve"] },
  // Stripe's fee on a payment, read through its charge's balance transaction.
  { permission: "Balance", access: "Read", calls: ["paymentIntents.retrieve"] },
];
