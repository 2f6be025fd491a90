/** Receipts' pure rules: the numbers, the year they count in, what a receipt says and who issued it. */
import { describe, expect, it } from "vitest";
import type { Footer } from "../../src/domain/content";
import type { Order } from "../../src/domain/orders";
import { RECEIPT_NUMBER_PRINTF } from "../../src/domain/receipts";
import { membershipReceipt, orderReceipt, receiptIssuer } from "../../src/services/receipts/receipt-content";
import { formatReceiptNumber, parseReceiptNumber, receiptYear } from "../../src/services/receipts/receipt-number";

describe("receipt numbers", () => {
  it.each([
    [2026, 1, "GH-2026-000001"],
    [2026, 123, "GH-2026-000123"],
    [2027, 999_999, "GH-2027-999999"],
    // The millionth receipt of a year simply has seven digits.
    [2027, 1_000_000, "GH-2027-1000000"],
  ])("writes year %i, place %i as %s, and reads it back", (year, seq, number) => {
    expect(formatReceiptNumber(year, seq)).toBe(number);
    expect(parseReceiptNumber(number)).toEqual({ year, seq });
  });

  it("matches what the database's printf pattern writes", () => {
    // SQLite's printf("GH-%04d-%06d", …) zero-pads the same way as formatReceiptNumber.
    expect(RECEIPT_NUMBER_PRINTF).toBe("GH-%04d-%06d");
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a place of %s in the year", (seq) => {
    expect(() => formatReceiptNumber(2026, seq)).toThrow(RangeError);
  });

  it.each([0, 10_000, 2026.5])("refuses a year of %s", (year) => {
    expect(() => formatReceiptNumber(year, 1)).toThrow(RangeError);
  });

  it.each(["", "GH-2026-1", "GH-2026-0000123", "gh-2026-000123", "GH-2026-000000", "GH-26-000123", " GH-2026-000123", "GH-2026-000123/x", "GH-0000-000001"])(
    "reads %j as no receipt number (one number, one spelling)",
    (text) => {
      expect(parseReceiptNumber(text)).toBeNull();
    },
  );

  it("counts in the calendar year in London: New Year's Eve late at night UTC is still that year, and the first minutes of January the next", () => {
    expect(receiptYear(new Date("2026-12-31T23:59:59Z"))).toBe(2026);
    expect(receiptYear(new Date("2027-01-01T00:00:01Z"))).toBe(2027);
    // British Summer Time: midnight London is 23:00 UTC the day before, but never at New Year.
    expect(receiptYear(new Date("2026-07-01T23:30:00Z"))).toBe(2026);
  });
});

