/**
 * The staff members register's reads (services/membership/members-register.ts). A tab is the
 * union of its state's windows (services/membership/member-state-windows.ts): one stored status
 * and a range of period ends each, so every branch reads a range of the index
 * `memberships_state_end` (or `memberships_state_changed`, migrations/0037) in the tab's order,
 * and a page is the first rows of their merge after (or before) a cursor: keyset paging, no
 * OFFSET, never more than a page read. Only the page's rows are then joined with the name,
 * address and phone of the member's latest join application (or what an import brought), their
 * latest e-mail and whether a membership payment of theirs is disputed.
 */
import type { MembershipRecord } from "../../domain/membership";
import type { RegisterAddress, StateWindow } from "../../domain/membership-lifecycle";
import { toMembershipRecord, type MembershipRow } from "./memberships";

export interface RegisterRow {
  record: MembershipRecord;
  name: string | null;
  reference: string | null;
  memberNumber: number | null;
  phone: string | null;
  /** The latest join application's postal address, or the imported one (free text) in `line1`. */
  address: RegisterAddress | null;
  lastEmail: { kind: string; subject: string; status: string; createdAt: string } | null;
  /** A membership payment is disputed with the member's bank and not yet decided (access suspended). */
  disputed: boolean;
}

/** Which column a tab is ordered by: the period end (open-ended last) or the last change. */
export type RegisterOrderKey = "period_end" | "changed";

/** Where a page starts: after (forward) or before (back) a row's sort key and user id. */
export interface RegisterCursor {
  direction: "after" | "before";
  key: number | string;
  userId: string;
}

export interface RegisterQuery {
  windows: readonly StateWindow[];
  order: { key: RegisterOrderKey; descending: boolean };
  /** Lower case; empty for every record. Matches e-mail, name, join reference or member number. */
  search: string;
}

export interface RegisterPageRow {
  row: RegisterRow;
  /** The row's sort key, for a cursor. */
  key: number | string;
}

export interface MembersRegisterStore {
  /** Up to `limit` rows in the query's order from the cursor (or the start), in the query's order. */
  page(query: RegisterQuery, cursor: RegisterCursor | null, limit: number): Promise<RegisterPageRow[]>;
  /** How many records match, counting each window up to `cap`: `more` when any window reached it. */
  count(query: RegisterQuery, cap: number): Promise<{ count: number; more: boolean }>;
  /** One member's record, as the list shows it, by primary key; null when there is none. */
  byUser(userId: string): Promise<RegisterRow | null>;
}

/**
 * The period end as seconds since 1970 (with milliseconds), an open or unreadable end read as
 * the year 5138: "never ends". The same expression as the index's, so the index serves it.
 */
export const PERIOD_END_KEY = "COALESCE(unixepoch(period_end, 'subsec'), 100000000000)";
const KEYS: Record<RegisterOrderKey, string> = { period_end: PERIOD_END_KEY, changed: "updated_at" };
/** Whether a record is set to end, as memberships_state_ending_end (migrations/0069) keys it: compared with `= 1` or `= 0`. */
const ENDING = "(COALESCE(m.ends_on, '') <> '')";

type Row = MembershipRow & {
  sort_key: number | string;
  member_number: number | null;
  member_name: string | null;
  postal_address: string | null;
  given_name: string | null;
  family_name: string | null;
  reference: string | null;
  details: string | null;
  email_kind: string | null;
  email_subject: string | null;
  email_status: string | null;
  email_created_at: string | null;
  disputed: number;
};

/** Statements with numbered parameters: `param` adds a value and returns its placeholder. */
function parameters() {
  const values: unknown[] = [];
  return { values, param: (value: unknown) => `?${values.push(value)}` };
}

const SEARCH = (term: string) => `(instr(lower(m.email), ${term}) > 0 OR instr(lower(COALESCE(m.member_name, '')), ${term}) > 0
  OR CAST(m.member_number AS TEXT) = ${term}
  OR EXISTS (SELECT 1 FROM applications a WHERE a.user_id = m.user_id AND a.kind = 'join'
    AND (instr(lower(a.given_name || ' ' || a.family_name), ${term}) > 0 OR instr(lower(a.reference), ${term}) > 0)))`;

/** One window's condition on `memberships m`. */
function windowWhere(window: StateWindow, param: (value: unknown) => string, search: string | null): string[] {
  const where = [`m.status = ${param(window.status)}`];
  if (window.ending !== undefined) where.push(`${ENDING} = ${window.ending ? 1 : 0}`);
  const end = PERIOD_END_KEY.replace("period_end", "m.period_end");
  if (window.after !== undefined) where.push(`${end} > ${param(window.after / 1000)}`);
  if (window.upTo !== undefined) where.push(`${end} <= ${param(window.upTo / 1000)}`);
  if (search) where.push(SEARCH(search));
  return where;
}

