/**
 * "Invoice to an organisation": the optional billing details (organisation, billing address,
 * purchase-order number, VAT number) as one fieldset, on the join form, the renewal and at checkout. Its own
 * fieldset, apart from the member's details: an employer pays, the member is still the person the
 * membership or webinar is for. Plain HTML, so it works without JavaScript; after an error it shows
 * what was typed and each problem beside its field.
 */
import { BILLING_LIMITS, type BillingDetails } from "../../shared/billing-details";
import { describedBy, FieldMessages } from "../forms/field-messages";
import { TextField } from "../forms/text-field";

/** The fields' labels, by form field name, for error summaries. */
export const BILLING_LABELS = {
  billingOrganisation: "Organisation name",
  billingAddress: "Billing address",
  purchaseOrder: "Purchase-order number",
  vatId: "VAT number",
} as const;

/** Stored billing details as the fieldset's values, to offer them again (a renewal keeps last year's organisation). */
export function billingValues(billing: BillingDetails | null): Partial<Record<string, string>> {
  if (!billing) return {};
  return {
    billingOrganisation: billing.organisation ?? "",
    billingAddress: billing.address.join("\n"),
    purchaseOrder: billing.purchaseOrder ?? "",
    vatId: billing.vatId ?? "",
  };
}

export interface BillingFieldsProps {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  /** Says what the document the organisation receives is: an invoice and receipt for a membership, or for an order. */
  intro: string;
}

const optional = " (optional)";

export function BillingFields({ values, errors, intro }: BillingFieldsProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  const addressHint = "One line each: street, town, postcode and country.";
  return (
    <fieldset className="form-section billing-fields">
      <legend className="form-section__legend">
        <h3>Invoice to an organisation</h3>
      </legend>
      <p className="form-section__description">{intro}</p>
      <TextField id="billingOrganisation" label={BILLING_LABELS.billingOrganisation} labelSuffix={optional} value={v("billingOrganisation")} error={e("billingOrganisation")} autoComplete="organization" maxLength={BILLING_LIMITS.organisation} />
      <div className={e("billingAddress") ? "field field--error" : "field"}>
        <label className="field__label" htmlFor="billingAddress">
          {BILLING_LABELS.billingAddress}
          {optional}
        </label>
        <FieldMessages id="billingAddress" hint={addressHint} error={e("billingAddress")} />
        <textarea
          className="field__input field__input--textarea"
          id="billingAddress"
          name="billingAddress"
          rows={4}
          defaultValue={v("billingAddress")}
          maxLength={BILLING_LIMITS.address}
          autoComplete="off"
          aria-invalid={e("billingAddress") ? true : undefined}
          aria-describedby={describedBy({ id: "billingAddress", hint: addressHint, error: e("billingAddress") })}
        />
      </div>
      <TextField id="purchaseOrder" label={BILLING_LABELS.purchaseOrder} labelSuffix={optional} value={v("purchaseOrder")} error={e("purchaseOrder")} autoComplete="off" maxLength={BILLING_LIMITS.purchaseOrder} />
      <TextField
        id="vatId"
        label={BILLING_LABELS.vatId}
        labelSuffix={optional}
        hint="The organisation's UK or EU VAT number with its country prefix, like GB123456789."
        value={v("vatId")}
        error={e("vatId")}
        autoComplete="off"
        maxLength={20}
      />
    </fieldset>
  );
}
