/** The editors' redirects: old addresses and where they now lead. */
import * as z from "zod";
import type { Redirect } from "../../../domain/content";
import { defineOperation } from "../operation";
import { relationMany } from "../schemas";

type NoVars = Record<string, never>;

const RedirectAttributes = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  permanent: z.boolean().nullish(),
  external: z.boolean().nullish(),
});

export const redirectsOperation = defineOperation({
  name: "redirects",
  document: /* GraphQL */ `
    query redirects { redirects_connection(pagination: { limit: -1 }, sort: "from:asc") { data { id attributes { from to permanent external } } } }`,
  models: ["redirect"],
  schema: z.object({ redirects_connection: relationMany(RedirectAttributes) }),
  map: (data, _vars: NoVars): Redirect[] =>
    data.redirects_connection.map((entry) => ({
      from: entry.from,
      to: entry.to,
      // The CMS defaults: a redirect is permanent and stays on this site unless an editor says otherwise.
      permanent: entry.permanent ?? true,
      external: entry.external ?? false,
    })),
});
