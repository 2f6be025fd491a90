import { describe, expect, it } from "vitest";
import { checkVatId } from "../../src/shared/vat-id";

describe("checkVatId", () => {
  it.each([
    ["GB123456789", "GB123456789"],
    ["gb 123 4567 89", "GB123456789"],
    ["GB123456789012", "GB123456789012"],
    ["GBGD001", "GBGD001"],
    ["GBHA599", "GBHA599"],
    ["XI123456789", "XI123456789"],
    ["DE123456789", "DE123456789"],
    ["ATU12345678", "ATU12345678"],
    ["FR12345678901", "FR12345678901"],
    ["FRXX123456789", "FRXX123456789"],
    ["NL123456789B01", "NL123456789B01"],
    ["IE1234567T", "IE1234567T"],
    ["IE1234567WA", "IE1234567WA"],
    ["ESX1234567X", "ESX1234567X"],
    ["EL123456789", "EL123456789"],
    ["BE0123456789", "BE0123456789"],
    ["CY12345678L", "CY12345678L"],
    ["SE123456789001", "SE123456789001"],
    ["be.0123.456.789", "BE0123456789"],
  ])("accepts %s as %s", (input, value) => {
    expect(checkVatId(input)).toEqual({ ok: true, value });
  });

  it.each([
    ["123456789", "Start the VAT number with its country prefix, for example GB123456789"],
    ["US123456789", "VAT numbers starting US are not accepted: give a UK (GB or XI) or EU VAT number"],
    ["GR123456789", "Greek VAT numbers start EL, not GR"],
    ["GB12345678", "That is not a valid GB VAT number: check the characters after GB"],
    ["GB1234567890", "That is not a valid GB VAT number: check the characters after GB"],
    ["GBGD500", "That is not a valid GB VAT number: check the characters after GB"],
    ["GBHA499", "That is not a valid GB VAT number: check the characters after GB"],
    ["DE12345678", "That is not a valid DE VAT number: check the characters after DE"],
    ["AT12345678", "That is not a valid AT VAT number: check the characters after AT"],
    ["NL123456789A01", "That is not a valid NL VAT number: check the characters after NL"],
    ["FRIO123456789", "That is not a valid FR VAT number: check the characters after FR"],
  ])("refuses %s: %s", (input, message) => {
    expect(checkVatId(input)).toEqual({ ok: false, message });
  });
});
