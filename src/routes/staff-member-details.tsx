/**
 * Staff edit a member's details (services/membership/member-details-edit.ts):
 *   GET  /staff/members/:userId/details   the form, as saved
 *   POST /staff/members/:userId/details   save it with a reason (join form's rules for the chosen type)
 * A problem brings the form back (400) with what was typed and each problem beside its field; a
 * colleague's change since the form was made is refused (409), nothing saved, the form made again
 * from the record as it now is, with what was typed kept.
 */
import { Hono, type Context } from "hono";
import { STALE_MESSAGE } from "../http/member-office-forms";
import { reasonSchema, typed } from "../http/staff-forms";
import type { StaffDetailsForm } from "../services/membership/member-details-edit";
import { joinErrors, memberDetails, type JoinErrors } from "../shared/join-form";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { MemberDetailsForm, NoDetailsContent } from "../views/staff/member-details-form";

const screen = { section: null, isPrivate: true } as const;
const whoOf = (form: StaffDetailsForm) => `${form.application.givenName} ${form.application.familyName}`;

async function renderForm(c: Context<StaffEnv>, form: StaffDetailsForm, values: Record<string, string>, errors: JoinErrors, status: 200 | 400 | 409 = 200) {
  const who = whoOf(form);
  return c.render(
    <MemberDetailsForm
      userId={form.record.userId}
      who={who}
      types={form.types}
      current={{ slug: form.record.membershipSlug, title: form.record.membershipTitle }}
      specialisationOptions={form.specialisationOptions}
      registrationExample={form.registrationExample}
      values={values}
      errors={errors}
      csrfToken={await c.var.csrfToken()}
    />,
    { layout: await c.var.services.content.layout(), ...screen, head: { pageTitle: status === 200 ? `Edit ${who}'s details` : `There is a problem — ${who}`, noindex: true }, status },
  );
}

async function formOrNone(c: Context<StaffEnv>, userId: string) {
  const form = await c.var.services.memberDetailsEdit.form(userId);
  if (form) return { form };
  const layout = await c.var.services.content.layout();
  return { none: c.render(<NoDetailsContent userId={userId} who={userId} />, { layout, ...screen, head: { pageTitle: "No details to edit", noindex: true } }) };
}

export const staffMemberDetailsRoutes = new Hono<StaffEnv>()
  .get("/staff/members/:userId/details", async (c) => {
    const found = await formOrNone(c, c.req.param("userId"));
    if (!found.form) return found.none;
    return renderForm(c, found.form, found.form.values, {});
  })
  .post("/staff/members/:userId/details", async (c) => {
    const userId = c.req.param("userId");
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const found = await formOrNone(c, userId);
    if (!found.form) return found.none;
    const { form } = found;
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typed(v)]));
    const slug = values.membership ?? "";
    const details = memberDetails(form.requirements(slug)).safeParse(body);
    const reason = reasonSchema("Enter the reason for the change").safeParse(body);
    const errors: JoinErrors = {
      ...(slug ? {} : { membership: "Choose a membership type" }),
      ...(details.success ? {} : joinErrors(details.error)),
      ...(reason.success ? {} : { reason: reason.error.issues[0]!.message }),
    };
    if (!details.success || !reason.success || !slug) return renderForm(c, form, values, errors, 400);
    const outcome = await c.var.services.memberDetailsEdit.save(c.var.staffMember.email, form, details.data, slug, reason.data.reason, values.version ?? "");
    if (outcome.kind === "problems") return renderForm(c, form, values, outcome.errors, 400);
    if (outcome.kind === "stale") return renderForm(c, form, { ...values, version: form.values.version! }, { version: STALE_MESSAGE }, 409);
    return c.redirect(`${hrefs.staffMember(userId)}?done=${outcome.kind === "saved" ? "edited" : "unchanged"}`, 303);
  });
