import { describe, expect, it } from "vitest";
import { applicationProForma, contentKey, dueOn, orderProForma } from "../../src/services/pro-forma/pro-forma-content";
import { parseProFormaNumber } from "../../src/services/pro-forma/pro-forma-number";
import { application } from "../fixtures/membership";
import { order, orderLine } from "../fixtures/orders";

const NOW = new Date("2026-11-24T10:00:00Z");
const EMPLOYER = { organisation: "Sampleton Physio Ltd", address: ["1 High Street", "Sampleton"], purchaseOrder: "PO-1", vatId: "GB123456789" };

describe("pro-forma invoice numbers", () => {
  it("reads PF-<year>-<six or more digits>, one spelling only", () => {
    expect(parseProFormaNumber("PF-2026-000042")).toEqual({ year: 2026, seq: 42 });
    expect(parseProFormaNumber("PF-2026-1234567")).toEqual({ year: 2026, seq: 1_234_567 });
    for (const text of ["PF-2026-42", "PF-2026-0000042", "pf-2026-000042", "GH-2026-000042", "PF-2026-000000", "PF-2026-000042 "]) expect(parseProFormaNumber(text), text).toBeNull();
  });
});

describe("when a pro-forma invoice is due", () => {
  it("30 days after the London day it is issued, across months and years", () => {
    expect(dueOn(NOW)).toBe("2026-12-24");
    expect(dueOn(new Date("2026-12-15T12:00:00Z"))).toBe("2027-01-14");
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(dueOn(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-31");
  });
});

describe("what a pro-forma invoice asks for", () => {
  it("an application: one line at the amount due, with its VAT, the reference and the billing details", async () => {
    const invoice = await applicationProForma(application({ amountDuePence: 22_000, billing: EMPLOYER }), "buyer", NOW);
    expect(invoice).toMatchObject({ year: 2026, source: "membership", totalPence: 22_000, netPence: 18_333, vatPence: 3_667, dueOn: "2026-12-24", billing: EMPLOYER, issuedBy: "buyer" });
    expect(invoice.items).toHaveLength(1);
    expect(invoice.paymentReference).toBe(application().reference);
  });

  it("a renewal says so; an exempt membership carries no VAT", async () => {
    const invoice = await applicationProForma(application({ kind: "renewal", vatTreatment: "exempt", amountDuePence: 9_500 }), "staff@example.org", NOW);
    expect(invoice.items[0]!.description).toMatch(/, renewal$/);
    expect(invoice).toMatchObject({ netPence: 9_500, vatPence: 0 });
  });

  it("an order: its lines at the prices charged, each with its own VAT", async () => {
    const lines = [orderLine({ id: "a", pence: 3_500 }), orderLine({ id: "b", pence: 1_050, vatTreatment: "reduced" })];
    const invoice = await orderProForma(order({ lines, paymentMethod: "offline" }), "buyer", NOW);
    expect(invoice.items.map((i) => i.vat!.vatPence)).toEqual([583, 50]);
    expect(invoice).toMatchObject({ source: "order", totalPence: 4_550, vatPence: 633, netPence: 3_917 });
  });

  it("the same figures and billing details name the same invoice; a changed amount or organisation, another", async () => {
    const base = await applicationProForma(application(), "buyer", NOW);
    expect((await applicationProForma(application(), "staff@example.org", new Date("2027-01-05T10:00:00Z"))).contentKey).toBe(base.contentKey);
    expect((await applicationProForma(application({ amountDuePence: application().amountDuePence + 1 }), "buyer", NOW)).contentKey).not.toBe(base.contentKey);
    expect((await applicationProForma(application({ billing: EMPLOYER }), "buyer", NOW)).contentKey).not.toBe(base.contentKey);
    expect(await contentKey({ totalPence: 1, items: [], billing: null })).toMatch(/^[0-9a-f]{64}$/);
  });
});
