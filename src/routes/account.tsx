/**
 * The signed-in user's settings pages (/user/...), in the user-settings section: account
 * details, the optional e-mails they get (the same switches as the unsubscribe links), sign
 * out, and changing the password (which re-authenticates first).
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { OPTIONAL_EMAIL_CATEGORIES } from "../domain/email";
import { IdentityError } from "../domain/identity-errors";
import { getPublicEnv } from "../env";
import { AppError } from "../errors";
import { cookies } from "../middleware/session/cookies";
import { SignInRefused } from "../services/auth/auth-service";
import { hrefs } from "../shared/links";
import { chosenTopics } from "../http/topic-choices";
import { newPassword, PASSWORD_MAX_LENGTH, PASSWORD_REFUSED_MESSAGE } from "../shared/password-policy";
import type { SignedInEnv } from "../types";
import { AccountContent } from "../views/auth/account-content";
import { ChangePasswordContent } from "../views/auth/change-password-content";
import type { FieldProblem } from "../views/forms/error-summary";

const PasswordChange = z.object({
  currentPassword: z.string().min(1, { error: "Enter your current password" }).max(PASSWORD_MAX_LENGTH),
  newPassword: newPassword("Your new password"),
});

const NOTICES: Record<string, string> = {
  password: "Your password has been changed.",
  "email-preferences": "Your e-mail choices have been saved.",
  topics: "Your newsletter choices have been saved.",
};

async function renderPasswordForm(c: Context<SignedInEnv>, problems: FieldProblem[]) {
  return c.render(<ChangePasswordContent csrfToken={await c.var.csrfToken()} problems={problems} />, {
    layout: await c.var.services.content.layout(),
    head: { pageTitle: "Change your password", noindex: true },
    section: "userSettings",
    isPrivate: true,
    status: problems.length > 0 ? 400 : 200,
  });
}

export const accountRoutes = new Hono<SignedInEnv>()
  .get("/user/account", async (c) => {
    const session = c.var.session;
    const [layout, isMember, emailPreferences, consents] = await Promise.all([
      c.var.services.content.layout(),
      c.var.isMember(),
      c.var.services.email.preferences.preferencesFor(session.userId),
      c.var.services.consents.forUser(session.userId),
    ]);
    return c.render(
      <AccountContent
        session={session}
        isMember={isMember}
        csrfToken={await c.var.csrfToken()}
        notice={NOTICES[c.req.query("changed") ?? ""] ?? null}
        emailPreferences={emailPreferences}
        consents={consents}
        islandConfig={JSON.stringify(getPublicEnv(c.var.config))}
      />,
      { layout, head: { pageTitle: "Your account", noindex: true }, section: "userSettings", isPrivate: true, islands: ["auth"] },
    );
  })
  .post(hrefs.emailPreferences, async (c) => {
    // A checkbox is sent only when ticked: the categories named "on" are on, the rest off.
    const body = await c.req.parseBody();
    const odd = OPTIONAL_EMAIL_CATEGORIES.find((category) => body[category] !== undefined && body[category] !== "on");
    if (odd) throw new AppError("BAD_REQUEST", `The e-mail choice "${odd}" can only be ticked ("on") or left out`);
    const chosen = new Set(OPTIONAL_EMAIL_CATEGORIES.filter((category) => body[category] === "on"));
    await c.var.services.email.preferences.savePreferences(c.var.session.userId, chosen);
    return c.redirect(`${hrefs.account}?changed=email-preferences`, 303);
  })
  .post(hrefs.topicConsents, async (c) => {
    // Every topic is answered: ticked ones given, the rest withdrawn (each with its time, "on your account page").
    const consents = c.var.services.consents;
    const chosen = chosenTopics(await c.req.parseBody(), await consents.topics());
    await consents.save(c.var.session.userId, chosen, "account", "all");
    return c.redirect(`${hrefs.account}?changed=topics`, 303);
  })
  .get("/user/password", (c) => renderPasswordForm(c, []))
  .post("/user/password", async (c) => {
    const session = c.var.session;
    const form = PasswordChange.safeParse(await c.req.parseBody());
    if (!form.success) {
      return renderPasswordForm(
        c,
        form.error.issues.map((issue) => ({ field: String(issue.path[0] ?? "newPassword"), message: issue.message })),
      );
    }
    if (form.data.currentPassword === form.data.newPassword) {
      return renderPasswordForm(c, [{ field: "newPassword", message: "Choose a new password that is different from your current one" }]);
    }
    await c.var.services.attemptLimits.check("password-change", session.email);
    try {
      const started = await c.var.services.auth.changePassword(session, form.data.currentPassword, form.data.newPassword);
      cookies.setSession(c, started.token, started.session.expiresAt);
      return c.redirect("/user/account?changed=password", 303);
    } catch (error) {
      if (error instanceof IdentityError && ["auth/network-request-failed", "auth/internal-error"].includes(error.code)) {
        throw new AppError("AUTH_UNAVAILABLE", "The sign-in service is unavailable. Your password has not been changed.", { cause: error });
      }
      if (error instanceof IdentityError && error.code === "auth/too-many-requests") {
        return renderPasswordForm(c, [{ field: "currentPassword", message: "Too many attempts. Please wait a few minutes and try again" }]);
      }
      if (error instanceof IdentityError && (error.code === "auth/weak-password" || error.code === "auth/password-does-not-meet-requirements")) {
        return renderPasswordForm(c, [{ field: "newPassword", message: PASSWORD_REFUSED_MESSAGE }]);
      }
      if (error instanceof IdentityError || error instanceof SignInRefused) {
        return renderPasswordForm(c, [{ field: "currentPassword", message: "Your current password is not right" }]);
      }
      throw error;
    }
  });
