import type { AuthError } from "../../shared/auth-errors";
import { SIGN_IN_HINTS } from "../../shared/auth-errors";
import { hrefs } from "../../shared/links";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { withCallbackUrl } from "./callback-link";
import { ScreenTitle } from "../components/screen-title";

export interface LoginContentProps {
  csrfToken: string;
  callbackUrl: string;
  email: string;
  /** The auth error after a failed attempt: status, error and message. */
  authError: AuthError | null;
  /** A message before the form: after a password reset ("success"), or why sign-in is needed ("info"). */
  notice: { text: string; tone: "success" | "info" } | null;
  /** The browser island's settings (Firebase web config), serialised as data attributes. */
  islandConfig: string;
}

/**
 * The sign-in form. It posts to the session layer's credentials callback and works without
 * JavaScript; the `auth` island signs in through Firebase in the browser when scripts run.
 */
export function LoginContent({ csrfToken, callbackUrl, email, authError, notice, islandConfig }: LoginContentProps) {
  const hint = authError ? SIGN_IN_HINTS[authError.error] : null;
  return (
    <div className="auth-screen">
      <ScreenTitle>Sign in</ScreenTitle>
      {notice ? (
        <p className={`notice notice--${notice.tone}`} role="status">
          {notice.text}
        </p>
      ) : null}
      <div aria-live="assertive" data-auth-error-region>
        {authError ? (
          <ErrorSummary
            title={authError.message}
            problems={[{ field: authError.error === "InvalidRequest" ? "email" : "password", message: hint ?? authError.message }]}
          />
        ) : null}
      </div>
      <form method="post" action="/api/auth/callback/credentials" className="form" data-auth-form="sign-in" data-island-config={islandConfig} noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <TextField id="email" label="E-mail address" type="email" value={email} autoComplete="email" required maxLength={254} />
        <TextField id="password" label="Password" type="password" autoComplete="current-password" required maxLength={4096} />
        <div className="form__actions">
          <button type="submit" className="button" data-busy-label="Signing in…">
            Sign in
          </button>
          <a href={`/password-reset${email ? `?email=${encodeURIComponent(email)}` : ""}`}>Forgotten your password?</a>
        </div>
      </form>
      <p>
        No account yet? <a href={withCallbackUrl(hrefs.register, callbackUrl)}>Create an account</a>: it is free, and you can buy
        webinars with it. Not a member yet? <a href="/join">Join the Guild</a>.
      </p>
    </div>
  );
}
