/** The sent e-mails' archive in R2 (wrangler.toml [[r2_buckets]] EMAIL_ARCHIVE). */

export interface EmailArchive {
  /** Writes (or, under the same name, overwrites) one object of newline-delimited JSON. */
  put(name: string, lines: readonly unknown[]): Promise<void>;
}

export function createEmailArchive(bucket: R2Bucket): EmailArchive {
  return {
    async put(name, lines) {
      await bucket.put(name, lines.map((line) => JSON.stringify(line)).join("\n") + "\n", {
        httpMetadata: { contentType: "application/x-ndjson" },
      });
    },
  };
}
