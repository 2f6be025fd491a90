import type { Session } from "../../services/auth/auth-service";
import { DateTime } from "../components/date-time";

export interface AccountContentProps {
  session: Session;
  isMember: boolean;
  csrfToken: string;
  notice: string | null;
  /** The auth island's settings, so signing out here signs the browser's Firebase SDK out too. */
  islandConfig: string;
}

/** /user/account: who is signed in, their membership tier, and signing out. */
export function AccountContent({ session, isMember, csrfToken, notice, islandConfig }: AccountContentProps) {
  return (
    <div className="account-screen">
      <h1>Your account</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>E-mail address</dt>
          <dd>{session.email ?? "—"}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Membership</dt>
          <dd>{isMember ? "Active member" : <>Not a member — <a href="/memberships">see membership options</a></>}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Signed in until</dt>
          <dd>
            <DateTime value={new Date(session.expiresAt * 1000).toISOString()} style="long" />
          </dd>
        </div>
      </dl>
      <h2>Password</h2>
      <p>
        <a href="/user/password">Change your password</a>
      </p>
      <h2>Sign out</h2>
      <form method="post" action="/api/auth/signout" className="form form--inline" data-auth-form="sign-out" data-island-config={islandConfig}>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value="/" />
        <button type="submit" className="button button--secondary">
          Sign out
        </button>
      </form>
    </div>
  );
}
