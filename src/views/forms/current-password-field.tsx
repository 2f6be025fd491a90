/**
 * The password asked for again before a sensitive change (new password, new e-mail address,
 * deleting the account). Always the field `currentPassword`, so the services' re-authentication
 * errors land beside it, and marked `current-password` so password managers fill it.
 */
import { PASSWORD_MAX_LENGTH } from "../../shared/password-policy";
import { TextField } from "./text-field";

export function CurrentPasswordField({ label = "Your password", hint, error }: { label?: string; hint?: string; error: string | null }) {
  return (
    <TextField
      id="currentPassword"
      label={label}
      hint={hint}
      type="password"
      autoComplete="current-password"
      required
      maxLength={PASSWORD_MAX_LENGTH}
      error={error}
    />
  );
}
