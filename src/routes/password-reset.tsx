/**
 * /password-reset: asks Firebase to send the reset e-mail, whose link returns
 * to /login. Without JavaScript the form posts here; with it, the `auth` island calls Firebase
 * from the browser. Whether an address has an account is never revealed beyond what Firebase
 * itself reveals (with e-mail enumeration protection on, nothing).
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { IdentityError } from "../domain/identity-errors";
import { getPublicEnv } from "../env";
import { AppError } from "../errors";
import { log } from "../log";
import { resetError, type AuthError } from "../shared/auth-errors";
import type { HonoEnv } from "../types";
import { PasswordResetContent } from "../views/auth/password-reset-content";
import { RETRY_AFTER_SECONDS } from "../services/auth/attempt-limits";

const Email = z.string().trim().toLowerCase().min(1).max(254).pipe(z.email());

/** Where the reset e-mail's link returns to: the sign-in page, with a message. */
export const resetContinueUrl = (siteUrl: string) => `${siteUrl}/login?reset=done`;

async function render(c: Context<HonoEnv>, state: { email: string; authError: AuthError | null; sentTo: string | null }) {
  const layout = await c.var.services.content.layout();
  const status = state.authError ? (state.authError.status === 500 ? 500 : state.authError.status === 429 ? 429 : 400) : 200;
  if (status === 429) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.render(
    <PasswordResetContent
      csrfToken={await c.var.csrfToken()}
      email={state.email}
      authError={state.authError}
      sentTo={state.sentTo}
      islandConfig={JSON.stringify(getPublicEnv(c.var.config))}
    />,
    { layout, head: { pageTitle: "Reset your password", noindex: true }, section: null, isPrivate: true, islands: ["auth"], status },
  );
}

export const passwordResetRoutes = new Hono<HonoEnv>()
  .get("/password-reset", (c) => render(c, { email: (c.req.query("email") ?? "").slice(0, 254), authError: null, sentTo: null }))
  .post("/password-reset", async (c) => {
    const body = await c.req.parseBody();
    const typed = typeof body.email === "string" ? body.email.slice(0, 254) : "";
    const email = Email.safeParse(typed);
    if (!email.success) {
      return render(c, { email: typed, authError: { ...resetError(typed.trim() ? "auth/invalid-email" : "auth/missing-email"), status: 400 }, sentTo: null });
    }
    try {
      await c.var.services.attemptLimits.check("password-reset", email.data);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "RATE_LIMITED") throw error;
      return render(c, { email: typed, authError: { ...resetError("auth/too-many-requests"), status: 429 }, sentTo: null });
    }
    try {
      await c.var.services.auth.requestPasswordReset(email.data, resetContinueUrl(c.var.config.site.url));
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      log.warn("auth.password_reset_failed", { code: error.code, restMessage: error.restMessage });
      return render(c, { email: typed, authError: resetError(error.code), sentTo: null });
    }
    return render(c, { email: typed, authError: null, sentTo: email.data });
  });
