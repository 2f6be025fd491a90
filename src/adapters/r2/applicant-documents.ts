/**
 * Applicants' documents in R2 (wrangler.toml [[r2_buckets]] APPLICANT_DOCUMENTS): a private
 * bucket with no public access; the Worker alone reads it, for the applicant and for staff.
 * Keys are random (two UUIDs), never built from an application's id or reference, so a key
 * cannot be guessed even by someone who knows whose document it is.
 */
import type { DocumentContentType } from "../../domain/membership";

export interface ApplicantDocumentFiles {
  /** Stores the bytes under a new random key; returns the key. */
  put(bytes: Uint8Array, contentType: DocumentContentType): Promise<string>;
  /** The file's bytes as a stream, or null when there is none. */
  read(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
}

export function createApplicantDocumentFiles(bucket: R2Bucket): ApplicantDocumentFiles {
  return {
    async put(bytes, contentType) {
      const key = `applicant-documents/${crypto.randomUUID()}/${crypto.randomUUID()}`;
      await bucket.put(key, bytes, { httpMetadata: { contentType, cacheControl: "private, no-store" } });
      return key;
    },
    async read(key) {
      const object = await bucket.get(key);
      return object ? { body: object.body, size: object.size } : null;
    },
  };
}
