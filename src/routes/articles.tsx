import { Hono } from "hono";
import { AppError } from "../errors";
import type { HonoEnv } from "../types";
import { ArticleContent } from "../views/pages/article-content";
import { ArticleListContent } from "../views/pages/article-list-content";
import { embedBases } from "./embeds";
import { loadBlockContext, renderScreen, siteContext } from "./screen";

export const articleRoutes = new Hono<HonoEnv>()
  .get("/articles", async (c) => {
    const [layout, articles] = await Promise.all([c.var.content.layout(), c.var.content.allArticles()]);
    const site = siteContext(c);
    return renderScreen(c, {
      layout,
      site,
      head: { pageTitle: "News and articles" },
      section: "root",
      shareable: "content",
      children: <ArticleListContent articles={articles} site={site} />,
    });
  })
  .get("/articles/:slug", async (c) => {
    const [layout, article] = await Promise.all([c.var.content.layout(), c.var.content.article(c.req.param("slug"))]);
    if (!article) throw new AppError("NOT_FOUND", "No such article");
    const site = siteContext(c);
    const blocks = await loadBlockContext(c, site, article.blocks, { embedBase: embedBases.article(article.slug) });
    return renderScreen(c, {
      layout,
      site,
      head: {
        pageTitle: article.title,
        pageDescription: article.summary,
        pageSeo: { metaTitle: null, metaDescription: null, shareImage: article.image },
        ogType: "article",
      },
      section: "root",
      isPrivate: blocks.personal,
      shareable: blocks.shareable,
      islands: blocks.islands,
      children: <ArticleContent article={article} ctx={blocks.ctx} />,
    });
  });
