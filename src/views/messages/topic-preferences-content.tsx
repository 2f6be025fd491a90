/** /email/topics: every mailing topic for the reader a message's link names, saved together without signing in. */
import type { TopicConsent } from "../../domain/member-messages";
import { TopicChoices } from "./topic-choices";

export function TopicPreferencesContent({ consents, action, saved }: { consents: readonly TopicConsent[] | null; action: string; saved: boolean }) {
  if (!consents) {
    return (
      <div className="account-screen">
        <h1>This link does not work</h1>
        <p>It may have been cut short: copy the whole link from the e-mail and try again. Nothing has been changed.</p>
      </div>
    );
  }
  return (
    <div className="account-screen">
      <h1>Your e-mail choices</h1>
      {saved ? (
        <p className="notice notice--success" role="status">
          Your choices have been saved.
        </p>
      ) : null}
      <form method="post" action={action} className="form">
        <TopicChoices topics={consents.map((c) => c.topic)} consents={consents} legend="Send me these e-mails" />
        <button type="submit" className="button">
          Save my choices
        </button>
      </form>
    </div>
  );
}
