/** Webinars and webinar bundles. */
import * as z from "zod";
import type { Webinar, WebinarBundle, WebinarCpd } from "../../../domain/content";
import { CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS, isCpdCategory } from "../../../domain/cpd";
import { MEDIA_FIELDS, WEBINAR_SUMMARY_FIELDS } from "../fragments";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { optionalNumber, optionalRichText, optionalString, relationMany, vatTreatment, WebinarSummaryAttributes } from "../schemas";

type NoVars = Record<string, never>;

/**
 * The CPD a webinar counts for, as the editor set it: hours outside 0.25-100 (the CMS refuses
 * them; an older entry may hold one) and unknown categories are dropped, never guessed.
 */
function webinarCpd(hours: number | null, category: string | null): WebinarCpd {
  const hundredths = hours === null ? null : Math.round(hours * 100);
  return {
    hoursHundredths: hundredths !== null && hundredths >= CPD_MIN_HUNDREDTHS && hundredths <= CPD_MAX_HUNDREDTHS ? hundredths : null,
    category: isCpdCategory(category) ? category : null,
  };
}

export const WEBINAR_SELECTION = "id attributes { ...WebinarSummaryFields description zoomUrl vimeoUrl vimeoPlaylist cpdHours cpdCategory }";

export const WebinarEntity = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    attributes: z.object({
      description: optionalRichText,
      zoomUrl: optionalString,
      vimeoUrl: optionalString,
      vimeoPlaylist: optionalString,
      cpdHours: optionalNumber,
      cpdCategory: optionalString,
    }).loose(),
  })
  .transform((entity, ctx): Webinar | typeof z.NEVER => {
    const summary = WebinarSummaryAttributes.safeParse(entity.attributes);
    if (!summary.success) {
      for (const issue of summary.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
      return z.NEVER;
    }
    const { description, zoomUrl, vimeoUrl, vimeoPlaylist, cpdHours, cpdCategory } = entity.attributes;
    return { ...summary.data, legacyId: entity.id, description, access: { zoomUrl, vimeoUrl, vimeoPlaylist }, cpd: webinarCpd(cpdHours, cpdCategory) };
  });

/** Every webinar, a page at a time (list-page.ts), by date; documentId makes the order total. */
export const webinarsOperation = defineOperation({
  name: "webinars",
  document: /* GraphQL */ `
    query webinars(${PAGE_VARIABLES}) {
      webinars_connection(${PAGE_ARGUMENT}, sort: ["date:asc", "documentId:asc"]) { data { ${WEBINAR_SELECTION} } ${PAGINATION_META} }
    }
    ${WEBINAR_SUMMARY_FIELDS} ${MEDIA_FIELDS}`,
  models: ["webinar", "webinar-bundle", "file"],
  schema: z.object({ webinars_connection: z.object({ data: z.array(WebinarEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<Webinar>(data.webinars_connection.data, data.webinars_connection.meta),
});

export const webinarOperation = defineOperation({
  name: "webinar",
  document: /* GraphQL */ `
    query webinar($slug: String!) {
      webinars_connection(filters: { slug: { eq: $slug } }, pagination: { limit: 1 }) { data { ${WEBINAR_SELECTION} } }
    }
    ${WEBINAR_SUMMARY_FIELDS} ${MEDIA_FIELDS}`,
  models: ["webinar", "webinar-bundle", "file"],
  schema: z.object({ webinars_connection: z.object({ data: z.array(WebinarEntity) }) }),
  map: (data, _vars: { slug: string }): Webinar | null => data.webinars_connection.data[0] ?? null,
});

const BUNDLE_SELECTION = `id attributes {
  documentId bundleName slug description couponId discount discountType vatTreatment
  webinars: webinars_connection(pagination: { limit: -1 }, sort: "date:asc") { data { id attributes { ...WebinarSummaryFields } } }
}`;

const BundleEntity = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    attributes: z.object({
      documentId: z.string().min(1),
      bundleName: z.string().min(1),
      slug: z.string().min(1),
      description: optionalString,
      couponId: optionalString,
      discount: optionalNumber,
      discountType: z.enum(["percent", "amount"]).nullish().transform((v) => v ?? null),
      vatTreatment,
      webinars: relationMany(WebinarSummaryAttributes),
    }),
  })
  .transform(({ attributes: { documentId, ...bundle } }): WebinarBundle => ({ id: documentId, ...bundle }));

/** Every bundle, a page at a time (list-page.ts), by name; documentId makes the order total. */
export const webinarBundlesOperation = defineOperation({
  name: "webinarBundles",
  document: /* GraphQL */ `
    query webinarBundles(${PAGE_VARIABLES}) {
      webinarBundles_connection(${PAGE_ARGUMENT}, sort: ["bundleName:asc", "documentId:asc"]) { data { ${BUNDLE_SELECTION} } ${PAGINATION_META} }
    }
    ${WEBINAR_SUMMARY_FIELDS} ${MEDIA_FIELDS}`,
  models: ["webinar-bundle", "webinar", "file"],
  schema: z.object({ webinarBundles_connection: z.object({ data: z.array(BundleEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<WebinarBundle>(data.webinarBundles_connection.data, data.webinarBundles_connection.meta),
});

export const webinarBundleOperation = defineOperation({
  name: "webinarBundle",
  document: /* GraphQL */ `
    query webinarBundle($slug: String!) {
      webinarBundles_connection(filters: { slug: { eq: $slug } }, pagination: { limit: 1 }) { data { ${BUNDLE_SELECTION} } }
    }
    ${WEBINAR_SUMMARY_FIELDS} ${MEDIA_FIELDS}`,
  models: ["webinar-bundle", "webinar", "file"],
  schema: z.object({ webinarBundles_connection: z.object({ data: z.array(BundleEntity) }) }),
  map: (data, _vars: { slug: string }): WebinarBundle | null => data.webinarBundles_connection.data[0] ?? null,
});
