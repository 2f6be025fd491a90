/**
 * /user/privacy/delete: what deleting the account removes and what it keeps, then the password
 * again. When something blocks deletion, the page says what to do first and shows no form.
 */
import type { ErasureBlock } from "../../domain/privacy";
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { CurrentPasswordField } from "../forms/current-password-field";

export interface DeleteAccountContentProps {
  email: string;
  csrfToken: string;
  problems: readonly FieldProblem[];
  blocked: ErasureBlock | null;
  cancelsCardSubscription: boolean;
}

const BLOCKS: Record<ErasureBlock, string> = {
  "on-staff-list":
    "Your address is on the staff list, so this account cannot be deleted here. Ask an administrator to remove you from the staff team first; then you can delete it.",
  "card-payments-unavailable":
    "Your membership renews by card, and card payments cannot be reached just now to stop it. Please try again later, or contact the membership team.",
};

export function DeleteAccountContent({ email, csrfToken, problems, blocked, cancelsCardSubscription }: DeleteAccountContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <div className="account-screen">
      <ScreenTitle>Delete my account</ScreenTitle>
      <ErrorSummary problems={problems} />
      <p>
        This deletes the account that signs in with <strong>{email}</strong>. It cannot be undone.
      </p>
      <h2>What goes</h2>
      <ul>
        <li>your sign-in: you are signed out everywhere and can no longer sign in;</li>
        <li>your name, address, phone and professional details, and your directory listing;</li>
        <li>your CPD log and its certificates, and access to webinars you bought;</li>
        <li>the e-mails we sent you and your e-mail choices;</li>
        {cancelsCardSubscription ? <li>your membership, and its card payments: the subscription is cancelled straight away, without a refund for the rest of the year;</li> : <li>your membership.</li>}
      </ul>
      <h2>What stays</h2>
      <p>
        Receipts, credit notes, orders and payments, which the law requires the society to keep for its accounts. They keep their numbers,
        amounts and dates; your name becomes "Erased member" and your e-mail address is replaced by a code that cannot be turned back into it.
      </p>
      <p>
        You may want to <a href={hrefs.privacyExport}>download your data</a> first.
      </p>
      {blocked ? (
        <p className="notice notice--info" role="status">
          {BLOCKS[blocked]}
        </p>
      ) : (
        <form method="post" action={hrefs.deleteAccount} className="form" noValidate>
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <CurrentPasswordField hint="To confirm it is you, enter the password you sign in with." error={errorFor("currentPassword")} />
          <div className="form__actions">
            <button type="submit" className="button">
              Delete my account
            </button>
            <a href={hrefs.privacy}>Cancel</a>
          </div>
        </form>
      )}
    </div>
  );
}

/** After deletion: the account is gone and the visitor is signed out. */
export function AccountDeletedContent() {
  return (
    <div className="account-screen">
      <ScreenTitle>Your account has been deleted</ScreenTitle>
      <p role="status">
        You have been signed out everywhere, and the account can no longer sign in. Receipts and payments stay in the society's accounts without
        your name or e-mail address.
      </p>
      <p>
        <a href={hrefs.home}>Go to the home page</a>
      </p>
    </div>
  );
}
