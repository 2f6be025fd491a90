/**
 * Staff: one member's page on the members register (GET /staff/members/:userId), with their
 * timeline (applications, payments, receipts, e-mails, notes and staff actions, newest first),
 * "send again" for an e-mail to them that failed, and the membership office's forms: a note, and
 * each change of standing (services/membership/member-office.ts). A form with problems brings the
 * page back with what was typed and each problem beside its field; a form made from a record a
 * colleague has changed since is refused (409) with the page as it now is. Mounted after the
 * member import so /staff/members/import stays that page. The staff gate (middleware/require-staff)
 * runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import type { StandingChangeKind } from "../domain/member-office";
import { AppError } from "../errors";
import { noteSchema, STALE_MESSAGE, STANDING_CHANGES, standingSchemas } from "../http/member-office-forms";
import { problemsOf, typed } from "../http/staff-forms";
import { hrefs } from "../shared/links";
import { londonDate } from "../shared/london-date";
import type { StaffEnv } from "../types";
import { MemberDetailContent } from "../views/staff/member-detail-content";
import type { OfficeFormState } from "../views/staff/member-office-forms";

const NOTICES: Record<string, string> = {
  unsuppressed: "Bulk mail may go to this member's address again.",
  resent: "The e-mail will be sent again in a moment. If it fails again it comes back to this page.",
  noted: "The note was added.",
  changed: "The change was saved and recorded on the timeline.",
  edited: "The member's details were saved and recorded on the timeline.",
  unchanged: "Nothing had changed, so nothing was saved.",
  created: "The member was created.",
  merged: "The records were merged into this one. The merge is recorded on the timeline.",
  "merged-account-disabled": "The records were merged into this one, and the other sign-in account was disabled. The merge is recorded on the timeline.",
  "merged-account-pending":
    "The records were merged into this one. The other sign-in account could not be disabled yet: Firebase did not answer. It cannot be used to sign in here meanwhile, and the site tries again every ten minutes until it is done; the timeline records when.",
};

async function renderMember(c: Context<StaffEnv>, userId: string, office: OfficeFormState | null, status: 200 | 400 | 409 = 200, suppressionError: string | null = null) {
  const [layout, timeline, disputes] = await Promise.all([c.var.services.content.layout(), c.var.services.membersRegister.timeline(userId), c.var.services.refunds.membershipDisputesOf(userId)]);
  if (!timeline) {
    // A record merged into another is a tombstone: its old links lead to the record it became.
    const survivor = await c.var.services.memberMerge.mergedInto(userId);
    if (survivor) return c.redirect(hrefs.staffMember(survivor), 303);
    throw new AppError("NOT_FOUND", "No member with this id");
  }
  const [suppression, softBounces] = await Promise.all([
    c.var.services.messages.suppression(timeline.member.record.email),
    c.var.services.messages.softBounces(timeline.member.record.email),
  ]);
  // After a colleague's change the form is made again from the record as it now is.
  const state = status === 409 && office ? { ...office, values: { ...office.values, version: timeline.member.record.updatedAt } } : office;
  const title = timeline.member.name ?? timeline.member.record.email;
  return c.render(
    <MemberDetailContent
      timeline={timeline}
      disputes={disputes}
      suppression={suppression}
      softBounces={softBounces}
      suppressionError={suppressionError}
      csrfToken={await c.var.csrfToken()}
      notice={office || suppressionError ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
      today={londonDate(new Date())}
      office={state}
    />,
    { layout, head: { pageTitle: office || suppressionError ? `There is a problem — ${title}` : title, noindex: true }, section: null, isPrivate: true, status: suppressionError ? 400 : status },
  );
}

const valuesOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typed(v)]));
const isChange = (name: string): name is StandingChangeKind => (STANDING_CHANGES as readonly string[]).includes(name);

export const staffMemberRoutes = new Hono<StaffEnv>()
  .get("/staff/members/:userId", (c) => renderMember(c, c.req.param("userId"), null))
  .post("/staff/members/:userId/suppression", async (c) => {
    // In the communications area: whoever may send bulk mail decides when it may go to an address again.
    const userId = c.req.param("userId");
    const member = await c.var.services.membersRegister.timeline(userId);
    if (!member) throw new AppError("NOT_FOUND", "No member with this id");
    const note = (await c.req.parseBody()).note;
    const problem = await c.var.services.messages.clearSuppression(member.member.record.email, typeof note === "string" ? note : "", c.var.staffMember.email);
    if (problem) return renderMember(c, userId, null, 200, problem);
    return c.redirect(`${hrefs.staffMember(userId)}?done=unsuppressed`, 303);
  })
  .post("/staff/members/:userId/emails/:id/resend", async (c) => {
    const [userId, id] = [c.req.param("userId"), c.req.param("id")];
    const { email } = c.var.services;
    // The same "send again" as /staff/emails (audited), for a message written to this member only.
    await email.sendAgain(id, c.var.staffMember.email, userId);
    c.executionCtx.waitUntil(email.outbox.deliverSoon([id]));
    return c.redirect(`${hrefs.staffMember(userId)}?done=resent`, 303);
  })
  .post("/staff/members/:userId/notes", async (c) => {
    const userId = c.req.param("userId");
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const parsed = noteSchema.safeParse(body);
    if (!parsed.success) return renderMember(c, userId, { form: "note", values: valuesOf(body), problems: problemsOf(parsed.error) }, 400);
    await c.var.services.memberOffice.addNote(c.var.staffMember.email, userId, parsed.data.noteBody);
    return c.redirect(`${hrefs.staffMember(userId)}?done=noted`, 303);
  })
  .post("/staff/members/:userId/standing/:change", async (c) => {
    const [userId, change] = [c.req.param("userId"), c.req.param("change")];
    if (!isChange(change)) throw new AppError("NOT_FOUND", "No such change");
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const values = valuesOf(body);
    const parsed = standingSchemas(londonDate(new Date()))[change].safeParse(body);
    if (!parsed.success) return renderMember(c, userId, { form: change, values, problems: problemsOf(parsed.error) }, 400);
    const outcome = await c.var.services.memberOffice.changeStanding(c.var.staffMember.email, userId, parsed.data.version, parsed.data.change);
    if (outcome.kind === "stale") return renderMember(c, userId, { form: change, values, problems: [{ field: Object.keys(values).find((k) => k !== "csrfToken" && k !== "version") ?? "version", message: STALE_MESSAGE }] }, 409);
    if (outcome.kind === "refused") return renderMember(c, userId, { form: change, values, problems: [{ field: outcome.field, message: outcome.message }] }, 400);
    return c.redirect(`${hrefs.staffMember(userId)}?done=changed`, 303);
  });
