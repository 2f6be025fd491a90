/** A complete, valid join submission (tests break it field by field). */
let count = 0;

/** The first specialisation the demo join page offers. */
export const DEMO_SPECIALISATION = "Musculoskeletal";

export function validForm(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const form: Record<string, string | undefined> = {
    givenName: "Ada",
    familyName: "Example",
    phone: "01632 960 001",
    addressLine1: "1 Example Street",
    addressLine2: "",
    town: "Sampleton",
    postcode: "EX1 2MP",
    country: "GB",
    registrationNumber: "PH123456",
    specialisation: DEMO_SPECIALISATION,
    workplace: "Sampleton Clinic",
    yearQualified: "2012",
    membership: "full-member",
    paymentMethod: "offline",
    email: `applicant-${Date.now()}-${count++}@guild.example`,
    password: "Correct-horse-battery-1",
    acceptTerms: "on",
    acceptPrivacy: "on",
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string>;
}
