/**
 * The membership office's writes in D1 (services/membership/member-office.ts): a change of a
 * member's record made only while the record is as the staff member saw it (its `updated_at`,
 * carried in the form, is in the UPDATE's WHERE clause), with its audit entry in the same batch
 * and only when the change was made; and the notes staff keep on a member.
 */
import type { NewAuditEntry } from "../../domain/audit";
import type { MemberNote } from "../../domain/member-office";
import type { AuditLog } from "./audit-log";
import { directoryFollows, type MemberDetailsUpdate } from "./member-profiles";

/** A member made by hand by staff (someone who paid at the conference). */
export interface HandMadeMember {
  /** Lower case. */
  email: string;
  name: string;
  postalAddress: string | null;
  membership: { slug: string; title: string };
  periodStart: string;
  periodEnd: string;
}

/**
 * The membership fee a hand-made member paid in person: the paid join application it is a payment
 * for (payments belong to an application), the payment, and `then` (its receipt), written in the
 * record's batch only if the record was made.
 */
export interface HandMadePayment {
  application: { id: string; reference: string; givenName: string; familyName: string; vatTreatment: string; details: unknown };
  payment: { id: string; amountPence: number; receivedOn: string; reference: string; recordedBy: string };
  then: readonly D1PreparedStatement[];
}

/** A staff edit of a member's details and membership type, made only from the versions the form was made from. */
export interface StaffDetailsEdit {
  update: MemberDetailsUpdate;
  before: MemberDetailsUpdate;
  membership: { slug: string; title: string };
  /** The record's and the join application's `updated_at` when the form was made. */
  versions: { record: string; application: string };
  /** The record's `updated_at` after the edit: every later statement of the batch runs only if the record has it. */
  newVersion: string;
}

/** The record's columns an office action may set: a closed list, never a name from a request. */
export type OfficeColumn =
  | "status"
  | "period_end"
  | "ends_on"
  | "honour"
  | "concession_pence"
  | "concession_until"
  | "concession_reason"
  | "suspended_on"
  | "suspension_reason"
  | "struck_off_on"
  | "struck_off_reason";

export type OfficeColumns = Partial<Record<OfficeColumn, string | number | null>>;

