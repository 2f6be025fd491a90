/**
 * Duplicate member records in D1 (services/membership/member-merge.ts): the keys two records of
 * one person are likely to share (member_match_keys, kept by triggers: migrations/0057), the
 * shared keys page by page, and the merge of one record into another in one batch, every
 * statement of which runs only once the tombstone is written, and the tombstone only while both
 * records are as the staff member saw them.
 */
import type { CandidateRecord, MatchKind, MergeRecord } from "../../domain/member-merge";
import { MERGE_TABLES, mergeStatements } from "./merge-tables";
import { createMergedAwayCheck } from "./merged-away";

/** A `memberships` row as read for a merge: every column, by name. */
export type RawRecord = MergeRecord;

/** One key more than one record holds. */
export type { CandidateRecord };

export interface SharedKey {
  kind: MatchKind;
  key: string;
  records: number;
}

/** The merge as the service worked it out: who, the survivor's new values, and the audit entry. */
export interface MergeWrite {
  mergeId: string;
  mergedUserId: string;
  survivorUserId: string;
  /** Each record's `updated_at` as the form saw it. */
  versions: { merged: string; survivor: string };
  /** The survivor's columns after the merge: a closed list of column names (services/membership/member-merge.ts). */
  survivorColumns: Record<string, string | number | null>;
  retiredNumber: number | null;
  mergedRecord: RawRecord;
  survivorBefore: RawRecord;
  staffEmail: string;
  reason: string;
  auditDetails: Record<string, unknown>;
  /** The merged-away record's sign-in account, to be disabled once the batch is done; null when it has none. */
  accountToDisable: string | null;
}

/** A merged-away sign-in account not yet disabled in Firebase. */
export interface AccountToDisable {
  mergeId: string;
  uid: string;
  survivorUserId: string;
  staffEmail: string;
}

/**
 * The shared keys after a cursor, in key order. The partial index holds only the keys held by
 * more than one record, so a page reads only those; SQLite would otherwise prefer the primary key
 * and walk past every key held by one record, hence INDEXED BY. The first page's cursor is ('', '').
 */
export const SHARED_KEYS_SQL = `SELECT kind, match_key, records FROM member_match_groups INDEXED BY member_match_groups_shared
  WHERE records > 1 AND (kind, match_key) > (?1, ?2) ORDER BY kind, match_key LIMIT ?3`;

/** The records holding a key, by the key table's primary key and the records' own. */
export const RECORDS_WITH_KEY_SQL = `SELECT m.user_id, m.email, m.member_name, m.status, m.member_number, m.membership_title,
    a.given_name, a.family_name
  FROM member_match_keys AS k JOIN memberships AS m ON m.user_id = k.user_id
  LEFT JOIN applications AS a ON a.id = m.application_id
  WHERE k.kind = ?1 AND k.match_key = ?2 ORDER BY k.user_id LIMIT ?3`;

/** Work not yet settled on a record: its applications and orders waiting for payment. */
export const OPEN_PAYMENTS_SQL = `SELECT
    (SELECT count(*) FROM applications WHERE user_id = ?1 AND status = 'awaiting_payment') AS applications,
    (SELECT count(*) FROM orders WHERE user_id = ?1 AND status = 'awaiting_payment') AS orders`;

/** Every statement after the tombstone's runs only if the tombstone was written (?3 is its id). */
const MERGED = "EXISTS (SELECT 1 FROM member_merges WHERE id = ?3)";

/** The statements that move each table's rows from the merged-away record (?1) to the survivor (?2), in batch order. */
export const MERGE_MOVE_SQL: readonly string[] = MERGE_TABLES.flatMap((table) => mergeStatements(table, MERGED));

export interface MemberMergeStore {
  sharedKeys(after: { kind: string; key: string }, limit: number): Promise<SharedKey[]>;
  /** The records holding each key (at most `perKey` each), in one batch. */
  recordsWithKeys(keys: readonly SharedKey[], perKey: number): Promise<CandidateRecord[][]>;
  /** The record's every column, or null. */
  record(userId: string): Promise<RawRecord | null>;
  /** The name on the record's join application, when it has one. */
  applicationName(applicationId: string): Promise<string | null>;
  openPayments(userId: string): Promise<{ applications: number; orders: number }>;
  /** Where a merged-away record went, or null. */
  tombstone(userId: string): Promise<{ survivorUserId: string; mergedAt: string } | null>;
  /** Writes the merge; false when either record had changed since the form was made (nothing written). */
  merge(write: MergeWrite): Promise<boolean>;
  /** Whether this id is a record merged into another (its sign-in account, if any, is closed). */
  isMergedAway(userId: string): Promise<boolean>;
  /** The merged-away accounts Firebase has not yet disabled, oldest merge first. */
  accountsToDisable(limit: number): Promise<AccountToDisable[]>;
  /** Firebase disabled the account: noted on the tombstone and audited on the survivor's timeline. */
  accountDisabled(account: AccountToDisable, attempt: "at-merge" | "retried"): Promise<void>;
  /** Firebase could not disable it this time: counted, with the reason, for the next sweep. */
  accountDisableFailed(mergeId: string, reason: string): Promise<void>;
}

