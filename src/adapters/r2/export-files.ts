/**
 * Background exports' files in R2 (wrangler.toml [[r2_buckets]] EXPORTS): private, never served
 * by R2 itself (the bucket has no public access); the Worker hands one to staff whose role may
 * see it. A file is a multipart upload (every part but the last the same size, at least 5 MiB:
 * R2's rule), and the bytes written between parts are kept as a small "carry" object so a job
 * cut off resumes without losing or repeating a byte.
 */
import type { ExportPart } from "../../domain/staff-exports";

export interface ExportFiles {
  /** Starts the file's multipart upload; returns its id. */
  begin(key: string): Promise<string>;
  /** Uploads (or, under the same number, uploads again) one part. */
  uploadPart(key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<ExportPart>;
  /** Assembles the parts into the file. */
  complete(key: string, uploadId: string, parts: readonly ExportPart[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The file to send, or null when there is none. */
  read(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  putCarry(key: string, bytes: Uint8Array): Promise<void>;
  /** The carry's bytes, or null when the object is missing. */
  readCarry(key: string): Promise<Uint8Array | null>;
  delete(keys: readonly string[]): Promise<void>;
}

export function createExportFiles(bucket: R2Bucket): ExportFiles {
  return {
    async begin(key) {
      const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: "text/csv; charset=utf-8" } });
      return upload.uploadId;
    },
    async uploadPart(key, uploadId, partNumber, bytes) {
      const part = await bucket.resumeMultipartUpload(key, uploadId).uploadPart(partNumber, bytes);
      return { partNumber: part.partNumber, etag: part.etag };
    },
    async complete(key, uploadId, parts) {
      await bucket.resumeMultipartUpload(key, uploadId).complete([...parts]);
    },
    async abort(key, uploadId) {
      await bucket.resumeMultipartUpload(key, uploadId).abort();
    },
    async size(key) {
      return (await bucket.head(key))?.size ?? null;
    },
    async read(key) {
      const object = await bucket.get(key);
      return object ? { body: object.body, size: object.size } : null;
    },
    async putCarry(key, bytes) {
      await bucket.put(key, bytes);
    },
    async readCarry(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(keys) {
      if (keys.length > 0) await bucket.delete([...keys]);
    },
  };
}
