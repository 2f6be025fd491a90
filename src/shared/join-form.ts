/**
 * The join form's one schema (issue 5): the Worker validates every submission with it, and
 * browser code may use it to check fields early. Messages are written for the applicant.
 */
import * as z from "zod";

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, { error: `Enter your ${label}` })
    .max(max, { error: `Your ${label} must be ${max} characters or fewer` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Your ${label} must be ${max} characters or fewer` })
    .optional()
    .transform((value) => (value ? value : null));

const checked = (message: string) => z.literal("on", { error: message });

export const JOIN_PASSWORD_MIN = 10;

/** The fields every applicant fills in. */
export const JoinDetails = z.object({
  givenName: text("first name", 100),
  familyName: text("last name", 100),
  phone: optionalText("phone number", 30).refine((v) => v === null || /^\+?[0-9 ()-]{7,30}$/.test(v), {
    error: "Enter a phone number, like 01632 960 001 or +44 1632 960 001",
  }),
  addressLine1: text("address", 200),
  addressLine2: optionalText("address", 200),
  town: text("town or city", 100),
  postcode: text("postcode", 16).refine((v) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,14}[A-Za-z0-9]$/.test(v), {
    error: "Enter a postcode, like EX1 2MP",
  }),
  country: text("country", 100),
  registrationNumber: text("professional registration number", 20).refine((v) => /^[A-Za-z]{2,4}[0-9]{4,8}$/.test(v.replace(/\s/g, "")), {
    error: "Enter your registration number as letters then digits, like PH123456",
  }),
  specialisation: z
    .string({ error: "Choose your specialisation" })
    .trim()
    .min(1, { error: "Choose your specialisation" })
    .max(100, { error: "Choose your specialisation from the list" }),
  workplace: optionalText("workplace", 200),
  yearQualified: z.coerce
    .number({ error: "Enter the year you qualified, like 2015" })
    .int({ error: "Enter the year you qualified, like 2015" })
    .min(1950, { error: "Enter the year you qualified, like 2015" })
    // Checked per submission: at module load the Workers runtime's clock still reads 1970.
    .refine((year) => year <= new Date().getUTCFullYear(), { error: "The year you qualified cannot be in the future" }),
  membership: z.string({ error: "Choose a membership" }).trim().regex(/^[a-z0-9-]{1,100}$/, { error: "Choose a membership" }),
  paymentMethod: z.enum(["offline", "card"], { error: "Choose how you will pay" }),
  acceptTerms: checked("Confirm that you accept the terms and conditions"),
  acceptPrivacy: checked("Confirm that you have read the privacy policy"),
  idempotencyKey: z.uuid({ error: "This form has expired. Reload the page and submit it again." }),
});

/** The account section, for applicants who are not signed in. */
export const JoinAccount = z.object({
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Enter your e-mail address" })
    .max(254, { error: "Your e-mail address must be 254 characters or fewer" })
    .pipe(z.email({ error: "Enter an e-mail address, like name@example.com" })),
  password: z
    .string({ error: "Choose a password" })
    .min(JOIN_PASSWORD_MIN, { error: `Your password must be at least ${JOIN_PASSWORD_MIN} characters` })
    .max(4096, { error: "Your password must be 4096 characters or fewer" }),
});

export type JoinDetailsInput = z.output<typeof JoinDetails>;
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
