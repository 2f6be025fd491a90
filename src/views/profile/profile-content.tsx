/**
 * /user/profile: the member's own details, in the join form's sections and with its rules. Plain
 * HTML that works without JavaScript; after a problem it comes back with what was typed and each
 * problem next to its field and listed at the top.
 */
import type { ReactNode } from "react";
import { countryOptions, DEFAULT_COUNTRY } from "../../shared/countries";
import { EVIDENCE_FIELDS, type JoinErrors, type JoinRequirements } from "../../shared/join-form";
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { EVIDENCE_LABELS } from "../join/evidence-fields";

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
  givenName: "First name",
  familyName: "Last name",
  phone: "Phone number",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  town: "Town or city",
  region: "County, state or province",
  postcode: "Postcode",
  country: "Country",
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
          <TextField id="givenName" label={LABELS.givenName!} value={v("givenName")} error={e("givenName")} autoComplete="given-name" required maxLength={100} />
          <TextField id="familyName" label={LABELS.familyName!} value={v("familyName")} error={e("familyName")} autoComplete="family-name" required maxLength={100} />
          <TextField id="phone" label={`${LABELS.phone} (optional)`} type="tel" value={v("phone")} error={e("phone")} autoComplete="tel" maxLength={30} />
        </Section>
        <Section title="Address">
          <TextField id="addressLine1" label={LABELS.addressLine1!} value={v("addressLine1")} error={e("addressLine1")} autoComplete="address-line1" required maxLength={200} />
          <TextField id="addressLine2" label={`${LABELS.addressLine2} (optional)`} value={v("addressLine2")} error={e("addressLine2")} autoComplete="address-line2" maxLength={200} />
          <TextField id="town" label={LABELS.town!} value={v("town")} error={e("town")} autoComplete="address-level2" required maxLength={100} />
          <TextField id="region" label={`${LABELS.region} (optional)`} value={v("region")} error={e("region")} autoComplete="address-level1" maxLength={100} />
          <TextField
            id="postcode"
            label={LABELS.postcode!}
            hint="Or ZIP code, PIN code or Eircode. Leave it empty only if your country has no postcodes."
            value={v("postcode")}
            error={e("postcode")}
            autoComplete="postal-code"
            maxLength={16}
          />
          <SelectField
            id="country"
            label={LABELS.country!}
            options={countryOptions().map(({ code, name }) => ({ value: code, label: name }))}
            value={v("country") || DEFAULT_COUNTRY}
            error={e("country")}
            autoComplete="country"
            required
          />
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
