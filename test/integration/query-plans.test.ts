/**
 * The hot paths' queries at real sizes: SQLite's own plan (EXPLAIN QUERY PLAN) of each listed
 * statement, against the schema the migrations build, must find its rows through an index. A
 * full scan (`SCAN <table>`, or a whole index read from end to end) costs the same whether the
 * table holds 5,000 members or 500,000, and D1 answers one query at a time, so one such query on
 * a busy page holds up everyone. The statements are the adapters' own, exported, not copies.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_FOR_APPLICATION_SQL, AUDIT_FOR_ORDER_SQL } from "../../src/adapters/d1/audit-log";
import { DIRECTORY_BROWSE_AFTER_SQL, DIRECTORY_BROWSE_BEFORE_SQL, DIRECTORY_SEARCH_AFTER_SQL, DIRECTORY_SEARCH_BEFORE_SQL } from "../../src/adapters/d1/directory";
import { OWNERS_NOT_YET_TOLD_SQL } from "../../src/adapters/d1/entitlements";
import { SCHEDULE_UPKEEP_FOR_USER_SQL } from "../../src/adapters/d1/membership-changes";
import { outboxListSql } from "../../src/adapters/d1/outbox";
import { parameterCount } from "../../src/adapters/d1/personal-data-tables";

/** Each hot statement by what it serves, with the values its plan is asked for (the rest are null). */
const HOT_QUERIES: readonly { name: string; sql: string; values?: unknown[] }[] = [
  { name: "directory: browse by name, next page", sql: DIRECTORY_BROWSE_AFTER_SQL },
  { name: "directory: browse by name, previous page", sql: DIRECTORY_BROWSE_BEFORE_SQL },
  { name: "directory: search, next page", sql: DIRECTORY_SEARCH_AFTER_SQL, values: [null, 0, null, 21, '"ada"*'] },
  { name: "directory: search, previous page", sql: DIRECTORY_SEARCH_BEFORE_SQL, values: [null, 99, null, 21, '"ada"*'] },
  ...SCHEDULE_UPKEEP_FOR_USER_SQL.map((sql, i) => ({ name: `Stripe webhooks: schedule upkeep for one member (${i + 1})`, sql })),
  { name: "staff e-mails: the failed list", sql: outboxListSql({ statuses: 1, search: false }) },
  { name: "staff e-mails: the waiting list", sql: outboxListSql({ statuses: 3, search: false }), values: [50, '["pending","sending","retry"]'] },
  { name: "daily job: webinar owners not yet told", sql: OWNERS_NOT_YET_TOLD_SQL, values: ['[{"webinarId":"w","kind":"recording-ready","keyAfterUser":":w"}]'] },
  { name: "staff application page: its audit entries", sql: AUDIT_FOR_APPLICATION_SQL },
  { name: "staff order page: its audit entries", sql: AUDIT_FOR_ORDER_SQL },
];

/**
 * The plan's lines that read a whole table or index: `SCAN x` and `SCAN x USING [COVERING] INDEX i`.
 * A virtual table's scan is its own lookup (json_each, left unaliased, over the bound list; the
 * full-text index, which must be asked with MATCH: `:M` in its plan), and a constant row is no table.
 */
function fullScans(plan: readonly string[]): string[] {
  return plan.filter((line) => {
    if (!line.startsWith("SCAN ")) return false;
    if (line === "SCAN CONSTANT ROW") return false;
    if (/^SCAN json_each\b/.test(line)) return false;
    if (/VIRTUAL TABLE INDEX \d+:M/.test(line)) return false;
    return true;
  });
}

async function planOf(sql: string, values: unknown[] = []): Promise<string[]> {
  const bound = Array.from({ length: parameterCount(sql) }, (_, i) => values[i] ?? null);
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...bound).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

describe("the hot paths' query plans", () => {
  beforeAll(async () => {
    // Statistics as production has them after the migrations' PRAGMA optimize.
    await env.DB.exec("ANALYZE");
  });

  it("recognises a full table scan and a whole-index read", () => {
    expect(fullScans(["SCAN memberships", "SEARCH d USING INDEX directory_entries_listing (display_name>?)"])).toEqual(["SCAN memberships"]);
    expect(fullScans(["SCAN d USING INDEX directory_entries_listing", "SCAN json_each VIRTUAL TABLE INDEX 1:", "SCAN s VIRTUAL TABLE INDEX 64:M3>"])).toEqual([
      "SCAN d USING INDEX directory_entries_listing",
    ]);
  });

  it.each(HOT_QUERIES.map((query) => [query.name, query] as const))("%s finds its rows through an index", async (_, { sql, values }) => {
    const plan = await planOf(sql, values);
    expect(plan.length).toBeGreaterThan(0);
    expect(fullScans(plan), plan.join("\n")).toEqual([]);
  });
});