const ENRICH = `SELECT page.sort_key, m.*, a.given_name, a.family_name, a.reference, a.details,
    o.kind AS email_kind, o.subject AS email_subject, o.status AS email_status, o.created_at AS email_created_at,
    EXISTS (SELECT 1 FROM disputes d WHERE d.user_id = m.user_id AND d.source = 'membership' AND d.status = 'open') AS disputed
  FROM page JOIN memberships m ON m.user_id = page.user_id
  LEFT JOIN applications a ON a.id = (SELECT id FROM applications WHERE user_id = m.user_id AND kind = 'join' ORDER BY created_at DESC LIMIT 1)
  LEFT JOIN email_outbox o ON o.id = (SELECT id FROM email_outbox WHERE user_id = m.user_id ORDER BY created_at DESC LIMIT 1)`;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

function addressOf(row: Row, details: Record<string, unknown> | null): RegisterAddress | null {
  const address = details?.address as Record<string, unknown> | undefined;
  if (address && text(address.line1)) {
    return { line1: String(address.line1), line2: text(address.line2), town: text(address.town), region: text(address.region), postcode: text(address.postcode), country: text(address.country) };
  }
  // An imported address is free text: kept whole, its line breaks as commas.
  if (row.postal_address?.trim()) return { line1: row.postal_address.trim().replace(/\s*\r?\n\s*/g, ", "), line2: null, town: null, region: null, postcode: null, country: null };
  return null;
}

function toRegisterRow(row: Row): RegisterRow {
  const details = row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null;
  const applicationName = row.given_name || row.family_name ? `${row.given_name ?? ""} ${row.family_name ?? ""}`.trim() : null;
  return {
    record: toMembershipRecord(row),
    name: applicationName ?? text(row.member_name),
    reference: row.reference,
    memberNumber: row.member_number,
    phone: text(details?.phone),
    address: addressOf(row, details),
    lastEmail: row.email_kind ? { kind: row.email_kind, subject: row.email_subject ?? "", status: row.email_status ?? "", createdAt: row.email_created_at ?? "" } : null,
    disputed: row.disputed === 1,
  };
}

/** A page's statement: each window's rows from the cursor in index order, merged, then joined with what the list shows. */
export function registerPageSql(query: RegisterQuery, cursor: RegisterCursor | null, limit: number): { sql: string; values: unknown[] } {
  const { values, param } = parameters();
  const key = KEYS[query.order.key].replace(/\b(period_end|updated_at)\b/, "m.$1");
  // Reading back (before the cursor) walks the order the other way, then turns the rows round.
  const descending = query.order.descending !== (cursor?.direction === "before");
  const dir = descending ? "DESC" : "ASC";
  const search = query.search ? param(query.search) : null;
  const limitParam = param(limit);
  const after = cursor ? `(${key}, m.user_id) ${descending ? "<" : ">"} (${param(cursor.key)}, ${param(cursor.userId)})` : null;
  const branches = query.windows.map((window) => {
    const where = [...windowWhere(window, param, search), ...(after ? [after] : [])];
    return `SELECT * FROM (SELECT m.user_id, ${key} AS sort_key FROM memberships m WHERE ${where.join(" AND ")} ORDER BY sort_key ${dir}, m.user_id ${dir} LIMIT ${limitParam})`;
  });
  const sql = `WITH page AS (${branches.join(" UNION ALL ")} ORDER BY sort_key ${dir}, user_id ${dir} LIMIT ${limitParam})
    ${ENRICH} ORDER BY page.sort_key ${dir}, page.user_id ${dir}`;
  return { sql, values };
}

/** A tab's count: each window counted up to `cap` (columns n0, n1, …). */
export function registerCountSql(query: RegisterQuery, cap: number): { sql: string; values: unknown[] } {
  const { values, param } = parameters();
  const search = query.search ? param(query.search) : null;
  const capParam = param(cap);
  const counts = query.windows.map(
    (window) => `(SELECT COUNT(*) FROM (SELECT 1 FROM memberships m WHERE ${windowWhere(window, param, search).join(" AND ")} LIMIT ${capParam}))`,
  );
  return { sql: `SELECT ${counts.map((c, i) => `${c} AS n${i}`).join(", ")}`, values };
}

export function createMembersRegisterStore(db: D1Database): MembersRegisterStore {
  return {
    async page(query, cursor, limit) {
      const { sql, values } = registerPageSql(query, cursor, limit);
      const { results } = await db.prepare(sql).bind(...values).all<Row>();
      const rows = results.map((row) => ({ row: toRegisterRow(row), key: row.sort_key }));
      return cursor?.direction === "before" ? rows.reverse() : rows;
    },
    async count(query, cap) {
      const { sql, values } = registerCountSql(query, cap);
      const row = await db.prepare(sql).bind(...values).first<Record<string, number>>();
      const each = query.windows.map((_, i) => row?.[`n${i}`] ?? 0);
      return { count: each.reduce((sum, n) => sum + n, 0), more: each.some((n) => n >= cap) };
    },
    async byUser(userId) {
      const row = await db.prepare(`WITH page AS (SELECT ?1 AS user_id, NULL AS sort_key) ${ENRICH}`).bind(userId).first<Row>();
      return row ? toRegisterRow(row) : null;
    },
  };
}
