/**
 * Staff: one member's page on the members register (GET /staff/members/:userId), with their
 * timeline (applications, payments, receipts, e-mails and staff actions, newest first) and
 * "send again" for an e-mail to them that failed, which comes back here. Mounted after the member
 * import so /staff/members/import stays that page. The staff gate (middleware/require-staff)
 * runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { MemberDetailContent } from "../views/staff/member-detail-content";

const NOTICES: Record<string, string> = {
  unsuppressed: "Bulk mail may go to this member's address again.",
  resent: "The e-mail will be sent again in a moment. If it fails again it comes back to this page.",
};

async function memberPage(c: Context<StaffEnv>, suppressionError: string | null = null) {
  const userId = c.req.param("userId")!;
  const [layout, timeline, disputes] = await Promise.all([c.var.services.content.layout(), c.var.services.membersRegister.timeline(userId), c.var.services.refunds.membershipDisputesOf(userId)]);
  if (!timeline) throw new AppError("NOT_FOUND", "No member with this id");
  const suppression = await c.var.services.messages.suppression(timeline.member.record.email);
  return c.render(
    <MemberDetailContent
      timeline={timeline}
      disputes={disputes}
      suppression={suppression}
      suppressionError={suppressionError}
      csrfToken={await c.var.csrfToken()}
      notice={NOTICES[c.req.query("done") ?? ""] ?? null}
    />,
    { layout, head: { pageTitle: timeline.member.name ?? timeline.member.record.email, noindex: true }, section: null, isPrivate: true, status: suppressionError ? 400 : 200 },
  );
}

export const staffMemberRoutes = new Hono<StaffEnv>()
  .get("/staff/members/:userId", (c) => memberPage(c))
  .post("/staff/members/:userId/suppression", async (c) => {
    // In the communications area: whoever may send bulk mail decides when it may go to an address again.
    const userId = c.req.param("userId");
    const member = await c.var.services.membersRegister.timeline(userId);
    if (!member) throw new AppError("NOT_FOUND", "No member with this id");
    const note = (await c.req.parseBody()).note;
    const problem = await c.var.services.messages.clearSuppression(member.member.record.email, typeof note === "string" ? note : "", c.var.staffMember.email);
    if (problem) return memberPage(c, problem);
    return c.redirect(`${hrefs.staffMember(userId)}?done=unsuppressed`, 303);
  })
  .post("/staff/members/:userId/emails/:id/resend", async (c) => {
    const [userId, id] = [c.req.param("userId"), c.req.param("id")];
    const { email } = c.var.services;
    // The same "send again" as /staff/emails (audited), for a message written to this member only.
    await email.sendAgain(id, c.var.staffMember.email, userId);
    c.executionCtx.waitUntil(email.outbox.deliverSoon([id]));
    return c.redirect(`${hrefs.staffMember(userId)}?done=resent`, 303);
  });
