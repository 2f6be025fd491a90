/**
 * The list of tables that drives the data export and erasure (adapters/d1/personal-data-tables.ts)
 * against the real schema: every table the migrations create is either listed with how its rows
 * about a person are found, or named as holding no personal data with the reason. A new table
 * fails here until its author decides which.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PERSONAL_DATA_TABLES, TABLES_WITHOUT_PERSONAL_DATA, erasureStatement, exportQuery, parameterCount } from "../../src/adapters/d1/personal-data-tables";

/** A full-text index keeps its entries in shadow tables named after it: they follow its own rows. */
const FTS_SHADOW = /_(data|idx|content|docsize|config)$/;

const schemaTables = async () => {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string; sql: string | null }>();
  const fullText = results.filter((r) => /USING fts5/i.test(r.sql ?? "")).map((r) => r.name);
  return results.map((r) => r.name).filter((name) => !fullText.some((index) => name.startsWith(`${index}_`) && FTS_SHADOW.test(name)));
};

describe("the tables a person's data lives in", () => {
  it("covers every table in the schema, and names no table that does not exist", async () => {
    const listed = [...PERSONAL_DATA_TABLES.map((t) => t.table), ...Object.keys(TABLES_WITHOUT_PERSONAL_DATA)].sort();
    expect(listed).toEqual(await schemaTables());
  });

  it("finds rows, erases and exports with SQL the schema accepts", async () => {
    // With a verified address and without one (NULL).
    for (const address of ["nobody@guild.example", null]) {
      const person = ["no-such-user", address, `erased:${"0".repeat(64)}`];
      for (const table of PERSONAL_DATA_TABLES) {
        const select = exportQuery(table);
        const { results } = await env.DB.prepare(select).bind(...person.slice(0, parameterCount(select))).all();
        expect(results, table.table).toEqual([]);
        const erase = erasureStatement(table);
        if (erase && table.erasure.kind === "anonymise") {
          const outcome = await env.DB.prepare(erase).bind(...person.slice(0, parameterCount(erase))).run();
          expect(outcome.meta.changes, table.table).toBe(0);
        }
      }
    }
  });
});
