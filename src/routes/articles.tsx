/** News and articles: the list, and one article with its blocks. */
import { Hono } from "hono";
import { AppError } from "../errors";
import { embedBases } from "../shared/links";
import type { HonoEnv } from "../types";
import { ArticleContent } from "../views/pages/article-content";
import { ArticleListContent } from "../views/pages/article-list-content";

export const articleRoutes = new Hono<HonoEnv>()
  .get("/articles", async (c) => {
    const [layout, articles] = await Promise.all([c.var.services.content.layout(), c.var.services.content.allArticles()]);
    return c.render(<ArticleListContent articles={articles} site={c.var.site} />, {
      layout,
      head: { pageTitle: "News and articles" },
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
