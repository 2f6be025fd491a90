/** The editors' redirects: old addresses and where they now lead. */
import * as z from "zod";
import type { Redirect } from "../../../domain/content";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";

const RedirectAttributes = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  permanent: z.boolean().nullish(),
  external: z.boolean().nullish(),
});

/** The redirects, a page at a time (list-page.ts). */
export const redirectsOperation = defineOperation({
  name: "redirects",
  document: /* GraphQL */ `
    query redirects(${PAGE_VARIABLES}) {
      redirects_connection(${PAGE_ARGUMENT}, sort: ["from:asc", "documentId:asc"]) { data { id attributes { from to permanent external } } ${PAGINATION_META} }
    }`,
  models: ["redirect"],
  schema: z.object({ redirects_connection: z.object({ data: z.array(z.object({ attributes: RedirectAttributes })), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) =>
    listPage<Redirect>(
      data.redirects_connection.data.map(({ attributes: entry }) => ({
        from: entry.from,
        to: entry.to,
        // The CMS defaults: a redirect is permanent and stays on this site unless an editor says otherwise.
        permanent: entry.permanent ?? true,
        external: entry.external ?? false,
      })),
      data.redirects_connection.meta,
    ),
});
