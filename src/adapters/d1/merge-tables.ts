/**
 * Every D1 table whose rows belong to a person by a `user_id` column, and what merging a duplicate
 * record into the record that survives does to them (services/membership/member-merge.ts). A test
 * reads the database's own tables and fails when one with a `user_id` column is in neither list
 * below, so a new table of a person's rows cannot be left behind under the merged-away id.
 *
 * Rows that only point at a person's rows (an order's payments, a booking's attendees, a
 * listing's practices) move with those rows, untouched.
 */

/** What a merge does to the merged-away record's rows of a table. */
export type MergeMove =
  /** They become the survivor's. */
  | { kind: "move" }
  /**
   * They become the survivor's except where the survivor has a row for the same thing (the
   * table's unique key): then the survivor's stays and the other goes, being the same fact twice.
   */
  | { kind: "move-unless-held"; why: string }
  /**
   * They become the survivor's except where the survivor has a row for the same thing: then both
   * stay, the other under the merged-away id (the tombstone leads to it), being history.
   */
  | { kind: "move-unless-held-keep"; why: string }
  /** They go. */
  | { kind: "delete"; why: string };

export interface MergeTable {
  table: string;
  move: MergeMove;
}

/**
 * In this order within the merge's batch. `memberships` is not here: the merge writes the
 * survivor's record itself and the merged-away one becomes its tombstone (member_merges).
 */
export const MERGE_TABLES: readonly MergeTable[] = [
  { table: "sessions", move: { kind: "delete", why: "a merged-away record never has a sign-in account of its own (the merge refuses that), so these are none; any there are end" } },
  { table: "applications", move: { kind: "move" } },
  { table: "application_documents", move: { kind: "move" } },
  { table: "payments", move: { kind: "move" } },
  { table: "orders", move: { kind: "move" } },
  { table: "receipts", move: { kind: "move" } },
  { table: "credit_notes", move: { kind: "move" } },
  { table: "pro_forma_invoices", move: { kind: "move" } },
  { table: "refunds", move: { kind: "move" } },
  { table: "disputes", move: { kind: "move" } },
  { table: "membership_changes", move: { kind: "move" } },
  { table: "discount_redemptions", move: { kind: "move" } },
  { table: "entitlements", move: { kind: "move-unless-held-keep", why: "the same webinar bought twice: each entitlement names the order that bought it" } },
  { table: "webinar_joins", move: { kind: "move-unless-held", why: "one join of a webinar says as much as two" } },
  { table: "event_bookings", move: { kind: "move" } },
  { table: "event_waitlist", move: { kind: "move-unless-held", why: "one place on an event's waiting list is all a person can hold" } },
  { table: "cpd_entries", move: { kind: "move-unless-held-keep", why: "a CPD entry may have a certificate, which is never lost" } },
  { table: "cpd_certificates", move: { kind: "move" } },
  { table: "member_notes", move: { kind: "move" } },
  { table: "member_consents", move: { kind: "move-unless-held", why: "the survivor's own answer on a mailing topic is the one that stands" } },
  { table: "email_preferences", move: { kind: "move-unless-held", why: "the survivor's own choice for a kind of e-mail is the one that stands" } },
  { table: "imported_payments", move: { kind: "move-unless-held", why: "the same earlier payment imported into both records is one payment" } },
  { table: "member_custom_fields", move: { kind: "move-unless-held", why: "the survivor's own value of a custom field is the one that stands" } },
  { table: "member_audience_facts", move: { kind: "move-unless-held", why: "one set of audience facts per person: the survivor's, from its own join application" } },
  { table: "member_message_recipients", move: { kind: "move-unless-held-keep", why: "a bulk message written to both records: both were sent" } },
  { table: "email_outbox", move: { kind: "move" } },
  { table: "directory_entries", move: { kind: "move-unless-held", why: "a person has one directory entry: the survivor's stays" } },
  { table: "practitioner_listings", move: { kind: "move-unless-held", why: "a person has one public listing: the survivor's stays (the other's practices go with it)" } },
  { table: "staff_audit_log", move: { kind: "move" } },
];

/** Tables with a `user_id`-like column whose rows a merge leaves, and why. */
export const TABLES_NOT_MERGED: Readonly<Record<string, string>> = {
  memberships: "the merge writes the survivor's record from the values staff chose, and removes the other (its tombstone keeps it)",
  member_merges: "the tombstones themselves: which record was merged into which",
  member_match_keys: "kept by triggers on memberships: a removed record's keys go with it",
  daily_job_progress: "the daily run's cursor (`after_user_id`), not a person's row",
};

/** The statements that move one table's rows from ?1 (merged away) to ?2 (survivor), each run only while `guard` holds. */
export function mergeStatements({ table, move }: MergeTable, guard: string): string[] {
  const update = (orIgnore: boolean) => `UPDATE ${orIgnore ? "OR IGNORE " : ""}${table} SET user_id = ?2 WHERE user_id = ?1 AND ${guard}`;
  switch (move.kind) {
    case "move":
      return [update(false)];
    case "move-unless-held":
      return [update(true), `DELETE FROM ${table} WHERE user_id = ?1 AND ${guard}`];
    case "move-unless-held-keep":
      return [update(true)];
    case "delete":
      return [`DELETE FROM ${table} WHERE user_id = ?1 AND ${guard}`];
  }
}