export interface MemberOfficeStore {
  /** Sets the columns if the record's `updated_at` is still `version`; writes the audit entry only then. False when it had changed. */
  changeRecord(userId: string, version: string, columns: OfficeColumns, audit: NewAuditEntry): Promise<boolean>;
  /** Saves a staff edit of the details (join application), the membership type (record) and the directory's copies, with the audit entry; false when either had changed since. */
  saveDetails(edit: StaffDetailsEdit, audit: NewAuditEntry): Promise<boolean>;
  /**
   * Makes an active record for a person by hand, unclaimed (user id `email:<address>`, claimed by
   * whoever signs in with that address verified), unless any record already has the address;
   * with the audit entry and any e-mail statements, only when it was made. False when one had it.
   */
  createMember(member: HandMadeMember, audit: NewAuditEntry, email: readonly D1PreparedStatement[], paid?: HandMadePayment | null): Promise<boolean>;
  /** Adds a note with its audit entry. */
  addNote(note: Omit<MemberNote, "createdAt">, audit: NewAuditEntry): Promise<void>;
  /** The member's notes, newest first (at most `TIMELINE_LIMIT`, as the timeline reads them). */
  notes(userId: string, limit: number): Promise<MemberNote[]>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface NoteRow {
  id: string;
  user_id: string;
  body: string;
  staff_email: string;
  created_at: string;
}

export const toNote = (r: NoteRow): MemberNote => ({ id: r.id, userId: r.user_id, body: r.body, staffEmail: r.staff_email, createdAt: r.created_at });

export function createMemberOfficeStore(db: D1Database, audit: Pick<AuditLog, "record">): MemberOfficeStore {
  return {
    async changeRecord(userId, version, columns, entry) {
      const names = Object.keys(columns) as OfficeColumn[];
      const set = names.map((name, i) => `${name} = ?${i + 3}`).join(", ");
      // RETURNING, not `changes`: D1 counts what the triggers on memberships write as changes too.
      const [changed] = await db.batch([
        db
          .prepare(`UPDATE memberships SET ${set}, updated_at = ${NOW} WHERE user_id = ?1 AND updated_at = ?2 RETURNING user_id`)
          .bind(userId, version, ...names.map((name) => columns[name] ?? null)),
        audit.record(entry, { afterChange: true }),
      ]);
      return (changed?.results.length ?? 0) > 0;
    },
    async saveDetails({ update, before, membership, versions, newVersion }, entry) {
      const edited = { sql: "EXISTS (SELECT 1 FROM memberships WHERE user_id = ?12 AND updated_at = ?13)", params: [update.userId, newVersion] };
      const [changed] = await db.batch([
        db
          .prepare(
            `UPDATE memberships SET membership_slug = ?3, membership_title = ?4, updated_at = ?5
             WHERE user_id = ?1 AND updated_at = ?2 AND EXISTS (SELECT 1 FROM applications WHERE id = ?6 AND updated_at = ?7)
             RETURNING user_id`,
          )
          .bind(update.userId, versions.record, membership.slug, membership.title, newVersion, update.applicationId, versions.application),
        db
          .prepare(
            `UPDATE applications SET given_name = ?1, family_name = ?2, details = ?3, updated_at = ${NOW}
             WHERE id = ?4 AND user_id = ?5 AND kind = 'join' AND EXISTS (SELECT 1 FROM memberships WHERE user_id = ?5 AND updated_at = ?6)`,
          )
          .bind(update.givenName, update.familyName, JSON.stringify(update.details), update.applicationId, update.userId, newVersion),
        audit.record(entry, { afterChange: true }),
        directoryFollows(db, update, before, edited),
      ]);
      return (changed?.results.length ?? 0) > 0;
    },
    async createMember(member, entry, email, paid = null) {
      // The address is looked up by the lower-case index (migrations/0042), never by a scan.
      const free = "NOT EXISTS (SELECT 1 FROM memberships WHERE lower(email) = ?1)";
      // The application comes first (the record names it); the payment and its receipt only if it was made.
      const application = paid
        ? [
            db
              .prepare(
                `INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
                   payment_method, amount_due_pence, status, details, vat_treatment)
                 SELECT ?2, 'in-person:' || ?2, ?3, 'email:' || ?1, ?1, ?4, ?5, ?6, ?7, 'offline', ?8, 'paid', ?9, ?10 WHERE ${free}`,
              )
              .bind(
                member.email, paid.application.id, paid.application.reference, paid.application.givenName, paid.application.familyName,
                member.membership.slug, member.membership.title, paid.payment.amountPence, JSON.stringify(paid.application.details), paid.application.vatTreatment,
              ),
          ]
        : [];
      const payment = paid
        ? [
            db
              .prepare(
                `INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
                 SELECT ?1, ?2, 'email:' || ?3, 'offline', ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM applications WHERE id = ?2)`,
              )
              .bind(paid.payment.id, paid.application.id, member.email, paid.payment.amountPence, paid.payment.receivedOn, paid.payment.reference, paid.payment.recordedBy),
            ...paid.then,
          ]
        : [];
      const results = await db.batch([
        ...application,
        db
          .prepare(
            `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end, member_name, postal_address, application_id)
             SELECT 'email:' || ?1, ?1, ?2, ?3, 'active', 'offline', ?4, ?5, ?6, ?7, ?8
             WHERE ${free}
             RETURNING user_id`,
          )
          .bind(member.email, member.membership.slug, member.membership.title, member.periodStart, member.periodEnd, member.name, member.postalAddress, paid?.application.id ?? null),
        audit.record(entry, { afterChange: true }),
        ...email,
        ...payment,
      ]);
      return (results[application.length]?.results.length ?? 0) > 0;
    },
    async addNote(note, entry) {
      await db.batch([
        db.prepare("INSERT INTO member_notes (id, user_id, body, staff_email) VALUES (?1, ?2, ?3, ?4)").bind(note.id, note.userId, note.body, note.staffEmail),
        audit.record(entry),
      ]);
    },
    async notes(userId, limit) {
      const { results } = await db.prepare("SELECT * FROM member_notes WHERE user_id = ?1 ORDER BY created_at DESC LIMIT ?2").bind(userId, limit).all<NoteRow>();
      return results.map(toNote);
    },
  };
}
