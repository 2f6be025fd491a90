/**
 * Lists the CMS answers a page at a time. Strapi's GraphQL caps every list at its `maxLimit`
 * (cms/config/plugins.js): `pagination: { limit: -1 }` means "the first maxLimit entries", so a
 * list read that way silently loses everything past them. A list operation instead takes
 * `$page`/`$pageSize` and returns Strapi's pagination meta with the entries, so a caller can read
 * every page (every-page.ts) or show one (the article list).
 *
 * The sort of a paged list must be total (a unique field last), or an entry could fall between
 * two pages: Strapi pages with LIMIT/OFFSET over that sort.
 */
import * as z from "zod";

/** Variables of a list operation: Strapi's page-based pagination (pages count from 1). */
export interface PageVars extends Record<string, unknown> {
  page: number;
  pageSize: number;
}

/** One page of a list, with what the CMS says about the whole list. */
export interface ListPage<T> {
  items: T[];
  page: number;
  /** The page size the CMS used: the one asked for, or its maxLimit when that is smaller. */
  pageSize: number;
  pageCount: number;
  total: number;
}

/** The GraphQL variables and pagination argument of a list operation. */
export const PAGE_VARIABLES = "$page: Int!, $pageSize: Int!";
export const PAGE_ARGUMENT = "pagination: { page: $page, pageSize: $pageSize }";
/** Select it beside `data` in a `*_connection`. */
export const PAGINATION_META = "meta { pagination { total page pageSize pageCount } }";

export const paginationMeta = z.object({
  pagination: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    pageCount: z.number().int().nonnegative(),
  }),
});

export function listPage<T>(items: T[], meta: z.output<typeof paginationMeta>): ListPage<T> {
  const { total, page, pageSize, pageCount } = meta.pagination;
  return { items, page, pageSize, pageCount, total };
}
