/** Home page and general pages. */
import * as z from "zod";
import { alwaysSignedIn, type GeneralPage, type GeneralPageSlug, type Homepage, type PagePresentingMemberships } from "../../../domain/content";
import { parseBlocks } from "../blocks";
import { BLOCK_FIELDS, BLOCKS_SELECTION, MEDIA_FIELDS, PAGE_REF_FIELDS, SEO_FIELDS } from "../fragments";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { optionalBoolean, optionalString, relationOne, seo } from "../schemas";

type NoVars = Record<string, never>;

/** The lists of general pages are paged (list-page.ts), by slug as before; documentId makes the order total. */
const PAGED = `${PAGE_ARGUMENT}, sort: ["slug:asc", "type:asc", "documentId:asc"]`;

export const homepageOperation = defineOperation({
  name: "homepage",
  document: /* GraphQL */ `
    query homepage { homepage { data { attributes { seo { ...SeoFields } ${BLOCKS_SELECTION} } } } }
    ${SEO_FIELDS} ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["homepage", "general-page", "webinar", "webinar-bundle", "membership", "file"],
  documentModels: ["general-page"],
  schema: z.object({ homepage: relationOne(z.object({ seo, blocks: z.unknown() })) }),
  map: (data, _vars: NoVars): Homepage => ({
    seo: data.homepage?.seo ?? null,
    blocks: parseBlocks(data.homepage?.blocks, "homepage"),
  }),
});

const GeneralPageSlugAttributes = z.object({
  slug: z.string().min(1),
  type: z.string().min(1),
  authenticatedOnly: optionalBoolean,
  membersOnly: optionalBoolean,
  updatedAt: optionalString,
});

export const allGeneralPageSlugsOperation = defineOperation({
  name: "allGeneralPageSlugs",
  document: /* GraphQL */ `
    query allGeneralPageSlugs(${PAGE_VARIABLES}) {
      generalPages_connection(${PAGED}) {
        data { id attributes { slug type authenticatedOnly membersOnly updatedAt } }
        ${PAGINATION_META}
      }
    }`,
  models: ["general-page"],
  schema: z.object({
    generalPages_connection: z.object({ data: z.array(z.object({ attributes: GeneralPageSlugAttributes })), meta: paginationMeta }),
  }),
  map: (data, _vars: PageVars) =>
    listPage<GeneralPageSlug>(
      data.generalPages_connection.data.map(({ attributes }) => ({
        ...attributes,
        authenticatedOnly: attributes.authenticatedOnly || alwaysSignedIn(attributes.type),
      })),
      data.generalPages_connection.meta,
    ),
});

export const GENERAL_PAGE_SELECTION = `id attributes {
  documentId title slug type authenticatedOnly membersOnly createdAt publishedAt updatedAt
  seo { ...SeoFields }
  ${BLOCKS_SELECTION}
}`;

export const GeneralPageEntity = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  attributes: z.object({
    title: z.string().min(1),
    slug: z.string().min(1),
    type: z.string().min(1),
    authenticatedOnly: optionalBoolean,
    membersOnly: optionalBoolean,
    createdAt: optionalString,
    publishedAt: optionalString,
    updatedAt: optionalString,
    seo,
    blocks: z.unknown(),
  }),
});

/** A general page's address as the cache knows it: its type in lower case (as addresses match it) and its slug. */
export const pageAddress = (page: { type: string; slug: string }) => `${page.type.toLowerCase()}/${page.slug}`;

/** A general page shows its title as the h1, so its blocks are read knowing that title. */
export function toGeneralPage(entity: z.output<typeof GeneralPageEntity>): GeneralPage {
  const { blocks, ...attributes } = entity.attributes;
  const where = `generalPage:${attributes.type}/${attributes.slug}`;
  return {
    id: entity.id,
    ...attributes,
    authenticatedOnly: attributes.authenticatedOnly || alwaysSignedIn(attributes.type),
    blocks: parseBlocks(blocks, where, { pageTitle: attributes.title }),
  };
}

export const PAGE_FRAGMENTS = `${SEO_FIELDS} ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`;
export const PAGE_MODELS = ["general-page", "webinar", "webinar-bundle", "membership", "file"] as const;

/** Every general page with its blocks, a page at a time (read in small pages: blocks are large). */
export const allGeneralPagesOperation = defineOperation({
  name: "allGeneralPages",
  document: /* GraphQL */ `
    query allGeneralPages(${PAGE_VARIABLES}) {
      generalPages_connection(${PAGED}) { data { ${GENERAL_PAGE_SELECTION} } ${PAGINATION_META} }
    }
    ${PAGE_FRAGMENTS}`,
  models: PAGE_MODELS,
  schema: z.object({ generalPages_connection: z.object({ data: z.array(GeneralPageEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<GeneralPage>(data.generalPages_connection.data.map(toGeneralPage), data.generalPages_connection.meta),
});

/**
 * One general page by its link-rule identity: type (in any letter case, as addresses are
 * matched) and slug; null when there is none, from the same one query.
 */
export const generalPageOperation = defineOperation({
  name: "generalPage",
  document: /* GraphQL */ `
    query generalPage($type: String!, $slug: String!) {
      generalPages_connection(filters: { type: { eqi: $type }, slug: { eq: $slug } }, pagination: { limit: 1 }) {
        data { ${GENERAL_PAGE_SELECTION} }
      }
    }
    ${PAGE_FRAGMENTS}`,
  models: PAGE_MODELS,
  documentModels: ["general-page"],
  lookup: { model: "general-page", address: (vars: { type: string; slug: string }) => pageAddress(vars) },
  schema: z.object({ generalPages_connection: z.object({ data: z.array(GeneralPageEntity) }) }),
  map: (data, _vars: { type: string; slug: string }): GeneralPage | null => {
    const first = data.generalPages_connection.data[0];
    return first ? toGeneralPage(first) : null;
  },
});

/**
 * Every general page with the memberships its membership-settings blocks present, and nothing
 * else of its blocks: a light query for choosing each membership's information page.
 */
export const pagesPresentingMembershipsOperation = defineOperation({
  name: "pagesPresentingMemberships",
  document: /* GraphQL */ `
    query pagesPresentingMemberships(${PAGE_VARIABLES}) {
      generalPages_connection(${PAGED}) {
        data { attributes {
          slug type authenticatedOnly membersOnly
          blocks { __typename ... on ComponentBlocksMembershipSettings { membership { data { attributes { slug } } } } }
        } }
        ${PAGINATION_META}
      }
    }`,
  models: ["general-page", "membership"],
  schema: z.object({
    generalPages_connection: z.object({
      data: z.array(
        z.object({
          attributes: GeneralPageSlugAttributes.omit({ updatedAt: true }).extend({
            blocks: z
              .array(z.object({ membership: relationOne(z.object({ slug: z.string().min(1) })).optional() }).passthrough())
              .nullish(),
          }),
        }),
      ),
      meta: paginationMeta,
    }),
  }),
  map: (data, _vars: PageVars) =>
    listPage<PagePresentingMemberships>(
      data.generalPages_connection.data.map(({ attributes: { blocks, ...page } }) => ({
        ...page,
        authenticatedOnly: page.authenticatedOnly || alwaysSignedIn(page.type),
        membershipSlugs: (blocks ?? []).flatMap((block) => (block.membership ? [block.membership.slug] : [])),
      })),
      data.generalPages_connection.meta,
    ),
});
