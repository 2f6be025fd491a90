/**
 * The join form's one schema: the Worker validates every submission with it, and browser code may
 * use it to check fields early. Messages are written for applicants.
 *
 * What an applicant must show depends on the membership chosen (docs/decisions/0017-everyone-gets-in.md): each type
 * says in the CMS whether it asks for a registration number, the year qualified, a workplace and
 * a place of study, and whether each is required. `joinDetails(requirements)` builds the schema
 * for one type; fields a type does not ask for are ignored and stored as null.
 */
import * as z from "zod";
import type { EvidenceNeed, MembershipEvidence } from "../domain/content";
import { countryName, DEFAULT_COUNTRY, isCountryCode, usesPostcodes, type CountryCode } from "./countries";
import { newPassword } from "./password-policy";
import { isOneLine, oneLineMessage } from "./plain-text";

// Every text field refuses control characters: names and addresses reach e-mails, some their headers (plain-text.ts).
const text = (label: string, max: number) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, { error: `Enter your ${label}` })
    .max(max, { error: `Your ${label} must be ${max} characters or fewer` })
    .refine(isOneLine, { error: oneLineMessage(`your ${label}`) });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Your ${label} must be ${max} characters or fewer` })
    .refine(isOneLine, { error: oneLineMessage(`your ${label}`) })
    .optional()
    .transform((value) => (value ? value : null));

const checked = (message: string) => z.literal("on", { error: message });

/** The evidence fields, in the order the form shows them. */
export const EVIDENCE_FIELDS = ["registrationNumber", "yearQualified", "workplace", "placeOfStudy"] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

/** What the form asks for when no membership (or an unknown one) is chosen: everything a full member shows. */
export const DEFAULT_EVIDENCE: MembershipEvidence = {
  registrationNumber: "required",
  yearQualified: "required",
  workplace: "optional",
  placeOfStudy: "notAsked",
  registrationNumberPattern: null,
  registrationNumberExample: null,
};

export const REGISTRATION_NUMBER_MAX = 30;
const DEFAULT_REGISTRATION_EXAMPLE = "PH123456";

/** What one membership type asks of applicants, with its registration-number format resolved. */
export interface JoinRequirements {
  evidence: Record<EvidenceField, EvidenceNeed>;
  registrationNumber: {
    /** Matches a whole registration number, or null for the general rule (REGISTRATION_NUMBER_RULE). */
    pattern: RegExp | null;
    example: string;
  };
}

/**
 * The general rule when the CMS names no format: 3 to 30 letters, digits, spaces, dots, slashes
 * and dashes, starting and ending with a letter or digit, with at least one digit (PH123456,
 * HCPC PH 12345, 12345678, A-1234/5).
 */
const REGISTRATION_CHARACTERS = /^[\p{L}\p{N} ./-]*$/u;
const REGISTRATION_SHAPE = /^[\p{L}\p{N}](?:.*[\p{L}\p{N}])?$/u;

/**
 * A registration-number pattern from the CMS, matched against the whole number (letters in any
 * case); null when there is none or it is not a valid regular expression.
 */
export function registrationPattern(source: string | null): RegExp | null {
  if (!source?.trim()) return null;
  try {
    return new RegExp(`^(?:${source.trim()})$`, "i");
  } catch {
    return null;
  }
}

/** The requirements of a membership type: its own registration format, else the form's (the join page's). */
export function joinRequirements(
  evidence: MembershipEvidence,
  form: { registrationNumberPattern: string | null; registrationNumberExample: string | null } = { registrationNumberPattern: null, registrationNumberExample: null },
): JoinRequirements {
  const own = registrationPattern(evidence.registrationNumberPattern);
  const formWide = registrationPattern(form.registrationNumberPattern);
  // An example goes with its pattern; without one, any example the CMS gives.
  const [pattern, example] = own
    ? [own, evidence.registrationNumberExample]
    : formWide
      ? [formWide, form.registrationNumberExample]
      : [null, evidence.registrationNumberExample ?? form.registrationNumberExample];
  return {
    evidence: {
      registrationNumber: evidence.registrationNumber,
      yearQualified: evidence.yearQualified,
      workplace: evidence.workplace,
      placeOfStudy: evidence.placeOfStudy,
    },
    registrationNumber: { pattern, example: example ?? DEFAULT_REGISTRATION_EXAMPLE },
  };
}

/** Applies a field's need: not asked -> null whatever was sent; optional -> null when empty; required -> the schema. */
function asked<T extends z.ZodType>(need: EvidenceNeed, schema: T) {
  if (need === "notAsked") return z.unknown().optional().transform(() => null);
  if (need === "optional") {
    return z
      .preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional())
      .optional()
      .transform((value) => value ?? null);
  }
  return schema;
}

function registrationNumber(rule: JoinRequirements["registrationNumber"]) {
  const asOnCertificate = `Enter your registration number as it is on your registration certificate, like ${rule.example}`;
  return text("professional registration number", REGISTRATION_NUMBER_MAX)
    .transform((value) => value.replace(/\s+/g, " "))
    .superRefine((value, ctx) => {
      if (rule.pattern) {
        if (!rule.pattern.test(value)) ctx.addIssue({ code: "custom", message: `Enter your registration number in the form ${rule.example}` });
        return;
      }
      if (!REGISTRATION_CHARACTERS.test(value)) {
        ctx.addIssue({ code: "custom", message: `Use only letters, digits, spaces, dots, slashes and dashes in your registration number, like ${rule.example}` });
      } else if (value.length < 3 || !REGISTRATION_SHAPE.test(value) || !/\p{N}/u.test(value)) {
        ctx.addIssue({ code: "custom", message: asOnCertificate });
      }
    })
    .transform((value) => value.toUpperCase());
}

const yearQualified = z.coerce
  .number({ error: "Enter the year you qualified, like 2015" })
  .int({ error: "Enter the year you qualified, like 2015" })
  .min(1950, { error: "Enter the year you qualified, like 2015" })
  // Checked per submission: at module load the Workers runtime's clock still reads 1970.
  .refine((year) => year <= new Date().getUTCFullYear(), { error: "The year you qualified cannot be in the future" });

/** Letters, digits, spaces and dashes, 2 to 12 characters (every country's postcodes fit). */
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/;

const country = z
  .string({ error: "Choose your country" })
  .trim()
  .min(1, { error: "Choose your country" })
  .refine((value) => isCountryCode(value.toUpperCase()), { error: "Choose your country from the list" })
  .transform((value) => value.toUpperCase() as CountryCode);

/** The member's own details every applicant gives, whatever the membership (also edited on /user/profile). */
const personal = {
  givenName: text("first name", 100),
  familyName: text("last name", 100),
  phone: optionalText("phone number", 30).refine((v) => v === null || /^\+?[0-9 ()-]{7,30}$/.test(v), {
    error: "Enter a phone number, like 01632 960 001 or +44 1632 960 001",
  }),
  addressLine1: text("address", 200),
  addressLine2: optionalText("address", 200),
  town: text("town or city", 100),
  region: optionalText("county, state or province", 100),
  postcode: optionalText("postcode", 16),
  country,
  specialisation: z
    .string({ error: "Choose your specialisation" })
    .trim()
    .min(1, { error: "Choose your specialisation" })
    .max(100, { error: "Choose your specialisation from the list" })
    .refine(isOneLine, { error: oneLineMessage("your specialisation") }),
};

/** Said beside "How you will pay" when Direct Debit is chosen but not offered (STRIPE_DIRECT_DEBIT unset). */
export const DIRECT_DEBIT_UNAVAILABLE = "Direct Debit is not available at the moment. Choose card, or bank transfer or cheque.";

/** What only joining asks: the membership, how to pay, the declarations and the form's key. */
const joining = {
  membership: z.string({ error: "Choose a membership" }).trim().regex(/^[a-z0-9-]{1,100}$/, { error: "Choose a membership" }),
  paymentMethod: z.enum(["offline", "card", "direct_debit"], { error: "Choose how you will pay" }),
  acceptTerms: checked("Confirm that you accept the terms and conditions"),
  acceptPrivacy: checked("Confirm that you have read the privacy policy"),
  idempotencyKey: z.uuid({ error: "This form has expired. Reload the page and submit it again." }),
  /** Optional; whether it exists and applies is the membership service's to say. */
  discountCode: z
    .string()
    .trim()
    .max(40, { error: "A discount code is at most 40 characters: check what you typed" })
    .optional()
    .transform((value) => (value ? value : null)),
};

/** The postcode parsed (so its rules can be checked while other fields still have problems). */
const postcodeParsed = ({ value }: { value: unknown }) => {
  const { postcode } = (value ?? {}) as { postcode?: unknown };
  return postcode == null || typeof postcode === "string";
};

/** Whether the country's addresses have postcodes; until a country from the list is chosen, as the default country's do. */
const needsPostcode = (country: unknown) => usesPostcodes(typeof country === "string" && isCountryCode(country) ? country : DEFAULT_COUNTRY);

/** The evidence fields one membership type asks for. */
function evidenceFields(requirements: JoinRequirements) {
  const { evidence } = requirements;
  return {
    registrationNumber: asked(evidence.registrationNumber, registrationNumber(requirements.registrationNumber)),
    yearQualified: asked(evidence.yearQualified, yearQualified),
    workplace: asked(evidence.workplace, text("workplace", 200)),
    placeOfStudy: asked(evidence.placeOfStudy, text("university or college, and course", 200)),
  };
}

/**
 * The address rules, which depend on the country: a postcode is required where addresses have
 * postcodes, and checked even while other fields have problems.
 */
function withAddressRules<T extends z.ZodType<{ country: CountryCode; postcode: string | null }>>(schema: T) {
  return schema
    .refine((d) => !needsPostcode(d.country) || Boolean(d.postcode), { path: ["postcode"], error: "Enter your postcode", when: postcodeParsed })
    .refine((d) => !needsPostcode(d.country) || !d.postcode || POSTCODE.test(d.postcode), {
      path: ["postcode"],
      error: (issue) =>
        `Enter a postcode, ${(issue.input as { country?: string }).country === "GB" ? "like EX1 2MP" : "as your post shows it, in letters, digits, spaces and dashes"}`,
      when: postcodeParsed,
    })
    .transform((details) => ({ ...details, postcode: details.postcode?.toUpperCase() ?? null, countryName: countryName(details.country) }));
}

/** The join form's details for one membership type's requirements. */
export function joinDetails(requirements: JoinRequirements) {
  return withAddressRules(z.object({ ...personal, ...joining, ...evidenceFields(requirements) }));
}

/**
 * A member's own details as /user/profile edits them: the join form's fields and rules, for the
 * member's membership type, without what only joining asks.
 */
export function memberDetails(requirements: JoinRequirements) {
  return withAddressRules(z.object({ ...personal, ...evidenceFields(requirements) }));
}

/**
 * What a member's saved details lack for one membership type's evidence (changing to that type
 * asks what joining it asks): field name -> the problem, empty when the details are enough.
 */
export function evidenceProblems(requirements: JoinRequirements, values: Partial<Record<EvidenceField, string>>): JoinErrors {
  const checked = z.object(evidenceFields(requirements)).safeParse(values);
  return checked.success ? {} : joinErrors(checked.error);
}

/** The account section, for applicants who are not signed in. */
export const JoinAccount = z.object({
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Enter your e-mail address" })
    .max(254, { error: "Your e-mail address must be 254 characters or fewer" })
    .pipe(z.email({ error: "Enter an e-mail address, like name@example.com" })),
  password: newPassword(),
});

export type JoinDetailsInput = z.output<ReturnType<typeof joinDetails>>;
export type MemberDetailsInput = z.output<ReturnType<typeof memberDetails>>;
export type JoinAccountInput = z.output<typeof JoinAccount>;

/** Field name -> the first problem with it. */
export type JoinErrors = Partial<Record<string, string>>;

export function joinErrors(error: z.ZodError): JoinErrors {
  const errors: JoinErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
