/**
 * Column mapping for the member import: a guess from the file's header (the site's own column
 * names, the usual names other systems export, numbered history columns such as "Payment 2
 * amount", and what staff chose for a column of the same name last time), the problems that keep
 * a mapping from being used, and the reading plan a mapping gives the row checks.
 */
import {
  HISTORY_REQUIRED,
  MAX_CUSTOM_NAME,
  MAX_HISTORY_ENTRIES,
  MEMBER_FIELD_LABELS,
  MEMBER_FIELDS,
  REQUIRED_FIELDS,
  type ColumnUse,
  type HistoryField,
  type ImportMapping,
  type MappingProblem,
} from "../../domain/import-mapping";
import type { ImportColumn } from "../../domain/member-import";

/** A header's name as compared: lower case, words joined by underscores. */
export const normaliseName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Names other systems (Wild Apricot, CiviCRM, spreadsheets) give the member's fields. */
const SYNONYMS: Readonly<Record<string, ImportColumn>> = {
  e_mail: "email",
  email_address: "email",
  e_mail_address: "email",
  primary_email: "email",
  full_name: "name",
  member_name: "name",
  display_name: "name",
  membership_level: "membership_type",
  membership: "membership_type",
  level: "membership_type",
  grade: "membership_type",
  membership_status: "status",
  member_status: "status",
  member_since: "period_start",
  start_date: "period_start",
  membership_start: "period_start",
  renewal_due: "period_end",
  renewal_date: "period_end",
  end_date: "period_end",
  expiry_date: "period_end",
  membership_end: "period_end",
  membership_expires: "period_end",
  membership_number: "member_number",
  member_id: "member_number",
  member_no: "member_number",
  postal_address: "address",
  payment_type: "payment_method",
  pays_by: "payment_method",
  stripe_customer: "stripe_customer_id",
  stripe_subscription: "stripe_subscription_id",
  note: "notes",
  staff_notes: "notes",
  comments: "notes",
  honour: "special_status",
  concession_amount: "concession_price",
  concession_ends: "concession_until",
  concession_end: "concession_until",
};

const HISTORY_PARTS: Readonly<Record<string, HistoryField>> = {
  payment_date: "payment.date",
  payment_amount: "payment.amount",
  payment_method: "payment.method",
  payment_reference: "payment.reference",
  payment_ref: "payment.reference",
  cpd_date: "cpd.date",
  cpd_title: "cpd.title",
  cpd_activity: "cpd.title",
  cpd_hours: "cpd.hours",
  cpd_category: "cpd.category",
};

/** "Payment 2 amount", "payment_2_amount", "Last payment date", "CPD 3 hours": the part and the entry. */
function historyGuess(name: string): ColumnUse | null {
  const match = /^(?:last_)?(payment|cpd)_?(\d{1,2})?_(date|amount|method|reference|ref|title|activity|hours|category)$/.exec(name);
  if (!match) return null;
  const field = HISTORY_PARTS[`${match[1]}_${match[3]}`];
  const entry = match[2] === undefined ? 1 : Number(match[2]);
  if (!field || entry < 1 || entry > MAX_HISTORY_ENTRIES) return null;
  return { kind: "history", field, entry };
}

/** Columns not recognised are kept as the society's own fields under their header's name. */
const kept = (raw: string): ColumnUse => (raw.trim() === "" ? { kind: "ignore" } : { kind: "custom", name: raw.trim().slice(0, MAX_CUSTOM_NAME) });

/**
 * The best guess for each column; `remembered` holds what staff chose last time for a column of
 * the same (normalised) name. "payment_method" alone is how the member pays (the site's own
 * column); a payment's method is "Payment 1 method".
 */
export function guessMapping(header: readonly string[], remembered: ReadonlyMap<string, ColumnUse> = new Map()): ImportMapping {
  return header.map((raw) => {
    const name = normaliseName(raw);
    const earlier = remembered.get(name);
    if (earlier) return earlier;
    if ((MEMBER_FIELDS as readonly string[]).includes(name)) return { kind: "field", field: name as ImportColumn };
    const synonym = SYNONYMS[name];
    if (synonym) return { kind: "field", field: synonym };
    return historyGuess(name) ?? kept(raw);
  });
}

