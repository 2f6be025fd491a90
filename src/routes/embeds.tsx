/**
 * An embed block's snippet as its own document, framed by the page that holds the block. It is
 * always sandboxed (the CSP `sandbox` directive applies even if the URL is opened directly), so
 * it runs in an opaque origin: no cookies, no storage, no access to the site. Its own policy
 * lets the snippet use inline styles and scripts from https sources (middleware/security-headers).
 * Blocks of gated pages are served only to those who may see the page.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import type { Block } from "../domain/content";
import type { HonoEnv } from "../types";
import { embedDocument } from "../views/blocks/embed";

function serve(c: Context<HonoEnv>, blocks: readonly Block[], blockId: string, isPrivate: boolean) {
  const block = blocks.find((b) => b.kind === "embed" && b.id === blockId);
  if (!block || block.kind !== "embed") throw new AppError("NOT_FOUND", "No such embed");
  c.header("Cache-Control", isPrivate ? "private, no-store" : "public, max-age=300");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(embedDocument(block.snippet));
}

export const embedRoutes = new Hono<HonoEnv>()
  .get("/embeds/home/:id", async (c) => serve(c, (await c.var.services.content.homepage())?.blocks ?? [], c.req.param("id"), false))
  .get("/embeds/article/:slug/:id", async (c) => {
    const article = await c.var.services.content.article(c.req.param("slug"));
    if (!article) throw new AppError("NOT_FOUND", "No such article");
    return serve(c, article.blocks, c.req.param("id"), false);
  })
  .get("/embeds/page/:type/:slug/:id", async (c) => {
    const page = await c.var.services.content.generalPage(c.req.param("type"), c.req.param("slug"));
    if (!page) throw new AppError("NOT_FOUND", "No such page");
    const allowed =
      (!page.authenticatedOnly && !page.membersOnly) ||
      (c.var.session !== null && (!page.membersOnly || (await c.var.isMember())));
    if (!allowed) throw new AppError("NOT_FOUND", "No such embed");
    return serve(c, page.blocks, c.req.param("id"), page.authenticatedOnly || page.membersOnly);
  });
