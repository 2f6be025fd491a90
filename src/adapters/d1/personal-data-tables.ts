/**
 * Every D1 table, and what it holds about a person: the one list that drives both a person's
 * data export and the erasure of their account (docs/decisions/0025-privacy-export-and-erasure.md).
 *
 * A table is either `personal` (how its rows about the person are found, and what erasure does
 * to them) or listed in `TABLES_WITHOUT_PERSONAL_DATA` with the reason. A test reads the
 * database's own table list and fails when a table is in neither, so a new table cannot be
 * forgotten.
 *
 * The SQL below takes three parameters: ?1 the person's user id, ?2 their e-mail address (lower
 * case), ?3 the salted hash that replaces the address where a row must stay (services/privacy).
 */

/** What erasing an account does to a table's rows about the person. */
export type ErasureAction =
  /** The rows go. */
  | { kind: "delete" }
  /** The rows stay (the law or the accounts need them) with the personal parts replaced: `set` is an UPDATE's SET list. */
  | { kind: "anonymise"; set: string; why: string }
  /** The rows stay as they are: they hold nothing that names the person once the rest is erased. */
  | { kind: "keep"; why: string };

export interface PersonalDataTable {
  table: string;
  /** A WHERE condition selecting the person's rows (?1 user id, ?2 e-mail). */
  rowsOf: string;
  /** The columns the export shows; all of them when absent (secrets and bearer ids are left out). */
  exportColumns?: readonly string[];
  erasure: ErasureAction;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const THEIR_APPLICATIONS = "SELECT id FROM applications WHERE user_id = ?1";
const THEIR_ORDERS = "SELECT id FROM orders WHERE user_id = ?1";
const ERASED_NAME = "'Erased member'";

/**
 * The audit entries' details keep what is not text (amounts, counts, flags) and the few text
 * fields that never hold personal data; names, addresses, references typed by staff go.
 */
const NEUTRAL_DETAIL_KEYS = "('by', 'fields', 'status', 'kind', 'method', 'source', 'from', 'to', 'direction')";
const AUDIT_DETAILS_WITHOUT_PERSONAL_DATA = `(SELECT json_group_object(key, CASE WHEN type IN ('object', 'array') THEN json(value) ELSE value END)
  FROM json_each(staff_audit_log.details)
  WHERE type IN ('integer', 'real', 'true', 'false', 'null') OR key IN ${NEUTRAL_DETAIL_KEYS})`;

/**
 * In this order, erasure runs its statements (one batch): the audit entries are found through
 * rows that later statements delete, so they come first.
 */
export const PERSONAL_DATA_TABLES: readonly PersonalDataTable[] = [
  {
    table: "staff_audit_log",
    rowsOf: `application_id IN (${THEIR_APPLICATIONS}) OR order_id IN (${THEIR_ORDERS})
      OR json_extract(details, '$.userId') = ?1 OR lower(staff_email) = ?2
      OR (action = 'email.resent' AND json_extract(details, '$.messageId') IN (SELECT id FROM email_outbox WHERE user_id = ?1))
      OR (action = 'certificate.revoked' AND json_extract(details, '$.certificateId') IN (SELECT id FROM cpd_certificates WHERE user_id = ?1))`,
    erasure: {
      kind: "anonymise",
      set: `staff_email = CASE WHEN lower(staff_email) = ?2 THEN ?3 ELSE staff_email END, details = ${AUDIT_DETAILS_WITHOUT_PERSONAL_DATA}`,
      why: "staff keep the record of what was done and when; the details lose names, addresses and typed text",
    },
  },
  {
    table: "email_outbox",
    rowsOf: `user_id = ?1 OR lower(recipient) = ?2 OR instr(dedupe_key, ?1) > 0
      OR EXISTS (SELECT 1 FROM applications AS a WHERE a.user_id = ?1 AND instr(email_outbox.dedupe_key, a.id) > 0)
      OR EXISTS (SELECT 1 FROM orders AS o WHERE o.user_id = ?1 AND instr(email_outbox.dedupe_key, o.id) > 0)`,
    erasure: { kind: "delete" },
  },
  { table: "sessions", rowsOf: "user_id = ?1 OR lower(email) = ?2", exportColumns: ["created_at", "expires_at", "revoked_at"], erasure: { kind: "delete" } },
  {
    table: "applications",
    rowsOf: "user_id = ?1",
    erasure: {
      kind: "anonymise",
      set: `email = ?3, given_name = 'Erased', family_name = 'member', billing = NULL, updated_at = ${NOW},
        details = json_object(
          'phone', NULL,
          'address', json_object('line1', '', 'line2', NULL, 'town', '', 'region', NULL, 'postcode', NULL, 'country', ''),
          'professional', json_object('registrationNumber', NULL, 'specialisation', '', 'workplace', NULL, 'yearQualified', NULL, 'placeOfStudy', NULL),
          'declaration', json(json_extract(details, '$.declaration')))`,
      why: "an application is what its payments and receipts were for; it keeps its reference, membership, amounts and dates",
    },
  },
  {
    table: "memberships",
    rowsOf: "user_id = ?1",
    erasure: {
      kind: "anonymise",
      set: `email = ?3, member_name = NULL, postal_address = NULL, consents = NULL, import_email = NULL,
        stripe_customer_id = NULL, stripe_subscription_id = NULL, billing_status = NULL,
        status = CASE WHEN status IN ('active', 'awaiting_payment') THEN 'cancelled' ELSE status END, updated_at = ${NOW}`,
      why: "the member number stays taken (numbers are never given twice); the membership ends",
    },
  },
  { table: "payments", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: amounts, dates and payment references, no name or address" } },
  { table: "orders", rowsOf: "user_id = ?1", erasure: { kind: "anonymise", set: `email = ?3, billing = NULL, updated_at = ${NOW}`, why: "accounting: what was bought, for how much, when" } },
  { table: "order_payments", rowsOf: `order_id IN (${THEIR_ORDERS})`, erasure: { kind: "keep", why: "accounting: amounts, dates and payment references" } },
  { table: "entitlements", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "webinar_joins", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "discount_redemptions", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: which order or membership application used which discount code, counted against the code's caps" } },
  { table: "email_preferences", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  {
    table: "receipts",
    rowsOf: "user_id = ?1",
    erasure: { kind: "anonymise", set: `payer_name = ${ERASED_NAME}, payer_email = ?3`, why: "the law keeps receipts for the accounts: numbers, amounts, VAT and dates stay" },
  },
  { table: "membership_changes", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: changes of membership type with their amounts and dates" } },
  // The search index's copy of the entry (name, shown town and specialisation); a trigger also removes it with the entry.
  { table: "directory_search", rowsOf: "rowid IN (SELECT id FROM directory_entries WHERE user_id = ?1)", erasure: { kind: "delete" } },
  { table: "directory_entries", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "refunds", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: amounts and dates of money paid back" } },
  {
    // The organisation invoiced (billing) stays, as on receipts: it names the employer asked to pay.
    table: "pro_forma_invoices",
    rowsOf: "user_id = ?1",
    erasure: { kind: "anonymise", set: `buyer_name = ${ERASED_NAME}, buyer_email = ?3`, why: "numbered documents stay without gaps: numbers, amounts and dates keep, the payer goes" },
  },
  {
    table: "credit_notes",
    rowsOf: "user_id = ?1",
    erasure: { kind: "anonymise", set: `payer_name = ${ERASED_NAME}, payer_email = ?3`, why: "the law keeps credit notes like receipts" },
  },
  { table: "disputes", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: card disputes with their amounts and dates" } },
  { table: "cpd_certificates", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "cpd_entries", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  {
    table: "staff_members",
    rowsOf: "lower(email) = ?2",
    erasure: { kind: "keep", why: "who had staff access; erasure is refused while the person is on the staff list" },
  },
  { table: "staff_second_factors", rowsOf: "lower(email) = ?2", exportColumns: ["email", "confirmed_at", "created_at"], erasure: { kind: "delete" } },
  { table: "staff_recovery_codes", rowsOf: "lower(email) = ?2", exportColumns: ["email", "used_at"], erasure: { kind: "delete" } },
  { table: "staff_second_factor_failures", rowsOf: "lower(email) = ?2", erasure: { kind: "delete" } },
];

/** Tables that hold nothing about a person, and why. */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  purge_log: "the CMS's cache purges: which content model changed, and when",
  stripe_events: "the ids of Stripe events already handled, kept to ignore repeats",
  directory_listing_rule: "the grace days the directory listing adds after a membership period (one number)",
  payment_fees: "Stripe's fee on each card payment: the society's cost, keyed by the payment's id and naming no one",
  daily_job_progress: "how far each daily membership-year run has gone: counts, and while a run is unfinished the id of the last member it did (cleared when it finishes)",
};

/** The highest parameter (?N) a statement uses, so it is bound with exactly that many values. */
export function parameterCount(sql: string): number {
  return Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
}
