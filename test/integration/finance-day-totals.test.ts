/**
 * The ledger's totals and the VAT summary from the days kept in `finance_days` (migrations/0053),
 * against the real local D1: a range already read is answered from its kept days, every kind of
 * write to a kept day (a payment, an order payment, a refund with its credit note, a Stripe fee
 * recorded later) puts that day's figures right at the next read, and the ledger's pages, read
 * from each kind's index, walk a day of payments and refunds in order both ways.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAuditLog } from "../../src/adapters/d1/audit-log";
import { createLedgerStore, type LedgerCursor } from "../../src/adapters/d1/ledger";
import type { LedgerEntry } from "../../src/domain/ledger";
import { createFinanceLedger } from "../../src/services/finance/finance-ledger";
import { seedFee, seedMembershipPayment, seedOrderPayment, seedRefund } from "../support/worker/ledger-seed";

const ledger = () => createFinanceLedger({ ledger: createLedgerStore(env.DB), audit: createAuditLog(env.DB), downloadMaxRows: 1_000 });
const keptDays = async (from: string, to: string) =>
  (await env.DB.prepare("SELECT day, payments, refunds, received_pence FROM finance_days WHERE day BETWEEN ?1 AND ?2 ORDER BY day").bind(from, to).all()).results;

describe("the finance days kept for the ledger and the VAT summary", () => {
  it("keeps a row for every day of a range read, and every write to a kept day shows at the next read", async () => {
    const range = { from: "2033-03-01", to: "2033-03-31" };
    const m1 = await seedMembershipPayment("2033-03-05", "card", 12_000);
    const first = await ledger().read(range);
    expect(first.totals).toMatchObject({ payments: 1, refunds: 0, receivedPence: 12_000, vatPence: 2_000, unknownFees: 1 });
    // Every day of the range is kept, with nothing on the days that had nothing.
    const kept = await keptDays(range.from, range.to);
    expect(kept).toHaveLength(31);
    expect(kept.find((d) => d.day === "2033-03-05")).toMatchObject({ payments: 1, received_pence: 12_000 });

    // Writes to kept days: another payment, a webinar order, a fee read later, a refund.
    await seedMembershipPayment("2033-03-05", "offline", 6_000);
    await seedOrderPayment("2033-03-20", "card", [{ pence: 4_550, treatment: "standard" }]);
    await seedFee(m1, 200);
    await seedRefund(m1, "2033-03-28", "card", 1_200);
    const second = await ledger().read(range);
    expect(second.totals).toMatchObject({
      payments: 3,
      refunds: 1,
      receivedPence: 22_550,
      refundedPence: 1_200,
      netOfRefundsPence: 21_350,
      // 20.00 + 10.00 + 7.58 on the payments, less the refund's 2.00 worked out from its receipt.
      vatPence: 2_000 + 1_000 + 758 - 200,
      feesPence: 200,
      // The order's card fee has not been read yet.
      unknownFees: 1,
    });
    expect(second.entries.map((e) => [e.day, e.kind])).toEqual([
      ["2033-03-05", "payment"],
      ["2033-03-05", "payment"],
      ["2033-03-20", "payment"],
      ["2033-03-28", "refund"],
    ]);

    const vat = await ledger().vatSummary({ year: 2033, quarter: 1 });
    expect(vat.total.sales).toEqual({ netPence: 10_000 + 5_000 + 3_792, vatPence: 2_000 + 1_000 + 758 });
    // A receipt issued on a day already kept shows in the quarter too.
    await seedMembershipPayment("2033-02-10", "offline", 2_400);
    expect((await ledger().vatSummary({ year: 2033, quarter: 1 })).total.sales.vatPence).toBe(2_000 + 1_000 + 758 + 400);
  });

  it("pages a day of payments and refunds in the ledger's order, forwards and back", async () => {
    const store = createLedgerStore(env.DB);
    const range = { from: "2034-01-01", to: "2034-01-31" };
    const a = await seedMembershipPayment("2034-01-10", "offline", 1_000);
    await seedMembershipPayment("2034-01-10", "offline", 2_000);
    await seedOrderPayment("2034-01-10", "offline", [{ pence: 3_000, treatment: "standard" }]);
    await seedRefund(a, "2034-01-10", "offline", 500);
    await seedRefund(a, "2034-01-10", "offline", 400);
    await seedMembershipPayment("2034-01-11", "offline", 4_000);
    await seedMembershipPayment("2034-01-09", "offline", 5_000);
    const key = (e: { day: string; kind: string; id: string }) => `${e.day}|${e.kind}|${e.id}`;
    const all = (await store.entries(range, null, "after", 100)).map((s) => s.entry);
    expect(all.map(key)).toEqual([...all.map(key)].sort());
    expect(all).toHaveLength(7);

    // Two at a time, forwards from the start, then back from the end: the same entries, once each.
    const forwards: string[] = [];
    let cursor: LedgerCursor | null = null;
    for (;;) {
      const page: LedgerEntry[] = (await store.entries(range, cursor, "after", 2)).map((s) => s.entry);
      forwards.push(...page.map(key));
      if (page.length < 2) break;
      cursor = page.at(-1)!;
    }
    expect(forwards).toEqual(all.map(key));
    const backwards: string[] = [];
    const last = all.at(-1)!;
    cursor = last;
    backwards.unshift(key(last));
    for (;;) {
      const page: LedgerEntry[] = (await store.entries(range, cursor, "before", 2)).map((s) => s.entry);
      backwards.unshift(...page.map(key));
      if (page.length < 2) break;
      cursor = page[0]!;
    }
    expect(backwards).toEqual(all.map(key));
  });
});
