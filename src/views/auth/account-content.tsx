import type { OptionalEmailCategory } from "../../domain/email";
import type { Session } from "../../domain/session";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { EmailPreferencesForm } from "./email-preferences-form";
import { ScreenTitle } from "../components/screen-title";
import type { TopicConsent } from "../../domain/member-messages";
import { TopicChoices } from "../messages/topic-choices";

export interface AccountContentProps {
  session: Session;
  isMember: boolean;
  csrfToken: string;
  notice: string | null;
  /** The optional e-mails, on or off. */
  emailPreferences: Record<OptionalEmailCategory, boolean>;
  /** The society's mailing topics, with the member's answer to each and when it was given. */
  consents: readonly TopicConsent[];
  /** The auth island's settings, so signing out here signs the browser's Firebase SDK out too. */
  islandConfig: string;
}

/** /user/account: who is signed in, their membership tier, e-mail choices, receipts, and signing out. */
export function AccountContent({ session, isMember, csrfToken, notice, emailPreferences, consents, islandConfig }: AccountContentProps) {
  return (
    <div className="account-screen">
      <ScreenTitle>Your account</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <dl className="summary-list">
        <SummaryRow label="E-mail address">
          {session.email ?? "—"} <a href={hrefs.changeEmail}>Change<span className="visually-hidden"> your e-mail address</span></a>
        </SummaryRow>
        <SummaryRow label="Membership">{isMember ? "Active member" : <>Not a member — <a href="/memberships">see membership options</a></>}</SummaryRow>
        <SummaryRow label="Signed in until"><DateTime value={new Date(session.expiresAt * 1000).toISOString()} style="long" /></SummaryRow>
      </dl>
      <h2>Your details</h2>
      <p>
        <a href={hrefs.profile}>Your name, address and professional details</a>, as you gave them when you joined.
      </p>
      <h2>Password</h2>
      <p>
        <a href="/user/password">Change your password</a>
      </p>
      <section aria-labelledby="email-preferences" className="screen-section">
        <h2 id="email-preferences">E-mails</h2>
        <EmailPreferencesForm preferences={emailPreferences} csrfToken={csrfToken} />
        {consents.length > 0 ? (
          <form method="post" action={hrefs.topicConsents} className="form">
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <TopicChoices topics={consents.map((c) => c.topic)} consents={consents} legend="Newsletters and announcements" />
            <button type="submit" className="button">
              Save newsletter choices
            </button>
          </form>
        ) : null}
      </section>
      <h2>Receipts</h2>
      <p>
        <a href={hrefs.receipts}>Your receipts</a> for membership payments and webinar orders, to view or print.
      </p>
      <h2>Member directory</h2>
      <p>
        <a href="/user/directory">Your directory listing</a>
        {isMember ? (
          <>
            {" · "}
            <a href="/members/directory">Browse the member directory</a>
          </>
        ) : null}
      </p>
      <h2>Your data</h2>
      <p>
        <a href={hrefs.privacy}>Download your data, or delete your account</a>
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
