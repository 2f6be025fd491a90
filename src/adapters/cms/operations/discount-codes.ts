/**
 * Discount codes, read with the Worker's token only (the CMS's public role can read nothing):
 * the whole list, kept in the content cache like other content, so a code typed at checkout is
 * looked up there rather than asked of the CMS per guess. A code whose fields are malformed is
 * left out (and logged) rather than failing every checkout.
 */
import * as z from "zod";
import { log } from "../../../log";
import type { DiscountCode } from "../../../shared/pricing/discount-code";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { optionalBoolean, optionalNumber, optionalString } from "../schemas";

/** The documentIds of a relation: lasting, where the published rows' numeric ids change on every publish. */
const ids = z
  .object({ data: z.array(z.object({ attributes: z.object({ documentId: z.string().min(1) }) })) })
  .nullish()
  .transform((value) => (value?.data ?? []).map((entity) => entity.attributes.documentId));

const CodeEntity = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  attributes: z.object({
    documentId: z.string().min(1),
    code: z.string().min(1).transform((code) => code.trim().toUpperCase()),
    kind: z.enum(["percent", "fixed"]),
    percentOff: optionalNumber,
    amountOffPence: optionalNumber,
    allWebinars: optionalBoolean,
    allBundles: optionalBoolean,
    allEvents: optionalBoolean,
    events: ids,
    webinars: ids,
    bundles: ids,
    memberships: ids,
    validFrom: optionalString,
    validUntil: optionalString,
    maxRedemptions: optionalNumber,
    maxPerUser: optionalNumber,
    stacksWithBundle: optionalBoolean,
  }),
});

const toCode = ({ attributes: a }: z.output<typeof CodeEntity>): DiscountCode => ({
  id: a.documentId,
  code: a.code,
  kind: a.kind,
  percentOff: a.percentOff,
  amountOffPence: a.amountOffPence,
  appliesTo: { allWebinars: a.allWebinars, allBundles: a.allBundles, webinarIds: a.webinars, bundleIds: a.bundles, membershipIds: a.memberships, allEvents: a.allEvents, eventIds: a.events },
  validFrom: a.validFrom,
  validUntil: a.validUntil,
  maxRedemptions: a.maxRedemptions,
  maxPerUser: a.maxPerUser,
  stacksWithBundle: a.stacksWithBundle,
});

const RELATION = "(pagination: { limit: -1 }) { data { attributes { documentId } } }";

/** The discount codes, a page at a time (list-page.ts). */
export const discountCodesOperation = defineOperation({
  name: "discountCodes",
  document: /* GraphQL */ `
    query discountCodes(${PAGE_VARIABLES}) {
      discountCodes_connection(${PAGE_ARGUMENT}, sort: ["code:asc", "documentId:asc"]) {
        data { id attributes {
          documentId code kind percentOff amountOffPence allWebinars allBundles allEvents validFrom validUntil maxRedemptions maxPerUser stacksWithBundle
          webinars: webinars_connection${RELATION} bundles: bundles_connection${RELATION} memberships: memberships_connection${RELATION} events: events_connection${RELATION}
        } }
        ${PAGINATION_META}
      }
    }`,
  models: ["discount-code", "webinar", "webinar-bundle", "membership", "event"],
  schema: z.object({ discountCodes_connection: z.object({ data: z.array(z.unknown()), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) =>
    listPage<DiscountCode>(
      data.discountCodes_connection.data.flatMap((entity) => {
        const parsed = CodeEntity.safeParse(entity);
        if (parsed.success) return [toCode(parsed.data)];
        log.warn("cms.discount_code_malformed", { issues: z.prettifyError(parsed.error) });
        return [];
      }),
      data.discountCodes_connection.meta,
    ),
});
