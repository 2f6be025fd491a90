/**
 * The staff's second factor: setting it up (/staff/second-factor: the key as text and as an
 * otpauth:// link, then a first code), the recovery codes shown once, and the check at each
 * sign-in (/staff/verify). Plain forms: they work without JavaScript.
 */
import { ErrorSummary } from "../forms/error-summary";
import { describedBy, FieldMessages } from "../forms/field-messages";

function CodeField({ label, hint, error, recovery }: { label: string; hint: string; error: string | null; recovery: boolean }) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor="code">
        {label}
      </label>
      <FieldMessages id="code" hint={hint} error={error} />
      <input
        className="field__input"
        id="code"
        name="code"
        type="text"
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        required
        maxLength={20}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id: "code", hint, error })}
      />
    </div>
  );
}

export interface EnrolContentProps {
  secret: string;
  uri: string;
  csrfToken: string;
  callbackUrl: string;
  error: string | null;
}

export function EnrolContent({ secret, uri, csrfToken, callbackUrl, error }: EnrolContentProps) {
  return (
    <div className="staff-screen">
      <h1>Set up your second factor</h1>
      <p>Staff pages hold members' personal data, so staff sign in with a code from an authenticator app as well as their password.</p>
      <ErrorSummary problems={error ? [{ field: "code", message: error }] : []} title="The second factor is not set up yet" />
      <ol>
        <li>
          In your authenticator app, add an account by typing this key (time-based, 6 digits):
          <p>
            <code className="secret" id="totp-secret">
              {secret}
            </code>
          </p>
          <p>
            Or, on the device with the app, open <a href={uri}>this set-up link</a> (an otpauth:// address).
          </p>
        </li>
        <li>Enter the code the app shows now.</li>
      </ol>
      <form method="post" action="/staff/second-factor" className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <CodeField label="Code from the app" hint="6 digits; a new one every 30 seconds" error={error} recovery={false} />
        <div className="form__actions">
          <button type="submit" className="button">
            Set up
          </button>
        </div>
      </form>
    </div>
  );
}

export function RecoveryCodesContent({ codes, next }: { codes: readonly string[]; next: string }) {
  return (
    <div className="staff-screen">
      <h1>Your recovery codes</h1>
      <p role="status">Your second factor is set up.</p>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe now: they will not be shown again.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a className="button" href={next}>
          Continue to the staff pages
        </a>
      </p>
    </div>
  );
}

export interface VerifyContentProps {
  csrfToken: string;
  callbackUrl: string;
  error: string | null;
}

export function VerifyContent({ csrfToken, callbackUrl, error }: VerifyContentProps) {
  return (
    <div className="staff-screen">
      <h1>Enter your code</h1>
      <p>To open the staff pages, enter the code your authenticator app shows for this site.</p>
      <ErrorSummary problems={error ? [{ field: "code", message: error }] : []} title="The code was not accepted" />
      <form method="post" action="/staff/verify" className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <CodeField label="Code" hint="6 digits from your app, or one of your recovery codes (like abcde-fghjk)" error={error} recovery />
        <div className="form__actions">
          <button type="submit" className="button">
            Continue
          </button>
        </div>
      </form>
      <p>Lost your phone and your recovery codes? Ask an administrator to reset your second factor on the team page.</p>
    </div>
  );
}
