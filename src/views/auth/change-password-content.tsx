import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "../../shared/password-policy";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { CurrentPasswordField } from "../forms/current-password-field";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";

export interface ChangePasswordContentProps {
  csrfToken: string;
  problems: readonly FieldProblem[];
}

/** /user/password: re-authenticate with the current password, then choose a new one. */
export function ChangePasswordContent({ csrfToken, problems }: ChangePasswordContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <div className="account-screen">
      <ScreenTitle>Change your password</ScreenTitle>
      <ErrorSummary problems={problems} />
      <p>For your security, enter your current password first. You will stay signed in here and be signed out everywhere else.</p>
      <form method="post" action="/user/password" className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <CurrentPasswordField label="Current password" error={errorFor("currentPassword")} />
        <TextField
          id="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={errorFor("newPassword")}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Change password
          </button>
          <a href="/user/account">Cancel</a>
        </div>
      </form>
    </div>
  );
}
