/** The join form's rules for what applicants show: evidence per membership, registration numbers, postcodes, countries, the password rule. */
import { describe, expect, it } from "vitest";
import type { MembershipEvidence } from "../../src/domain/content";
import { countryOptions, isCountryCode, usesPostcodes } from "../../src/shared/countries";
import { DEFAULT_EVIDENCE, joinDetails, joinErrors, joinRequirements, registrationPattern } from "../../src/shared/join-form";
import { FIREBASE_PASSWORD_POLICY, newPassword, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "../../src/shared/password-policy";

const base = {
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

const associate: MembershipEvidence = {
  registrationNumber: "optional",
  yearQualified: "optional",
  workplace: "optional",
  placeOfStudy: "optional",
  registrationNumberPattern: null,
  registrationNumberExample: null,
};

const check = (fields: Record<string, string>, evidence: MembershipEvidence = DEFAULT_EVIDENCE, form = { registrationNumberPattern: null as string | null, registrationNumberExample: null as string | null }) => {
  const result = joinDetails(joinRequirements(evidence, form)).safeParse({ ...base, ...fields });
  return result.success ? { ok: true as const, data: result.data } : { ok: false as const, errors: joinErrors(result.error) };
};

describe("registration numbers (the general rule)", () => {
  it.each(["PH123456", "HCPC PH 12345", "12345678", "A-1234/5", "ph 1234.5", "1234"])("accepts %s", (number) => {
    const result = check({ registrationNumber: number });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) expect(result.data.registrationNumber).toBe(number.toUpperCase());
  });

  it.each([
    ["12", "Enter your registration number as it is on your registration certificate, like PH123456"],
    ["PHYSIO", "Enter your registration number as it is on your registration certificate, like PH123456"],
    ["-1234", "Enter your registration number as it is on your registration certificate, like PH123456"],
    ["<b>123</b>", "Use only letters, digits, spaces, dots, slashes and dashes in your registration number, like PH123456"],
    ["1".repeat(31), "Your professional registration number must be 30 characters or fewer"],
  ])("refuses %s with a specific error", (number, message) => {
    expect(check({ registrationNumber: number })).toEqual({ ok: false, errors: { registrationNumber: message } });
  });

  it("takes the membership's pattern first, then the join page's, and says its example", () => {
    const nmc = { ...DEFAULT_EVIDENCE, registrationNumberPattern: "[0-9]{2}[A-Z][0-9]{4}[A-Z]", registrationNumberExample: "12A3456E" };
    expect(check({ registrationNumber: "12a3456e" }, nmc).ok).toBe(true);
    expect(check({ registrationNumber: "PH123456" }, nmc)).toEqual({ ok: false, errors: { registrationNumber: "Enter your registration number in the form 12A3456E" } });
    const formWide = { registrationNumberPattern: "PH[0-9]{6}", registrationNumberExample: "PH000001" };
    expect(check({ registrationNumber: "12345678" }, DEFAULT_EVIDENCE, formWide)).toEqual({
      ok: false,
      errors: { registrationNumber: "Enter your registration number in the form PH000001" },
    });
    expect(check({ registrationNumber: "12a3456e" }, nmc, formWide).ok).toBe(true);
  });

  it("ignores a pattern that is not a regular expression", () => {
    expect(registrationPattern("([")).toBeNull();
    expect(registrationPattern("  ")).toBeNull();
    expect(check({ registrationNumber: "A-1234/5" }, { ...DEFAULT_EVIDENCE, registrationNumberPattern: "([" }).ok).toBe(true);
  });
});

describe("evidence per membership type", () => {
  it("a type that leaves evidence optional accepts none of it, stored as null", () => {
    const result = check({ registrationNumber: "", yearQualified: "", membership: "associate-member" }, associate);
    expect(result.ok && { reg: result.data.registrationNumber, year: result.data.yearQualified, study: result.data.placeOfStudy }).toEqual({ reg: null, year: null, study: null });
  });

  it("still checks optional evidence that is given", () => {
    expect(check({ registrationNumber: "<x>" }, associate)).toMatchObject({ ok: false, errors: { registrationNumber: expect.stringContaining("Use only letters") } });
  });

  it("ignores evidence a type does not ask for", () => {
    const result = check({ registrationNumber: "<not asked>", yearQualified: "x" }, { ...associate, registrationNumber: "notAsked", yearQualified: "notAsked" });
    expect(result.ok && [result.data.registrationNumber, result.data.yearQualified]).toEqual([null, null]);
  });

  it("requires what a full member shows", () => {
    expect(check({ registrationNumber: "", yearQualified: "" })).toEqual({
      ok: false,
      errors: { registrationNumber: "Enter your professional registration number", yearQualified: "Enter the year you qualified, like 2015" },
    });
  });
});

describe("addresses", () => {
  it.each([
    ["GB", "SW1A 2AA"],
    ["IE", "D02 X285"],
    ["US", "20500-0003"],
    ["NL", "1012 LG"],
    ["CA", "K1M 1M4"],
    ["IN", "110004"],
    ["HK", ""],
  ])("accepts a %s address with postcode %j", (country, postcode) => {
    const result = check({ country, postcode });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) expect(result.data.postcode).toBe(postcode ? postcode.toUpperCase() : null);
  });

  it("requires a postcode where addresses have them, and refuses a country not on the list", () => {
    expect(check({ country: "US", postcode: "" })).toEqual({ ok: false, errors: { postcode: "Enter your postcode" } });
    expect(check({ country: "Narnia" })).toEqual({ ok: false, errors: { country: "Choose your country from the list" } });
    expect(check({ country: "" })).toEqual({ ok: false, errors: { country: "Choose your country" } });
  });

  it("knows every ISO 3166-1 country once, and which have no postcodes", () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(new Set(options.map((o) => o.code)).size).toBe(249);
    expect(isCountryCode("GB") && isCountryCode("HK") && !isCountryCode("UK")).toBe(true);
    expect([usesPostcodes("HK"), usesPostcodes("AE"), usesPostcodes("GB"), usesPostcodes("IE")]).toEqual([false, false, true, true]);
  });
});

describe("the one password rule", () => {
  it("is stated in words and is Firebase's password policy", () => {
    expect(PASSWORD_RULE).toContain(`At least ${PASSWORD_MIN_LENGTH} characters`);
    expect(FIREBASE_PASSWORD_POLICY.passwordPolicyVersions[0].customStrengthOptions.minPasswordLength).toBe(PASSWORD_MIN_LENGTH);
  });

  it("refuses a short password with a message that names the rule", () => {
    expect(newPassword().safeParse("a".repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
    expect(newPassword("Your new password").safeParse("short-pw").error?.issues[0]?.message).toBe(`Your new password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(newPassword().safeParse("").error?.issues[0]?.message).toBe("Choose a password");
  });
});
