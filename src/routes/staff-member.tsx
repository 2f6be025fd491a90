/**
 * Staff: one member's page on the members register (GET /staff/members/:userId), with their
 * timeline (applications, payments, receipts, e-mails and staff actions, newest first) and
 * "send again" for an e-mail to them that failed, which comes back here. Mounted after the member
 * import so /staff/members/import stays that page. The staff gate (middleware/require-staff)
 * runs before these routes on every /staff request.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { MemberDetailContent } from "../views/staff/member-detail-content";

const NOTICES: Record<string, string> = {
  resent: "The e-mail will be sent again in a moment. If it fails again it comes back to this page.",
};

export const staffMemberRoutes = new Hono<StaffEnv>()
  .get("/staff/members/:userId", async (c) => {
    const userId = c.req.param("userId");
    const [layout, timeline, disputes] = await Promise.all([c.var.services.content.layout(), c.var.services.membersRegister.timeline(userId), c.var.services.refunds.membershipDisputesOf(userId)]);
    if (!timeline) throw new AppError("NOT_FOUND", "No member with this id");
    return c.render(
      <MemberDetailContent timeline={timeline} disputes={disputes} csrfToken={await c.var.csrfToken()} notice={NOTICES[c.req.query("done") ?? ""] ?? null} />,
      { layout, head: { pageTitle: timeline.member.name ?? timeline.member.record.email, noindex: true }, section: null, isPrivate: true },
    );
  })
  .post("/staff/members/:userId/emails/:id/resend", async (c) => {
    const [userId, id] = [c.req.param("userId"), c.req.param("id")];
    const { email } = c.var.services;
    // The same "send again" as /staff/emails (audited), for a message written to this member only.
    await email.sendAgain(id, c.var.staffMember.email, userId);
    c.executionCtx.waitUntil(email.outbox.deliverSoon([id]));
    return c.redirect(`${hrefs.staffMember(userId)}?done=resent`, 303);
  });
