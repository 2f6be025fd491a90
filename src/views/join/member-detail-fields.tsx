/**
 * The member's own details as the join form and /user/profile both ask for them: name and phone,
 * and the postal address. One set of fields, labels and hints, so the two forms cannot drift.
 */
import { countryOptions, DEFAULT_COUNTRY } from "../../shared/countries";
import type { JoinErrors } from "../../shared/join-form";
import { SelectField } from "../forms/choice-fields";
import { TextField } from "../forms/text-field";

export const MEMBER_DETAIL_LABELS = {
  givenName: "First name",
  familyName: "Last name",
  phone: "Phone number",
  addressLine1: "Address line 1",
  addressLine2: "Address line 2",
  town: "Town or city",
  region: "County, state or province",
  postcode: "Postcode",
  country: "Country",
} as const;

const L = MEMBER_DETAIL_LABELS;

interface FieldsProps {
  values: Partial<Record<string, string>>;
  errors: JoinErrors;
}

export function NameAndPhoneFields({ values, errors }: FieldsProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  return (
    <>
      <TextField id="givenName" label={L.givenName} value={v("givenName")} error={e("givenName")} autoComplete="given-name" required maxLength={100} />
      <TextField id="familyName" label={L.familyName} value={v("familyName")} error={e("familyName")} autoComplete="family-name" required maxLength={100} />
      <TextField id="phone" label={`${L.phone} (optional)`} type="tel" value={v("phone")} error={e("phone")} autoComplete="tel" maxLength={30} />
    </>
  );
}

export function AddressFields({ values, errors }: FieldsProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  return (
    <>
      <TextField id="addressLine1" label={L.addressLine1} value={v("addressLine1")} error={e("addressLine1")} autoComplete="address-line1" required maxLength={200} />
      <TextField id="addressLine2" label={`${L.addressLine2} (optional)`} value={v("addressLine2")} error={e("addressLine2")} autoComplete="address-line2" maxLength={200} />
      <TextField id="town" label={L.town} value={v("town")} error={e("town")} autoComplete="address-level2" required maxLength={100} />
      <TextField id="region" label={`${L.region} (optional)`} value={v("region")} error={e("region")} autoComplete="address-level1" maxLength={100} />
      <TextField
        id="postcode"
        label={L.postcode}
        hint="Or ZIP code, PIN code or Eircode. Leave it empty only if your country has no postcodes."
        value={v("postcode")}
        error={e("postcode")}
        autoComplete="postal-code"
        maxLength={16}
      />
      <SelectField
        id="country"
        label={L.country}
        options={countryOptions().map(({ code, name }) => ({ value: code, label: name }))}
        value={v("country") || DEFAULT_COUNTRY}
        error={e("country")}
        autoComplete="country"
        required
      />
    </>
  );
}
