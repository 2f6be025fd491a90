/**
 * Storing an applicant's checked documents: the bytes in the private R2 bucket under random keys
 * first, then the rows that lead to them, written in the batch of the change they belong to (the
 * application itself, or the applicant's answer), so a row never points at a missing file. A
 * batch that then stores nothing (a repeated form) leaves only unreachable bytes behind.
 */
import type { NewDocument, VettingStore } from "../../adapters/d1/application-vetting";
import type { ApplicantDocumentFiles } from "../../adapters/r2/applicant-documents";
import type { Application } from "../../domain/membership";
import type { CheckedDocument } from "./document-file";

export interface DocumentUploadsDeps {
  files: Pick<ApplicantDocumentFiles, "put">;
  store: Pick<VettingStore, "documentInsert">;
  newId: () => string;
}

export type DocumentUploads = ReturnType<typeof createDocumentUploads>;

export function createDocumentUploads(deps: DocumentUploadsDeps) {
  return {
    /** Puts each document in R2 and returns the D1 statements recording them. */
    async stored(application: Pick<Application, "id" | "userId">, documents: readonly CheckedDocument[]): Promise<D1PreparedStatement[]> {
      const rows: NewDocument[] = [];
      for (const d of documents) {
        const objectKey = await deps.files.put(d.bytes, d.contentType);
        rows.push({
          id: deps.newId(),
          applicationId: application.id,
          userId: application.userId,
          requirement: d.requirement,
          fileName: d.fileName,
          contentType: d.contentType,
          sizeBytes: d.bytes.byteLength,
          objectKey,
        });
      }
      return rows.map((row) => deps.store.documentInsert(row));
    },
  };
}
