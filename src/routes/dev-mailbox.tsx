/**
 * The local mailbox: what the site has written to its e-mail outbox, and each message rendered
 * as it is (or would be) sent. Development and tests only; in production every address here is
 * the ordinary 404.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../errors";
import type { HonoEnv } from "../types";
import { MailboxListContent } from "../views/outbox/mailbox-list-content";
import { MailboxMessageContent } from "../views/outbox/mailbox-message-content";

const LIMIT = 200;

const developmentOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  if (c.var.config.environment === "production") throw new AppError("NOT_FOUND", "No page at this address");
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
  c.res.headers.set("X-Robots-Tag", "noindex");
};

export const devMailboxRoutes = new Hono<HonoEnv>()
  .use("/dev/mailbox", developmentOnly)
  .use("/dev/mailbox/*", developmentOnly)
  .get("/dev/mailbox", async (c) => {
    const messages = await c.var.services.email.list({ limit: LIMIT });
    if (c.req.query("format") === "json") {
      return c.json(
        messages.map((m) => ({ id: m.id, to: m.recipient, subject: m.subject, kind: m.kind, status: m.status, createdAt: m.createdAt, sentAt: m.sentAt })),
      );
    }
    return c.render(<MailboxListContent messages={messages} limit={LIMIT} />, {
      layout: await c.var.services.content.layout(),
      head: { pageTitle: "Local mailbox", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/dev/mailbox/:id", async (c) => {
    const preview = await c.var.services.email.preview(c.req.param("id"));
    if (!preview) throw new AppError("NOT_FOUND", "No message with this id");
    return c.render(<MailboxMessageContent message={preview.message} text={preview.text} headers={preview.headers} />, {
      layout: await c.var.services.content.layout(),
      head: { pageTitle: preview.message.subject, noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .get("/dev/mailbox/:id/html", async (c) => {
    const preview = await c.var.services.email.preview(c.req.param("id"));
    if (!preview) throw new AppError("NOT_FOUND", "No message with this id");
    // Its own sandboxed policy comes from middleware/security-headers.
    return c.html(preview.html);
  })
  .get("/dev/mailbox/:id/text", async (c) => {
    const preview = await c.var.services.email.preview(c.req.param("id"));
    if (!preview) throw new AppError("NOT_FOUND", "No message with this id");
    return c.text(preview.text);
  });
