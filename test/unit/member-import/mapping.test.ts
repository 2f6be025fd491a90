/** The column mapping: the guess from a header, the problems that stop a mapping, and the mapping screen's form. */
import { describe, expect, it } from "vitest";
import { IMPORT_COLUMNS } from "../../../src/domain/member-import";
import { columnsOf, guessMapping, mappingProblems, needsNoScreen, rememberedUses } from "../../../src/services/member-import/mapping";
import { readMappingForm } from "../../../src/services/member-import/mapping-form";

describe("the guess from a header", () => {
  it("reads the site's own columns in any order, case and spacing, and needs no screen", () => {
    const shuffled = ["Consents", "Payment method", "address", "MEMBER-NUMBER", "period end", "Period_Start", "status", "Membership Type", "name", "E-mail"];
    const mapping = guessMapping(shuffled);
    expect(needsNoScreen(mapping)).toBe(true);
    expect(columnsOf(mapping).fields.email).toBe(9);
  });

  it("reads a Wild-Apricot-style export: other names for the fields, numbered payments, the rest kept under its name", () => {
    const header = ["Member ID", "First name", "e-mail address", "Membership level", "Membership status", "Member since", "Renewal due", "Payment 2 amount", "Last payment date", "Last payment amount", "Payment 2 date", "Branch"];
    expect(guessMapping(header)).toEqual([
      { kind: "field", field: "member_number" },
      { kind: "custom", name: "First name" },
      { kind: "field", field: "email" },
      { kind: "field", field: "membership_type" },
      { kind: "field", field: "status" },
      { kind: "field", field: "period_start" },
      { kind: "field", field: "period_end" },
      { kind: "history", field: "payment.amount", entry: 2 },
      { kind: "history", field: "payment.date", entry: 1 },
      { kind: "history", field: "payment.amount", entry: 1 },
      { kind: "history", field: "payment.date", entry: 2 },
      { kind: "custom", name: "Branch" },
    ]);
    // No column for the name: staff must choose one.
    expect(needsNoScreen(guessMapping(header))).toBe(false);
    expect(mappingProblems(guessMapping(header))).toEqual([{ column: null, message: "Choose a column for: Name" }]);
  });

  it("remembers what staff chose for a column of the same name", () => {
    const remembered = rememberedUses(["First name"], [{ kind: "field", field: "name" }]);
    expect(guessMapping(["first NAME"], remembered)).toEqual([{ kind: "field", field: "name" }]);
  });
});

describe("a mapping's problems", () => {
  it("names a field used twice, and a history entry without its required parts", () => {
    const mapping = [...IMPORT_COLUMNS.map((field) => ({ kind: "field" as const, field })), { kind: "field" as const, field: "email" as const }, { kind: "history" as const, field: "cpd.date" as const, entry: 3 }];
    expect(mappingProblems(mapping)).toEqual([
      { column: 10, message: "E-mail address is already column 1: choose one column for it" },
      { column: null, message: "CPD 3 needs a column for its title and hours" },
    ]);
  });
});

describe("the mapping screen's form", () => {
  const header = ["Email", "Name", "Type", "Status", "From", "To", "Paid"];
  const good = { "use.0": "field:email", "use.1": "field:name", "use.2": "field:membership_type", "use.3": "field:status", "use.4": "field:period_start", "use.5": "field:period_end" };

  it("reads each column's use, entry and kept name", () => {
    const outcome = readMappingForm(header, { ...good, "use.6": "history:payment.amount", "entry.6": "2" });
    expect(outcome).toEqual({ ok: false, mapping: expect.any(Array), problems: [{ column: null, message: "Payment 2 needs a column for its date" }] });
    expect(readMappingForm(header, { ...good, "use.6": "custom", "name.6": "Last paid" })).toEqual({ ok: true, mapping: expect.arrayContaining([{ kind: "custom", name: "Last paid" }]) });
    expect(readMappingForm(header, { ...good, "use.6": "ignore" }).ok).toBe(true);
  });

  it("refuses a column left unchosen, an entry out of range and a forged field, keeping the rest", () => {
    const outcome = readMappingForm(header, { ...good, "use.6": "history:payment.date", "entry.6": "99", "use.0": "field:password" });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.problems).toContainEqual({ column: 0, message: "Choose what this column holds, or ignore it" });
      expect(outcome.problems).toContainEqual({ column: 6, message: "Which entry: a whole number from 1 to 20" });
      expect(outcome.mapping[1]).toEqual({ kind: "field", field: "name" });
    }
  });
});
