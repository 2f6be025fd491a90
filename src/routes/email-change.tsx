/**
 * Changing the address an account signs in with (services/auth/email-change.ts):
 *   GET  /user/account/email       the form: the new address and the password
 *   POST /user/account/email       re-authenticate, then Firebase sends a link to the new address
 * Both need a session (the user area's gate, app.ts). Where Firebase's link returns
 * (/account/email-changed) needs none: routes/account-outcomes.tsx.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { IdentityError } from "../domain/identity-errors";
import { AppError } from "../errors";
import { hrefs } from "../shared/links";
import { PASSWORD_MAX_LENGTH } from "../shared/password-policy";
import type { SignedInEnv } from "../types";
import { ChangeEmailContent } from "../views/auth/change-email-content";
import type { FieldProblem } from "../views/forms/error-summary";

const EmailChangeForm = z.object({
  newEmail: z
    .string({ error: "Enter your new e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Enter your new e-mail address" })
    .max(254, { error: "Your e-mail address must be 254 characters or fewer" })
    .pipe(z.email({ error: "Enter an e-mail address, like name@example.com" })),
  currentPassword: z.string({ error: "Enter your password" }).min(1, { error: "Enter your password" }).max(PASSWORD_MAX_LENGTH),
});

const screen = (title: string) => ({ head: { pageTitle: title, noindex: true }, section: "userSettings" as const, isPrivate: true });

async function renderForm(c: Context<SignedInEnv>, state: { problems: FieldProblem[]; newEmail: string; sent: boolean }) {
  const failed = state.problems.length > 0;
  return c.render(
    <ChangeEmailContent currentEmail={c.var.session.email ?? ""} csrfToken={await c.var.csrfToken()} {...state} />,
    { layout: await c.var.services.content.layout(), ...screen(failed ? "There is a problem — Change your e-mail address" : "Change your e-mail address"), status: failed ? 400 : 200 },
  );
}

export const emailChangeRoutes = new Hono<SignedInEnv>()
  .get(hrefs.changeEmail, (c) => renderForm(c, { problems: [], newEmail: "", sent: false }))
  .post(hrefs.changeEmail, async (c) => {
    const session = c.var.session;
    const body = await c.req.parseBody();
    const typed = typeof body.newEmail === "string" ? body.newEmail.trim().slice(0, 254) : "";
    const form = EmailChangeForm.safeParse(body);
    if (!form.success) {
      return renderForm(c, { problems: form.error.issues.map((issue) => ({ field: String(issue.path[0] ?? "newEmail"), message: issue.message })), newEmail: typed, sent: false });
    }
    if (form.data.newEmail === session.email?.toLowerCase()) {
      return renderForm(c, { problems: [{ field: "newEmail", message: "That is already your e-mail address. Enter the new one." }], newEmail: typed, sent: false });
    }
    await c.var.services.attemptLimits.check("email-change", session.email);
    let outcome;
    try {
      outcome = await c.var.services.emailChange.request(session, form.data.newEmail, form.data.currentPassword);
    } catch (error) {
      if (error instanceof IdentityError && error.code === "auth/invalid-email") {
        return renderForm(c, { problems: [{ field: "newEmail", message: "Enter an e-mail address, like name@example.com" }], newEmail: typed, sent: false });
      }
      if (error instanceof IdentityError) {
        throw new AppError("AUTH_UNAVAILABLE", "The sign-in service could not send the link. Your address has not been changed; please try again.", { cause: error });
      }
      throw error;
    }
    if (outcome.kind === "wrong-password") {
      return renderForm(c, { problems: [{ field: "currentPassword", message: "Your password is not right" }], newEmail: typed, sent: false });
    }
    if (outcome.kind === "too-many-attempts") {
      return renderForm(c, { problems: [{ field: "currentPassword", message: "Too many attempts. Please wait a few minutes and try again" }], newEmail: typed, sent: false });
    }
    return renderForm(c, { problems: [], newEmail: form.data.newEmail, sent: true });
  });
