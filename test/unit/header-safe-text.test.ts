/**
 * Names and other text people type can end up in an e-mail's headers (a staff notice's subject
 * names the applicant). A line break there would start a new header (Bcc: …), so every such field
 * refuses control characters beside the field, and the subject builder makes any older or imported
 * text safe on its own.
 */
import { describe, expect, it } from "vitest";
import { subjectFor } from "../../src/services/email/subjects";
import { BillingDetailsForm } from "../../src/shared/billing-details";
import { DEFAULT_EVIDENCE, joinDetails, joinErrors, joinRequirements, memberDetails } from "../../src/shared/join-form";
import { RegisterForm } from "../../src/shared/register-form";

const joinBase = {
  givenName: "Ada",
  familyName: "Applicant",
  addressLine1: "1 Example Street",
  town: "Exeter",
  postcode: "EX1 2MP",
  country: "GB",
  registrationNumber: "PH123456",
  yearQualified: "2015",
  specialisation: "Neurology",
  membership: "full-member",
  paymentMethod: "offline",
  acceptTerms: "on",
  acceptPrivacy: "on",
  idempotencyKey: "0b6f0c8e-5d43-4b7a-9a59-2f8f1f0a2c11",
};

/** Each one can start a new header line, or hide one, in some mail system. */
const CONTROLS = [
  ["a line feed", "Ada\nBcc: everyone@example.com"],
  ["a carriage return", "Ada\rBcc: everyone@example.com"],
  ["CR LF", "Ada\r\nBcc: everyone@example.com"],
  ["a tab", "Ada\tLovelace"],
  ["a NUL", "Ada\u0000Lovelace"],
  ["a C1 next-line", "Ada\u0085Bcc: x@example.com"],
  ["a DEL", "Ada\u007F"],
  ["a Unicode line separator", "Ada\u2028Bcc: x@example.com"],
  ["a Unicode paragraph separator", "Ada\u2029Bcc: x@example.com"],
] as const;

const joinErrorsFor = (fields: Record<string, string>) => {
  const result = joinDetails(joinRequirements(DEFAULT_EVIDENCE)).safeParse({ ...joinBase, ...fields });
  return result.success ? {} : joinErrors(result.error);
};

describe("typed text that can reach an e-mail header", () => {
  it.each(CONTROLS)("the join form refuses %s in a name, beside the field", (_, value) => {
    expect(joinErrorsFor({ givenName: value }).givenName).toBe("Enter your first name on one line, without tabs or other control characters");
    expect(joinErrorsFor({ familyName: value }).familyName).toBe("Enter your last name on one line, without tabs or other control characters");
  });

  it.each(["addressLine1", "addressLine2", "town", "region", "workplace", "specialisation"])("the join form refuses a line break in %s", (field) => {
    expect(joinErrorsFor({ [field]: "Somewhere\r\nBcc: x@example.com" })[field]).toMatch(/on one line, without tabs or other control characters$/);
  });

  it("keeps names with accents, apostrophes, hyphens and spaces", () => {
    expect(joinErrorsFor({ givenName: "Zoë Ann-Marie", familyName: "O’Brien de la Cruz" })).toEqual({});
  });

  it("the profile form (the same fields) refuses them too", () => {
    const result = memberDetails(joinRequirements(DEFAULT_EVIDENCE)).safeParse({ ...joinBase, familyName: "Applicant\nBcc: x@example.com" });
    expect(result.success).toBe(false);
    expect(joinErrors(result.error!).familyName).toBe("Enter your last name on one line, without tabs or other control characters");
  });

  it.each(CONTROLS)("the register form refuses %s in the name", (_, value) => {
    const result = RegisterForm.safeParse({ name: value, email: "ada@example.com", password: "Correct-horse-battery-1" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", "Enter your name on one line, without tabs or other control characters"]]);
  });

  it("billing details refuse control characters in the organisation, and all but line breaks in the address", () => {
    const organisation = BillingDetailsForm.safeParse({ billingOrganisation: "Acme\r\nBcc: x@example.com" });
    expect(organisation.success).toBe(false);
    expect(organisation.error!.issues[0]).toMatchObject({ path: ["billingOrganisation"], message: "Enter the organisation name on one line, without tabs or other control characters" });

    const address = BillingDetailsForm.safeParse({ billingOrganisation: "Acme", billingAddress: "1 High Street\u0000\r\nExeter" });
    expect(address.success).toBe(false);
    expect(address.error!.issues[0]).toMatchObject({ path: ["billingAddress"], message: "Enter the billing address without tabs or other control characters (one line per line is fine)" });

    expect(BillingDetailsForm.safeParse({ billingOrganisation: "Acme", billingAddress: "1 High Street\u2028Exeter" }).success).toBe(false);
  });

  it("billing addresses keep their ordinary line breaks", () => {
    expect(BillingDetailsForm.parse({ billingOrganisation: "Acme Ltd", billingAddress: "1 High Street\r\nExeter\nEX1 1AA" })).toMatchObject({
      organisation: "Acme Ltd",
      address: ["1 High Street", "Exeter", "EX1 1AA"],
    });
  });
});

describe("subjects built from stored text (older rows, imports)", () => {
  it.each(CONTROLS)("never carry %s: it becomes a space", (_, value) => {
    const subject = subjectFor({
      kind: "application-staff-notice",
      data: {
        applicationId: "a1",
        reference: "GH-APP-1",
        applicantName: `${value} Applicant`,
        applicantEmail: "ada@example.com",
        membershipTitle: "Full\nmember",
        paymentMethod: "offline",
        amountDuePence: 100,
        submittedAt: "2026-11-01T10:00:00.000Z",
      },
    });
    expect(subject).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/);
    expect(subject.startsWith("New membership application: Ada")).toBe(true);
    expect(subject.endsWith(" Applicant (GH-APP-1)")).toBe(true);
    expect(subject).not.toContain("  ");
  });

  it("a subject is one line of at most 200 characters, runs of spaces collapsed", () => {
    const subject = subjectFor({ kind: "membership-lapsed", data: { givenName: "Ada", membershipTitle: `Full\r\n\r\n   member${"x".repeat(400)}`, lapsedOn: "2026-11-01" } });
    expect(subject.startsWith("Your Full member")).toBe(true);
    expect(subject.length).toBeLessThanOrEqual(200);
  });
});
