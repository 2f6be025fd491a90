/**
 * The CPD log and its certificates in D1 (migrations/0020_cpd.sql). Every read and write of an
 * entry names its owner's user id, so one member's id in another's request finds nothing.
 */
import { isCpdAttendance, isCpdCategory, type CpdAttendance, type CpdCertificate, type CpdEntry, type CpdEntryFields } from "../../domain/cpd";

/** What attending a webinar writes: the webinar's facts, unconfirmed. */
export interface WebinarAttendance {
  id: string;
  userId: string;
  webinarSlug: string;
  activityDate: string;
  title: string;
  provider: string;
  hoursHundredths: number;
  category: CpdEntryFields["category"];
  attendance: CpdAttendance;
}

export interface NewCertificate {
  id: string;
  entryId: string;
  userId: string;
  holderName: string;
  /** The webinar's CMS id, kept so that taking the webinar back revokes the certificate. */
  webinarId: string;
  /**
   * The user owns the webinar through an order: the certificate is issued only while that
   * entitlement row is still there, checked inside the insert, so a refund recorded a moment
   * earlier cannot leave a fresh certificate behind it.
   */
  whileOwned: boolean;
}

export interface CpdStore {
  /** Adds the webinar's entry unless the user already has one for it; true when it was added. */
  recordAttendance(attendance: WebinarAttendance): Promise<boolean>;
  /** The user's entries, newest activity first. */
  entries(userId: string): Promise<CpdEntry[]>;
  /** One of the user's entries; null when it is not theirs or does not exist. */
  entry(userId: string, entryId: string): Promise<CpdEntry | null>;
  addManual(userId: string, entryId: string, fields: CpdEntryFields): Promise<void>;
  /** Rewrites one of the user's manual entries; false when there is no such entry. */
  updateManual(userId: string, entryId: string, fields: CpdEntryFields): Promise<boolean>;
  /** Confirms (or re-words) one of the user's webinar entries, or words an event entry's reflection; false when there is no such entry. */
  confirmWebinar(userId: string, entryId: string, reflection: string): Promise<boolean>;
  /** Deletes one of the user's entries that has no certificate; false otherwise. */
  remove(userId: string, entryId: string): Promise<boolean>;
  /** Issues the entry's certificate with the next number, once: an existing one is kept; null when the entitlement it needs is gone. */
  issueCertificate(certificate: NewCertificate): Promise<CpdCertificate | null>;
  certificate(certificateId: string): Promise<CpdCertificate | null>;
  /** Certificates for staff, newest first, optionally those whose number, name or activity contains `search`. */
  certificates(search: string | null, limit: number): Promise<CpdCertificate[]>;
  /** The revocation's update (a batch's first statement; it changes nothing when already revoked). */
  revoke(certificateId: string, staffEmail: string, reason: string): D1PreparedStatement;
}

interface EntryRow {
  id: string;
  user_id: string;
  source: "webinar" | "manual" | "event";
  webinar_slug: string | null;
  event_attendee_id: string | null;
  activity_date: string;
  title: string;
  provider: string;
  hours_hundredths: number;
  category: string;
  reflection: string;
  evidence_url: string | null;
  confirmed_at: string | null;
  attendance: string | null;
  certificate_id: string | null;
  certificate_number: number | null;
  certificate_revoked_at: string | null;
}

const toEntry = (r: EntryRow): CpdEntry => ({
  id: r.id,
  userId: r.user_id,
  source: r.source,
  webinarSlug: r.webinar_slug,
  eventAttendeeId: r.event_attendee_id,
  activityDate: r.activity_date,
  title: r.title,
  provider: r.provider,
  hoursHundredths: r.hours_hundredths,
  category: isCpdCategory(r.category) ? r.category : "other",
  reflection: r.reflection,
  evidenceUrl: r.evidence_url,
  confirmedAt: r.confirmed_at,
  attendance: isCpdAttendance(r.attendance) ? r.attendance : null,
  certificate: r.certificate_id ? { id: r.certificate_id, number: r.certificate_number!, revoked: r.certificate_revoked_at !== null } : null,
});

interface CertificateRow {
  id: string;
  number: number;
  entry_id: string;
  user_id: string;
  holder_name: string;
  activity: string;
  activity_date: string;
  hours_hundredths: number;
  issued_at: string;
  evidence: string | null;
  webinar_id: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_reason: string | null;
}

