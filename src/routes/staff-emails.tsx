/**
 * Staff: the e-mail outbox by status (failed first), sending's pause when Email Service's limit
 * is reached, and "send again" for one failed message or for every failed message of a kind
 * since a day (logged in the staff audit log, like every staff action). The staff gate
 * (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { EMAIL_KINDS } from "../domain/email";
import type { OutboxStatus } from "../domain/email";
import type { StaffEnv } from "../types";
import type { EmailStatusFilter } from "../views/staff/emails-list-content";
import { EmailsListContent } from "../views/staff/emails-list-content";
import { KIND_LABELS } from "../views/outbox/labels";
import { LIST_LIMIT, listQuery } from "../http/list-query";

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

const ResendAllForm = z.object({
  kind: z.enum(EMAIL_KINDS, { message: "Choose the kind of e-mail to send again" }),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the day as a date, for example 2026-11-27")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Enter a real date, for example 2026-11-27"),
});

type ResendAllState = { kind: string; since: string; errors: Partial<Record<"kind" | "since", string>> };

/** The notice after "send all again": how many went back, of what, since when. */
function resentAllNotice(query: Record<string, string>): string | null {
  if (query.done !== "resent-all") return null;
  const count = Number.parseInt(query.count ?? "", 10);
  const kind = (EMAIL_KINDS as readonly string[]).includes(query.kind ?? "") ? KIND_LABELS[query.kind as (typeof EMAIL_KINDS)[number]] : "e-mail";
  if (!Number.isFinite(count) || count === 0) return `No failed “${kind}” e-mails since ${query.since ?? "that day"}: nothing has been changed.`;
  return `${count} failed “${kind}” ${count === 1 ? "e-mail" : "e-mails"} since ${query.since ?? "that day"} will be sent again in a moment.`;
}

async function emailsPage(c: Context<StaffEnv>, resendAll: ResendAllState = { kind: "", since: "", errors: {} }) {
  const { status, q } = listQuery(c.req.query(), STATUSES);
  const [layout, messages, pause] = await Promise.all([
    c.var.services.content.layout(),
    c.var.services.email.list({ statuses: status === "all" ? undefined : SHOWN[status], search: q, limit: LIST_LIMIT }),
    c.var.services.email.pause(),
  ]);
  const problem = Object.keys(resendAll.errors).length > 0;
  return c.render(
    <EmailsListContent
      messages={messages}
      status={status}
      search={q}
      limit={LIST_LIMIT}
      csrfToken={await c.var.csrfToken()}
      notice={NOTICES[c.req.query("done") ?? ""] ?? resentAllNotice(c.req.query())}
      pause={pause ? { until: pause.until.toISOString(), reason: pause.reason } : null}
      resendAll={resendAll}
    />,
    { layout, head: { pageTitle: problem ? "There is a problem — E-mails" : "E-mails", noindex: true }, section: null, isPrivate: true, status: problem ? 400 : 200 },
  );
}

export const staffEmailsRoutes = new Hono<StaffEnv>()
  .get("/staff/emails", (c) => emailsPage(c))
  .post("/staff/emails/resend-failed", async (c) => {
    const body = await c.req.parseBody();
    const typed = { kind: typeof body.kind === "string" ? body.kind : "", since: typeof body.since === "string" ? body.since.trim() : "" };
    const parsed = ResendAllForm.safeParse(typed);
    if (!parsed.success) {
      const errors: ResendAllState["errors"] = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as "kind" | "since"] ??= issue.message;
      return emailsPage(c, { ...typed, errors });
    }
    const { kind, since } = parsed.data;
    const count = await c.var.services.email.resendAllFailed(kind, new Date(`${since}T00:00:00Z`), c.var.staffMember.email);
    return c.redirect(`/staff/emails?${new URLSearchParams({ status: "failed", done: "resent-all", count: String(count), kind, since })}`, 303);
  })
  .post("/staff/emails/:id/resend", async (c) => {
    const id = c.req.param("id");
    const { email } = c.var.services;
    await email.sendAgain(id, c.var.staffMember.email);
    c.executionCtx.waitUntil(email.outbox.deliverSoon([id]));
    return c.redirect("/staff/emails?status=failed&done=resent", 303);
  });
