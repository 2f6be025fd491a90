/**
 * The cells of an import row that set a member's standing in the office's terms
 * (services/membership/member-office.ts): honorary or life membership (active, with no period
 * end, so no renewal and no reminder), or a concession (a reduced yearly price until a day, with
 * its reason), and a note for staff. Each problem names its column.
 */
import type { ImportedConcession, ImportedStatus } from "../../domain/member-import";
import type { Honour } from "../../domain/membership";
import { readDay } from "./dates";
import { pence } from "./history-row";

const SPECIAL: Readonly<Record<string, Honour | "concession">> = {
  honorary: "honorary",
  honourary: "honorary",
  "honorary member": "honorary",
  life: "life",
  "life member": "life",
  "life membership": "life",
  concession: "concession",
  concessionary: "concession",
};
export const LIMITS = { reason: 500, note: 5_000 } as const;
/** What a concession brought from the old system says, when its file gives no reason. */
export const IMPORTED_CONCESSION_REASON = "Concession brought across from the previous register";

type Problem = (column: string, message: string) => void;

export interface StandingCells {
  specialStatus: string;
  concessionPrice: string;
  concessionUntil: string;
  concessionReason: string;
  notes: string;
}

export interface Standing {
  honour: Honour | null;
  concession: ImportedConcession | null;
  note: string | null;
}

export function readStanding(
  cells: StandingCells,
  row: {
    status: ImportedStatus | null;
    stripeSubscriptionId: string;
    today: string;
  },
  problem: Problem,
): Standing {
  const specialText = cells.specialStatus.toLowerCase().replace(/\s+/g, " ");
  const special = specialText === "" ? null : (SPECIAL[specialText] ?? undefined);
  if (special === undefined) {
    problem("special_status", `"${cells.specialStatus}" is not a special status: use honorary, life or concession, or leave it blank`);
  }
  const honour = special === "honorary" || special === "life" ? special : null;
  if (honour && row.status !== null && row.status !== "active") {
    problem("special_status", `${honour === "life" ? "A life" : "An honorary"} membership is in force: set status to active, or leave special_status blank`);
  }
  if (honour && row.stripeSubscriptionId !== "") {
    problem("stripe_subscription_id", "An honorary or life member is not charged: leave stripe_subscription_id blank");
  }

  const concession = special === "concession" ? readConcession(cells, row, problem) : null;
  if (special !== "concession") {
    const given = {
      concession_price: cells.concessionPrice,
      concession_until: cells.concessionUntil,
      concession_reason: cells.concessionReason,
    };
    const stray = Object.entries(given).find(([, value]) => value !== "")?.[0];
    if (stray) problem(stray, `${stray} is only for a concession: set special_status to concession, or leave it blank`);
  }

  const note = cells.notes.replace(/\r\n?/g, "\n");
  if (note.length > LIMITS.note) problem("notes", `The note is longer than ${LIMITS.note.toLocaleString("en-GB")} characters`);
  return { honour, concession, note: note === "" ? null : note };
}

function readConcession(cells: StandingCells, row: { stripeSubscriptionId: string; today: string }, problem: Problem): ImportedConcession | null {
  const price =
    cells.concessionPrice === "" ? null : /^(?:£|€|\$|gbp|eur|usd)?\s*0+(?:\.0{1,2})?$/i.test(cells.concessionPrice) ? 0 : pence(cells.concessionPrice);
  if (cells.concessionPrice === "") problem("concession_price", "A concession needs its yearly price: write it like 45.00");
  else if (price === null) problem("concession_price", `"${cells.concessionPrice}" is not a price: write it like 45.00`);
  const until = cells.concessionUntil === "" ? null : readDay(cells.concessionUntil);
  if (!until) problem("concession_until", "A concession needs the day it ends");
  else if (!until.ok) problem("concession_until", `Concession until ${until.problem}`);
  else if (until.day <= row.today) problem("concession_until", `The concession ended on ${until.day}: leave it out, or give a day after today`);
  if (cells.concessionReason.length > LIMITS.reason) problem("concession_reason", `The reason is longer than ${LIMITS.reason} characters`);
  if (row.stripeSubscriptionId !== "")
    problem("stripe_subscription_id", "Stripe would charge its own price, not the concession: leave stripe_subscription_id blank");
  if (price === null || !until?.ok || until.day <= row.today || cells.concessionReason.length > LIMITS.reason) return null;
  return {
    pence: price,
    until: until.day,
    reason: cells.concessionReason.replace(/\s+/g, " ") || IMPORTED_CONCESSION_REASON,
  };
}
