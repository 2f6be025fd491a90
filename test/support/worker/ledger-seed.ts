/**
 * Rows of money for the finance tests, written straight into D1 as the payment flows write them:
 * an application or order, its payment, its receipt with VAT lines (split by the one VAT rule,
 * shared/pricing/vat), and refunds with their credit notes.
 */
import { env } from "cloudflare:test";
import type { ReceiptItem } from "../../../src/domain/receipts";
import type { CreditNoteVat } from "../../../src/domain/refunds";
import { creditNoteVat } from "../../../src/services/refunds/credit-note-lines";
import { splitGross, type VatTreatment } from "../../../src/shared/pricing/vat";

let seq = 0;
const next = () => (seq += 1);
const uid = () => crypto.randomUUID();

export interface SeededLine {
  pence: number;
  treatment: VatTreatment;
  title?: string;
}

export interface SeededPayment {
  source: "membership" | "order";
  paymentId: string;
  receiptNumber: string;
  totalPence: number;
  userId: string;
  email: string;
  orderId: string | null;
  applicationId: string | null;
}

function receiptStatement(p: SeededPayment, day: string, method: "card" | "offline", lines: readonly SeededLine[] | null, reference: string) {
  const items = (lines ?? [{ pence: p.totalPence, treatment: "standard" as const }]).map((line) => {
    const split = splitGross(line.pence, line.treatment);
    return {
      description: line.title ?? `${line.treatment} line`,
      detail: null,
      pence: line.pence,
      vat: lines ? { treatment: split.treatment, rateBasisPoints: split.rateBasisPoints, netPence: split.netPence, vatPence: split.vatPence } : null,
    };
  });
  const net = lines ? items.reduce((sum, i) => sum + i.vat!.netPence, 0) : null;
  const vat = lines ? items.reduce((sum, i) => sum + i.vat!.vatPence, 0) : null;
  const year = Number(day.slice(0, 4));
  return env.DB.prepare(
    `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, order_id, user_id, payer_name, payer_email, items, total_pence, method, paid_on, payment_reference, net_pence, vat_pence)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'Test Payer', ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
  ).bind(p.receiptNumber, year, Number(p.receiptNumber.slice(-6)), p.source, p.paymentId, p.applicationId, p.orderId, p.userId, p.email, JSON.stringify(items), p.totalPence, method, day, reference, net, vat);
}

/**
 * A paid webinar order: lines at their treatments, paid on `day` by `method` (a card payment's id
 * is a payment intent id), with its receipt. `lines: null` issues a receipt from before VAT was kept.
 */
export async function seedOrderPayment(day: string, method: "card" | "offline", lines: readonly SeededLine[], options: { email?: string; preVat?: boolean } = {}): Promise<SeededPayment> {
  const total = lines.reduce((sum, line) => sum + line.pence, 0);
  const orderId = uid();
  const paymentId = method === "card" ? `pi_test_${uid().slice(0, 12)}` : uid();
  const p: SeededPayment = {
    source: "order",
    paymentId,
    receiptNumber: `GH-${day.slice(0, 4)}-${String(next()).padStart(6, "0")}`,
    totalPence: total,
    userId: `user-${orderId.slice(0, 8)}`,
    email: options.email ?? `buyer-${orderId.slice(0, 8)}@example.org`,
    orderId,
    applicationId: null,
  };
  const reference = method === "card" ? paymentId : `BANK-${orderId.slice(0, 6)}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, idempotency_key, reference, user_id, email, payment_method, total_pence, status, lines, webinar_ids) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'paid', '[]', '[]')`,
    ).bind(orderId, uid(), `GH-ORD-${orderId.slice(0, 6).toUpperCase()}`, p.userId, p.email, method, total),
    env.DB.prepare(`INSERT INTO order_payments (id, order_id, method, amount_pence, received_on, reference, recorded_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'test')`).bind(
      paymentId,
      orderId,
      method,
      total,
      day,
      reference,
    ),
    receiptStatement(p, day, method, options.preVat ? null : lines, reference),
  ]);
  return p;
}

/** A membership payment of `kind` for `title` at one treatment, with its receipt (`preVat`: no VAT record). */
export async function seedMembershipPayment(
  day: string,
  method: "card" | "offline",
  pence: number,
  options: { title?: string; treatment?: VatTreatment; kind?: "join" | "renewal"; applicationId?: string; userId?: string; preVat?: boolean } = {},
): Promise<SeededPayment> {
  const applicationId = options.applicationId ?? uid();
  const userId = options.userId ?? `user-${applicationId.slice(0, 8)}`;
  const email = `${userId}@example.org`;
  const paymentId = method === "card" ? `in_test_${uid().slice(0, 12)}` : uid();
  const p: SeededPayment = {
    source: "membership",
    paymentId,
    receiptNumber: `GH-${day.slice(0, 4)}-${String(next()).padStart(6, "0")}`,
    totalPence: pence,
    userId,
    email,
    orderId: null,
    applicationId,
  };
  const reference = method === "card" ? paymentId : `BANK-${applicationId.slice(0, 6)}`;
  const statements = [];
  if (!options.applicationId) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title, payment_method, amount_due_pence, status, details, kind, vat_treatment)
         VALUES (?1, ?2, ?3, ?4, ?5, 'Test', 'Member', 'full', ?6, ?7, ?8, 'paid', '{}', ?9, ?10)`,
      ).bind(applicationId, uid(), `GH-APP-${applicationId.slice(0, 6)}`, userId, email, options.title ?? "Full member", method, pence, options.kind ?? "join", options.treatment ?? "standard"),
    );
  }
  statements.push(
    env.DB.prepare(`INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'test')`).bind(
      paymentId,
      applicationId,
      userId,
      method,
      pence,
      day,
      reference,
    ),
    receiptStatement(p, day, method, options.preVat ? null : [{ pence, treatment: options.treatment ?? "standard", title: options.title ?? "Full member" }], reference),
  );
  await env.DB.batch(statements);
  return p;
}

