/**
 * A credit note keeps the VAT split it was issued with (migrations/0030), against real D1 and the
 * Firebase Auth emulator's demo staff account: refunds made through the staff forms store net, VAT
 * and the lines; notes written the way they were before (no split) are still worked out from their
 * receipt; and both give the same figures, so the ledger and the VAT summary do not move.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuditLog } from "../../src/adapters/d1/audit-log";
import { createLedgerStore, vatLinesOf, type LedgerStore } from "../../src/adapters/d1/ledger";
import { PERSONAL_DATA_TABLES } from "../../src/adapters/d1/personal-data-tables";
import type { ReceiptItem } from "../../src/domain/receipts";
import { createFinanceLedger } from "../../src/services/finance/finance-ledger";
import { refundVatLines } from "../../src/services/finance/refund-vat";
import { creditNoteVat } from "../../src/services/refunds/credit-note-lines";
import { londonDate } from "../../src/shared/london-date";
import type { TestBrowser } from "../support/worker/browser";
import { seedMembershipPayment, seedOrderPayment, seedRefund, type SeededLine, type SeededPayment } from "../support/worker/ledger-seed";
import { signedInStaff } from "../support/worker/staff";

let staff: TestBrowser;
const today = londonDate(new Date());

beforeAll(async () => {
  staff = await signedInStaff();
});

interface NoteRow {
  number: string;
  total_pence: number;
  net_pence: number | null;
  vat_pence: number | null;
  lines: string | null;
  items: string;
}

const noteOf = async (p: SeededPayment) =>
  (await env.DB.prepare(
    `SELECT cn.number, cn.total_pence, cn.net_pence, cn.vat_pence, cn.lines, r.items
     FROM credit_notes cn JOIN receipts r ON r.number = cn.receipt_number WHERE cn.payment_id = ?1`,
  )
    .bind(p.paymentId)
    .first<NoteRow>())!;

/** A refund as staff make it on the payment's form: the note is issued with its split. */
async function refundByStaff(p: SeededPayment, pence: number) {
  const form = { paymentId: p.paymentId, refundAmount: (pence / 100).toFixed(2), refundReason: "Part of it cancelled", idempotencyKey: crypto.randomUUID() };
  const response =
    p.source === "order"
      ? await staff.post(`/staff/orders/${p.orderId}/refund`, { ...form, revoke: "keep" })
      : await staff.post(`/staff/payments/${p.paymentId}/refund`, { ...form, membership: "keep" });
  expect(response.status, await response.clone().text()).toBe(303);
  return noteOf(p);
}

/** Mixed rates, pennies to share and a full refund: each case twice, one refunded by staff, one written as before. */
const CASES: { lines: SeededLine[]; refund: number }[] = [
  { lines: [{ pence: 3_600, treatment: "standard" }, { pence: 2_400, treatment: "exempt" }], refund: 2_513 },
  { lines: [{ pence: 1_999, treatment: "reduced" }, { pence: 1, treatment: "zero" }, { pence: 5_000, treatment: "standard" }], refund: 7_000 },
  { lines: [{ pence: 3_333, treatment: "standard" }, { pence: 3_333, treatment: "standard" }, { pence: 3_334, treatment: "reduced" }], refund: 1 },
  { lines: [{ pence: 4_500, treatment: "standard" }], refund: 4_499 },
];

let issued: { stored: NoteRow; before: NoteRow }[] = [];

