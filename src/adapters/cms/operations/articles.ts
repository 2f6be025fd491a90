/**
 * Articles: a page of the list as visitors see it, every article's address (the sitemap), every
 * article with its blocks (which uploads are public), and one article by slug. The lists are
 * paged (list-page.ts), newest first; documentId breaks ties so the order is total.
 */
import * as z from "zod";
import type { Article, ArticleSlug, ArticleSummary } from "../../../domain/content";
import { articleTeaser, TEASER_BLOCKS_SELECTION, teaserBlocks } from "../article-teaser";
import { parseBlocks } from "../blocks";
import { BLOCK_FIELDS, BLOCKS_SELECTION, MEDIA_FIELDS, PAGE_REF_FIELDS } from "../fragments";
import { listPage, PAGE_ARGUMENT, PAGE_VARIABLES, type PageVars, PAGINATION_META, paginationMeta } from "../list-page";
import { defineOperation } from "../operation";
import { media, optionalString } from "../schemas";

/** Newest first; documentId is unique, so no article sits between two pages. */
const NEWEST_FIRST = `sort: ["publishedAt:desc", "documentId:desc"]`;

/** Articles a visitor sees on one page of the list. */
export const ARTICLES_PER_PAGE = 20;

export const SUMMARY_FIELDS = `title slug summary publishedAt updatedAt image { data { attributes { ...MediaFields } } } ${TEASER_BLOCKS_SELECTION}`;

const ArticleSummaryEntity = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  attributes: z.object({
    title: z.string().min(1),
    slug: z.string().min(1),
    summary: optionalString,
    publishedAt: optionalString,
    updatedAt: optionalString,
    image: media,
    teaserBlocks,
  }),
});

const toSummary = (entity: z.output<typeof ArticleSummaryEntity>): ArticleSummary => {
  const { teaserBlocks: blocks, ...attributes } = entity.attributes;
  return { id: entity.id, ...attributes, teaser: articleTeaser(attributes, blocks) };
};

/** One page of the article list as visitors see it (`page` counts from 1). */
export const articlesPageOperation = defineOperation({
  name: "articlesPage",
  document: /* GraphQL */ `
    query articlesPage(${PAGE_VARIABLES}) {
      articles_connection(${PAGE_ARGUMENT}, ${NEWEST_FIRST}) { data { id attributes { ${SUMMARY_FIELDS} } } ${PAGINATION_META} }
    }
    ${MEDIA_FIELDS}`,
  models: ["article", "file"],
  schema: z.object({ articles_connection: z.object({ data: z.array(ArticleSummaryEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<ArticleSummary>(data.articles_connection.data.map(toSummary), data.articles_connection.meta),
});

/** Every article's address and last change, a page at a time: what the sitemap lists. */
export const articleSlugsOperation = defineOperation({
  name: "articleSlugs",
  document: /* GraphQL */ `
    query articleSlugs(${PAGE_VARIABLES}) {
      articles_connection(${PAGE_ARGUMENT}, ${NEWEST_FIRST}) { data { attributes { slug updatedAt } } ${PAGINATION_META} }
    }`,
  models: ["article"],
  schema: z.object({
    articles_connection: z.object({
      data: z.array(z.object({ attributes: z.object({ slug: z.string().min(1), updatedAt: optionalString }) })),
      meta: paginationMeta,
    }),
  }),
  map: (data, _vars: PageVars) =>
    listPage<ArticleSlug>(
      data.articles_connection.data.map(({ attributes }) => attributes),
      data.articles_connection.meta,
    ),
});

export const ArticleEntity = ArticleSummaryEntity.extend({
  attributes: ArticleSummaryEntity.shape.attributes.extend({ blocks: z.unknown() }),
});

export function toArticle(entity: z.output<typeof ArticleEntity>): Article {
  const { blocks, ...summary } = entity.attributes;
  return { ...toSummary({ id: entity.id, attributes: summary }), blocks: parseBlocks(blocks, `article:${summary.slug}`) };
}

/**
 * Every article with its blocks, a page at a time (read in small pages: blocks are large). For
 * work over all articles' content, such as finding which uploads public content uses.
 */
export const allArticlesOperation = defineOperation({
  name: "allArticles",
  document: /* GraphQL */ `
    query allArticles(${PAGE_VARIABLES}) {
      articles_connection(${PAGE_ARGUMENT}, ${NEWEST_FIRST}) { data { id attributes { ${SUMMARY_FIELDS} ${BLOCKS_SELECTION} } } ${PAGINATION_META} }
    }
    ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["article", "general-page", "webinar", "webinar-bundle", "membership", "file"],
  schema: z.object({ articles_connection: z.object({ data: z.array(ArticleEntity), meta: paginationMeta }) }),
  map: (data, _vars: PageVars) => listPage<Article>(data.articles_connection.data.map(toArticle), data.articles_connection.meta),
});

export const articleOperation = defineOperation({
  name: "article",
  document: /* GraphQL */ `
    query article($slug: String!) {
      articles_connection(filters: { slug: { eq: $slug } }, pagination: { limit: 1 }) {
        data { id attributes { documentId ${SUMMARY_FIELDS} ${BLOCKS_SELECTION} } }
      }
    }
    ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["article", "general-page", "webinar", "webinar-bundle", "membership", "file"],
  documentModels: ["article", "general-page"],
  lookup: { model: "article", address: (vars: { slug: string }) => vars.slug },
  schema: z.object({ articles_connection: z.object({ data: z.array(ArticleEntity) }) }),
  map: (data, _vars: { slug: string }): Article | null => {
    const entity = data.articles_connection.data[0];
    return entity ? toArticle(entity) : null;
  },
});