/** What Stripe kept of a card payment, as the fee reader stores it. */
export async function seedFee(p: SeededPayment, feePence: number): Promise<void> {
  await env.DB.prepare(`INSERT INTO payment_fees (source, payment_id, fee_pence, balance_transaction_id) VALUES (?1, ?2, ?3, ?4)`).bind(p.source, p.paymentId, feePence, `txn_${p.paymentId}`).run();
}

/**
 * A refund of `pence` of a payment on `day`, with its credit note: written as notes were before
 * they stored their VAT split (migrations/0030), or with `storedSplit` as a refund is issued now
 * (the split worked out from the receipt's lines, as services/refunds/credit-note-lines.ts does).
 */
export async function seedRefund(
  p: SeededPayment,
  day: string,
  method: "card" | "offline",
  pence: number,
  reason = "Refund requested",
  options: { storedSplit?: boolean } = {},
): Promise<{ refundId: string; creditNote: string }> {
  const refundId = method === "card" ? `re_test_${uid().slice(0, 12)}` : uid();
  const n = next();
  const creditNote = `CN-${day.slice(0, 4)}-${String(n).padStart(6, "0")}`;
  let split: CreditNoteVat | null = null;
  if (options.storedSplit) {
    const receipt = await env.DB.prepare("SELECT items FROM receipts WHERE number = ?1").bind(p.receiptNumber).first<{ items: string }>();
    split = creditNoteVat(JSON.parse(receipt!.items) as ReceiptItem[], pence);
    if (!split) throw new Error(`${p.receiptNumber} has no VAT lines to split a credit note by`);
  }
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO refunds (id, source, payment_id, application_id, order_id, user_id, method, amount_pence, reason, refunded_on, recorded_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'test')`,
    ).bind(refundId, p.source, p.paymentId, p.applicationId, p.orderId, p.userId, method, pence, reason, day),
    env.DB.prepare(
      `INSERT INTO credit_notes (number, year, seq, refund_id, source, payment_id, receipt_number, application_id, order_id, user_id, payer_name, payer_email, description, reason, total_pence, method, refunded_on,
                                 net_pence, vat_pence, lines)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'Test Payer', ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)`,
    ).bind(
      creditNote,
      Number(day.slice(0, 4)),
      n,
      refundId,
      p.source,
      p.paymentId,
      p.receiptNumber,
      p.applicationId,
      p.orderId,
      p.userId,
      p.email,
      p.source === "order" ? "Webinar order" : "Membership",
      reason,
      pence,
      method,
      day,
      split?.netPence ?? null,
      split?.vatPence ?? null,
      split ? JSON.stringify(split.lines) : null,
    ),
  ]);
  return { refundId, creditNote };
}
