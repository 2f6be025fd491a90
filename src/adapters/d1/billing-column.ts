/**
 * Billing details in a D1 column (migrations/0024_billing_and_pro_forma.sql): JSON, or NULL when
 * the buyer gave none. The same shape on applications, orders, receipts and pro-forma invoices.
 */
import type { BillingDetails } from "../../shared/billing-details";

export const billingColumn = (billing: BillingDetails | null): string | null => (billing ? JSON.stringify(billing) : null);

export function parseBilling(column: string | null): BillingDetails | null {
  if (!column) return null;
  const stored = JSON.parse(column) as Partial<BillingDetails>;
  return {
    organisation: stored.organisation ?? null,
    address: Array.isArray(stored.address) ? stored.address : [],
    purchaseOrder: stored.purchaseOrder ?? null,
    vatId: stored.vatId ?? null,
  };
}
