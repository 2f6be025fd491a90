/** The shape of the table list behind the export and erasure (the schema check is test/integration/personal-data-tables.test.ts). */
import { describe, expect, it } from "vitest";
import { PERSONAL_DATA_TABLES, TABLES_WITHOUT_PERSONAL_DATA, erasureStatement, exportQuery, parameterCount } from "../../../src/adapters/d1/personal-data-tables";

describe("the personal data tables", () => {
  it("name each table once, in one list or the other", () => {
    const names = [...PERSONAL_DATA_TABLES.map((t) => t.table), ...Object.keys(TABLES_WITHOUT_PERSONAL_DATA)];
    expect(new Set(names).size).toBe(names.length);
  });

  it("give a reason for every row kept or kept anonymised, and for every table without personal data", () => {
    for (const { table, erasure } of PERSONAL_DATA_TABLES) if (erasure.kind !== "delete") expect(erasure.why.length, table).toBeGreaterThan(10);
    for (const [table, why] of Object.entries(TABLES_WITHOUT_PERSONAL_DATA)) expect(why.length, table).toBeGreaterThan(10);
  });

  it("find rows through the user id (?1) apart from those found by the address (?2); only erasure's replacements use the pseudonym (?3)", () => {
    for (const { table, rowsOf, rowsAtAddress, erasure } of PERSONAL_DATA_TABLES) {
      expect(rowsOf ?? rowsAtAddress, table).toBeTruthy();
      if (rowsOf) expect(parameterCount(rowsOf), table).toBe(1);
      if (rowsAtAddress) expect(rowsAtAddress.where, table).toMatch(/^[^?]*\?2[^?]*$/);
      // A replacement may use the pseudonym, never the user id or the address it was found by
      // (a tombstone that only clears columns uses no parameter at all).
      if (erasure.kind === "anonymise") expect(erasure.set, table).not.toMatch(/\?[12](?!\d)/);
    }
  });

  it("never rewrite an audit entry found by the address alone, nor export what such rows say about someone else", () => {
    const table = (name: string) => PERSONAL_DATA_TABLES.find((t) => t.table === name)!;
    expect(table("staff_audit_log").rowsAtAddress?.erased).toBe(false);
    expect(erasureStatement(table("staff_audit_log"))).not.toContain("staff_email) = ?2");
    expect(exportQuery(table("email_outbox"))).not.toMatch(/SELECT \*|, data,|, subject,/);
    expect(exportQuery(table("staff_audit_log"))).not.toMatch(/SELECT \*|, details,/);
  });

  it("never export a session's id or a staff member's second-factor secrets", () => {
    const columns = (name: string) => PERSONAL_DATA_TABLES.find((t) => t.table === name)?.exportColumns;
    expect(columns("sessions")).not.toContain("id");
    expect(columns("staff_second_factors")).not.toContain("secret");
    expect(columns("staff_recovery_codes")).not.toContain("code_hash");
  });

  it("counts a statement's parameters by the highest number it uses", () => {
    expect(parameterCount("a = ?1")).toBe(1);
    expect(parameterCount("a = ?2 OR b = ?1")).toBe(2);
    expect(parameterCount("SELECT 1")).toBe(0);
  });
});
