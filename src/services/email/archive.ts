/**
 * Keeping the outbox small at any size: sent messages older than ARCHIVE_AFTER_DAYS are written
 * to R2, a chunk at a time, and only then deleted from D1. Each chunk is the oldest rows left, so
 * a run cut off between writing and deleting finds the same rows next time and writes them under
 * the same name (named by the chunk's first message); nothing is deleted before it is archived.
 * Chunks per run are bounded; a backlog is worked off over the following days.
 */
import type { OutboxStore } from "../../adapters/d1/outbox";
import type { EmailArchive } from "../../adapters/r2/email-archive";
import type { Logger } from "../../log";

/** How long the outbox keeps a sent message for staff to look up before it is archived. */
export const ARCHIVE_AFTER_DAYS = 90;
/** Rows per archive object (a few MB of JSON at most) and per D1 read and delete. */
export const ARCHIVE_CHUNK = 1000;
/** Chunks per run: two D1 queries each, far inside one invocation's 1,000. */
export const ARCHIVE_CHUNKS_PER_RUN = 20;

export interface ArchiveDeps {
  store: Pick<OutboxStore, "oldestSent" | "deleteSent">;
  archive: EmailArchive;
  log: Logger;
}

/** The object a chunk is written to: by the day and id of its first (oldest) message. */
export const archiveObjectName = (first: { sentAt: string | null; id: string }) => `email-outbox/sent/${(first.sentAt ?? "").slice(0, 10)}/${first.sentAt}_${first.id}.ndjson`;

export async function archiveSentEmails(deps: ArchiveDeps, now: Date): Promise<{ archived: number; objects: number }> {
  const before = new Date(now.getTime() - ARCHIVE_AFTER_DAYS * 86_400_000);
  let archived = 0;
  let objects = 0;
  for (let chunk = 0; chunk < ARCHIVE_CHUNKS_PER_RUN; chunk++) {
    const rows = await deps.store.oldestSent(before, ARCHIVE_CHUNK);
    if (rows.length === 0) break;
    await deps.archive.put(archiveObjectName(rows[0]!), rows);
    archived += await deps.store.deleteSent(rows.map((r) => r.id));
    objects += 1;
    if (rows.length < ARCHIVE_CHUNK) break;
  }
  deps.log.info("email.archived", { archived, objects, before: before.toISOString() });
  return { archived, objects };
}
