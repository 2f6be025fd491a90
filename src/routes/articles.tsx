/** News and articles: the list, and one article with its blocks. */
import { Hono } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import { embedBases } from "../shared/links";
import type { HonoEnv } from "../types";
import { ArticleContent } from "../views/pages/article-content";
import { ArticleListContent } from "../views/pages/article-list-content";

/** `?page=` of the article list: a page number from 1 (absent is the first page). */
const ListPageNumber = z.union([z.undefined(), z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number)]);

export const articleRoutes = new Hono<HonoEnv>()
  .get("/articles", async (c) => {
    const requested = ListPageNumber.safeParse(c.req.query("page"));
    if (!requested.success) throw new AppError("NOT_FOUND", "No such page of the article list");
    const page = requested.data ?? 1;
    const [layout, list] = await Promise.all([c.var.services.content.layout(), c.var.services.content.articleListPage(page)]);
    if (!list) throw new AppError("NOT_FOUND", "No such page of the article list");
    return c.render(<ArticleListContent list={list} site={c.var.site} />, {
      layout,
      head: { pageTitle: list.page === 1 ? "News and articles" : `News and articles, page ${list.page} of ${list.pageCount}` },
      section: "root",
      shareable: "content",
    });
  })
  .get("/articles/:slug", async (c) => {
    const [layout, article] = await Promise.all([c.var.services.content.layout(), c.var.services.content.article(c.req.param("slug"))]);
    if (!article) throw new AppError("NOT_FOUND", "No such article");
    const blocks = await c.var.blocks(article.blocks, { embedBase: embedBases.article(article.slug) });
    return c.render(<ArticleContent article={article} ctx={blocks.ctx} />, {
      layout,
      head: {
        pageTitle: article.title,
        pageDescription: article.teaser.summary,
        pageSeo: { metaTitle: null, metaDescription: null, shareImage: article.image },
        ogType: "article",
      },
      section: "root",
      isPrivate: blocks.personal,
      shareable: blocks.shareable,
      islands: blocks.islands,
    });
  });
