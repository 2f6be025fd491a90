/** How the CPD screens put hours and totals into words. */
import { formatHours, type CpdEntry } from "../../domain/cpd";

/**
 * Who vouches for an entry, as the log and its printable summary say it: the society, for an
 * event it saw the member attend; the member alone, for their own entries ("self-declared").
 */
export function entryStatus(entry: Pick<CpdEntry, "source" | "confirmedAt">): string {
  if (entry.source === "event") return "Attendance verified by the society";
  if (entry.source === "manual") return "Self-declared";
  return entry.confirmedAt ? "Confirmed" : "Waiting for your reflection";
}

/** "1 hour", "1.5 hours", "0.25 hours". */
export const hoursInWords = (hundredths: number) => `${formatHours(hundredths)} ${hundredths === 100 ? "hour" : "hours"}`;

/** The year's progress against the target: "12.5 of 30 hours (42%)". */
export function progressInWords(totalHundredths: number, targetHundredths: number): string {
  const percent = Math.floor((totalHundredths / targetHundredths) * 100);
  return `${formatHours(totalHundredths)} of ${hoursInWords(targetHundredths)} (${percent}%)`;
}
