/** One row of the member import file: a table of good rows and of bad ones, each with its column and reason. */
import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../../src/domain/member-import";
import { readHeader } from "../../../src/services/member-import/columns";
import { validateRow } from "../../../src/services/member-import/validate-row";

const TYPES = [
  { slug: "full-member", title: "Full member" },
  { slug: "student", title: "Student" },
];
const header = readHeader([...IMPORT_COLUMNS]);
if (!header.ok) throw new Error("the canonical header must be accepted");

const GOOD: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  email: "Ada@Example.org",
  name: "Ada  Lovelace",
  membership_type: "Full member",
  status: "active",
  period_start: "2026-01-01",
  period_end: "2026-12-31",
  member_number: "1042",
  address: "1 Guild Street, Bristol",
  payment_method: "bank transfer",
  consents: "newsletter; Directory",
};

const check = (overrides: Partial<typeof GOOD>) =>
  validateRow({ line: 7, fields: IMPORT_COLUMNS.map((column) => ({ ...GOOD, ...overrides })[column]) }, header.index, TYPES);

describe("a good row", () => {
  it("becomes a member: address in lower case, type from the CMS, spaces tidied, consents listed once", () => {
    expect(check({})).toEqual({
      ok: true,
      member: {
        line: 7,
        email: "ada@example.org",
        name: "Ada Lovelace",
        membershipSlug: "full-member",
        membershipTitle: "Full member",
        status: "active",
        periodStart: "2026-01-01",
        periodEnd: "2026-12-31",
        memberNumber: 1042,
        address: "1 Guild Street, Bristol",
        paymentMethod: "offline",
        consents: ["newsletter", "directory"],
        stripeCustomerId: null,
        stripeSubscriptionId: null,
      },
    });
  });

  it("carries a card payer's Stripe customer and subscription when the file has those columns", () => {
    const columns = [...IMPORT_COLUMNS, "stripe_customer_id", "stripe_subscription_id"];
    const withStripe = readHeader(columns);
    if (!withStripe.ok) throw new Error("the Stripe columns must be accepted");
    const values: Record<string, string> = { ...GOOD, payment_method: "card", stripe_customer_id: "cus_Abc123", stripe_subscription_id: "sub_Xyz789" };
    const result = validateRow({ line: 3, fields: columns.map((c) => values[c]!) }, withStripe.index, TYPES);
    expect(result).toMatchObject({ ok: true, member: { paymentMethod: "card", stripeCustomerId: "cus_Abc123", stripeSubscriptionId: "sub_Xyz789" } });
    const problems = (fields: Record<string, string>) => {
      const checked = validateRow({ line: 3, fields: columns.map((c) => ({ ...values, ...fields })[c]!) }, withStripe.index, TYPES);
      return checked.ok ? [] : checked.problems.map((p) => [p.column, p.message]);
    };
    expect(problems({ stripe_customer_id: "12345" })).toEqual([["stripe_customer_id", '"12345" is not a Stripe customer id: copy it from Stripe, like cus_NffrFeUfNV2Hib']]);
    expect(problems({ payment_method: "offline" })).toEqual([["stripe_customer_id", "A Stripe customer is for members who pay by card: set payment_method to card, or leave this blank"]]);
    expect(problems({ stripe_customer_id: "" })).toEqual([["stripe_subscription_id", "A Stripe subscription needs its customer: fill in stripe_customer_id too"]]);
  });

  it.each([
    ["a type by its slug", { membership_type: "student" }, { membershipSlug: "student", membershipTitle: "Student" }],
    ["a type in any case", { membership_type: "FULL MEMBER" }, { membershipSlug: "full-member" }],
    ["a blank member number (the next is given)", { member_number: "" }, { memberNumber: null }],
    ["no address", { address: "" }, { address: null }],
    ["no consents", { consents: "" }, { consents: [] }],
    ["repeated consents", { consents: "a;a;;b" }, { consents: ["a", "b"] }],
    ["card payment", { payment_method: "Card" }, { paymentMethod: "card" }],
    ["cheque", { payment_method: "cheque" }, { paymentMethod: "offline" }],
    ["a lapsed member", { status: "Lapsed" }, { status: "lapsed" }],
    ["a cancelled member", { status: "cancelled" }, { status: "cancelled" }],
    ["a leap day", { period_start: "2024-02-29" }, { periodStart: "2024-02-29" }],
  ])("accepts %s", (_name, overrides, expected) => {
    const result = check(overrides);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.member).toMatchObject(expected);
  });
});

