/**
 * Stripe's tax rates for our VAT table (docs/decisions/0023-vat-and-invoices.md): one
 * inclusive rate per treatment that has a rate, marked with the treatment and rate in its
 * metadata. Found among the account's active rates, or created (with an idempotency key naming
 * the treatment and rate, so two isolates creating at once make one); then remembered for the
 * isolate's life. A change to the VAT table gives new rates: Stripe's rates cannot change
 * percentage, and old ones stay on the payments they were used for.
 */
import type Stripe from "stripe";
import type { StripeTaxRates } from "../../domain/billing";
import type { StripeConfig } from "../../env";
import { VAT_RATES, VAT_TREATMENTS, type VatTreatment } from "../../shared/pricing/vat";

const TREATMENT_KEY = "guildhall_vat_treatment";
const RATE_KEY = "guildhall_vat_basis_points";

const DISPLAY_NAME = "VAT";

/** Per isolate and Stripe account: the ids found or made. */
const remembered = new Map<string, Promise<StripeTaxRates>>();

const matches = (rate: Stripe.TaxRate, treatment: VatTreatment, basisPoints: number) =>
  rate.active && rate.inclusive && rate.metadata?.[TREATMENT_KEY] === treatment && rate.metadata?.[RATE_KEY] === String(basisPoints);

async function findOrCreate(stripe: Stripe): Promise<StripeTaxRates> {
  const existing = await stripe.taxRates.list({ active: true, inclusive: true, limit: 100 });
  const ids = {} as Record<VatTreatment, string | null>;
  for (const treatment of VAT_TREATMENTS) {
    const basisPoints = VAT_RATES[treatment];
    if (basisPoints === null) {
      ids[treatment] = null;
      continue;
    }
    const found = existing.data.find((rate) => matches(rate, treatment, basisPoints));
    ids[treatment] =
      found?.id ??
      (
        await stripe.taxRates.create(
          {
            display_name: DISPLAY_NAME,
            description: `VAT, ${treatment} rate`,
            percentage: basisPoints / 100,
            inclusive: true,
            country: "GB",
            jurisdiction: "GB",
            tax_type: "vat",
            metadata: { [TREATMENT_KEY]: treatment, [RATE_KEY]: String(basisPoints) },
          },
          { idempotencyKey: `vat-tax-rate:${treatment}:${basisPoints}` },
        )
      ).id;
  }
  return ids;
}

export function stripeTaxRates(stripe: Stripe, config: StripeConfig): Promise<StripeTaxRates> {
  const account = `${config.api.host}:${config.api.port}:${config.secretKey.slice(-8)}`;
  let rates = remembered.get(account);
  if (!rates) {
    rates = findOrCreate(stripe);
    // A failure is not remembered: the next checkout asks again.
    rates.catch(() => remembered.delete(account));
    remembered.set(account, rates);
  }
  return rates;
}
