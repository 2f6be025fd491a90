/**
 * Reads every entry of a paged list (list-page.ts): the first page says how many pages there
 * are, the rest are read a few at a time. A Worker invocation may make only so many
 * subrequests, so one list is read in at most `maxPages` CMS requests; a list longer than that
 * is returned as far as it was read with `complete: false`, for the caller to report: never a
 * silent cap.
 *
 * Pages are read at different moments, so an entry published between two reads can shift
 * another across a page boundary. Every publish purges the cached lists (services/content/purge),
 * so the next read assembles them again; entries seen twice are kept once.
 */
import type { CmsClient } from "./client";
import type { ListPage, PageVars } from "./list-page";
import type { Operation } from "./operation";

/**
 * Entries per CMS request for a list of a few fields (addresses, redirects, codes): at most the
 * CMS's maxLimit (1,000, cms/config/plugins.js). Strapi's time per request grows faster than its
 * size (measured on the local SQLite CMS: 250 page addresses 0.35 s, 500 0.6 s, 1,000 about 1 s;
 * 100 pages with their blocks 0.25 s, 500 2 s, 1,000 5 s), and each request must finish within
 * CMS_TIMEOUT_MS, so lists are read in moderate pages, and lists with blocks in pages of 100.
 */
export const LIST_PAGE_SIZE = 500;
export const BLOCKS_PAGE_SIZE = 100;
/**
 * CMS requests one list may take in one invocation: each is a subrequest, and together they
 * must fit in a request's wall time. 25,000 addresses, or 5,000 entries with their blocks.
 */
export const MAX_PAGES_PER_LIST = 50;
/** Pages read at once after the first: the CMS answers one at a time anyway, and visitors' requests must get through. */
const CONCURRENCY = 2;

export interface EveryPage<T> {
  items: T[];
  /** How many entries the CMS holds. */
  total: number;
  /** False when the list has more pages than one read may take (items holds the first ones). */
  complete: boolean;
}

export interface EveryPageOptions<T> {
  pageSize?: number;
  maxPages?: number;
  /** Identifies an entry, to keep one copy of an entry seen on two pages. */
  key: (item: T) => string;
}

export async function readEveryPage<T>(
  cms: CmsClient,
  operation: Operation<PageVars, ListPage<T>>,
  { pageSize = LIST_PAGE_SIZE, maxPages = MAX_PAGES_PER_LIST, key }: EveryPageOptions<T>,
): Promise<EveryPage<T>> {
  const first = await cms.run(operation, { page: 1, pageSize });
  // The CMS may give fewer per page than asked (a lower maxLimit): its page count is for its size.
  const wanted = Math.min(first.pageCount, maxPages);
  const pages: ListPage<T>[] = [first];
  const rest = Array.from({ length: Math.max(0, wanted - 1) }, (_, index) => index + 2);
  for (let start = 0; start < rest.length; start += CONCURRENCY) {
    const batch = rest.slice(start, start + CONCURRENCY);
    pages.push(...(await Promise.all(batch.map((page) => cms.run(operation, { page, pageSize })))));
  }
  const byKey = new Map<string, T>();
  for (const page of pages) for (const item of page.items) if (!byKey.has(key(item))) byKey.set(key(item), item);
  return { items: [...byKey.values()], total: first.total, complete: first.pageCount <= maxPages };
}
