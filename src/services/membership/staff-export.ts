/**
 * The staff CSV export of applications: RFC 4180 (quoted where needed, CRLF line ends), with
 * every cell that a spreadsheet would run as a formula neutralised by a leading quote.
 */
import type { Application } from "../../adapters/d1/applications";

const COLUMNS: readonly [string, (a: Application) => string | number | null][] = [
  ["Reference", (a) => a.reference],
  ["Submitted", (a) => a.createdAt],
  ["Status", (a) => a.status],
  ["Given name", (a) => a.givenName],
  ["Family name", (a) => a.familyName],
  ["E-mail", (a) => a.email],
  ["Phone", (a) => a.details.phone],
  ["Membership", (a) => a.membershipTitle],
  ["Payment method", (a) => a.paymentMethod],
  ["Amount due (GBP)", (a) => (a.amountDuePence / 100).toFixed(2)],
  ["Address line 1", (a) => a.details.address.line1],
  ["Address line 2", (a) => a.details.address.line2],
  ["Town", (a) => a.details.address.town],
  ["Postcode", (a) => a.details.address.postcode],
  ["Country", (a) => a.details.address.country],
  ["Registration number", (a) => a.details.professional.registrationNumber],
  ["Specialisation", (a) => a.details.professional.specialisation],
  ["Workplace", (a) => a.details.professional.workplace],
  ["Year qualified", (a) => a.details.professional.yearQualified],
  ["Rejected reason", (a) => a.rejectedReason],
];

/** Cells a spreadsheet would evaluate (=, +, -, @, and tab or CR before one) start with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function applicationsCsv(applications: readonly Application[]): string {
  const rows = [COLUMNS.map(([heading]) => heading), ...applications.map((a) => COLUMNS.map(([, value]) => value(a)))];
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
