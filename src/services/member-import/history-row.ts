/**
 * A row's history, read strictly like the rest of it: its payments under the old system (day,
 * amount, how, reference), its CPD activities (day, title, hours, category) and the society's
 * own fields kept from it. An entry whose cells are all blank is no entry (rows carry different
 * numbers of payments); a part-filled one is a problem naming the entry and the part.
 */
import { CPD_CATEGORIES, CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS } from "../../domain/cpd";
import type { ImportedCpdEntry, ImportedPayment } from "../../domain/member-import";
import { readDay } from "./dates";
import type { ColumnIndex } from "./mapping";

const AMOUNT = /^(\d{1,7})(?:\.(\d{1,2}))?$/;
const HOURS = /^(\d{1,3})(?:\.(\d{1,2}))?$/;
const LIMITS = { method: 40, reference: 100, title: 200, custom: 1_000 } as const;

type Problem = (column: string, message: string) => void;

/** "£1,234.50", "45", "EUR 12.5": pence, or null when it is not an amount. */
export function pence(text: string): number | null {
  const bare = text.replace(/^(?:£|€|\$|gbp|eur|usd)\s*/i, "").replace(/,(?=\d{3}(?:\D|$))/g, "");
  const match = AMOUNT.exec(bare);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

function category(text: string): string | null {
  if (text === "") return "other";
  const lower = text.toLowerCase();
  return Object.entries(CPD_CATEGORIES).find(([key, label]) => key === lower || label.toLowerCase() === lower)?.[0] ?? null;
}

export function readHistory(fields: readonly string[], index: ColumnIndex, problem: Problem) {
  const at = (position: number) => (position < 0 ? "" : (fields[position] ?? "").trim());
  const payments: ImportedPayment[] = [];
  for (const columns of index.payments) {
    const label = `Payment ${columns.entry}`;
    const cells = { date: at(columns.date), amount: at(columns.amount), method: at(columns.method), reference: at(columns.reference) };
    if (Object.values(cells).every((v) => v === "")) continue;
    const day = cells.date === "" ? null : readDay(cells.date);
    if (!day) problem(`${label} date`, `${label} has no date`);
    else if (!day.ok) problem(`${label} date`, `${label} date ${day.problem}`);
    const amount = pence(cells.amount);
    if (cells.amount === "") problem(`${label} amount`, `${label} has no amount`);
    else if (amount === null || amount === 0) problem(`${label} amount`, `${label} amount "${cells.amount}" is not an amount: write it like 45.00`);
    if (cells.method.length > LIMITS.method) problem(`${label} method`, `${label} method is longer than ${LIMITS.method} characters`);
    if (cells.reference.length > LIMITS.reference) problem(`${label} reference`, `${label} reference is longer than ${LIMITS.reference} characters`);
    if (day?.ok && amount) payments.push({ date: day.day, amountPence: amount, method: cells.method, reference: cells.reference });
  }
  const cpd: ImportedCpdEntry[] = [];
  for (const columns of index.cpd) {
    const label = `CPD ${columns.entry}`;
    const cells = { date: at(columns.date), title: at(columns.title).replace(/\s+/g, " "), hours: at(columns.hours), category: at(columns.category) };
    if (Object.values(cells).every((v) => v === "")) continue;
    const day = cells.date === "" ? null : readDay(cells.date);
    if (!day) problem(`${label} date`, `${label} has no date`);
    else if (!day.ok) problem(`${label} date`, `${label} date ${day.problem}`);
    if (cells.title === "") problem(`${label} activity`, `${label} has no activity`);
    else if (cells.title.length > LIMITS.title) problem(`${label} activity`, `${label} activity is longer than ${LIMITS.title} characters`);
    const hours = HOURS.exec(cells.hours);
    const hundredths = hours ? Number(hours[1]) * 100 + Number((hours[2] ?? "0").padEnd(2, "0")) : null;
    const hoursOk = hundredths !== null && hundredths >= CPD_MIN_HUNDREDTHS && hundredths <= CPD_MAX_HUNDREDTHS;
    if (!hoursOk) {
      problem(`${label} hours`, `${label} hours "${cells.hours}" is not a number of hours from ${CPD_MIN_HUNDREDTHS / 100} to ${CPD_MAX_HUNDREDTHS / 100}`);
    }
    const kind = category(cells.category);
    if (kind === null) problem(`${label} category`, `${label} category "${cells.category}" is not one of: ${Object.values(CPD_CATEGORIES).join(", ")}`);
    if (day?.ok && cells.title !== "" && cells.title.length <= LIMITS.title && hoursOk && kind !== null) {
      cpd.push({ date: day.day, title: cells.title, hundredths: hundredths!, category: kind });
    }
  }
  const custom: { name: string; value: string }[] = [];
  for (const { name, position } of index.custom) {
    const value = at(position);
    if (value === "") continue;
    if (value.length > LIMITS.custom) problem(name, `${name} is longer than ${LIMITS.custom} characters`);
    else custom.push({ name, value });
  }
  return { payments, cpd, custom };
}
