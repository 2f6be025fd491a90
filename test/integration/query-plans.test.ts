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
import { BUYERS_NOT_YET_REMINDED_SQL } from "../../src/adapters/d1/event-reminders";
import {
  ENTRIES_AFTER_SQL,
  ENTRIES_BEFORE_SQL,
  FILL_FINANCE_DAYS_SQL,
  LEDGER_TOTALS_SQL,
  RECEIPTS_WITHOUT_VAT_SQL,
  UNSPLIT_CREDIT_NOTES_SQL,
  UNSPLIT_REFUNDS_SQL,
  VAT_CREDITS_SQL,
  VAT_SALES_SQL,
} from "../../src/adapters/d1/ledger";
import { SCHEDULE_UPKEEP_FOR_EVERYONE_SQL, SCHEDULE_UPKEEP_FOR_USER_SQL } from "../../src/adapters/d1/membership-changes";
import { MERGE_MOVE_SQL, OPEN_PAYMENTS_SQL, RECORDS_WITH_KEY_SQL, SHARED_KEYS_SQL } from "../../src/adapters/d1/member-merges";
import { PRACTITIONER_SEARCH_SQL } from "../../src/adapters/d1/practitioner-listings";
import { outboxListSql } from "../../src/adapters/d1/outbox";
import { parameterCount } from "../../src/adapters/d1/personal-data-tables";
import { applicationCountSql, applicationPageSql, type ApplicationListFilter } from "../../src/adapters/d1/applications";
import { CERTIFICATES_NEWEST_SQL, CERTIFICATES_SEARCH_SQL } from "../../src/adapters/d1/cpd";
import { DASHBOARD_SQL } from "../../src/adapters/d1/dashboard";
import { CREDIT_CERTIFICATES_SQL, CREDIT_ENTRIES_SQL, CREDITABLE_SQL, MARK_ATTENDED_SQL, PLACES_WITH_EMAILS_SQL } from "../../src/adapters/d1/event-attendance";
import { CODE_USAGE_SQL, reserveForApplicationSql, reserveForOrderSql } from "../../src/adapters/d1/discount-redemptions";
import type { CreatedCursor } from "../../src/adapters/d1/newest-first-pages";
import { orderCountSql, orderPageSql, type OrderListFilter } from "../../src/adapters/d1/orders";
import { STALE_ORDERS_AFTER_SQL, STALE_ORDERS_FIRST_SQL } from "../../src/adapters/d1/unpaid-releases";
import { STAFF_EXPORT_SQL } from "../../src/adapters/d1/staff-exports";
import { audienceCountSql, audiencePageSql } from "../../src/adapters/d1/member-audience";
import { AUDIENCE_REGIONS_SQL } from "../../src/adapters/d1/audience-regions";
import { EMPTY_AUDIENCE, type Audience } from "../../src/domain/member-messages";
import { registerCountSql, registerPageSql, type RegisterQuery } from "../../src/adapters/d1/members-register";
import { stateWindows, type StateFilter } from "../../src/services/membership/member-state-windows";

const CURSORS: readonly [string, CreatedCursor | null][] = [
  ["first page", null],
  ["next page", { direction: "after", createdAt: "2026-01-01T00:00:00.000Z", id: "x" }],
  ["previous page", { direction: "before", createdAt: "2026-01-01T00:00:00.000Z", id: "x" }],
];
const APPLICATION_FILTERS: readonly [string, ApplicationListFilter][] = [
  ["awaiting payment", { status: "awaiting_payment" }],
  ["all", {}],
  ["refund due", { refundDue: true }],
  ["review queue", { awaitingApproval: true }],
  ["paid, searched", { status: "paid", search: "ada" }],
];
const ORDER_FILTERS: readonly [string, OrderListFilter][] = [
  ["paid", { status: "paid" }],
  ["all", {}],
  ["all, searched", { search: "ada" }],
];
const CAPS = [
  { maxRedemptions: null, maxPerUser: null },
  { maxRedemptions: 10, maxPerUser: null },
  { maxRedemptions: null, maxPerUser: 1 },
  { maxRedemptions: 10, maxPerUser: 1 },
];

