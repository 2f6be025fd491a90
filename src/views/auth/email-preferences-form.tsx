import { OPTIONAL_CATEGORY_LABELS, OPTIONAL_EMAIL_CATEGORIES, type OptionalEmailCategory } from "../../domain/email";
import { hrefs } from "../../shared/links";
import { CheckboxField } from "../forms/choice-fields";

const sentence = (label: string) => `${label.charAt(0).toUpperCase()}${label.slice(1)}`;

/**
 * The same choices as the unsubscribe links in e-mails, as a form: one switch per optional
 * category, saved together (works without JavaScript).
 */
export function EmailPreferencesForm({ preferences, csrfToken }: { preferences: Record<OptionalEmailCategory, boolean>; csrfToken: string }) {
  return (
    <form method="post" action={hrefs.emailPreferences} className="form">
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <fieldset className="field choice-group" aria-describedby="email-preferences-hint">
        <legend className="field__label">Send me these e-mails</legend>
        <p className="field__hint" id="email-preferences-hint">
          Receipts and notices about your membership, payments, orders and applications are always sent.
        </p>
        {OPTIONAL_EMAIL_CATEGORIES.map((category) => (
          <CheckboxField key={category} id={category} label={sentence(OPTIONAL_CATEGORY_LABELS[category])} checked={preferences[category]} />
        ))}
      </fieldset>
      <button type="submit" className="button">
        Save e-mail choices
      </button>
    </form>
  );
}
