/**
 * The sign-in page, at /login (where the password-reset e-mail returns to) and at
 * /api/auth/signin (where a request that needs a session is sent, with error=SessionRequired).
 */
import { Hono, type Context } from "hono";
import { getPublicEnv } from "../env";
import { SIGN_IN_HINTS, signInError, type AuthError } from "../shared/auth-errors";
import { safeCallbackUrl } from "../services/auth/callback-url";
import type { HonoEnv } from "../types";
import { LoginContent } from "../views/auth/login-content";

const KNOWN_ERRORS: Record<string, number> = {
  CredentialsSignin: 401,
  RateLimited: 429,
  InvalidRequest: 400,
  AccountDisabled: 403,
  ServiceUnavailable: 503,
  MissingCSRF: 403,
};

async function renderSignIn(c: Context<HonoEnv>) {
  const { config } = c.var;
  const callbackUrl = safeCallbackUrl(c.req.query("callbackUrl"), config.site.url);
  if (c.var.session) return c.redirect(callbackUrl, 303);
  const errorCode = c.req.query("error");
  const authError: AuthError | null = errorCode && errorCode in KNOWN_ERRORS ? signInError(KNOWN_ERRORS[errorCode]!, errorCode) : null;
  // Being asked to sign in is not a failed sign-in: it is said as a notice, not an auth error.
  const notice =
    c.req.query("reset") === "done"
      ? { text: "Your password has been changed. Sign in with your new password.", tone: "success" as const }
      : errorCode === "SessionRequired"
        ? { text: SIGN_IN_HINTS.SessionRequired!, tone: "info" as const }
        : null;
  const layout = await c.var.services.content.layout();
  return c.render(
    <LoginContent
      csrfToken={await c.var.csrfToken()}
      callbackUrl={callbackUrl}
      email={(c.req.query("email") ?? "").slice(0, 254)}
      authError={authError}
      notice={notice}
      islandConfig={JSON.stringify(getPublicEnv(config))}
    />,
    { layout, head: { pageTitle: "Sign in", noindex: true }, section: null, isPrivate: true, islands: ["auth"] },
  );
}

export const signInPageRoutes = new Hono<HonoEnv>().get("/login", renderSignIn).get("/api/auth/signin", renderSignIn);
