/** On a member's staff page: bulk mail to their address is stopped (a bounce or complaint), and the form that clears it with a note. */
import type { EmailSuppression } from "../../domain/member-messages";
import { TextField } from "../forms/text-field";
import { Moment } from "../outbox/moment";

export function SuppressionSection({ suppression, action, csrfToken, error }: { suppression: EmailSuppression; action: string; csrfToken: string; error: string | null }) {
  return (
    <section aria-labelledby="suppression" className="screen-section">
      <h2 id="suppression">Bulk mail suppressed</h2>
      <p className="notice notice--warning">
        Since <Moment value={suppression.suppressedAt} />, newsletters and announcements do not go to {suppression.email}: the mail service reported a {suppression.reason === "complaint" ? "complaint (marked as spam)" : "bounce"}
        {suppression.detail ? ` (${suppression.detail})` : ""}. Receipts and notices still go.
      </p>
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <TextField id="note" label="Why bulk mail may go again" hint="For example: the member confirmed their mailbox works. Kept with your name." error={error} maxLength={500} required />
        <button type="submit" className="button button--secondary">
          Clear the suppression
        </button>
      </form>
    </section>
  );
}

/** On a member's staff page: mail to their address has bounced for now (a full mailbox, a server down). Nothing is stopped. */
export function SoftBouncesNote({ count, lastAt }: { count: number; lastAt: string | null }) {
  return (
    <p className="notice">
      {`Mail to this member's address has bounced for now ${count === 1 ? "once" : `${count} times`} (a full mailbox or a server that did not answer); the last `}
      <Moment value={lastAt} />. Mail still goes: check the address with them if it keeps happening.
    </p>
  );
}
