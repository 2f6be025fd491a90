/** Articles: the list and one article by slug. */
import * as z from "zod";
import type { Article, ArticleSummary } from "../../../domain/content";
import { articleTeaser, TEASER_BLOCKS_SELECTION, teaserBlocks } from "../article-teaser";
import { parseBlocks } from "../blocks";
import { BLOCK_FIELDS, BLOCKS_SELECTION, MEDIA_FIELDS, PAGE_REF_FIELDS } from "../fragments";
import { defineOperation } from "../operation";
import { media, optionalString } from "../schemas";

type NoVars = Record<string, never>;

const SUMMARY_FIELDS = `title slug summary publishedAt updatedAt image { data { attributes { ...MediaFields } } } ${TEASER_BLOCKS_SELECTION}`;

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

export const allArticlesOperation = defineOperation({
  name: "allArticles",
  document: /* GraphQL */ `
    query allArticles {
      articles_connection(pagination: { limit: -1 }, sort: "publishedAt:desc") { data { id attributes { ${SUMMARY_FIELDS} } } }
    }
    ${MEDIA_FIELDS}`,
  models: ["article", "file"],
  schema: z.object({ articles_connection: z.object({ data: z.array(ArticleSummaryEntity) }) }),
  map: (data, _vars: NoVars): ArticleSummary[] => data.articles_connection.data.map(toSummary),
});

const ArticleEntity = ArticleSummaryEntity.extend({
  attributes: ArticleSummaryEntity.shape.attributes.extend({ blocks: z.unknown() }),
});

export const articleOperation = defineOperation({
  name: "article",
  document: /* GraphQL */ `
    query article($slug: String!) {
      articles_connection(filters: { slug: { eq: $slug } }, pagination: { limit: 1 }) {
        data { id attributes { ${SUMMARY_FIELDS} ${BLOCKS_SELECTION} } }
      }
    }
    ${BLOCK_FIELDS} ${MEDIA_FIELDS} ${PAGE_REF_FIELDS}`,
  models: ["article", "general-page", "webinar", "webinar-bundle", "membership", "file"],
  schema: z.object({ articles_connection: z.object({ data: z.array(ArticleEntity) }) }),
  map: (data, vars: { slug: string }): Article | null => {
    const entity = data.articles_connection.data[0];
    if (!entity) return null;
    const { blocks, ...summary } = entity.attributes;
    return { ...toSummary({ id: entity.id, attributes: summary }), blocks: parseBlocks(blocks, `article:${vars.slug}`) };
  },
});