const AUDIENCES: readonly [string, Partial<Audience>][] = [
  ["the topic alone", {}],
  ["types and states", { membershipTypes: ["full-member"], states: ["active", "lapsed"], lapsedWithinMonths: 3, noCpdThisYear: true }],
  ["a country", { countries: ["GB"] }],
  ["several countries", { countries: ["GB", "IE"] }],
  ["a region in a country", { countries: ["GB"], regions: ["Devon"] }],
  ["several regions", { regions: ["Devon", "Cornwall"] }],
  ["a specialisation, joined within dates", { specialisations: ["Musculoskeletal"], joinedFrom: "2020-01-01", joinedBefore: "2025-01-01" }],
  ["joined within dates", { joinedFrom: "2020-01-01", joinedBefore: "2025-01-01" }],
  ["an event's attendees in a region", { eventId: "e1", regions: ["Devon"], states: ["active"] }],
];
const NOW = new Date("2026-11-27T00:00:00.000Z");

/** Each hot statement by what it serves, with the values its plan is asked for (the rest are null). */
const HOT_QUERIES: readonly { name: string; sql: string; values?: unknown[] }[] = [
  ...APPLICATION_FILTERS.flatMap(([filterName, filter]) => [
    ...CURSORS.map(([cursorName, cursor]) => ({ name: `staff applications, ${filterName}: ${cursorName}`, ...applicationPageSql(filter, cursor, 101) })),
    { name: `staff applications, ${filterName}: the count`, ...applicationCountSql(filter, 1_001) },
  ]),
  ...ORDER_FILTERS.flatMap(([filterName, filter]) => [
    ...CURSORS.map(([cursorName, cursor]) => ({ name: `staff orders, ${filterName}: ${cursorName}`, ...orderPageSql(filter, cursor, 101) })),
    { name: `staff orders, ${filterName}: the count`, ...orderCountSql(filter, 1_001) },
  ]),
  ...AUDIENCES.flatMap(([name, filters]) => [
    { name: `member messages, ${name}: the audience's count`, ...audienceCountSql("newsletter", { ...EMPTY_AUDIENCE, ...filters }, NOW) },
    { name: `member messages, ${name}: a fan-out page`, ...audiencePageSql("newsletter", { ...EMPTY_AUDIENCE, ...filters }, NOW, "u-1", 1000) },
  ]),
  { name: "member messages: the regions members' addresses name, one seek each", sql: AUDIENCE_REGIONS_SQL, values: [300] },
  { name: "staff certificates: newest first", sql: CERTIFICATES_NEWEST_SQL },
  { name: "staff certificates: searched", sql: CERTIFICATES_SEARCH_SQL, values: ["%ada%", 200] },
  { name: "discount codes: a code's uses", sql: CODE_USAGE_SQL },
  { name: "event attendance: booked places with the report's addresses", sql: PLACES_WITH_EMAILS_SQL, values: ["event-1", '["ada@example.org"]'] },
  { name: "event attendance: attended places and whose CPD they are", sql: CREDITABLE_SQL, values: ["event-1", '["a-1"]'] },
  { name: "event attendance: marking places attended", sql: MARK_ATTENDED_SQL, values: ["event-1", '[{"attendeeId":"a-1","minutes":80}]', "staff@example.org"] },
  { name: "event attendance: their CPD entries", sql: CREDIT_ENTRIES_SQL, values: ["event-1", '[{"attendeeId":"a-1","userId":"u-1","entryId":"e-1"}]'] },
  { name: "event attendance: their certificates", sql: CREDIT_CERTIFICATES_SQL, values: ['[{"entryId":"e-1","certificateId":"c-1"}]'] },
  ...CAPS.flatMap((caps) => [
    { name: `discount codes: reserving for an order, caps ${JSON.stringify(caps)}`, sql: reserveForOrderSql(caps) },
    { name: `discount codes: reserving for an application, caps ${JSON.stringify(caps)}`, sql: reserveForApplicationSql(caps) },
  ]),
  { name: "daily job: unpaid orders, first page", sql: STALE_ORDERS_FIRST_SQL },
  { name: "daily job: unpaid orders, next page", sql: STALE_ORDERS_AFTER_SQL },
  ...Object.entries(DASHBOARD_SQL).map(([name, sql]) => ({ name: `staff dashboard: ${name}`, sql, values: ["2025-12-01", "2026-11-30", 2_592_000] })),
  ...Object.entries(STAFF_EXPORT_SQL).map(([name, sql]) => ({ name: `background exports: ${name}`, sql })),
  { name: "directory: browse by name, next page", sql: DIRECTORY_BROWSE_AFTER_SQL },
  { name: "directory: browse by name, previous page", sql: DIRECTORY_BROWSE_BEFORE_SQL },
  { name: "directory: search, next page", sql: DIRECTORY_SEARCH_AFTER_SQL, values: [null, 0, null, 21, '"ada"*'] },
  { name: "directory: search, previous page", sql: DIRECTORY_SEARCH_BEFORE_SQL, values: [null, 99, null, 21, '"ada"*'] },
  ...SCHEDULE_UPKEEP_FOR_USER_SQL.map((sql, i) => ({ name: `Stripe webhooks: schedule upkeep for one member (${i + 1})`, sql })),
  { name: "staff e-mails: the failed list", sql: outboxListSql({ statuses: 1, search: false }) },
  { name: "staff e-mails: the waiting list", sql: outboxListSql({ statuses: 3, search: false }), values: [50, '["pending","sending","retry"]'] },
  { name: "daily job: webinar owners not yet told", sql: OWNERS_NOT_YET_TOLD_SQL, values: ['[{"webinarId":"w","kind":"recording-ready","keyAfterUser":":w"}]'] },
  { name: "daily job: event buyers not yet reminded", sql: BUYERS_NOT_YET_REMINDED_SQL, values: ['[{"eventId":"e","startsAt":"2027-01-01T09:00:00.000Z"}]', 2001] },
  { name: "staff application page: its audit entries", sql: AUDIT_FOR_APPLICATION_SQL },
  { name: "ledger: a page onwards", sql: ENTRIES_AFTER_SQL, values: ["2026-10-01", "2026-10-31", 501, "2026-10-01", "", "2026-10-01", ""] },
  { name: "ledger: a page back", sql: ENTRIES_BEFORE_SQL, values: ["2026-10-01", "2026-10-31", 501, "2026-10-20", "x", "2026-10-20", ""] },
  { name: "ledger: the range's totals from its kept days", sql: LEDGER_TOTALS_SQL, values: ["2026-10-01", "2026-10-31"] },
  { name: "ledger: refunds whose VAT is worked out from their receipt", sql: UNSPLIT_REFUNDS_SQL, values: ["2026-10-01", "2026-10-31"] },
  { name: "VAT summary: a quarter's sales from its kept days", sql: VAT_SALES_SQL, values: ["2026-07-01", "2026-09-30"] },
  { name: "VAT summary: receipts without VAT from its kept days", sql: RECEIPTS_WITHOUT_VAT_SQL, values: ["2026-07-01", "2026-09-30"] },
  { name: "VAT summary: a quarter's credit notes from its kept days", sql: VAT_CREDITS_SQL, values: ["2026-07-01", "2026-09-30"] },
  { name: "VAT summary: credit notes whose VAT is worked out from their receipt", sql: UNSPLIT_CREDIT_NOTES_SQL, values: ["2026-07-01", "2026-09-30"] },
  { name: "staff order page: its audit entries", sql: AUDIT_FOR_ORDER_SQL },
  { name: "duplicate records: the first page of shared keys", sql: SHARED_KEYS_SQL, values: ["", "", 26] },
  { name: "duplicate records: a later page of shared keys", sql: SHARED_KEYS_SQL, values: ["email", "ada@gmail.com", 26] },
  { name: "duplicate records: the records holding a key", sql: RECORDS_WITH_KEY_SQL, values: ["email", "ada@gmail.com", 10] },
  { name: "duplicate records: what waits for payment before a merge", sql: OPEN_PAYMENTS_SQL, values: ["email:ada@example.com"] },
  ...MERGE_MOVE_SQL.map((sql) => ({ name: `merging two records: ${sql.slice(0, 60)}`, sql, values: ["email:ada@example.com", "uid-1", "merge-1"] })),
  // Now, grace, listable types; the origin; the box; the radius; the key; no filter but a service; the page.
  {
    name: "find a practitioner: the search from a place",
    sql: PRACTITIONER_SEARCH_SQL,
    values: ["2026-11-27T00:00:00.000Z", 30, '["full-member"]', 0.5, -0.03, 0.77, 50.3, 51.1, -4.1, -2.9, 0.0001, -1, 0, null, null, null, null, null, null, 11],
  },
];

