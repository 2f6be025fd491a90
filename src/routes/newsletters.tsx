/** The public archive of the messages staff chose to publish (/news/newsletters), newest first, paged by key. */
import { Hono } from "hono";
import { AppError } from "../errors";
import type { HonoEnv } from "../types";
import { NewsletterContent, NewslettersContent } from "../views/messages/newsletters-content";

const PAGE = 30;

export const newsletterRoutes = new Hono<HonoEnv>()
  .get("/news/newsletters", async (c) => {
    const after = /^(\S+)~(\S+)$/.exec(c.req.query("after") ?? "");
    const rows = await c.var.services.messages.archive(PAGE + 1, after ? { publishedAt: after[1]!, id: after[2]! } : null);
    const shown = rows.slice(0, PAGE);
    const last = shown.at(-1);
    const next = rows.length > PAGE && last ? `/news/newsletters?after=${encodeURIComponent(`${last.publishedAt}~${last.id}`)}` : null;
    return c.render(<NewslettersContent messages={shown} next={next} />, { layout: await c.var.services.content.layout(), head: { pageTitle: "Newsletters" }, section: "root" });
  })
  .get("/news/newsletters/:id", async (c) => {
    const message = await c.var.services.messages.archived(c.req.param("id"));
    if (!message) throw new AppError("NOT_FOUND", "No such newsletter");
    return c.render(<NewsletterContent message={message} />, {
      layout: await c.var.services.content.layout(),
      head: { pageTitle: message.subject, pageDescription: message.preheader || undefined },
      section: "root",
    });
  });
