import { describe, expect, it } from "vitest";
import { BillingDetailsForm } from "../../src/shared/billing-details";

const parse = (form: Record<string, string>) => BillingDetailsForm.safeParse(form);
const messages = (form: Record<string, string>) => {
  const result = parse(form);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("BillingDetailsForm", () => {
  it("nothing given is null: the receipt names the payer", () => {
    expect(parse({}).data).toBeNull();
    expect(parse({ billingOrganisation: "  ", billingAddress: "\n \n", purchaseOrder: "", vatId: " " }).data).toBeNull();
  });

  it("an employer's details, the address one line each and the VAT number in its normal form", () => {
    expect(
      parse({ billingOrganisation: " Sampleton Physio Ltd ", billingAddress: "1 High Street\r\n\r\nSampleton\nEX1 1AA", purchaseOrder: "PO-2026/117", vatId: "gb 123 4567 89" }).data,
    ).toEqual({ organisation: "Sampleton Physio Ltd", address: ["1 High Street", "Sampleton", "EX1 1AA"], purchaseOrder: "PO-2026/117", vatId: "GB123456789" });
  });

  it("a purchase-order number alone is enough", () => {
    expect(parse({ purchaseOrder: "4500012345" }).data).toEqual({ organisation: null, address: [], purchaseOrder: "4500012345", vatId: null });
  });

  it.each([
    [{ billingOrganisation: "Ltd", vatId: "US123" }, [["vatId", "VAT numbers starting US are not accepted: give a UK (GB or XI) or EU VAT number"]]],
    [{ vatId: "DE123456789" }, [["billingOrganisation", "Enter the name of the organisation the VAT number belongs to"]]],
    [{ billingOrganisation: "x".repeat(201) }, [["billingOrganisation", "The organisation name must be 200 characters or fewer"]]],
    [{ purchaseOrder: "PO\u0000117" }, [["purchaseOrder", "Use only letters, digits, spaces and ordinary punctuation in the purchase-order number"]]],
    [{ purchaseOrder: "P".repeat(51) }, [["purchaseOrder", "The purchase-order number must be 50 characters or fewer"]]],
  ])("refuses %j with a specific message", (form, expected) => {
    expect(messages(form as Record<string, string>)).toEqual(expected);
  });
});
