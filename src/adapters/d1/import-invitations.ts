/**
 * The member import's claim invitations waiting for a day's budget (member_import_rows,
 * migrations/0042): queued when their member is written, moved to the outbox a bounded batch at a
 * time, oldest import first, and counted per UTC day so a day never takes more than its budget.
 */

/** A queued invitation, with the member number the member has now (given by the write, when the file had none). */
export interface QueuedInvitation {
  importId: number;
  seq: number;
  data: { name: string; membershipTitle: string; memberNumber: number | null; email: string };
}

export interface ImportInvitationCounts {
  queued: number;
  written: number;
}

export interface ImportInvitationStore {
  /** How many went to the outbox on `day` (YYYY-MM-DD, UTC). */
  writtenOn(day: string): Promise<number>;
  /** Up to `limit` queued invitations, oldest import first. */
  queued(limit: number): Promise<QueuedInvitation[]>;
  /** Marks these written on `day` (for the batch that writes them to the outbox); only those still queued. */
  markWritten(invitations: readonly Pick<QueuedInvitation, "importId" | "seq">[], day: string): D1PreparedStatement;
  /** One import's invitations: queued, and written to the outbox. */
  countsFor(importId: number): Promise<ImportInvitationCounts>;
  /** Every import's invitations still queued. */
  queuedInAll(): Promise<number>;
}

export function createImportInvitationStore(db: D1Database): ImportInvitationStore {
  return {
    async writtenOn(day) {
      return (await db.prepare("SELECT count(*) AS n FROM member_import_rows WHERE invited_on = ?1").bind(day).first<{ n: number }>())!.n;
    },
    async queued(limit) {
      const { results } = await db
        .prepare(
          `SELECT r.import_id, r.seq, r.invitation, m.member_number FROM member_import_rows AS r
           LEFT JOIN memberships AS m ON m.import_email = r.email
           WHERE r.invitation_state = 'queued' ORDER BY r.import_id, r.seq LIMIT ?1`,
        )
        .bind(limit)
        .all<{ import_id: number; seq: number; invitation: string; member_number: number | null }>();
      return results.map((r) => {
        const data = JSON.parse(r.invitation) as QueuedInvitation["data"];
        return { importId: r.import_id, seq: r.seq, data: { ...data, memberNumber: r.member_number ?? data.memberNumber } };
      });
    },
    markWritten: (invitations, day) =>
      db
        .prepare(
          `UPDATE member_import_rows SET invitation_state = 'written', invited_on = ?2
           WHERE (import_id, seq) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1)) AND invitation_state = 'queued'`,
        )
        .bind(JSON.stringify(invitations.map((i) => [i.importId, i.seq])), day),
    async countsFor(importId) {
      const row = await db
        .prepare(
          `SELECT coalesce(sum(invitation_state = 'queued'), 0) AS queued, coalesce(sum(invitation_state = 'written'), 0) AS written
           FROM member_import_rows WHERE import_id = ?1 AND invitation_state IS NOT NULL`,
        )
        .bind(importId)
        .first<ImportInvitationCounts>();
      return row!;
    },
    async queuedInAll() {
      return (await db.prepare("SELECT count(*) AS n FROM member_import_rows WHERE invitation_state = 'queued'").first<{ n: number }>())!.n;
    },
  };
}