interface CandidateRow {
  user_id: string;
  email: string;
  member_name: string | null;
  status: string;
  member_number: number | null;
  membership_title: string;
  given_name: string | null;
  family_name: string | null;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function createMemberMergeStore(db: D1Database): MemberMergeStore {
  return {
    async sharedKeys(after, limit) {
      const { results } = await db.prepare(SHARED_KEYS_SQL).bind(after.kind, after.key, limit).all<{ kind: MatchKind; match_key: string; records: number }>();
      return results.map((r) => ({ kind: r.kind, key: r.match_key, records: r.records }));
    },
    async recordsWithKeys(keys, perKey) {
      if (keys.length === 0) return [];
      const pages = await db.batch<CandidateRow>(keys.map((k) => db.prepare(RECORDS_WITH_KEY_SQL).bind(k.kind, k.key, perKey)));
      return pages.map((page) =>
        page.results.map((r) => ({
          userId: r.user_id,
          email: r.email,
          name: r.member_name ?? (r.given_name !== null ? `${r.given_name} ${r.family_name ?? ""}`.trim() : null),
          status: r.status,
          memberNumber: r.member_number,
          membershipTitle: r.membership_title,
        })),
      );
    },
    record: (userId) => db.prepare("SELECT * FROM memberships WHERE user_id = ?1").bind(userId).first<RawRecord>(),
    async applicationName(applicationId) {
      const row = await db.prepare("SELECT given_name, family_name FROM applications WHERE id = ?1").bind(applicationId).first<{ given_name: string; family_name: string }>();
      return row ? `${row.given_name} ${row.family_name}` : null;
    },
    async openPayments(userId) {
      const row = await db.prepare(OPEN_PAYMENTS_SQL).bind(userId).first<{ applications: number; orders: number }>();
      return { applications: row?.applications ?? 0, orders: row?.orders ?? 0 };
    },
    async tombstone(userId) {
      const row = await db.prepare("SELECT survivor_user_id, merged_at FROM member_merges WHERE merged_user_id = ?1").bind(userId).first<{ survivor_user_id: string; merged_at: string }>();
      return row ? { survivorUserId: row.survivor_user_id, mergedAt: row.merged_at } : null;
    },
    async merge(write) {
      const { mergedUserId: merged, survivorUserId: survivor, mergeId } = write;
      const names = Object.keys(write.survivorColumns);
      const set = names.map((name, i) => `${name} = ?${i + 4}`).join(", ");
      const moves = MERGE_MOVE_SQL.map((sql) => db.prepare(sql).bind(merged, survivor, mergeId));
      const [tombstone] = await db.batch([
        db
          .prepare(
            `INSERT INTO member_merges (id, merged_user_id, survivor_user_id, retired_number, merged_record, survivor_before, staff_email, reason, account_to_disable)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?11
             WHERE EXISTS (SELECT 1 FROM memberships WHERE user_id = ?2 AND updated_at = ?9)
               AND EXISTS (SELECT 1 FROM memberships WHERE user_id = ?3 AND updated_at = ?10)
             RETURNING id`,
          )
          .bind(
            mergeId,
            merged,
            survivor,
            write.retiredNumber,
            JSON.stringify(write.mergedRecord),
            JSON.stringify(write.survivorBefore),
            write.staffEmail,
            write.reason,
            write.versions.merged,
            write.versions.survivor,
            write.accountToDisable,
          ),
        // The merged-away record goes first, so that the survivor may take its member number or subscription (both unique).
        db.prepare(`DELETE FROM memberships WHERE user_id = ?1 AND ${MERGED}`).bind(merged, survivor, mergeId),
        ...moves,
        // Last, so that the directory's and the listings' triggers on memberships see the rows just moved.
        db
          .prepare(`UPDATE memberships SET ${set}, updated_at = ${NOW} WHERE user_id = ?2 AND ${MERGED}`)
          .bind(merged, survivor, mergeId, ...names.map((name) => write.survivorColumns[name] ?? null)),
        db
          .prepare(`INSERT INTO staff_audit_log (staff_email, action, details, user_id) SELECT ?4, 'member.merged', ?5, ?2 WHERE ${MERGED}`)
          .bind(merged, survivor, mergeId, write.staffEmail, JSON.stringify(write.auditDetails)),
      ]);
      return (tombstone?.results.length ?? 0) > 0;
    },
    isMergedAway: createMergedAwayCheck(db),
    async accountsToDisable(limit) {
      const { results } = await db
        .prepare(
          `SELECT id, account_to_disable, survivor_user_id, staff_email FROM member_merges INDEXED BY member_merges_accounts_to_disable
           WHERE account_to_disable IS NOT NULL AND account_disabled_at IS NULL ORDER BY merged_at, id LIMIT ?1`,
        )
        .bind(limit)
        .all<{ id: string; account_to_disable: string; survivor_user_id: string; staff_email: string }>();
      return results.map((r) => ({ mergeId: r.id, uid: r.account_to_disable, survivorUserId: r.survivor_user_id, staffEmail: r.staff_email }));
    },
    async accountDisabled(account, attempt) {
      await db.batch([
        db
          .prepare(
            `UPDATE member_merges SET account_disabled_at = ${NOW}, account_disable_attempts = account_disable_attempts + 1, account_disable_error = NULL
             WHERE id = ?1 AND account_disabled_at IS NULL`,
          )
          .bind(account.mergeId),
        // Audited once, by the same change: a second sweep finding it done writes nothing.
        db
          .prepare("INSERT INTO staff_audit_log (staff_email, action, details, user_id) SELECT ?1, 'member.merge.account_disabled', ?2, ?3 WHERE changes() = 1")
          .bind(account.staffEmail, JSON.stringify({ mergeId: account.mergeId, disabledUserId: account.uid, attempt }), account.survivorUserId),
      ]);
    },
    async accountDisableFailed(mergeId, reason) {
      await db
        .prepare("UPDATE member_merges SET account_disable_attempts = account_disable_attempts + 1, account_disable_error = ?2 WHERE id = ?1 AND account_disabled_at IS NULL")
        .bind(mergeId, reason.slice(0, 500))
        .run();
    },
  };
}
