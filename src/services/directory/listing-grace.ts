/**
 * The daily job's directory part. Who is listed is kept by triggers on every membership write
 * (migrations/0038_directory_search_and_hot_indexes.sql), but a trigger cannot read the Worker's
 * MEMBERSHIP_GRACE_DAYS: this hands the configured value to the database, and when it changed the
 * store works every entry's listing out again, so the directory follows the member rule.
 */
import type { DirectoryStore } from "../../adapters/d1/directory";
import type { Logger } from "../../log";

export interface ListingGraceDeps {
  store: Pick<DirectoryStore, "keepGraceDays">;
  graceDays: number;
  log: Logger;
}

/** Returns how many ranges of entries were listed again (0 when the grace days had not changed). */
export async function keepListingGrace(deps: ListingGraceDeps): Promise<number> {
  const ranges = await deps.store.keepGraceDays(deps.graceDays);
  if (ranges > 0) deps.log.info("directory.relisted", { graceDays: deps.graceDays, ranges });
  return ranges;
}
