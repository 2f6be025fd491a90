/**
 * A member's own details in D1. They live where joining put them, on the member's latest join
 * application (migrations/0003_membership.sql: the name in columns, the rest in `details`), so
 * every page and message that reads the name or address from there follows an edit at once.
 * The member directory keeps its own copy of what a member lists (migrations/0015_directory.sql),
 * which the member may have worded differently there: an edit carries over to the listing each
 * field the listing still showed as the old details had it, and leaves the member's own wording
 * alone. All in one batch with the audit entry staff see on the member's record.
 */
import type { NewAuditEntry } from "../../domain/audit";
import type { ApplicationDetails } from "../../domain/membership";
import type { AuditLog } from "./audit-log";

export interface MemberDetailsUpdate {
  applicationId: string;
  userId: string;
  givenName: string;
  familyName: string;
  details: ApplicationDetails;
}

/** The listing's copies of the details, as the details were before the edit and as they are now. */
interface ListedFields {
  displayName: string;
  town: string | null;
  workplace: string | null;
  specialisation: string | null;
  phone: string | null;
}

export interface MemberProfileStore {
  /** Saves the details, refreshes the member's directory listing and writes the audit entry, in one batch. */
  save(
    update: MemberDetailsUpdate,
    before: MemberDetailsUpdate,
    audit: NewAuditEntry,
  ): Promise<boolean>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createMemberProfileStore(
  db: D1Database,
  audit: Pick<AuditLog, "record">,
): MemberProfileStore {
  return {
    async save(update, before, entry) {
      const [saved] = await db.batch([
        db
          .prepare(
            `UPDATE applications SET given_name = ?1, family_name = ?2, details = ?3, updated_at = ${NOW} WHERE id = ?4 AND user_id = ?5 AND kind = 'join'`,
          )
          .bind(
            update.givenName,
            update.familyName,
            JSON.stringify(update.details),
            update.applicationId,
            update.userId,
          ),
        audit.record(entry, { afterChange: true }),
        directoryFollows(db, update, before),
      ]);
      return (saved?.meta.changes ?? 0) > 0;
    },
  };
}

/**
 * The member's directory listing following an edit of their details, field by field where it
 * still showed the old value. `onlyIf` (an SQL condition, with its own parameters from ?12) holds
 * it back unless the rest of its batch happened.
 */
export function directoryFollows(db: D1Database, update: MemberDetailsUpdate, before: MemberDetailsUpdate, onlyIf?: { sql: string; params: unknown[] }): D1PreparedStatement {
  const [next, previous] = [listed(update), listed(before)];
  return db
    .prepare(
      `UPDATE directory_entries SET
         display_name = CASE WHEN display_name IS ?1 THEN ?2 ELSE display_name END,
         town = CASE WHEN town IS ?3 THEN ?4 ELSE town END,
         workplace = CASE WHEN workplace IS ?5 THEN ?6 ELSE workplace END,
         specialisation = CASE WHEN specialisation IS ?7 THEN ?8 ELSE specialisation END,
         phone = CASE WHEN phone IS ?9 THEN ?10 ELSE phone END,
         updated_at = ${NOW}
       WHERE user_id = ?11${onlyIf ? ` AND ${onlyIf.sql}` : ""}`,
    )
    .bind(
      previous.displayName,
      next.displayName,
      previous.town,
      next.town,
      previous.workplace,
      next.workplace,
      previous.specialisation,
      next.specialisation,
      previous.phone,
      next.phone,
      update.userId,
      ...(onlyIf?.params ?? []),
    );
}

const listed = (u: MemberDetailsUpdate): ListedFields => ({
  displayName: `${u.givenName} ${u.familyName}`,
  town: u.details.address.town,
  workplace: u.details.professional.workplace,
  specialisation: u.details.professional.specialisation,
  phone: u.details.phone,
});
