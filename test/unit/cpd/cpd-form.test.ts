/** The CPD log's forms: a manual entry (every field checked), a webinar's reflection, the year asked for. */
import { describe, expect, it } from "vitest";
import { parseHours, parseLogYear, parseManualEntryForm, parseReflectionForm } from "../../../src/shared/cpd-form";

const TODAY = "2026-11-24";
const good = {
  activityDate: "2026-11-20",
  title: "  Safeguarding adults, level 2 ",
  provider: "County Health Education",
  hours: "1.5",
  category: "professional",
  reflection: "I know whom to call now.",
  evidenceUrl: "",
};

describe("a manual entry", () => {
  it("reads every field, trimming text, with hours in hundredths and no evidence link", () => {
    expect(parseManualEntryForm(good, TODAY)).toEqual({
      ok: true,
      value: {
        activityDate: "2026-11-20",
        title: "Safeguarding adults, level 2",
        provider: "County Health Education",
        hoursHundredths: 150,
        category: "professional",
        reflection: "I know whom to call now.",
        evidenceUrl: null,
      },
    });
  });

  it("keeps an https evidence link, and accepts today's date", () => {
    const result = parseManualEntryForm({ ...good, activityDate: TODAY, evidenceUrl: " https://training.example/cert.pdf " }, TODAY);
    expect(result.ok && result.value).toMatchObject({ activityDate: TODAY, evidenceUrl: "https://training.example/cert.pdf" });
  });

  it.each([
    ["a date in the future", { activityDate: "2026-11-25" }, "activityDate", "The date cannot be in the future"],
    ["no date", { activityDate: "" }, "activityDate", "Enter the date of the activity"],
    ["a date that does not exist", { activityDate: "2026-02-30" }, "activityDate", "Enter a real date, like 2026-03-14"],
    ["a date in another format", { activityDate: "20/11/2026" }, "activityDate", "Enter a real date, like 2026-03-14"],
    ["a date long ago", { activityDate: "1949-12-31" }, "activityDate", "The date must be in 1950 or later"],
    ["no title", { title: "   " }, "title", "Enter the title of the activity"],
    ["an overlong title", { title: "x".repeat(201) }, "title", "The title of the activity must be 200 characters or fewer"],
    ["a control character in the provider", { provider: "A\u0000B" }, "provider", "The provider (who ran it) contains characters that cannot be shown"],
    ["no provider", { provider: "" }, "provider", "Enter the provider (who ran it)"],
    ["no hours", { hours: "" }, "hours", "Enter the hours, like 1.5"],
    ["hours below a quarter", { hours: "0.2" }, "hours", "The hours must be between 0.25 and 100"],
    ["hours above 100", { hours: "100.01" }, "hours", "The hours must be between 0.25 and 100"],
    ["hours in words", { hours: "two" }, "hours", "Enter the hours as a number with up to two decimal places, like 1.5 or 0.25"],
    ["hours with three decimals", { hours: "1.125" }, "hours", "Enter the hours as a number with up to two decimal places, like 1.5 or 0.25"],
    ["negative hours", { hours: "-1" }, "hours", "Enter the hours as a number with up to two decimal places, like 1.5 or 0.25"],
    ["an unknown category", { category: "fun" }, "category", expect.stringContaining("Choose a category")],
    ["a category inherited from Object", { category: "toString" }, "category", expect.stringContaining("Choose a category")],
    ["no reflection", { reflection: "" }, "reflection", expect.stringContaining("Enter the reflection")],
    ["an overlong reflection", { reflection: "x".repeat(5001) }, "reflection", expect.stringContaining("5000 characters or fewer")],
    ["a javascript: evidence link", { evidenceUrl: "javascript:alert(1)" }, "evidenceUrl", "The evidence link must start with https:// or http://"],
    ["an evidence link that is not an address", { evidenceUrl: "my certificate" }, "evidenceUrl", expect.stringContaining("full web address")],
    ["an evidence link with a password", { evidenceUrl: "https://a:b@example.com/" }, "evidenceUrl", "The evidence link must not contain a user name or password"],
    ["an overlong evidence link", { evidenceUrl: `https://example.com/${"x".repeat(2000)}` }, "evidenceUrl", "The evidence link must be 2000 characters or fewer"],
  ])("refuses %s, naming the field", (_name, change, field, message) => {
    const result = parseManualEntryForm({ ...good, ...change }, TODAY);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([{ field, message }]);
  });

  it("reports every problem at once, and survives fields that are not text", () => {
    const result = parseManualEntryForm({ title: ["a"], hours: 3, category: null }, TODAY);
    expect(!result.ok && result.problems.map((p) => p.field)).toEqual(["activityDate", "title", "provider", "hours", "category", "reflection"]);
  });
});

describe("hours", () => {
  it.each([
    ["0.25", 25],
    ["1", 100],
    ["1.5", 150],
    ["12.05", 1205],
    ["100", 10000],
  ])("reads %s as %i hundredths", (text, hundredths) => expect(parseHours(text)).toEqual({ ok: true, hundredths }));
});

describe("a webinar's reflection", () => {
  it("is required and trimmed", () => {
    expect(parseReflectionForm({ reflection: "  Useful.  " })).toEqual({ ok: true, value: "Useful." });
    expect(parseReflectionForm({})).toMatchObject({ ok: false, problems: [{ field: "reflection" }] });
  });
});

describe("the year asked for", () => {
  it("is this year by default, any year from 1950 to next year, and nothing else", () => {
    expect(parseLogYear(undefined, 2026)).toBe(2026);
    expect(parseLogYear("2019", 2026)).toBe(2019);
    expect(parseLogYear("2027", 2026)).toBe(2027);
    for (const bad of ["2028", "1949", "26", "2026abc", "twenty"]) expect(parseLogYear(bad, 2026)).toBeNull();
  });
});
