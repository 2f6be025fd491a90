/** A year of the member's own CPD log as CSV (formula-safe, like every export: services/csv). */
import { CPD_CATEGORIES, formatHours, type CpdEntry } from "../../domain/cpd";
import { csvTable, type CsvColumn } from "../csv";

const COLUMNS: readonly CsvColumn<CpdEntry>[] = [
  ["Date", (e) => e.activityDate],
  ["Title", (e) => e.title],
  ["Provider", (e) => e.provider],
  ["Hours", (e) => formatHours(e.hoursHundredths)],
  ["Category", (e) => CPD_CATEGORIES[e.category]],
  ["Source", (e) => (e.source === "webinar" ? "Guild webinar" : "Own entry")],
  ["Confirmed", (e) => (e.confirmedAt ? "yes" : "no")],
  ["Reflection", (e) => e.reflection],
  ["Evidence", (e) => e.evidenceUrl],
];

export const cpdCsv = (entries: readonly CpdEntry[]) => csvTable(COLUMNS, entries);
