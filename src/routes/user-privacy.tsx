/**
 * The user's own data (services/privacy):
 *   GET  /user/privacy               the page: download my data, delete my account
 *   GET  /user/privacy/my-data.json  "Download my data": everything the site holds about them
 *   GET  /user/privacy/delete        what deletion removes and keeps, and the password again
 *   POST /user/privacy/delete        deletes the account, signs out, on to /account/deleted
 * All need a session (the user area's gate, app.ts); the confirmation after deletion
 * (/account/deleted), which has none, is in routes/account-outcomes.tsx. Private pages, never
 * cached; plain links and forms that work without JavaScript.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { IdentityError } from "../domain/identity-errors";
import { AppError } from "../errors";
import { cookies } from "../middleware/session/cookies";
import { hrefs } from "../shared/links";
import { PASSWORD_MAX_LENGTH } from "../shared/password-policy";
import type { SignedInEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import { DeleteAccountContent } from "../views/privacy/delete-account-content";
import { jsonDownloadHeaders } from "../http/download-headers";
import { PrivacyContent } from "../views/privacy/privacy-content";

const DeleteForm = z.object({
  currentPassword: z.string({ error: "Enter your password" }).min(1, { error: "Enter your password" }).max(PASSWORD_MAX_LENGTH, { error: "Your password is not right" }),
});

const screen = (title: string) => ({ head: { pageTitle: title, noindex: true }, section: "userSettings" as const, isPrivate: true });

async function renderDelete(c: Context<SignedInEnv>, problems: FieldProblem[], status: 200 | 400 | 409 = problems.length ? 400 : 200) {
  const session = c.var.session;
  const preview = await c.var.services.privacy.erasure.preview(session);
  return c.render(
    <DeleteAccountContent email={session.email ?? ""} csrfToken={await c.var.csrfToken()} problems={problems} {...preview} />,
    { layout: await c.var.services.content.layout(), ...screen(problems.length ? "There is a problem — Delete my account" : "Delete my account"), status: preview.blocked ? 409 : status },
  );
}

export const userPrivacyRoutes = new Hono<SignedInEnv>()
  .get(hrefs.privacy, async (c) => c.render(<PrivacyContent />, { layout: await c.var.services.content.layout(), ...screen("Your data") }))
  .get(hrefs.privacyExport, async (c) => {
    const session = c.var.session;
    const document = await c.var.services.privacy.export.own({ userId: session.userId, email: session.email ?? "", emailVerified: session.emailVerified });
    return c.body(JSON.stringify(document, null, 2), 200, jsonDownloadHeaders("my-data", new Date()));
  })
  .get(hrefs.deleteAccount, (c) => renderDelete(c, []))
  .post(hrefs.deleteAccount, async (c) => {
    const session = c.var.session;
    const form = DeleteForm.safeParse(await c.req.parseBody());
    if (!form.success) return renderDelete(c, form.error.issues.map((issue) => ({ field: "currentPassword", message: issue.message })));
    await c.var.services.attemptLimits.check("account-delete", session.email);
    let outcome;
    try {
      outcome = await c.var.services.privacy.erasure.erase(session, form.data.currentPassword);
    } catch (error) {
      if (error instanceof IdentityError) {
        throw new AppError("AUTH_UNAVAILABLE", "The sign-in service could not be reached to delete your account. Please try again.", { cause: error });
      }
      throw error;
    }
    if (outcome.kind === "wrong-password") return renderDelete(c, [{ field: "currentPassword", message: "Your password is not right" }]);
    if (outcome.kind === "too-many-attempts") return renderDelete(c, [{ field: "currentPassword", message: "Too many attempts. Please wait a few minutes and try again" }]);
    if (outcome.kind === "blocked") return renderDelete(c, [], 409);
    cookies.clearSession(c);
    // As after signing out: a page with scripts also signs Firebase's SDK out in this browser.
    cookies.setSignedOutAt(c, Math.floor(Date.now() / 1000));
    c.header("Cache-Control", "private, no-store");
    return c.redirect(hrefs.accountDeleted, 303);
  });
