/** A year of the member's own CPD log as CSV (formula-safe, like every export: services/csv). */
import { CPD_CATEGORIES, formatHours, type CpdEntry } from "../../domain/cpd";
import { csvTable, type CsvColumn } from "../csv";

const SOURCES: Record<CpdEntry["source"], string> = {
  webinar: "Guild webinar",
  event: "Guild event (attendance verified by the society)",
  manual: "Own entry (self-declared)",
};

const COLUMNS: readonly CsvColumn<CpdEntry>[] = [
  ["Date", (e) => e.activityDate],
  ["Title", (e) => e.title],
  ["Provider", (e) => e.provider],
  ["Hours", (e) => formatHours(e.hoursHundredths)],
  ["Category", (e) => CPD_CATEGORIES[e.category]],
  ["Source", (e) => SOURCES[e.source]],
  ["Confirmed", (e) => (e.confirmedAt ? "yes" : "no")],
  ["Reflection", (e) => e.reflection],
  ["Evidence", (e) => e.evidenceUrl],
];

export const cpdCsv = (entries: readonly CpdEntry[]) => csvTable(COLUMNS, entries);
