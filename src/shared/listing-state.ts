/** A public listing's state in the staff's words (the list and its export). */
import type { StaffListingRow } from "../domain/practitioners";

export function listingState(row: Pick<StaffListingRow, "hiddenReason" | "listed" | "shown">): string {
  if (row.hiddenReason) return "Hidden by staff";
  if (!row.listed) return "Not listed by the member";
  return row.shown ? "Shown" : "Not shown: membership not in force, disputed, or of a type not listed";
}