/**
 * The plan's lines that read a whole table or index: `SCAN x` and `SCAN x USING [COVERING] INDEX i`.
 * A virtual table's scan is its own lookup (json_each, left unaliased, over the bound list; the
 * full-text index, which must be asked with MATCH: `:M` in its plan), and a constant row is no table.
 */
function fullScans(plan: readonly string[]): string[] {
  // A subquery's own result (a co-routine or a materialised subquery, named or not) is read
  // whole by the query around it; how it found its rows is checked on its own lines.
  const subqueries = new Set(plan.flatMap((line) => /^(?:CO-ROUTINE|MATERIALIZE) (.+)$/.exec(line)?.[1] ?? []));
  return plan.filter((line) => {
    if (!line.startsWith("SCAN ")) return false;
    if (/^SCAN \(subquery-\d+\)$/.test(line) || subqueries.has(line.slice("SCAN ".length))) return false;
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
    expect(fullScans(["CO-ROUTINE page", "SEARCH applications USING INDEX applications_status_created (status=?)", "SCAN (subquery-3)", "SCAN page", "SCAN orders"])).toEqual(["SCAN orders"]);
  });

  it.each(HOT_QUERIES.map((query) => [query.name, query] as const))("%s finds its rows through an index", async (_, { sql, values }) => {
    const plan = await planOf(sql, values);
    expect(plan.length).toBeGreaterThan(0);
    expect(fullScans(plan), plan.join("\n")).toEqual([]);
  });

  // The daily job's upkeep for everyone cannot be a lookup by key: it must read the partial
  // indexes that hold only what has a schedule (a handful), never every active member.
  it.each(SCHEDULE_UPKEEP_FOR_EVERYONE_SQL.map((sql, i) => [i + 1, sql] as const))("daily job: schedule upkeep for everyone (%i) reads only what has a schedule", async (_, sql) => {
    const plan = await planOf(sql);
    const reads = plan.filter((line) => /^(SCAN|SEARCH) /.test(line));
    expect(reads.length).toBeGreaterThan(0);
    for (const line of reads) expect(line, plan.join("\n")).toMatch(/USING (COVERING )?INDEX (memberships_next_change|membership_changes_scheduled|sqlite_autoindex_memberships_1)\b/);
  });

  // At 500,000 members an audience narrowed to a region, a specialisation or an event must start
  // from that narrow index, not walk every consenting member and test each.
  it.each([
    ["a region", { regions: ["Devon"], countries: ["GB"] }, "member_audience_facts_region"],
    ["several regions", { regions: ["Devon", "Cornwall"], countries: ["GB"] }, "member_audience_facts_region"],
    ["a specialisation", { specialisations: ["Musculoskeletal"], joinedFrom: "2020-01-01" }, "member_audience_facts_specialisation"],
    ["a country", { countries: ["GB"] }, "member_audience_facts_country"],
    ["an event", { eventId: "e1", regions: ["Devon"] }, "event_bookings_by_event"],
    ["the topic alone", { joinedBefore: "2020-01-01" }, "member_consents_audience"],
  ] as [string, Partial<Audience>, string][])("member messages: an audience narrowed to %s starts from its index", async (_, filters, index) => {
    for (const { sql, values } of [audienceCountSql("newsletter", { ...EMPTY_AUDIENCE, ...filters }, NOW), audiencePageSql("newsletter", { ...EMPTY_AUDIENCE, ...filters }, NOW, "", 1000)]) {
      const plan = await planOf(sql, values);
      const first = plan.find((line) => /^(SCAN|SEARCH) /.test(line));
      expect(first, plan.join("\n")).toMatch(new RegExp(`^SEARCH \\w+ USING (COVERING )?INDEX ${index}\\b`));
    }
  });

  // A register tab is a union of windows (a status, whether the record is set to end, a range of
  // period ends). Each window must be a range of one index over exactly its own rows: one that
  // left "set to end" out of its key read every active record past its bound to find the few that
  // end, seconds a view at 500,000 records, on the page and on its count.
  it.each(["active", "renewal_due", "in_grace", "lapsed", "cancelled", "awaiting_payment", "all"] as const)(
    "staff register, the %s tab: each window reads a range of the index that keys all it asks",
    async (tab: StateFilter) => {
      const query: RegisterQuery = { windows: stateWindows(tab, 30, NOW), order: { key: "period_end", descending: false }, search: "" };
      const statements = [
        { ordered: true, ...registerPageSql(query, null, 51) },
        { ordered: true, ...registerPageSql(query, { direction: "after", key: 1_800_000_000, userId: "u" }, 51) },
        { ordered: false, ...registerCountSql(query, 1_001) },
      ];
      for (const { ordered, sql, values } of statements) {
        const plan = await planOf(sql, values);
        expect(fullScans(plan), plan.join("\n")).toEqual([]);
        const reads = plan.filter((line) => /^(SCAN|SEARCH) m USING (COVERING )?INDEX memberships_state/.test(line));
        expect(reads, plan.join("\n")).toHaveLength(query.windows.length);
        query.windows.forEach((window, i) => {
          // A window of one status (no "set to end" asked) may be counted through either index
          // (both read exactly that status's rows); a page of it is read in period-end order.
          const keyed =
            window.ending !== undefined
              ? /USING (COVERING )?INDEX memberships_state_ending_end \(status=\? AND <expr>=\?/
              : ordered
                ? /USING (COVERING )?INDEX memberships_state_end \(status=\?/
                : /USING (COVERING )?INDEX memberships_state_(ending_)?end \(status=\?/;
          expect(reads[i], plan.join("\n")).toMatch(keyed);
        });
      }
    },
  );

  // Keeping a range's days reads only the days not kept yet, each kind of entry through its day
  // index and lapsed records through the register's.
  it("ledger, VAT summary and dashboard: keeping a range's days reads the money tables and the records only through an index", async () => {
    const plan = await planOf(FILL_FINANCE_DAYS_SQL, ["2026-01-01", "2026-12-31"]);
    const money = /^(SCAN|SEARCH) (\w+)/;
    const tables = new Set(["payments", "order_payments", "refunds", "receipts", "credit_notes", "payment_fees", "applications", "orders", "finance_days", "memberships"]);
    const aliases = new Set(["p", "op", "rf", "r", "cn", "f", "a", "o", "e", "first", "m"]);
    const reads = plan.filter((line) => {
      const name = money.exec(line)?.[2];
      return name !== undefined && (tables.has(name) || aliases.has(name));
    });
    expect(reads.length).toBeGreaterThan(0);
    for (const line of reads) expect(line, plan.join("\n")).toMatch(/^SEARCH \w+ USING (COVERING )?(INDEX \w+|PRIMARY KEY)/);
  });
});
