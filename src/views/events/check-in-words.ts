import type { CheckInResult } from "../../domain/events";

const OUTCOMES: Record<CheckInResult["outcome"], string> = {
  done: "Checked in",
  already: "Already checked in: this ticket has been used",
  "other-event": "This ticket is for another event",
  "not-booked": "This place is not booked (cancelled or unpaid)",
  unknown: "No ticket has this code",
};

/** The time of day at the door, "09:41" (London). */
export const doorTime = (iso: string): string => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

/**
 * What the door is told about one check-in, the same words on the page and in the island's JSON:
 * "Checked in: Ada Lovelace", "Already checked in: this ticket has been used: Ada Lovelace (at 09:41)".
 */
export function checkInMessage(result: CheckInResult): string {
  const name = result.name ? `: ${result.name}` : "";
  const when = result.outcome === "already" && result.checkedInAt ? ` (at ${doorTime(result.checkedInAt)})` : "";
  return `${OUTCOMES[result.outcome]}${name}${when}`;
}