const toCertificate = (r: CertificateRow): CpdCertificate => ({
  id: r.id,
  number: r.number,
  entryId: r.entry_id,
  userId: r.user_id,
  holderName: r.holder_name,
  activity: r.activity,
  activityDate: r.activity_date,
  hoursHundredths: r.hours_hundredths,
  issuedAt: r.issued_at,
  evidence: isCpdAttendance(r.evidence) ? r.evidence : null,
  webinarId: r.webinar_id,
  revokedAt: r.revoked_at,
  revokedBy: r.revoked_by,
  revokedReason: r.revoked_reason,
});

const ENTRY_SELECT = `SELECT e.*, c.id AS certificate_id, c.number AS certificate_number, c.revoked_at AS certificate_revoked_at
  FROM cpd_entries e LEFT JOIN cpd_certificates c ON c.entry_id = e.id`;
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * For a batch that takes an order's webinars back (a refund, the buyer's cancellation, a lost
 * dispute): revokes every certificate resting on those webinars. It must run before the
 * entitlements are deleted, as it finds them through the order's entitlement rows; in the same
 * batch there is no moment when the webinar is gone and its certificate still checks as valid.
 */
export function revokeCertificatesOfOrder(db: D1Database, orderId: string, revokedBy: string, reason: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE cpd_certificates SET revoked_at = ${NOW}, revoked_by = ?2, revoked_reason = ?3
       WHERE revoked_at IS NULL AND webinar_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM entitlements en WHERE en.order_id = ?1 AND en.user_id = cpd_certificates.user_id AND en.webinar_id = cpd_certificates.webinar_id)`,
    )
    .bind(orderId, revokedBy, reason);
}

/**
 * For a batch that refunds event places (a refund that takes an order back, a cancelled or
 * postponed event's refund, a refund Stripe reports): withdraws the CPD the places' attendance
 * earned. Their certificates are revoked first (found through the entries), then the entries are
 * deleted, so in the refund's batch there is no moment when the place is refunded and its
 * certificate still checks as valid. `eventId` narrows it to one event's places of the order.
 * The places are found through the order's bookings (`event_bookings_by_order`), their attendees
 * by booking and the entries by attendee, each on its index.
 */
export function withdrawEventCpdOfOrder(db: D1Database, orderId: string, eventId: string | null, revokedBy: string, reason: string): D1PreparedStatement[] {
  const places = `SELECT a.id FROM event_bookings b JOIN event_attendees a ON a.booking_id = b.id WHERE b.order_id = ?1 AND (?2 IS NULL OR b.event_id = ?2)`;
  return [
    db
      .prepare(
        `UPDATE cpd_certificates SET revoked_at = ${NOW}, revoked_by = ?3, revoked_reason = ?4
         WHERE revoked_at IS NULL AND entry_id IN (SELECT e.id FROM cpd_entries e WHERE e.event_attendee_id IN (${places}))`,
      )
      .bind(orderId, eventId, revokedBy, reason),
    db.prepare(`DELETE FROM cpd_entries WHERE event_attendee_id IN (${places})`).bind(orderId, eventId),
  ];
}

/**
 * The staff certificates list, newest first: without a search, a range read from the end of the
 * number's unique index (`number > 0` starts it there); with one, the same order filtered by the
 * pattern (?1). Two statements rather than `?1 IS NULL OR …`, which would hide the range.
 */
export const CERTIFICATES_NEWEST_SQL = "SELECT * FROM cpd_certificates WHERE number > 0 ORDER BY number DESC LIMIT ?1";
export const CERTIFICATES_SEARCH_SQL = `SELECT * FROM cpd_certificates
  WHERE number > 0 AND (holder_name LIKE ?1 ESCAPE '\\' OR activity LIKE ?1 ESCAPE '\\' OR printf('CPD-%06d', number) LIKE ?1 ESCAPE '\\')
  ORDER BY number DESC LIMIT ?2`;

export function createCpdStore(db: D1Database): CpdStore {
  const certificateWhere = async (where: string, ...params: unknown[]) => {
    const row = await db.prepare(`SELECT * FROM cpd_certificates WHERE ${where}`).bind(...params).first<CertificateRow>();
    return row ? toCertificate(row) : null;
  };
  return {
    async recordAttendance(a) {
      const result = await db
        .prepare(
          `INSERT INTO cpd_entries (id, user_id, source, webinar_slug, activity_date, title, provider, hours_hundredths, category, attendance)
           VALUES (?1, ?2, 'webinar', ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING`,
        )
        .bind(a.id, a.userId, a.webinarSlug, a.activityDate, a.title, a.provider, a.hoursHundredths, a.category, a.attendance)
        .run();
      return result.meta.changes > 0;
    },
    async entries(userId) {
      const { results } = await db.prepare(`${ENTRY_SELECT} WHERE e.user_id = ?1 ORDER BY e.activity_date DESC, e.created_at DESC`).bind(userId).all<EntryRow>();
      return results.map(toEntry);
    },
    async entry(userId, entryId) {
      const row = await db.prepare(`${ENTRY_SELECT} WHERE e.user_id = ?1 AND e.id = ?2`).bind(userId, entryId).first<EntryRow>();
      return row ? toEntry(row) : null;
    },
    async addManual(userId, entryId, f) {
      await db
        .prepare(
          `INSERT INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category, reflection, evidence_url, confirmed_at)
           VALUES (?1, ?2, 'manual', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ${NOW})`,
        )
        .bind(entryId, userId, f.activityDate, f.title, f.provider, f.hoursHundredths, f.category, f.reflection, f.evidenceUrl)
        .run();
    },
    async updateManual(userId, entryId, f) {
      const result = await db
        .prepare(
          `UPDATE cpd_entries SET activity_date = ?3, title = ?4, provider = ?5, hours_hundredths = ?6, category = ?7, reflection = ?8,
             evidence_url = ?9, updated_at = ${NOW}
           WHERE user_id = ?1 AND id = ?2 AND source = 'manual'`,
        )
        .bind(userId, entryId, f.activityDate, f.title, f.provider, f.hoursHundredths, f.category, f.reflection, f.evidenceUrl)
        .run();
      return result.meta.changes > 0;
    },
    async confirmWebinar(userId, entryId, reflection) {
      const result = await db
        .prepare(
          `UPDATE cpd_entries SET reflection = ?3, confirmed_at = COALESCE(confirmed_at, ${NOW}), updated_at = ${NOW}
           WHERE user_id = ?1 AND id = ?2 AND source IN ('webinar', 'event')`,
        )
        .bind(userId, entryId, reflection)
        .run();
      return result.meta.changes > 0;
    },
    async remove(userId, entryId) {
      const result = await db
        .prepare("DELETE FROM cpd_entries WHERE user_id = ?1 AND id = ?2 AND NOT EXISTS (SELECT 1 FROM cpd_certificates WHERE entry_id = ?2)")
        .bind(userId, entryId)
        .run();
      return result.meta.changes > 0;
    },
    async issueCertificate(c) {
      // The number is taken inside the insert, so two issues at once never share one (D1 runs
      // one statement at a time; the unique index is the last guard).
      await db
        .prepare(
          `INSERT INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, evidence, webinar_id)
           SELECT ?1, COALESCE((SELECT MAX(number) FROM cpd_certificates), 0) + 1, e.id, e.user_id, ?4, e.title, e.activity_date, e.hours_hundredths, e.attendance, ?5
           FROM cpd_entries e WHERE e.id = ?2 AND e.user_id = ?3 AND e.source = 'webinar' AND e.confirmed_at IS NOT NULL
             AND (?6 = 0 OR EXISTS (SELECT 1 FROM entitlements WHERE user_id = ?3 AND webinar_id = ?5))
           ON CONFLICT (entry_id) DO NOTHING`,
        )
        .bind(c.id, c.entryId, c.userId, c.holderName, c.webinarId, c.whileOwned ? 1 : 0)
        .run();
      return certificateWhere("entry_id = ?1 AND user_id = ?2", c.entryId, c.userId);
    },
    certificate: (certificateId) => certificateWhere("id = ?1", certificateId),
    async certificates(search, limit) {
      const like = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const statement = like ? db.prepare(CERTIFICATES_SEARCH_SQL).bind(like, limit) : db.prepare(CERTIFICATES_NEWEST_SQL).bind(limit);
      const { results } = await statement.all<CertificateRow>();
      return results.map(toCertificate);
    },
    revoke: (certificateId, staffEmail, reason) =>
      db
        .prepare(`UPDATE cpd_certificates SET revoked_at = ${NOW}, revoked_by = ?2, revoked_reason = ?3 WHERE id = ?1 AND revoked_at IS NULL`)
        .bind(certificateId, staffEmail, reason),
  };
}
