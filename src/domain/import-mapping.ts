/**
 * How an import file's columns map to the site's fields (the column-mapped import, decision 0063):
 * each column of the file's header is used for one of the member's fields, for one entry of their
 * history (a payment or a CPD activity, numbered so that a file may carry several a row), kept as
 * one of the society's own fields under a name, or ignored. Types, the field lists and the form's
 * value of a use; the rules are in services/member-import/mapping.ts.
 */
import { IMPORT_COLUMNS, OPTIONAL_IMPORT_COLUMNS, type ImportColumn } from "./member-import";

/** The member's own fields, as staff read them on the mapping screen. */
export const MEMBER_FIELD_LABELS: Readonly<Record<ImportColumn, string>> = {
  email: "E-mail address",
  name: "Name",
  membership_type: "Membership type",
  status: "Membership status (active, lapsed, cancelled)",
  period_start: "Period start",
  period_end: "Period end (renewal due)",
  member_number: "Member number",
  address: "Postal address",
  payment_method: "Pays by (card or offline)",
  consents: "Consents (newsletter;events-near-me, each may carry its date: newsletter:2024-03-01)",
  stripe_customer_id: "Stripe customer id",
  stripe_subscription_id: "Stripe subscription id",
  special_status: "Honorary, life or concession",
  concession_price: "Concession: yearly price",
  concession_until: "Concession: until",
  concession_reason: "Concession: reason",
  notes: "Notes (kept as a staff note)",
};

/** Every column the site reads, in the order staff are shown them. */
export const MEMBER_FIELDS: readonly ImportColumn[] = [...IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS];

/** Fields a mapping must use: without them a row cannot be a member. */
export const REQUIRED_FIELDS: readonly ImportColumn[] = ["email", "name", "membership_type", "status", "period_start", "period_end"];

/** The parts of one history entry a column may hold. */
export const HISTORY_FIELD_LABELS = {
  "payment.date": "Payment: date",
  "payment.amount": "Payment: amount",
  "payment.method": "Payment: how it was paid",
  "payment.reference": "Payment: reference",
  "cpd.date": "CPD: date",
  "cpd.title": "CPD: activity",
  "cpd.hours": "CPD: hours",
  "cpd.category": "CPD: category",
} as const;

export type HistoryField = keyof typeof HISTORY_FIELD_LABELS;
export const HISTORY_FIELDS = Object.keys(HISTORY_FIELD_LABELS) as HistoryField[];

/** The parts an entry needs (the others may be left out). */
export const HISTORY_REQUIRED: Readonly<Record<"payment" | "cpd", readonly HistoryField[]>> = {
  payment: ["payment.date", "payment.amount"],
  cpd: ["cpd.date", "cpd.title", "cpd.hours"],
};

/** Entries of each kind one row may carry ("Payment 1 date" … "Payment 20 date"). */
export const MAX_HISTORY_ENTRIES = 20;
/** Longest name of a kept field. */
export const MAX_CUSTOM_NAME = 60;

/** What one column of the file is used for. */
export type ColumnUse =
  | { kind: "field"; field: ImportColumn }
  | { kind: "history"; field: HistoryField; entry: number }
  | { kind: "custom"; name: string }
  | { kind: "ignore" };

/** One use per column of the header, in the header's order. */
export type ImportMapping = ColumnUse[];

/** A problem with a mapping: the column it is about (its position), or null for the mapping as a whole. */
export interface MappingProblem {
  column: number | null;
  message: string;
}

/** The value the mapping screen's choice for a column sends for a use. */
export function useValue(use: ColumnUse): string {
  return use.kind === "field" ? `field:${use.field}` : use.kind === "history" ? `history:${use.field}` : use.kind;
}
