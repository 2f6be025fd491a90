/**
 * /staff/members/:userId/details: staff edit a member's details and membership type, with the
 * join form's fields and rules and a reason. Plain HTML that works without JavaScript; after a
 * problem it comes back with what was typed and each problem beside its field and listed at the
 * top. The form carries the version of the record it was made from.
 */
import type { ReactNode } from "react";
import type { MembershipTerms } from "../../domain/membership";
import type { JoinErrors } from "../../shared/join-form";
import { hrefs } from "../../shared/links";
import { SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { EVIDENCE_LABELS, EvidenceFields } from "../join/evidence-fields";
import { AddressFields, MEMBER_DETAIL_LABELS, NameAndPhoneFields } from "../join/member-detail-fields";
import { StaffField } from "./staff-field";

export interface MemberDetailsFormProps {
  userId: string;
  who: string;
  types: readonly MembershipTerms[];
  /** The member's own type, choosable even when the CMS no longer offers it. */
  current: { slug: string; title: string };
  specialisationOptions: readonly string[];
  registrationExample: string;
  values: Partial<Record<string, string>>;
  errors: JoinErrors;
  csrfToken: string;
}

const ORDER = ["membership", ...Object.keys(MEMBER_DETAIL_LABELS), ...Object.keys(EVIDENCE_LABELS), "specialisation", "reason", "version"];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__legend">
        <h2>{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

export function MemberDetailsForm({ userId, who, types, current, specialisationOptions, registrationExample, values, errors, csrfToken }: MemberDetailsFormProps) {
  const v = (field: string) => values[field] ?? "";
  const problems = ORDER.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  const typeOptions = [...types.map((t) => ({ value: t.slug, label: t.title })), ...(types.some((t) => t.slug === current.slug) ? [] : [{ value: current.slug, label: current.title }])];
  const specialisations = specialisationOptions.includes(v("specialisation")) || !v("specialisation") ? specialisationOptions : [v("specialisation"), ...specialisationOptions];
  const chosen = types.find((t) => t.slug === v("membership")) ?? null;
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href={hrefs.staffMember(userId)}>Back to {who}</a>
      </p>
      <h1>Edit {who}'s details</h1>
      <p>The same rules as the join form apply. The change and your reason are recorded on the member's timeline with what each field said before.</p>
      <form method="post" action={`${hrefs.staffMember(userId)}/details`} className="form" noValidate>
        <ErrorSummary problems={problems} title="The details were not saved" />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="version" value={v("version")} />
        <Section title="Membership">
          <SelectField id="membership" label="Membership type" options={typeOptions} value={v("membership")} error={errors.membership ?? null} required />
        </Section>
        <Section title="Name and phone">
          <NameAndPhoneFields values={values} errors={errors} />
        </Section>
        <Section title="Address">
          <AddressFields values={values} errors={errors} />
        </Section>
        <Section title="Professional details">
          <EvidenceFields terms={types} chosen={chosen} registrationExample={registrationExample} values={values} errors={errors} />
          <SelectField id="specialisation" label="Specialisation" options={specialisations} value={v("specialisation")} error={errors.specialisation ?? null} required />
        </Section>
        <Section title="Why">
          <StaffField id="reason" label="Reason for the change" kind="textarea" maxLength={500} value={v("reason")} error={errors.reason ?? null} />
        </Section>
        <div className="form__actions">
          <button type="submit" className="button">
            Save the details
          </button>
        </div>
      </form>
    </div>
  );
}

export function NoDetailsContent({ userId, who }: { userId: string; who: string }) {
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href={hrefs.staffMember(userId)}>Back to {who}</a>
      </p>
      <h1>{who}'s details</h1>
      <p>This record was made without a join application (brought across by the import), so it has no details of the join form's kind to edit here.</p>
    </div>
  );
}
