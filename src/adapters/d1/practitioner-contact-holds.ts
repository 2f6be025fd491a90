/**
 * Patients' messages held until they confirm them by e-mail (a message sent without the bot
 * check's token: migrations/0076). The row's id is the secret in the confirmation link. The
 * daily housekeeping deletes those never confirmed (adapters/d1/housekeeping.ts).
 */

export interface HeldContact {
  id: string;
  listingId: number;
  senderName: string;
  senderEmail: string;
  message: string;
  expiresAt: string;
}

export interface PractitionerContactHolds {
  /** The insert holding a message (in the batch that writes the patient's confirmation e-mail). */
  hold(held: HeldContact, at: Date): D1PreparedStatement;
  /** A held message not yet expired at `now`, or null (unknown, confirmed already, or expired). */
  find(id: string, now: Date): Promise<HeldContact | null>;
  /**
   * The delete that releases a held message for delivery: it changes a row only while the
   * message is still held and unexpired, so of two confirmations only one delivers.
   */
  release(id: string, now: Date): D1PreparedStatement;
  /** Messages from this address still waiting for confirmation at `now`. */
  waitingFrom(email: string, now: Date): Promise<number>;
}

interface Row {
  id: string;
  listing_id: number;
  sender_name: string;
  sender_email: string;
  message: string;
  expires_at: string;
}

export function createPractitionerContactHolds(db: D1Database): PractitionerContactHolds {
  return {
    hold(held, at) {
      return db
        .prepare(
          "INSERT INTO practitioner_contact_holds (id, listing_id, sender_name, sender_email, message, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )
        .bind(held.id, held.listingId, held.senderName, held.senderEmail.toLowerCase(), held.message, at.toISOString(), held.expiresAt);
    },

    async find(id, now) {
      const row = await db
        .prepare("SELECT id, listing_id, sender_name, sender_email, message, expires_at FROM practitioner_contact_holds WHERE id = ?1 AND expires_at > ?2")
        .bind(id, now.toISOString())
        .first<Row>();
      return row
        ? { id: row.id, listingId: row.listing_id, senderName: row.sender_name, senderEmail: row.sender_email, message: row.message, expiresAt: row.expires_at }
        : null;
    },

    release(id, now) {
      return db.prepare("DELETE FROM practitioner_contact_holds WHERE id = ?1 AND expires_at > ?2").bind(id, now.toISOString());
    },

    async waitingFrom(email, now) {
      const row = await db
        .prepare("SELECT COUNT(*) AS n FROM practitioner_contact_holds WHERE sender_email = ?1 AND expires_at > ?2")
        .bind(email.toLowerCase(), now.toISOString())
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
  };
}
