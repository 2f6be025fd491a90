/**
 * The member's own details:
 *   GET  /user/profile   the join form's details as saved, to edit
 *   POST /user/profile   save them (the join form's rules for the member's type)
 * Private pages, never cached. Someone with no join application is told how to get their
 * records changed.
 */
import { Hono, type Context } from "hono";
import type { MemberProfile } from "../services/profile/member-profile";
import { joinErrors, memberDetails, type JoinErrors } from "../shared/join-form";
import { hrefs } from "../shared/links";
import type { SignedInEnv } from "../types";
import { NoProfileContent, ProfileContent } from "../views/profile/profile-content";
import { typedValues } from "../shared/typed-values";

const screen = { head: { pageTitle: "Your details", noindex: true }, section: "userSettings" as const, isPrivate: true };

async function renderProfile(c: Context<SignedInEnv>, profile: MemberProfile, values: Partial<Record<string, string>>, errors: JoinErrors) {
  const hasErrors = Object.keys(errors).length > 0;
  const saved = c.req.query("saved");
  const notice = hasErrors ? null : saved === "1" ? "Your details have been saved." : saved === "unchanged" ? "Nothing had changed, so nothing was saved." : null;
  return c.render(
    <ProfileContent
      membershipTitle={profile.membershipTitle}
      requirements={profile.requirements}
      specialisationOptions={profile.specialisationOptions}
      values={values}
      errors={errors}
      csrfToken={await c.var.csrfToken()}
      notice={notice}
      accountEmail={c.var.session.email ?? ""}
    />,
    { layout: await c.var.services.content.layout(), ...screen, head: { ...screen.head, pageTitle: hasErrors ? "There is a problem — Your details" : "Your details" }, status: hasErrors ? 400 : 200 },
  );
}

async function profileOrNone(c: Context<SignedInEnv>) {
  const profile = await c.var.services.memberProfile.profile(c.var.session.userId);
  if (profile) return { profile };
  return { none: c.render(<NoProfileContent />, { layout: await c.var.services.content.layout(), ...screen }) };
}

export const profileRoutes = new Hono<SignedInEnv>()
  .get(hrefs.profile, async (c) => {
    const found = await profileOrNone(c);
    if (!found.profile) return found.none;
    return renderProfile(c, found.profile, found.profile.values, {});
  })
  .post(hrefs.profile, async (c) => {
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const found = await profileOrNone(c);
    if (!found.profile) return found.none;
    const { profile } = found;
    const values = typedValues(body);
    const parsed = memberDetails(profile.requirements).safeParse(body);
    if (!parsed.success) return renderProfile(c, profile, values, joinErrors(parsed.error));
    const session = c.var.session;
    const outcome = await c.var.services.memberProfile.save({ userId: session.userId, email: session.email ?? "" }, profile, parsed.data);
    if (outcome.kind === "problems") return renderProfile(c, profile, values, outcome.errors);
    return c.redirect(`${hrefs.profile}?saved=${outcome.kind === "saved" ? "1" : "unchanged"}`, 303);
  });
