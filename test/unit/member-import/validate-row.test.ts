/** One row of the member import file: a table of good rows and of bad ones, each with its column and reason. */
import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../../src/domain/member-import";
import { columnsOf, guessMapping } from "../../../src/services/member-import/mapping";
import { validateRow } from "../../../src/services/member-import/validate-row";

const TYPES = [
  { slug: "full-member", title: "Full member" },
  { slug: "student", title: "Student" },
];
const TODAY = "2026-11-28";
const header = { index: columnsOf(guessMapping([...IMPORT_COLUMNS])) };

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
  validateRow({ line: 7, fields: IMPORT_COLUMNS.map((column) => ({ ...GOOD, ...overrides })[column]) }, header.index, TYPES, TODAY);

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
        consentsGiven: [],
        honour: null,
        concession: null,
        note: null,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        payments: [],
        cpd: [],
        custom: [],
      },
    });
  });

  it("carries a card payer's Stripe customer and subscription when the file has those columns", () => {
    const columns = [...IMPORT_COLUMNS, "stripe_customer_id", "stripe_subscription_id"];
    const withStripe = { index: columnsOf(guessMapping(columns)) };
    const values: Record<string, string> = { ...GOOD, payment_method: "card", stripe_customer_id: "cus_Abc123", stripe_subscription_id: "sub_Xyz789" };
    const result = validateRow({ line: 3, fields: columns.map((c) => values[c]!) }, withStripe.index, TYPES, TODAY);
    expect(result).toMatchObject({ ok: true, member: { paymentMethod: "card", stripeCustomerId: "cus_Abc123", stripeSubscriptionId: "sub_Xyz789" } });
    const problems = (fields: Record<string, string>) => {
      const checked = validateRow({ line: 3, fields: columns.map((c) => ({ ...values, ...fields })[c]!) }, withStripe.index, TYPES, TODAY);
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
    ["a day-first date (31/01/2026)", { period_start: "31/01/2026" }, { periodStart: "2026-01-31" }],
    ["another system's word for a status", { status: "Expired" }, { status: "lapsed" }],
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
    ["a date in American order", { period_start: "01/31/2026" }, "period_start", "01/31/2026 is not a real date"],
    ["a day-first date that is not a day", { period_start: "31/02/1980" }, "period_start", "Period start 31/02/1980 is not a real date"],
    ["a date in words", { period_start: "January 2026" }, "period_start", "write it as YYYY-MM-DD (2026-01-31) or DD/MM/YYYY"],
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
    const result = validateRow({ line: 3, fields: ["ada@example.org", "Ada"] }, header.index, TYPES, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.column)).toEqual(["membership_type", "status", "period_start", "period_end", "payment_method"]);
  });
});

describe("a row's history", () => {
  const columns = [...IMPORT_COLUMNS, "Payment 1 date", "Payment 1 amount", "Payment 1 method", "Payment 1 reference", "Payment 2 date", "Payment 2 amount", "CPD 1 date", "CPD 1 title", "CPD 1 hours", "CPD 1 category", "Date of birth"];
  const index = columnsOf(guessMapping(columns));
  const withHistory = (history: Record<string, string>) =>
    validateRow({ line: 212, fields: columns.map((c) => ({ ...GOOD, ...history } as Record<string, string>)[c] ?? "") }, index, TYPES, TODAY);

  it("carries payments, CPD and the society's own fields; blank entries are none", () => {
    const result = withHistory({
      "Payment 1 date": "01/04/2025",
      "Payment 1 amount": "£1,085.50",
      "Payment 1 method": "Direct debit",
      "Payment 1 reference": "WA-991",
      "CPD 1 date": "2025-03-02",
      "CPD 1 title": "Spinal  manipulation update",
      "CPD 1 hours": "3.5",
      "CPD 1 category": "Clinical practice",
      "Date of birth": "1980-02-28",
    });
    expect(result).toMatchObject({
      ok: true,
      member: {
        payments: [{ date: "2025-04-01", amountPence: 108_550, method: "Direct debit", reference: "WA-991" }],
        cpd: [{ date: "2025-03-02", title: "Spinal manipulation update", hundredths: 350, category: "clinical" }],
        custom: [{ name: "Date of birth", value: "1980-02-28" }],
      },
    });
  });

  it.each([
    [{ "Payment 2 date": "2025-01-01" }, "Payment 2 amount", "Payment 2 has no amount"],
    [{ "Payment 1 date": "31/02/2025", "Payment 1 amount": "10" }, "Payment 1 date", "Payment 1 date 31/02/2025 is not a real date"],
    [{ "Payment 1 date": "2025-01-01", "Payment 1 amount": "ten pounds" }, "Payment 1 amount", 'Payment 1 amount "ten pounds" is not an amount'],
    [{ "CPD 1 date": "2025-01-01", "CPD 1 title": "Course", "CPD 1 hours": "0.1" }, "CPD 1 hours", 'CPD 1 hours "0.1" is not a number of hours from 0.25 to 100'],
    [{ "CPD 1 date": "2025-01-01", "CPD 1 title": "Course", "CPD 1 hours": "2", "CPD 1 category": "Golf" }, "CPD 1 category", 'CPD 1 category "Golf" is not one of'],
  ])("refuses %o with the entry and part named", (history, column, message) => {
    const result = withHistory(history);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContainEqual({ line: 212, column, message: expect.stringContaining(message) });
  });
});

