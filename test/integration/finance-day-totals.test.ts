/**
 * The ledger's totals, the VAT summary and the dashboard from the days kept in `finance_days`
 * (migrations/0053, 0070), against the real local D1: a range already read is answered from its
 * kept days, every kind of write to a kept day (a payment, an order payment, a refund with its
 * credit note, a Stripe fee recorded later, a record lapsing or renewing) puts that day's figures
 * right at the next read, and the ledger's pages, read from each kind's index, walk a day of
 * payments and refunds in order both ways. That a view reads the kept days, not the rows behind
 * them, is shown by changing a kept row behind the triggers' back: the view follows the row.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAuditLog } from "../../src/adapters/d1/audit-log";
import { createDashboardStore } from "../../src/adapters/d1/dashboard";
import { createLedgerStore, type LedgerCursor } from "../../src/adapters/d1/ledger";
import type { LedgerEntry } from "../../src/domain/ledger";
import { createDashboard } from "../../src/services/finance/dashboard";
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

  it("keeps a day's credit notes (stored lines by rate, older notes and refunds counted apart), and the VAT summary and the totals read them from the kept day", async () => {
    const quarter = { year: 2037, quarter: 2 };
    const may = { from: "2037-05-01", to: "2037-05-31" };
    const order = await seedOrderPayment("2037-04-10", "offline", [
      { pence: 3_600, treatment: "standard" },
      { pence: 2_400, treatment: "exempt" },
    ]);
    const membership = await seedMembershipPayment("2037-04-10", "offline", 12_000);
    // A note issued now stores its lines: 25.13 shared 36:24 is 15.08 standard (12.57 + 2.51 VAT)
    // and 10.05 exempt. A note written as before is worked out from its receipt: 12.00 is 10.00 + 2.00.
    await seedRefund(order, "2037-05-05", "offline", 2_513, "Part of it cancelled", { storedSplit: true });
    await seedRefund(membership, "2037-05-05", "offline", 1_200);

    const vat = await ledger().vatSummary(quarter);
    expect(vat.total.credits).toEqual({ netPence: 1_257 + 1_005 + 1_000, vatPence: 251 + 200 });
    expect(vat.rows.map((row) => [row.treatment, row.credits])).toEqual([
      ["standard", { netPence: 1_257 + 1_000, vatPence: 251 + 200 }],
      ["exempt", { netPence: 1_005, vatPence: 0 }],
    ]);
    expect(vat.creditNotesWithoutVat).toBe(0);
    expect((await ledger().read(may)).totals).toMatchObject({ refunds: 2, refundedPence: 3_713, vatPence: -(251 + 200), unknownVat: 0 });

    // The day's row holds the stored note's lines by treatment and rate; the older note and its refund are counted apart.
    const kept = (await env.DB.prepare("SELECT vat_credits, credit_notes_unsplit, refunds_unsplit FROM finance_days WHERE day = '2037-05-05'").first<{
      vat_credits: string;
      credit_notes_unsplit: number;
      refunds_unsplit: number;
    }>())!;
    expect(JSON.parse(kept.vat_credits)).toEqual([
      { treatment: "exempt", rate: null, lines: 1, gross: 1_005, net: 1_005, vat: 0, unbalanced: 0 },
      { treatment: "standard", rate: 2_000, lines: 1, gross: 1_508, net: 1_257, vat: 251, unbalanced: 0 },
    ]);
    expect([kept.credit_notes_unsplit, kept.refunds_unsplit]).toEqual([1, 1]);

    // The views read the kept day, not the notes: with its credits emptied behind the triggers'
    // back, the quarter has none, and the totals no longer work out the older refund's VAT.
    await env.DB.prepare("UPDATE finance_days SET vat_credits = '[]', credit_notes_unsplit = 0, refunds_unsplit = 0 WHERE day = '2037-05-05'").run();
    expect((await ledger().vatSummary(quarter)).total.credits).toEqual({ netPence: 0, vatPence: 0 });
    expect((await ledger().read(may)).totals.vatPence).toBe(-251);

    // A write to the day (another note) puts the day right again at the next read.
    await seedRefund(membership, "2037-05-05", "offline", 600, "Another part", { storedSplit: true });
    expect((await ledger().vatSummary(quarter)).total.credits).toEqual({ netPence: 1_257 + 1_005 + 1_000 + 500, vatPence: 251 + 200 + 100 });
  });

  it("keeps a day's lapsed records by the hour their period ended, and the dashboard reads its lapses from the kept days", async () => {
    const now = new Date("2036-06-20T12:00:00Z");
    // A store per view, as a request has: what it added up is not remembered between views.
    const figures = () => createDashboard({ store: createDashboardStore(env.DB), graceDays: 30, now: () => now }).figures();
    const record = (userId: string, status: string, periodEnd: string) =>
      env.DB.prepare(
        `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?1 || '@lapses.example', 'full', 'Full member', ?2, 'offline', ?3)`,
      ).bind(userId, status, periodEnd);
    const keptLapses = async (day: string) => {
      const row = await env.DB.prepare("SELECT lapses FROM finance_days WHERE day = ?1").bind(day).first<{ lapses: string }>();
      return row ? JSON.parse(row.lapses) : null;
    };
    await env.DB.batch([
      // Periods that ended on 10 March: the grace of 30 days ran out in April.
      record("lapse-1", "lapsed", "2036-03-10T09:15:00.000Z"),
      record("lapse-2", "lapsed", "2036-03-10"),
      record("lapse-3", "active", "2036-03-10T17:40:00.000Z"),
      // 31 March 23:30 UTC and 30 days: 00:30 on 1 May in London (summer time), so May's.
      record("lapse-4", "lapsed", "2036-03-31T23:30:00.000Z"),
    ]);
    const months = (await figures()).months;
    const [april, may] = [months.indexOf("2036-04"), months.indexOf("2036-05")];
    const first = await figures();
    expect([first.lapses[april], first.lapses[may]]).toEqual([2, 1]);
    expect(await keptLapses("2036-03-10")).toEqual({ "00": 1, "09": 1 });
    expect(await keptLapses("2036-03-31")).toEqual({ "23": 1 });

    // Writes: the active record lapses, one lapsed record renews. The day's row goes, and comes back right.
    await env.DB.batch([
      env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = 'lapse-3'"),
      env.DB.prepare("UPDATE memberships SET status = 'active', period_end = '2037-03-10' WHERE user_id = 'lapse-1'"),
    ]);
    expect(await keptLapses("2036-03-10")).toBeNull();
    expect((await figures()).lapses[april]).toBe(2);
    expect(await keptLapses("2036-03-10")).toEqual({ "00": 1, "17": 1 });

    // The dashboard reads the kept days, not the records: a kept row changed behind the triggers' back is what it shows.
    await env.DB.prepare(`UPDATE finance_days SET lapses = '{"12":7}' WHERE day = '2036-03-10'`).run();
    expect((await figures()).lapses[april]).toBe(7);
  });
});
