/** How the CPD screens put hours and totals into words. */
import { formatHours } from "../../domain/cpd";

/** "1 hour", "1.5 hours", "0.25 hours". */
export const hoursInWords = (hundredths: number) => `${formatHours(hundredths)} ${hundredths === 100 ? "hour" : "hours"}`;

/** The year's progress against the target: "12.5 of 30 hours (42%)". */
export function progressInWords(totalHundredths: number, targetHundredths: number): string {
  const percent = Math.floor((totalHundredths / targetHundredths) * 100);
  return `${formatHours(totalHundredths)} of ${hoursInWords(targetHundredths)} (${percent}%)`;
}
