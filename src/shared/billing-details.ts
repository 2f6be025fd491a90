/**
 * A buyer's billing details, all optional: the organisation to invoice, its billing address, a
 * purchase-order number and its VAT number (format checked, see vat-id.ts). One schema for the
 * Worker and the browser; messages are written for buyers. Nothing given at all is `null`: the
 * invoice or receipt then names the person who paid.
 */
import * as z from "zod";
import { isOneLine, isPlainLines, oneLineMessage, plainLinesMessage } from "./plain-text";
import { checkVatId } from "./vat-id";

export const BILLING_LIMITS = { organisation: 200, address: 500, purchaseOrder: 50 } as const;

/**
 * An optional field on one line (`lines: "several"`: an address's lines), without other control
 * characters, which these fields could carry onto invoices and into e-mails (plain-text.ts).
 * `lines: "checked"`: the field's own character rule refuses them already.
 */
const optional = (label: string, max: number, lines: "one" | "several" | "checked" = "one") =>
  z
    .string()
    .trim()
    .max(max, { error: `The ${label} must be ${max} characters or fewer` })
    .refine(lines === "one" ? isOneLine : lines === "several" ? isPlainLines : () => true, {
      error: lines === "several" ? plainLinesMessage(`the ${label}`) : oneLineMessage(`the ${label}`),
    })
    .optional()
    .transform((value) => (value ? value : null));

/** Printable characters only: a purchase-order number is copied onto invoices and into accounts systems. */
const purchaseOrder = optional("purchase-order number", BILLING_LIMITS.purchaseOrder, "checked").refine((value) => value === null || /^[\x20-\x7E]+$/.test(value), {
  error: "Use only letters, digits, spaces and ordinary punctuation in the purchase-order number",
});

const vatId = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const checked = checkVatId(value);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.value;
  });

export interface BillingDetails {
  organisation: string | null;
  /** One line each, blank lines dropped. */
  address: string[];
  purchaseOrder: string | null;
  vatId: string | null;
}

/** The form fields `billingOrganisation`, `billingAddress`, `purchaseOrder` and `vatId`. */
export const BillingDetailsForm = z
  .object({
    billingOrganisation: optional("organisation name", BILLING_LIMITS.organisation),
    billingAddress: optional("billing address", BILLING_LIMITS.address, "several"),
    purchaseOrder,
    vatId,
  })
  .superRefine((form, ctx) => {
    if (form.vatId && !form.billingOrganisation) {
      ctx.addIssue({ code: "custom", path: ["billingOrganisation"], message: "Enter the name of the organisation the VAT number belongs to" });
    }
  })
  .transform((form): BillingDetails | null => {
    const details: BillingDetails = {
      organisation: form.billingOrganisation,
      address: (form.billingAddress ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean),
      purchaseOrder: form.purchaseOrder,
      vatId: form.vatId,
    };
    return details.organisation || details.address.length > 0 || details.purchaseOrder || details.vatId ? details : null;
  });
