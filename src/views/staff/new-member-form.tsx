/**
 * /staff/members/new: staff make a member by hand (someone who joined and paid in person). Plain
 * HTML that works without JavaScript; after a problem it comes back with what was typed and each
 * problem beside its field and listed at the top.
 */
import type { MembershipTerms } from "../../domain/membership";
import { CheckboxField, SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { StaffField } from "./staff-field";
import { IN_PERSON_WAYS, IN_PERSON_WAY_WORDS } from "../../domain/in-person-payment";

export interface NewMemberFormProps {
  types: readonly MembershipTerms[];
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  csrfToken: string;
  today: string;
}

const ORDER = ["email", "givenName", "familyName", "postalAddress", "membership", "periodStart", "paymentAmount", "paymentWay", "paymentDate", "paymentReference", "reason"];

export function NewMemberForm({ types, values, errors, csrfToken, today }: NewMemberFormProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  const problems = ORDER.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href="/staff/members">All members</a>
      </p>
      <h1>Add a member by hand</h1>
      <p>
        For someone who joined and paid in person. The membership is active for a year from the start date. It waits under their e-mail
        address: whoever signs in with that address (verified) gets it, so a person with an account already has it at their next sign-in.
      </p>
      <form method="post" action="/staff/members/new" className="form" noValidate>
        <ErrorSummary problems={problems} title="The member was not added" />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffField id="email" label="E-mail address" maxLength={254} value={v("email")} error={e("email")} />
        <StaffField id="givenName" label="First name" maxLength={100} value={v("givenName")} error={e("givenName")} />
        <StaffField id="familyName" label="Last name" maxLength={100} value={v("familyName")} error={e("familyName")} />
        <StaffField id="postalAddress" label="Postal address (optional)" kind="textarea" maxLength={500} value={v("postalAddress")} error={e("postalAddress")} />
        <SelectField id="membership" label="Membership type" options={types.map((t) => ({ value: t.slug, label: t.title }))} value={v("membership")} error={e("membership")} required />
        <StaffField id="periodStart" label="Membership starts on" kind="date" max={today} value={v("periodStart") || today} error={e("periodStart")} />
        <fieldset className="field-group">
          <legend>Membership fee paid in person (optional)</legend>
          <p>
            Leave the amount empty if nothing was taken. With an amount, the payment is recorded with its receipt (numbered, with VAT as the
            membership type says) and appears in the ledger like any payment received offline.
          </p>
          <StaffField id="paymentAmount" label="Amount paid, in pounds" hint="For example 195 or 195.00" maxLength={20} value={v("paymentAmount")} error={e("paymentAmount")} />
          <SelectField
            id="paymentWay"
            label="How it was paid"
            options={IN_PERSON_WAYS.map((way) => ({ value: way, label: IN_PERSON_WAY_WORDS[way] }))}
            value={v("paymentWay")}
            error={e("paymentWay")}
          />
          <StaffField id="paymentDate" label="Day it was paid" kind="date" max={today} value={v("paymentDate") || today} error={e("paymentDate")} />
          <StaffField id="paymentReference" label="Payment reference (optional)" hint="A cheque number or the card machine's slip number" maxLength={100} value={v("paymentReference")} error={e("paymentReference")} />
        </fieldset>
        <CheckboxField id="invite" label="Send the invitation to claim the membership now (as the import does)" checked={v("invite") === "on"} />
        <StaffField id="reason" label="Reason" kind="textarea" hint="For example, joined and paid at the conference, receipt number" maxLength={500} value={v("reason")} error={e("reason")} />
        <div className="form__actions">
          <button type="submit" className="button">
            Add member
          </button>
        </div>
      </form>
    </div>
  );
}
