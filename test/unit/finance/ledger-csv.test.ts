import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "../../../src/domain/ledger";
import { csvCell, csvTable } from "../../../src/services/csv";
import { LEDGER_COLUMNS } from "../../../src/services/finance/ledger-export";
import { ledgerTotals } from "../../../src/services/finance/ledger-totals";

const ledgerCsv = (entries: readonly LedgerEntry[]) => csvTable(LEDGER_COLUMNS, entries);

describe("a CSV cell", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-1+1", "'-1+1"],
    ["-2-3", "'-2-3"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])("neutralises %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each(["-10.00", "-3", "42", "0.50"])("keeps the plain number %s as a number", (value) => {
    expect(csvCell(value)).toBe(value);
  });
});

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  kind: "payment",
  source: "order",
  id: "pi_1",
  day: "2026-04-10",
  method: "card",
  description: "Order GH-ORD-1",
  payerEmail: "a@example.org",
  document: "GH-2026-000001",
  grossPence: 4550,
  netPence: 3967,
  vatPence: 583,
  feePence: 88,
  stripeId: "pi_1",
  reference: "",
  ...over,
});

describe("the ledger's CSV and totals", () => {
  const entries = [
    entry({}),
    entry({ kind: "refund", id: "re_1", document: "CN-2026-000001", grossPence: 1000, netPence: 861, vatPence: 139, feePence: 0, stripeId: "re_1", reference: "=cmd|' /C calc'!A0" }),
    entry({ id: "x", method: "offline", netPence: null, vatPence: null, feePence: 0, stripeId: null, reference: "BANK 1" }),
    entry({ id: "pi_2", feePence: null }),
  ];

  it("writes refunds as negative amounts and unknown figures as empty cells", () => {
    const [, first, refund, offline] = ledgerCsv(entries).split("\r\n");
    expect(first).toBe("2026-04-10,Payment,Webinars,Order GH-ORD-1,a@example.org,card,GH-2026-000001,45.50,39.67,5.83,0.88,pi_1,,pi_1");
    expect(refund).toBe("2026-04-10,Refund,Webinars,Order GH-ORD-1,a@example.org,card,CN-2026-000001,-10.00,-8.61,-1.39,0.00,re_1,'=cmd|' /C calc'!A0,re_1");
    expect(offline).toBe("2026-04-10,Payment,Webinars,Order GH-ORD-1,a@example.org,offline,GH-2026-000001,45.50,,,0.00,,BANK 1,x");
  });

  it("totals money in, money back, VAT and fees, counting what is unknown", () => {
    expect(ledgerTotals(entries)).toEqual({
      payments: 3,
      refunds: 1,
      receivedPence: 13_650,
      refundedPence: 1000,
      netOfRefundsPence: 12_650,
      vatPence: 583 - 139 + 583,
      feesPence: 88 + 0 + 0,
      unknownVat: 1,
      unknownFees: 1,
    });
  });
});
