import { hrefs } from "../../shared/links";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "../../shared/password-policy";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";
import { withCallbackUrl } from "./callback-link";
import type { MessageTopic } from "../../domain/member-messages";
import { TopicChoices } from "../messages/topic-choices";

export interface RegisterContentProps {
  csrfToken: string;
  callbackUrl: string;
  /** What was typed, after a problem (never the password). */
  values: { name: string; email: string };
  problems: readonly FieldProblem[];
  /** The neutral answer when the account could not be created (registerUnavailableNotice). */
  notice: string | null;
  /** The browser island's settings (Firebase web config), serialised as data attributes. */
  islandConfig: string;
  /** The society's mailing topics, offered unticked, and those ticked before a problem. */
  topics?: readonly MessageTopic[];
  ticked?: ReadonlySet<string>;
}

/**
 * /register: an account for anyone, to buy webinars (and to join the Guild later with). Works
 * without JavaScript; the `auth` island creates the account through Firebase in the browser when
 * scripts run. Either way the user is signed in and returned to `callbackUrl`.
 */
export function RegisterContent({ csrfToken, callbackUrl, values, problems, notice, islandConfig, topics = [], ticked }: RegisterContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  const signIn = withCallbackUrl(hrefs.signIn, callbackUrl);
  return (
    <div className="auth-screen">
      <ScreenTitle>Create an account</ScreenTitle>
      <div aria-live="polite" data-auth-status-region>
        {notice ? (
          <div className="notice notice--info" role="status">
            <p>{notice}</p>
            <p>
              <a href={signIn}>Sign in</a> · <a href="/password-reset">Reset your password</a>
            </p>
          </div>
        ) : null}
      </div>
      <div aria-live="assertive" data-auth-error-region>
        <ErrorSummary problems={problems} />
      </div>
      <p>
        An account lets you buy webinars and recordings and find them again. It is free. If you join the Guild later, you join
        with this account.
      </p>
      <form method="post" action="/register" className="form" data-auth-form="register" data-island-config={islandConfig} noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <TextField id="name" label="Your name" value={values.name} error={errorFor("name")} autoComplete="name" required maxLength={100} />
        <TextField id="email" label="E-mail address" type="email" value={values.email} error={errorFor("email")} autoComplete="email" required maxLength={254} />
        <TextField
          id="password"
          label="Password"
          type="password"
          hint={PASSWORD_RULE}
          error={errorFor("password")}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <TopicChoices topics={topics} ticked={ticked} />
        <p className="meta">We will send you an e-mail to confirm your address.</p>
        <div className="form__actions">
          <button type="submit" className="button" data-busy-label="Creating your account…">
            Create account
          </button>
          <a href={signIn}>I already have an account</a>
        </div>
      </form>
    </div>
  );
}
