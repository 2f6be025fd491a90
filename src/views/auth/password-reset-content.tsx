import type { AuthError } from "../../shared/auth-errors";
import { PASSWORD_RULE } from "../../shared/password-policy";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";

export interface PasswordResetContentProps {
  csrfToken: string;
  email: string;
  authError: AuthError | null;
  /** The address a reset e-mail was requested for, once requested. */
  sentTo: string | null;
  islandConfig: string;
}

/** Errors about the address itself, shown at the field as well as in the summary. */
const FIELD_ERRORS = new Set(["auth/invalid-email", "auth/missing-email", "auth/user-not-found"]);

/** Request a password-reset e-mail. Works without JavaScript. */
export function PasswordResetContent({ csrfToken, email, authError, sentTo, islandConfig }: PasswordResetContentProps) {
  const fieldError = authError && FIELD_ERRORS.has(authError.error) ? authError.message : null;
  return (
    <div className="auth-screen">
      <ScreenTitle>Reset your password</ScreenTitle>
      <div aria-live="polite" data-auth-status-region>
        {sentTo ? (
          <div className="notice notice--success" role="status">
            <p>
              If an account exists for <strong>{sentTo}</strong>, we have sent it an e-mail with a link to choose a new
              password. The link returns you here to sign in.
            </p>
            <p>No e-mail after a few minutes? Check your spam folder, or request another below.</p>
          </div>
        ) : null}
      </div>
      <div aria-live="assertive" data-auth-error-region>
        {authError ? <ErrorSummary title="We could not send the e-mail" problems={[{ field: "email", message: authError.message }]} /> : null}
      </div>
      <p>Enter the e-mail address you sign in with and we will send you a link to choose a new password.</p>
      <p className="meta">Your new password: {PASSWORD_RULE.charAt(0).toLowerCase() + PASSWORD_RULE.slice(1)}</p>
      <form method="post" action="/password-reset" className="form" data-auth-form="password-reset" data-island-config={islandConfig} noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <TextField
          id="email"
          label="E-mail address"
          type="email"
          value={email}
          autoComplete="email"
          required
          maxLength={254}
          error={fieldError}
        />
        <div className="form__actions">
          <button type="submit" className="button" data-busy-label="Sending…">
            Send the reset e-mail
          </button>
          <a href="/login">Back to sign in</a>
        </div>
      </form>
    </div>
  );
}
