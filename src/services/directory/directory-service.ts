/**
 * The member directory: members only, listed only after opting in, each field shown only if its
 * owner chose to show it (the store never returns a hidden one), lapsed members left out, pages
 * of DIRECTORY_PAGE_SIZE reached by key (Next and Previous, no count), and browsing limited per
 * member so the directory cannot be scraped.
 */
import type { DirectoryPrefill, DirectoryStore } from "../../adapters/d1/directory";
import { DEFAULT_SHOWN, DIRECTORY_PAGE_SIZE, type DirectoryEntry, type DirectoryPage, type DirectorySearch } from "../../domain/directory";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { RateLimiter } from "../auth/attempt-limits";

export interface DirectoryService {
  /** The member's own entry if listed, or a new one filled in from their join application. */
  ownEntry(userId: string, accountEmail: string | null): Promise<{ listed: boolean; entry: DirectoryEntry }>;
  /** Lists the member (or updates their entry). Members only. */
  join(userId: string, entry: DirectoryEntry): Promise<void>;
  /** Takes the member out of the directory, at once. */
  leave(userId: string): Promise<void>;
  /** One page of the directory for the member `userId`; counts towards their browsing limit. */
  search(userId: string, search: DirectorySearch): Promise<DirectoryPage>;
}

export interface DirectoryDeps {
  store: DirectoryStore;
  isMember: (userId: string) => Promise<boolean>;
  /** Counts directory pages per member (wrangler.toml DIRECTORY_LIMITER). */
  limiter: RateLimiter;
  now: () => Date;
  log: Logger;
}

const fromPrefill = (prefill: DirectoryPrefill | null, accountEmail: string | null): DirectoryEntry => ({
  displayName: prefill?.displayName ?? "",
  town: prefill?.town ?? null,
  workplace: prefill?.workplace ?? null,
  specialisation: prefill?.specialisation ?? null,
  email: prefill?.email ?? accountEmail,
  phone: prefill?.phone ?? null,
  show: { ...DEFAULT_SHOWN },
});

export function createDirectoryService(deps: DirectoryDeps): DirectoryService {
  const requireMember = async (userId: string) => {
    if (!(await deps.isMember(userId))) throw new AppError("FORBIDDEN", "The member directory is for members of the Guild.");
  };
  return {
    async ownEntry(userId, accountEmail) {
      const entry = await deps.store.entry(userId);
      if (entry) return { listed: true, entry };
      return { listed: false, entry: fromPrefill(await deps.store.prefill(userId), accountEmail) };
    },

    async join(userId, entry) {
      await requireMember(userId);
      await deps.store.save(userId, entry);
      deps.log.info("directory.saved", { userId });
    },

    async leave(userId) {
      await deps.store.remove(userId);
      deps.log.info("directory.left", { userId });
    },

    async search(userId, search) {
      const { success } = await deps.limiter.limit({ key: `directory:user:${userId}` });
      if (!success) {
        deps.log.warn("directory.rate_limited", { userId });
        throw new AppError("RATE_LIMITED", "You have looked at many directory pages in a short time. Please wait a minute and try again.");
      }
      const { rows, more } = await deps.store.page(search, { now: deps.now(), pageSize: DIRECTORY_PAGE_SIZE });
      const first = rows[0]?.key ?? null;
      const last = rows.at(-1)?.key ?? null;
      // A page reached from a key has its neighbour that way; `more` tells of the direction travelled.
      const backwards = search.before !== null;
      return {
        listings: rows.map((row) => row.listing),
        previous: (backwards ? more : search.after !== null) ? first : null,
        next: (backwards ? true : more) ? last : null,
      };
    },
  };
}
