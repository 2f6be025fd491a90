/**
 * Practitioners' photos in R2 (wrangler.toml [[r2_buckets]] PRACTITIONER_PHOTOS): a private
 * bucket; the Worker serves a photo only while its listing is shown. Keys hold a random part, not
 * the listing's id, and are never in a page: the public address names the listing and the photo's
 * version, and the Worker finds the key in D1.
 */
import type { PhotoContentType } from "../../domain/practitioners";

export interface PractitionerPhotoFiles {
  /** Stores the bytes under a new key; returns the key. */
  put(bytes: Uint8Array, contentType: PhotoContentType): Promise<string>;
  read(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deletes the files (at most 1,000 keys a call); a key with no file is no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
}

export function createPractitionerPhotoFiles(bucket: R2Bucket): PractitionerPhotoFiles {
  return {
    async put(bytes, contentType) {
      const key = `practitioner-photos/${crypto.randomUUID()}`;
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
      return key;
    },
    async read(key) {
      const object = await bucket.get(key);
      return object ? { body: object.body, size: object.size } : null;
    },
    async deleteMany(keys) {
      if (keys.length > 0) await bucket.delete([...keys]);
    },
  };
}