describe("a bad row", () => {
  it.each([
    ["no e-mail", { email: "" }, "email", "An e-mail address is needed"],
    ["a malformed e-mail", { email: "ada.example.org" }, "email", '"ada.example.org" is not an e-mail address'],
    ["no name", { name: "  " }, "name", "A name is needed"],
    ["an unknown type", { membership_type: "Gold" }, "membership_type", '"Gold" is not a membership type. The site has: Full member, Student'],
    ["no type", { membership_type: "" }, "membership_type", "A membership type is needed"],
    ["an unknown status", { status: "awaiting_payment" }, "status", "use active, lapsed or cancelled"],
    ["a day-first date", { period_start: "31/01/2026" }, "period_start", "write it as YYYY-MM-DD"],
    ["an impossible date", { period_end: "2026-02-30" }, "period_end", "2026-02-30 is not a real date"],
    ["no leap day that year", { period_start: "2025-02-29" }, "period_start", "not a real date"],
    ["month 13", { period_start: "2026-13-01" }, "period_start", "not a real date"],
    ["a missing end", { period_end: "" }, "period_end", "The period's end date is needed"],
    ["an end before the start", { period_start: "2026-06-01", period_end: "2026-05-31" }, "period_end", "ends (2026-05-31) on or before it starts (2026-06-01)"],
    ["a member number with letters", { member_number: "M1042" }, "member_number", '"M1042" is not a member number'],
    ["member number 0", { member_number: "0" }, "member_number", "is not a member number"],
    ["a negative member number", { member_number: "-5" }, "member_number", "is not a member number"],
    ["an unknown payment method", { payment_method: "direct debit" }, "payment_method", '"direct debit" is not a payment method'],
    ["a consent with spaces", { consents: "news letter" }, "consents", '"news letter" is not a consent name'],
    ["a very long address", { address: "x".repeat(501) }, "address", "longer than 500 characters"],
  ])("refuses %s", (_name, overrides, column, message) => {
    const result = check(overrides);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContainEqual({ line: 7, column, message: expect.stringContaining(message) });
  });

  it("reports every problem of the row at once, not just the first", () => {
    const result = check({ email: "nope", status: "gone", period_end: "2026-02-31" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.column)).toEqual(["email", "status", "period_end"]);
  });

  it("treats a row with missing trailing fields as blank values", () => {
    const result = validateRow({ line: 3, fields: ["ada@example.org", "Ada"] }, header.index, TYPES);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.column)).toEqual(["membership_type", "status", "period_start", "period_end", "payment_method"]);
  });
});

describe("the header", () => {
  it("accepts the columns in any order, case and spacing", () => {
    const shuffled = ["Consents", "Payment method", "address", "MEMBER-NUMBER", "period end", "Period_Start", "status", "Membership Type", "name", "E-mail"];
    const result = readHeader(shuffled);
    // "E-mail" is not "email": hyphens become underscores.
    expect(result).toEqual({ ok: false, problems: [expect.stringContaining("Missing column: email")] });
    const fixed = readHeader(shuffled.map((c) => (c === "E-mail" ? "Email" : c)));
    expect(fixed.ok).toBe(true);
    if (fixed.ok) expect(fixed.index.email).toBe(9);
  });

  it("names every missing column, and a repeated one", () => {
    expect(readHeader(["email", "name", "email"])).toEqual({
      ok: false,
      problems: [
        'The column "email" appears twice.',
        expect.stringContaining("Missing columns: membership_type, status, period_start, period_end, member_number, address, payment_method, consents."),
      ],
    });
  });
});