/** What staff chose, by column name, for the next file's guess. */
export function rememberedUses(header: readonly string[], mapping: ImportMapping): Map<string, ColumnUse> {
  return new Map(header.flatMap((raw, i) => (mapping[i] && normaliseName(raw) !== "" ? [[normaliseName(raw), mapping[i]] as const] : [])));
}

/** A file whose every column is one of the site's own, with every required one: imported without the mapping screen. */
export const needsNoScreen = (mapping: ImportMapping): boolean =>
  mapping.every((use) => use.kind === "field" || use.kind === "history") && mappingProblems(mapping).length === 0;

const historyLabel = (field: HistoryField, entry: number) => `${field.startsWith("payment") ? "Payment" : "CPD"} ${entry}: ${field.split(".")[1]}`;

export function mappingProblems(mapping: ImportMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const seen = new Map<string, number>();
  const entries = new Map<string, Set<HistoryField>>();
  mapping.forEach((use, column) => {
    const key = use.kind === "field" ? use.field : use.kind === "history" ? `${use.field}#${use.entry}` : use.kind === "custom" ? `custom:${use.name.toLowerCase()}` : null;
    if (use.kind === "custom" && use.name.trim() === "") problems.push({ column, message: "Give the kept field a name" });
    if (use.kind === "history") {
      const group = `${use.field.split(".")[0]}#${use.entry}`;
      entries.set(group, (entries.get(group) ?? new Set()).add(use.field));
    }
    if (key === null) return;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const what = use.kind === "field" ? MEMBER_FIELD_LABELS[use.field] : use.kind === "history" ? historyLabel(use.field, use.entry) : `the kept field "${use.kind === "custom" ? use.name : ""}"`;
      problems.push({ column, message: `${what} is already column ${earlier + 1}: choose one column for it` });
    } else seen.set(key, column);
  });
  const missing = REQUIRED_FIELDS.filter((field) => !seen.has(field));
  if (missing.length > 0) problems.push({ column: null, message: `Choose a column for: ${missing.map((f) => MEMBER_FIELD_LABELS[f]).join(", ")}` });
  for (const [group, fields] of entries) {
    const [kind, entry] = group.split("#") as ["payment" | "cpd", string];
    const lacking = HISTORY_REQUIRED[kind].filter((field) => !fields.has(field));
    if (lacking.length > 0) {
      problems.push({ column: null, message: `${kind === "payment" ? "Payment" : "CPD"} ${entry} needs a column for its ${lacking.map((f) => f.split(".")[1]).join(" and ")}` });
    }
  }
  return problems;
}

/** A mapping as the row checks read it: each field's position (-1 when not mapped), the history entries, the kept fields. */
export interface ColumnIndex {
  fields: Record<ImportColumn, number>;
  payments: { entry: number; date: number; amount: number; method: number; reference: number }[];
  cpd: { entry: number; date: number; title: number; hours: number; category: number }[];
  custom: { name: string; position: number }[];
}

export function columnsOf(mapping: ImportMapping): ColumnIndex {
  const fields = Object.fromEntries(MEMBER_FIELDS.map((f) => [f, -1])) as Record<ImportColumn, number>;
  const groups = new Map<string, Record<string, number>>();
  const custom: ColumnIndex["custom"] = [];
  mapping.forEach((use, position) => {
    if (use.kind === "field") fields[use.field] = position;
    else if (use.kind === "custom") custom.push({ name: use.name, position });
    else if (use.kind === "history") {
      const key = `${use.field.split(".")[0]}#${String(use.entry).padStart(2, "0")}`;
      groups.set(key, { ...(groups.get(key) ?? {}), [use.field.split(".")[1]!]: position });
    }
  });
  const ordered = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  const at = (parts: Record<string, number>, part: string) => parts[part] ?? -1;
  return {
    fields,
    payments: ordered
      .filter(([key]) => key.startsWith("payment#"))
      .map(([key, parts]) => ({ entry: Number(key.split("#")[1]), date: at(parts, "date"), amount: at(parts, "amount"), method: at(parts, "method"), reference: at(parts, "reference") })),
    cpd: ordered
      .filter(([key]) => key.startsWith("cpd#"))
      .map(([key, parts]) => ({ entry: Number(key.split("#")[1]), date: at(parts, "date"), title: at(parts, "title"), hours: at(parts, "hours"), category: at(parts, "category") })),
    custom,
  };
}
