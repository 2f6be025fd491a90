/**
 * Staff: the e-mail outbox by status (failed first), and "send again" for a failed message
 * (logged in the staff audit log, like every staff action). The staff gate
 * (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import type { OutboxStatus } from "../domain/email";
import type { HonoEnv } from "../types";
import type { EmailStatusFilter } from "../views/staff/emails-list-content";
import { EmailsListContent } from "../views/staff/emails-list-content";
import { LIST_LIMIT, listQuery } from "../views/staff/list-query";

const STATUSES = ["failed", "waiting", "sent", "suppressed"] as const;

const SHOWN: Record<Exclude<EmailStatusFilter, "all">, readonly OutboxStatus[]> = {
  failed: ["failed"],
  waiting: ["pending", "sending", "retry"],
  sent: ["sent"],
  suppressed: ["suppressed"],
};

const NOTICES: Record<string, string> = {
  resent: "The e-mail will be sent again in a moment. If it fails again it comes back to this list.",
};

export const staffEmailsRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/emails", async (c) => {
    const { status, q } = listQuery(c.req.query(), STATUSES);
    const [layout, messages] = await Promise.all([
      c.var.content.layout(),
      c.var.email.list({ statuses: status === "all" ? undefined : SHOWN[status], search: q, limit: LIST_LIMIT }),
    ]);
    return c.render(
      <EmailsListContent
        messages={messages}
        status={status}
        search={q}
        limit={LIST_LIMIT}
        csrfToken={await c.var.csrfToken()}
        notice={NOTICES[c.req.query("done") ?? ""] ?? null}
      />,
      { layout, head: { pageTitle: "E-mails", noindex: true }, section: null, isPrivate: true },
    );
  })
  .post("/staff/emails/:id/resend", async (c) => {
    const id = c.req.param("id");
    const { email } = c.var;
    await email.sendAgain(id, staffEmailOf(c)!);
    c.executionCtx.waitUntil(email.outbox.deliverSoon([id]));
    return c.redirect("/staff/emails?status=failed&done=resent", 303);
  });