describe("what a receipt says", () => {
  const payment = { id: "pay-1", method: "offline" as const, amountPence: 15_000, receivedOn: "2026-11-21", reference: "BACS 778899" };
  const application = { id: "app-1", userId: "user-1", email: "ada@example.org", givenName: "Ada", familyName: "Lovelace", membershipTitle: "Full member", vatTreatment: "standard" as const, billing: null, amountDuePence: 15_000, joiningFeePence: null };

  it("a membership payment: the payer, the membership and the period it pays for, as received", () => {
    const receipt = membershipReceipt({ payment, application, period: { start: "2026-11-21", end: "2027-11-20" }, renewal: false, year: 2026 });
    expect(receipt).toEqual({
      year: 2026,
      source: "membership",
      paymentId: "pay-1",
      applicationId: "app-1",
      orderId: null,
      userId: "user-1",
      payer: { name: "Ada Lovelace", email: "ada@example.org" },
      billing: null,
      items: [
        {
          description: "Full member",
          detail: "Membership from 21 November 2026 to 20 November 2027",
          pence: 15_000,
          // £150.00 at 20%: VAT is 15000 / 6 = £25.00 exactly.
          vat: { treatment: "standard", rateBasisPoints: 2000, netPence: 12_500, vatPence: 2_500 },
        },
      ],
      totalPence: 15_000,
      netPence: 12_500,
      vatPence: 2_500,
      method: "offline",
      paidOn: "2026-11-21",
      paymentReference: "BACS 778899",
    });
  });

  it("a renewal says so; money for a closed application names no period", () => {
    const renewal = membershipReceipt({ payment, application, period: { start: "2027-11-21", end: "2028-11-20" }, renewal: true, year: 2027 });
    expect(renewal.items[0]!.description).toBe("Full member, renewal");
    const closed = membershipReceipt({ payment, application, period: null, renewal: false, year: 2026 });
    expect(closed.items[0]!.detail).toBeNull();
  });

  it("an exempt membership's receipt carries no VAT, and says it is exempt", () => {
    const exempt = membershipReceipt({ payment, application: { ...application, vatTreatment: "exempt" }, period: null, renewal: false, year: 2026 });
    expect(exempt.items[0]!.vat).toEqual({ treatment: "exempt", rateBasisPoints: null, netPence: 15_000, vatPence: 0 });
    expect(exempt).toMatchObject({ netPence: 15_000, vatPence: 0 });
  });

  describe("a join paid in full: the subscription and the joining fee, each with its own VAT", () => {
    // £100.04 + £25.04 at 20%: 1667.33p and 417.33p round down to 1667p and 417p (2084p), where
    // VAT worked on the £125.08 total would be 2084.67p, so 2085p. The lines' own sum wins.
    const join = { ...application, amountDuePence: 12_508, joiningFeePence: 2_504, discount: { codeId: "c1", code: "WELCOME10", totalPence: 1_000 } };
    const paid = { ...payment, amountPence: 12_508 };

    it("two lines, totals the sums of the lines' own, one penny under VAT on the total", () => {
      const receipt = membershipReceipt({ payment: paid, application: join, period: { start: "2026-11-21", end: "2027-11-20" }, renewal: false, year: 2026 });
      expect(receipt.items).toEqual([
        {
          description: "Full member, first year's subscription",
          detail: "Membership from 21 November 2026 to 20 November 2027; less £10.00 with discount code WELCOME10",
          pence: 10_004,
          vat: { treatment: "standard", rateBasisPoints: 2000, netPence: 8_337, vatPence: 1_667 },
        },
        { description: "Full member, joining fee", detail: "One-off, on joining", pence: 2_504, vat: { treatment: "standard", rateBasisPoints: 2000, netPence: 2_087, vatPence: 417 } },
      ]);
      expect(receipt).toMatchObject({ totalPence: 12_508, netPence: 10_424, vatPence: 2_084 });
      expect(Math.round((12_508 * 20) / 120)).toBe(2_085);
    });

    it("a membership without a joining fee: one line, the subscription", () => {
      const receipt = membershipReceipt({ payment: paid, application: { ...join, joiningFeePence: 0 }, period: null, renewal: false, year: 2026 });
      expect(receipt.items.map((i) => [i.description, i.pence])).toEqual([["Full member, first year's subscription", 12_508]]);
    });

    it("an exempt join: two lines, neither with VAT", () => {
      const receipt = membershipReceipt({ payment: paid, application: { ...join, vatTreatment: "exempt" }, period: null, renewal: false, year: 2026 });
      expect(receipt.items.map((i) => i.vat!.vatPence)).toEqual([0, 0]);
      expect(receipt).toMatchObject({ netPence: 12_508, vatPence: 0 });
    });

    it("one line as before: an amount other than the amount due, a renewal, or an application that kept no joining fee", () => {
      const other = membershipReceipt({ payment: { ...payment, amountPence: 12_000 }, application: join, period: null, renewal: false, year: 2026 });
      expect(other.items.map((i) => [i.description, i.pence])).toEqual([["Full member", 12_000]]);
      const renewal = membershipReceipt({ payment: paid, application: join, period: null, renewal: true, year: 2027 });
      expect(renewal.items.map((i) => [i.description, i.pence])).toEqual([["Full member, renewal", 12_508]]);
      const older = membershipReceipt({ payment: paid, application: { ...join, joiningFeePence: null }, period: null, renewal: false, year: 2026 });
      expect(older.items).toHaveLength(1);
    });
  });

  it("an order: each line at the price charged, the total as received", () => {
    const order = {
      id: "order-1",
      reference: "GH-ORD1",
      userId: "user-2",
      email: "buyer@example.org",
      lines: [
        { kind: "webinar", id: "w1", title: "Root canals", pence: 4_499, vatTreatment: "standard", webinarIds: ["w1"], stripePriceIds: [], couponId: null },
        { kind: "bundle", id: "b1", title: "Implants bundle", pence: 6_000, vatTreatment: "reduced", webinarIds: ["w2", "w3"], stripePriceIds: [], couponId: null },
      ],
    } as unknown as Order;
    const receipt = orderReceipt({ order, payment: { ...payment, id: "op-1", method: "card", amountPence: 10_499 }, year: 2026 });
    expect(receipt.items).toEqual([
      // 4499 / 6 = 749.83 -> 750p VAT at 20%; 6000 / 21 = 285.71 -> 286p VAT at 5%.
      { description: "Root canals", detail: "Webinar", pence: 4_499, vat: { treatment: "standard", rateBasisPoints: 2000, netPence: 3_749, vatPence: 750 } },
      { description: "Implants bundle", detail: "Bundle of 2 webinars", pence: 6_000, vat: { treatment: "reduced", rateBasisPoints: 500, netPence: 5_714, vatPence: 286 } },
    ]);
    expect(receipt).toMatchObject({ netPence: 9_463, vatPence: 1_036 });
    expect(receipt).toMatchObject({ source: "order", orderId: "order-1", applicationId: null, totalPence: 10_499, method: "card", payer: { name: null, email: "buyer@example.org" } });
  });
});

describe("who issued a receipt", () => {
  const footer = (fields: Partial<Footer["contactFields"]> = {}, address: string | null = "12 Example Row\r\nSampleton\n\nEX1 2MP"): Footer => ({
    socialLinks: { twitter: null, facebook: null, linkedIn: null, instagram: null },
    contactFields: { emailAddress: "office@example.org", organizationName: "The Guild of Example Physiotherapists", phoneNumber: "01632 960000", poBox: null, ...fields },
    address,
    vatNumber: null,
    links: [],
  });

  it("is the society named in the CMS's Footer, with its address one line each and its contacts", () => {
    expect(receiptIssuer(footer({ poBox: "PO Box 12" }), "Guildhall")).toEqual({
      name: "The Guild of Example Physiotherapists",
      address: ["12 Example Row", "Sampleton", "EX1 2MP", "PO Box 12"],
      email: "office@example.org",
      phone: "01632 960000",
      vatNumber: null,
    });
  });

  it("falls back to the site's name when the Footer names no organisation", () => {
    const issuer = receiptIssuer(footer({ organizationName: "  ", emailAddress: null, phoneNumber: null }, null), "Guildhall");
    expect(issuer).toEqual({ name: "Guildhall", address: [], email: null, phone: null, vatNumber: null });
  });

  it("carries the society's VAT number from the Footer", () => {
    expect(receiptIssuer({ ...footer(), vatNumber: " GB999999973 " }, "Guildhall").vatNumber).toBe("GB999999973");
  });
});