describe("a credit note's VAT split", () => {
  beforeAll(async () => {
    issued = [];
    for (const c of CASES) {
      const stored = await refundByStaff(await seedOrderPayment(today, "offline", c.lines), c.refund);
      const twin = await seedOrderPayment(today, "offline", c.lines);
      await seedRefund(twin, today, "offline", c.refund);
      issued.push({ stored, before: await noteOf(twin) });
    }
    const membership = await seedMembershipPayment(today, "offline", 12_500);
    const twin = await seedMembershipPayment(today, "offline", 12_500);
    await seedRefund(twin, today, "offline", 4_321);
    issued.push({ stored: await refundByStaff(membership, 4_321), before: await noteOf(twin) });
  });

  it("is stored when the note is issued, and equals what the ledger works out for a note issued before", () => {
    for (const { stored, before } of issued) {
      expect(before.net_pence).toBeNull();
      expect(before.lines).toBeNull();
      const computed = refundVatLines(vatLinesOf(before.items)!, before.total_pence);
      const lines = (JSON.parse(stored.lines!) as { split: unknown }[]).map((line) => line.split);
      expect(lines, stored.number).toEqual(computed);
      expect(stored.net_pence).toBe(computed.reduce((sum, line) => sum + line.netPence, 0));
      expect(stored.vat_pence).toBe(computed.reduce((sum, line) => sum + line.vatPence, 0));
      expect(stored.net_pence! + stored.vat_pence!).toBe(stored.total_pence);
      expect(JSON.parse(stored.lines!)).toEqual(creditNoteVat(JSON.parse(stored.items) as ReceiptItem[], stored.total_pence)!.lines);
    }
    // By hand, the first case: 25.13 shared 36:24 -> 15.08 (12.57 net + 2.51 VAT) and 10.05 exempt.
    expect([issued[0]!.stored.net_pence, issued[0]!.stored.vat_pence]).toEqual([2_262, 251]);
  });

  it("leaves the ledger and the VAT summary exactly as they were when worked out from the receipts", async () => {
    const real = createLedgerStore(env.DB);
    // The same rows as if every note had been issued before the split was stored.
    const asBefore: LedgerStore = {
      ...real,
      entries: async (range, cursor, direction, limit) => (await real.entries(range, cursor, direction, limit)).map((s) => (s.entry.kind === "refund" ? { ...s, entry: { ...s.entry, netPence: null, vatPence: null } } : s)),
      // Every note of the range worked out from its receipt, none added up from stored lines.
      vatCredits: async (range) => ({
        rows: [],
        unsplitNotes: (
          await env.DB.prepare(
            `SELECT cn.number, cn.refunded_on, cn.total_pence, r.items FROM credit_notes cn LEFT JOIN receipts r ON r.source = cn.source AND r.payment_id = cn.payment_id
             WHERE cn.refunded_on BETWEEN ?1 AND ?2`,
          )
            .bind(range.from, range.to)
            .all<{ number: string; refunded_on: string; total_pence: number; items: string | null }>()
        ).results.map((r) => ({ number: r.number, refundedOn: r.refunded_on, totalPence: r.total_pence, refundedReceiptLines: vatLinesOf(r.items) })),
      }),
    };
    const audit = createAuditLog(env.DB);
    const storedLedger = createFinanceLedger({ ledger: real, audit, downloadMaxRows: 1_000 });
    const computedLedger = createFinanceLedger({ ledger: asBefore, audit, downloadMaxRows: 1_000 });
    const range = { from: today, to: today };
    const quarter = { year: Number(today.slice(0, 4)), quarter: Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1 };

    const [withStored, computed] = await Promise.all([storedLedger.read(range), computedLedger.read(range)]);
    expect(withStored.entries.filter((e) => e.kind === "refund").length).toBeGreaterThanOrEqual(issued.length * 2);
    expect(withStored).toEqual(computed);
    expect(await storedLedger.vatSummary(quarter)).toEqual(await computedLedger.vatSummary(quarter));
    // The stored figures are what the ledger shows for the note.
    const entry = withStored.entries.find((e) => e.document === issued[0]!.stored.number)!;
    expect([entry.netPence, entry.vatPence]).toEqual([2_262, 251]);
  });

  it("can never be changed, while erasure still replaces only the payer", async () => {
    const { number } = issued[0]!.stored;
    for (const change of ["net_pence = net_pence + 1", "vat_pence = 0", "lines = '[]'", "net_pence = NULL, vat_pence = NULL, lines = NULL"]) {
      await expect(env.DB.prepare(`UPDATE credit_notes SET ${change} WHERE number = ?1`).bind(number).run(), change).rejects.toThrow(/never changed/);
    }
    const row = (await env.DB.prepare("SELECT user_id, payer_email FROM credit_notes WHERE number = ?1").bind(number).first<{ user_id: string; payer_email: string }>())!;
    const erasure = PERSONAL_DATA_TABLES.find((t) => t.table === "credit_notes")!.erasure;
    if (erasure.kind !== "anonymise") throw new Error("credit notes are anonymised on erasure");
    const erased = `erased:${"a".repeat(64)}`;
    const outcome = await env.DB.prepare(`UPDATE credit_notes SET ${erasure.set} WHERE user_id = ?1`).bind(row.user_id, row.payer_email, erased).run();
    expect(outcome.meta.changes).toBeGreaterThan(0);
    const after = (await env.DB.prepare("SELECT payer_name, payer_email, net_pence, vat_pence, lines FROM credit_notes WHERE number = ?1").bind(number).first())!;
    expect(after).toEqual({ payer_name: "Erased member", payer_email: erased, net_pence: 2_262, vat_pence: 251, lines: issued[0]!.stored.lines });
    // Erased, the split is as fixed as before.
    await expect(env.DB.prepare("UPDATE credit_notes SET vat_pence = 0 WHERE number = ?1").bind(number).run()).rejects.toThrow(/never changed/);
  });

  it("prints the stored lines on the credit note", async () => {
    const { number } = issued[0]!.stored;
    const html = await (await staff.fetch(`/staff/credit-notes/${number}`)).text();
    const cells = [...html.matchAll(/<td class="receipt__amount">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells.slice(0, 12)).toEqual(["20%", "£12.57", "£2.51", "£15.08", "Exempt", "£10.05", "£0.00", "£10.05", "", "£22.62", "£2.51", "£25.13"]);
  });
});
