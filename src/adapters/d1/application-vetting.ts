/**
 * Vetting in D1 (migrations/0052): the documents applicants uploaded, and staff's steps on an
 * application that needs approval. Every step is a compare-and-set on what the staff member saw
 * (the application's `updated_at`), so two staff acting at once cannot both succeed and the
 * second is told; each step's audit entry and e-mails follow it in the same batch.
 */
import type { AuditLog } from "./audit-log";
import type { NewAuditEntry } from "../../domain/audit";
import type { Application, ApplicationDocument, DocumentContentType } from "../../domain/membership";

interface DocumentRow {
  id: string;
  application_id: string;
  user_id: string;
  requirement: string;
  file_name: string;
  content_type: DocumentContentType;
  size_bytes: number;
  object_key: string;
  uploaded_at: string;
}

const toDocument = (r: DocumentRow): ApplicationDocument => ({
  id: r.id,
  applicationId: r.application_id,
  userId: r.user_id,
  requirement: r.requirement,
  fileName: r.file_name,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  uploadedAt: r.uploaded_at,
});

/** A document's row to write, with where its bytes are in R2. */
export type NewDocument = Omit<ApplicationDocument, "uploadedAt"> & { objectKey: string };

export interface VettingStore {
  /** The document's row, written only if its application exists by then (for the application's own batch). */
  documentInsert(document: NewDocument): D1PreparedStatement;
  /** The application's documents, oldest first. */
  documents(applicationId: string): Promise<ApplicationDocument[]>;
  /** One document with its R2 key, or null. */
  document(id: string): Promise<(ApplicationDocument & { objectKey: string }) | null>;
  /** Awaiting staff (or the applicant's answer) -> approved, if unchanged since `seen`; then the audit entry and `then`. */
  approve(application: Application, audit: NewAuditEntry, then: readonly D1PreparedStatement[]): Promise<boolean>;
  /** Awaiting staff (or an earlier answer) -> waiting for the applicant's answer to `request`, if unchanged since seen. */
  askForMore(application: Application, request: string, audit: NewAuditEntry, then: readonly D1PreparedStatement[]): Promise<boolean>;
  /** The applicant answered: back to waiting for staff, with the audit entry, then their new documents. */
  answered(application: Application, documents: readonly D1PreparedStatement[], audit: NewAuditEntry): Promise<boolean>;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const OPEN = "status = 'awaiting_payment' AND vetting IN ('pending', 'more_info')";

export function createVettingStore(db: D1Database, audit: Pick<AuditLog, "record">): VettingStore {
  const claim = (application: Application, set: string, ...values: unknown[]) =>
    db
      .prepare(`UPDATE applications SET ${set}, updated_at = ${NOW} WHERE id = ?1 AND ${OPEN} AND updated_at = ?2`)
      .bind(application.id, application.updatedAt, ...values);
  const changed = (results: D1Result[]) => (results[0]?.meta.changes ?? 0) === 1;

  return {
    documentInsert: (d) =>
      db
        .prepare(
          `INSERT INTO application_documents (id, application_id, user_id, requirement, file_name, content_type, size_bytes, object_key)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM applications WHERE id = ?2 AND user_id = ?3)`,
        )
        .bind(d.id, d.applicationId, d.userId, d.requirement, d.fileName, d.contentType, d.sizeBytes, d.objectKey),
    async documents(applicationId) {
      const { results } = await db.prepare("SELECT * FROM application_documents WHERE application_id = ?1 ORDER BY uploaded_at, id").bind(applicationId).all<DocumentRow>();
      return results.map(toDocument);
    },
    async document(id) {
      const row = await db.prepare("SELECT * FROM application_documents WHERE id = ?1").bind(id).first<DocumentRow>();
      return row ? { ...toDocument(row), objectKey: row.object_key } : null;
    },
    async approve(application, entry, then) {
      return changed(await db.batch([claim(application, "vetting = 'approved', vetting_request = NULL"), audit.record(entry, { afterChange: true }), ...then]));
    },
    async askForMore(application, request, entry, then) {
      return changed(await db.batch([claim(application, "vetting = 'more_info', vetting_request = ?3", request), audit.record(entry, { afterChange: true }), ...then]));
    },
    async answered(application, documents, entry) {
      const results = await db.batch([
        db
          .prepare(`UPDATE applications SET vetting = 'pending', updated_at = ${NOW} WHERE id = ?1 AND user_id = ?2 AND status = 'awaiting_payment' AND vetting = 'more_info'`)
          .bind(application.id, application.userId),
        audit.record(entry, { afterChange: true }),
        ...documents,
      ]);
      return changed(results);
    },
  };
}
