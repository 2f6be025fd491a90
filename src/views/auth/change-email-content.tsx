import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { CurrentPasswordField } from "../forms/current-password-field";
import { TextField } from "../forms/text-field";

export interface ChangeEmailContentProps {
  currentEmail: string;
  csrfToken: string;
  problems: readonly FieldProblem[];
  /** What was typed as the new address (after a problem), or the address a link was sent to. */
  newEmail: string;
  /** The link has been sent (the same answer whether or not the address could be used). */
  sent: boolean;
}

/** /user/account/email: ask for a new sign-in address, confirmed by a link sent to it. */
export function ChangeEmailContent({ currentEmail, csrfToken, problems, newEmail, sent }: ChangeEmailContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  if (sent) {
    return (
      <div className="account-screen">
        <ScreenTitle>Check your new address's inbox</ScreenTitle>
        <p className="notice notice--success" role="status">
          If {newEmail} can be used for an account, we have sent a link to it.
        </p>
        <p>
          Your account keeps signing in with <strong>{currentEmail}</strong> until you open that link. Then you sign in with the new
          address, you are signed out everywhere else, and we send a notice to {currentEmail}. The link works for a few days; if nothing
          arrives, check the address and your spam folder, or <a href={hrefs.changeEmail}>ask again</a>.
        </p>
        <p>
          <a href={hrefs.account}>Back to your account</a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-screen">
      <ScreenTitle>Change your e-mail address</ScreenTitle>
      <ErrorSummary problems={problems} />
      <p>
        You sign in with <strong>{currentEmail}</strong>, and our messages go there. We send a link to the new address; it takes over only when
        you open that link, so a mistyped address changes nothing.
      </p>
      <form method="post" action={hrefs.changeEmail} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <TextField id="newEmail" label="New e-mail address" type="email" autoComplete="email" required maxLength={254} value={newEmail} error={errorFor("newEmail")} />
        <CurrentPasswordField hint="For your security, enter the password you sign in with." error={errorFor("currentPassword")} />
        <div className="form__actions">
          <button type="submit" className="button">
            Send the link
          </button>
          <a href={hrefs.account}>Cancel</a>
        </div>
      </form>
    </div>
  );
}

export type EmailChangedOutcome = "changed" | "current" | "not-yet" | "invalid" | "unknown";

/** Where the link in Firebase's message returns: what happened, and signing in with the new address. */
export function EmailChangedContent({ outcome, email }: { outcome: EmailChangedOutcome; email: string | null }) {
  const signIn = `${hrefs.signIn}?callbackUrl=${encodeURIComponent(hrefs.account)}`;
  const title = outcome === "changed" || outcome === "current" ? "Your e-mail address has changed" : outcome === "invalid" ? "This link is not valid" : "Nearly done";
  return (
    <div className="account-screen">
      <ScreenTitle>{title}</ScreenTitle>
      {outcome === "changed" || outcome === "current" ? (
        <>
          <p role="status">
            Your account now signs in with <strong>{email}</strong>, and our messages go there. You have been signed out everywhere you were
            signed in with the old address.
          </p>
          <p>
            <a className="button" href={signIn}>
              Sign in with your new address
            </a>
          </p>
        </>
      ) : outcome === "invalid" ? (
        <p>
          This return link is not valid: it may be incomplete or too old. If you changed your address, <a href={signIn}>sign in with the new one</a>;
          otherwise you can ask again from <a href={hrefs.changeEmail}>your account</a>.
        </p>
      ) : (
        <p>
          Once you have opened the link we sent to your new address, <a href={signIn}>sign in with the new address</a> to finish; your account
          settings will show it.
        </p>
      )}
    </div>
  );
}
