/**
 * /user/profile: the member's own details, in the join form's sections and with its rules. Plain
 * HTML that works without JavaScript; after a problem it comes back with what was typed and each
 * problem next to its field and listed at the top.
 */
import type { ReactNode } from "react";
import { EVIDENCE_FIELDS, type JoinErrors, type JoinRequirements } from "../../shared/join-form";
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { EVIDENCE_LABELS } from "../join/evidence-fields";
import { AddressFields, MEMBER_DETAIL_LABELS, NameAndPhoneFields } from "../join/member-detail-fields";

export interface ProfileContentProps {
  membershipTitle: string;
  requirements: JoinRequirements;
  specialisationOptions: readonly string[];
  values: Partial<Record<string, string>>;
  errors: JoinErrors;
  csrfToken: string;
  notice: string | null;
  accountEmail: string;
}

const LABELS: Record<string, string> = {
  ...MEMBER_DETAIL_LABELS,
  ...EVIDENCE_LABELS,
  specialisation: "Specialisation",
  form: "Form",
};
const ORDER = Object.keys(LABELS);

const EVIDENCE_HINTS = (example: string): Record<(typeof EVIDENCE_FIELDS)[number], { hint: string; autoComplete?: string; maxLength: number }> => ({
  registrationNumber: { hint: `As on your registration certificate, for example ${example}.`, maxLength: 30 },
  yearQualified: { hint: "For example 2015.", maxLength: 4 },
  workplace: { hint: "Where you work now, if anywhere.", autoComplete: "organization", maxLength: 200 },
  placeOfStudy: { hint: "Your university or college, and course.", maxLength: 200 },
});

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

export function ProfileContent({ membershipTitle, requirements, specialisationOptions, values, errors, csrfToken, notice, accountEmail }: ProfileContentProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  const problems = ORDER.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  const hints = EVIDENCE_HINTS(requirements.registrationNumber.example);
  // A specialisation saved before the CMS list changed stays choosable.
  const specialisations = specialisationOptions.includes(v("specialisation")) || !v("specialisation") ? specialisationOptions : [v("specialisation"), ...specialisationOptions];
  return (
    <div className="profile-screen">
      <ScreenTitle>Your details</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        The details you gave when you joined as a {membershipTitle}. We use them for your membership records, receipts and post. Your e-mail
        address ({accountEmail}) is changed on <a href={hrefs.account}>your account page</a>.
      </p>
      <form method="post" action={hrefs.profile} className="form" noValidate>
        <ErrorSummary problems={problems} />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <Section title="Your name and phone">
          <NameAndPhoneFields values={values} errors={errors} />
        </Section>
        <Section title="Address">
          <AddressFields values={values} errors={errors} />
        </Section>
        <Section title="Professional details">
          {EVIDENCE_FIELDS.filter((field) => requirements.evidence[field] !== "notAsked").map((field) => (
            <TextField
              key={field}
              id={field}
              label={`${EVIDENCE_LABELS[field]}${requirements.evidence[field] === "optional" ? " (optional)" : ""}`}
              hint={hints[field].hint}
              value={v(field)}
              error={e(field)}
              autoComplete={hints[field].autoComplete}
              maxLength={hints[field].maxLength}
              required={requirements.evidence[field] === "required"}
            />
          ))}
          <SelectField id="specialisation" label={LABELS.specialisation!} options={specialisations} value={v("specialisation")} error={e("specialisation")} required />
        </Section>
        <div className="form__actions">
          <button type="submit" className="button">
            Save your details
          </button>
        </div>
      </form>
    </div>
  );
}

/** For someone with no join application (not joined through the form, or brought across from the old records). */
export function NoProfileContent() {
  return (
    <div className="profile-screen">
      <ScreenTitle>Your details</ScreenTitle>
      <p>
        We do not hold details from a membership application for your account. If you joined before this website, or you want your records
        changed, please contact the membership team; to become a member, <a href="/join">join the Guild</a>.
      </p>
    </div>
  );
}
