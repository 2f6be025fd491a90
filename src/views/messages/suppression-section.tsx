/** On a member's staff page: bulk mail to their address is stopped (a bounce or complaint), and the form that clears it with a note. */
import type { EmailSuppression } from "../../domain/member-messages";
import { TextField } from "../forms/text-field";
import { Moment } from "../outbox/moment";

export function SuppressionSection({ suppression, action, csrfToken, error }: { suppression: EmailSuppression; action: string; csrfToken: string; error: string | null }) {
  return (
    <section aria-labelledby="suppression" className="screen-section">
      <h2 id="suppression">Bulk mail suppressed</h2>
      <p className="notice notice--warning">
        Since <Moment value={suppression.suppressedAt} />, newsletters and announcements do not go to {suppression.email}: Email Service reported a {suppression.reason}
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
