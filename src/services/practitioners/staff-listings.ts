/**
 * Staff: every public listing with its state (shown, or why not), the patients' messages it
 * received, hiding one with a reason the member is told (and showing it again), and the export.
 * Each action is in the staff audit log.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { Listability, PractitionerListingStore, StaffListingRow } from "../../adapters/d1/practitioner-listings";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { csvTable, type CsvColumn } from "../csv";
import { listingState } from "../../shared/listing-state";
import type { EmailOutbox } from "../email/outbox";

export const STAFF_LISTINGS_PAGE = 100;
/** Rows the export reads a statement at a time. */
const EXPORT_CHUNK = 500;
const DAY_MS = 86_400_000;

export interface StaffListingsDeps {
  store: PractitionerListingStore;
  audit: AuditLog;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  settings: () => Promise<PractitionerSettings>;
  graceDays: number;
  now: () => Date;
  log: Logger;
}


const COLUMNS: readonly CsvColumn<StaffListingRow>[] = [
  ["Listing", (r) => r.id],
  ["Name shown", (r) => r.displayName],
  ["Member number", (r) => r.memberNumber],
  ["Membership status", (r) => r.membershipStatus],
  ["State", (r) => listingState(r)],
  ["Hidden because", (r) => r.hiddenReason],
  ["Towns", (r) => r.towns],
  ["Messages, last 30 days", (r) => r.contacts30Days],
  ["Messages, all", (r) => r.contactsAll],
  ["Updated", (r) => r.updatedAt],
];

export function createStaffListings(deps: StaffListingsDeps) {
  const who = async (): Promise<Listability> => ({ now: deps.now(), graceDays: deps.graceDays, listableSlugs: (await deps.settings()).listableMemberships });
  const since = () => new Date(deps.now().getTime() - 30 * DAY_MS);

  return {
    /** A page of listings by id after `afterId`, and the next page's key. */
    async page(afterId: number): Promise<{ rows: StaffListingRow[]; next: number | null }> {
      const rows = await deps.store.staffPage(afterId, STAFF_LISTINGS_PAGE + 1, await who(), since());
      const shown = rows.slice(0, STAFF_LISTINGS_PAGE);
      return { rows: shown, next: rows.length > STAFF_LISTINGS_PAGE ? shown.at(-1)!.id : null };
    },

    /** Hides a listing (the member is e-mailed the reason), or shows it again with `reason` null. */
    async hide(listingId: number, reason: string | null, staffEmail: string): Promise<void> {
      const now = deps.now();
      const owner = await deps.store.hide(listingId, reason === null ? null : { reason, by: staffEmail, at: now });
      if (!owner) throw new AppError("NOT_FOUND", "There is no such listing");
      const audit = deps.audit.record({ staffEmail, action: reason === null ? "practitioners.listing.shown" : "practitioners.listing.hidden", details: { listingId, reason } });
      if (reason === null) {
        await deps.batch([audit]);
      } else {
        const email = deps.outbox.prepare({
          kind: "practitioner-listing-hidden",
          event: `${listingId}:${now.toISOString()}`,
          to: { email: owner.email, userId: owner.userId },
          data: { displayName: owner.displayName, reason },
        });
        await deps.batch([audit, ...email.statements]);
        await deps.outbox.deliverSoon(email.ids);
      }
      deps.log.info(reason === null ? "practitioners.shown_again" : "practitioners.hidden", { listingId, staffEmail });
    },

    /** Every listing as CSV, read a bounded page at a time. */
    async exportCsv(staffEmail: string): Promise<string> {
      const listability = await who();
      const rows: StaffListingRow[] = [];
      for (let after = 0; ; ) {
        const chunk = await deps.store.staffPage(after, EXPORT_CHUNK, listability, since());
        rows.push(...chunk);
        if (chunk.length < EXPORT_CHUNK) break;
        after = chunk.at(-1)!.id;
      }
      await deps.audit.record({ staffEmail, action: "practitioners.exported", details: { count: rows.length } }).run();
      return csvTable(COLUMNS, rows);
    },
  };
}

export type StaffListings = ReturnType<typeof createStaffListings>;