describe("a row's consent dates, special status and note", () => {
  const columns = [...IMPORT_COLUMNS, "special_status", "concession_price", "concession_until", "concession_reason", "notes"];
  const index = columnsOf(guessMapping(columns));
  const checked = (cells: Record<string, string>) =>
    validateRow({ line: 9, fields: columns.map((c) => ({ ...GOOD, ...cells } as Record<string, string>)[c] ?? "") }, index, TYPES, TODAY);
  const problems = (cells: Record<string, string>) => {
    const result = checked(cells);
    return result.ok ? [] : result.problems.map((p) => [p.column, p.message]);
  };

  it("dates each consent the file dates, the earliest day when a consent is named twice", () => {
    expect(checked({ consents: "newsletter:31/01/2024; directory; Newsletter:2023-05-01; events-near-me:2026-11-28" })).toMatchObject({
      ok: true,
      member: {
        consents: ["newsletter", "directory", "events-near-me"],
        consentsGiven: [
          { name: "newsletter", date: "2023-05-01" },
          { name: "events-near-me", date: "2026-11-28" },
        ],
      },
    });
  });

  it("refuses a consent's date that is not a day, or is after the day of the check", () => {
    expect(problems({ consents: "newsletter:2024-02-30" })).toEqual([["consents", 'The date of consent "newsletter" 2024-02-30 is not a real date']]);
    expect(problems({ consents: "newsletter:2026-11-29" })).toEqual([["consents", 'The date of consent "newsletter" (2026-11-29) is in the future: give the day it was given']]);
  });

  it("reads honorary and life memberships as in force without an end, and a concession with its price, end and reason", () => {
    expect(checked({ special_status: "Life member", period_end: "" })).toMatchObject({ ok: true, member: { honour: "life", periodEnd: null, concession: null } });
    expect(checked({ special_status: "honorary", period_end: "not read" })).toMatchObject({ ok: true, member: { honour: "honorary", periodEnd: null } });
    expect(checked({ special_status: "concession", concession_price: "£0", concession_until: "01/01/2027", concession_reason: "Retired" })).toMatchObject({
      ok: true,
      member: { honour: null, concession: { pence: 0, until: "2027-01-01", reason: "Retired" } },
    });
    expect(checked({ notes: "Rang in May" })).toMatchObject({ ok: true, member: { note: "Rang in May" } });
  });

  it.each([
    ["an unknown special status", { special_status: "Fellow" }, "special_status", '"Fellow" is not a special status: use honorary, life or concession, or leave it blank'],
    ["an honorary member who is not active", { special_status: "honorary", status: "lapsed" }, "special_status", "An honorary membership is in force: set status to active"],
    ["a concession without a price", { special_status: "concession", concession_until: "2027-01-01" }, "concession_price", "A concession needs its yearly price"],
    ["a concession that has ended", { special_status: "concession", concession_price: "45", concession_until: "2026-11-28" }, "concession_until", "The concession ended on 2026-11-28"],
    ["a concession's price without a concession", { concession_price: "45" }, "concession_price", "concession_price is only for a concession"],
    ["a status that is a special status", { status: "Honorary" }, "status", "an honorary, life or concession membership goes in the special_status column"],
    ["a note longer than 5,000 characters", { notes: "x".repeat(5_001) }, "notes", "The note is longer than 5,000 characters"],
  ])("refuses %s", (_name, cells, column, message) => {
    expect(problems(cells)).toContainEqual([column, expect.stringContaining(message)]);
  });
});
