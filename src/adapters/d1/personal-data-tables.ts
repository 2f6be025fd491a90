/**
 * Every D1 table, and what it holds about a person: the one list that drives both a person's
 * data export and the erasure of their account (docs/decisions/0025-privacy-export-and-erasure.md,
 * amended by 0034).
 *
 * A table is either `personal` (how its rows about the person are found, and what erasure does
 * to them) or listed in `TABLES_WITHOUT_PERSONAL_DATA` with the reason. A test reads the
 * database's own table list and fails when a table is in neither, so a new table cannot be
 * forgotten.
 *
 * The SQL below takes three parameters: ?1 the person's user id, ?2 their e-mail address (lower
 * case) or NULL, ?3 the salted hash that replaces the address where a row must stay
 * (services/privacy).
 *
 * Rows found through the user id are the person's. Rows found only by the address are theirs
 * only once Firebase has verified it: anyone can open an account for an address that has none
 * yet (a staff member who has not signed up, a former staff member, a member's old address), so
 * for an unverified address ?2 is NULL, which equals nothing. Even then, a row found by the
 * address alone was written about someone else (a staff notice about an applicant, an audit entry
 * of what a staff member did): the export shows that it exists, when, and what kind, never what
 * it says; and erasure never rewrites what a staff member did.
 */
import { STAFF_ROLE_EMAIL_KINDS } from "../../domain/email";

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
  /** A WHERE condition selecting the person's rows through their user id (?1); null where the table does not hold it. */
  rowsOf: string | null;
  /**
   * A WHERE condition selecting rows that are theirs by e-mail address alone (?2, NULL unless
   * verified), and whether erasure acts on them too.
   */
  rowsAtAddress?: { where: string; erased: boolean };
  /**
   * The columns (or expressions) the export shows; all of them when absent. Secrets and bearer ids
   * are left out, and so is what a row found by the address alone says about someone else.
   */
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
 * Entries about the person: on their applications and orders, naming their user id (in the
 * details, or in the column a merge moves from a merged-away record to theirs) or their messages
 * and certificates.
 */
const AUDIT_ABOUT_THEM = `(application_id IN (${THEIR_APPLICATIONS}) OR order_id IN (${THEIR_ORDERS})
      OR json_extract(details, '$.userId') = ?1 OR user_id = ?1
      OR (action = 'email.resent' AND json_extract(details, '$.messageId') IN (SELECT id FROM email_outbox WHERE user_id = ?1))
      OR (action = 'certificate.revoked' AND json_extract(details, '$.certificateId') IN (SELECT id FROM cpd_certificates WHERE user_id = ?1)))`;

/** Messages written to the person's account, or about them: the dedupe key names their user id, application or order. */
const OUTBOX_TO_OR_ABOUT_THEM = `(user_id = ?1 OR instr(dedupe_key, ?1) > 0
      OR EXISTS (SELECT 1 FROM applications AS a WHERE a.user_id = ?1 AND instr(email_outbox.dedupe_key, a.id) > 0)
      OR EXISTS (SELECT 1 FROM orders AS o WHERE o.user_id = ?1 AND instr(email_outbox.dedupe_key, o.id) > 0))`;

/** Kinds written to staff members about someone else (an applicant, a payer). */
const STAFF_NOTICE_KINDS = STAFF_ROLE_EMAIL_KINDS.map((kind) => `'${kind}'`).join(", ");

/**
 * In this order, erasure runs its statements (one batch): the audit entries are found through
 * rows that later statements delete, so they come first.
 */
export const PERSONAL_DATA_TABLES: readonly PersonalDataTable[] = [
  {
    table: "staff_audit_log",
    rowsOf: AUDIT_ABOUT_THEM,
    // What a staff member did stays as it was: the record of who did what outlives their account.
    rowsAtAddress: { where: "lower(staff_email) = ?2", erased: false },
    exportColumns: ["id", "staff_email", "action", "application_id", "order_id", `CASE WHEN ${AUDIT_ABOUT_THEM} THEN details END AS details`, "at"],
    erasure: {
      kind: "anonymise",
      // The address that acted is replaced only where the member acted themselves (`by: member`).
      set: `staff_email = CASE WHEN json_extract(details, '$.by') = 'member' THEN ?3 ELSE staff_email END, details = ${AUDIT_DETAILS_WITHOUT_PERSONAL_DATA}`,
      why: "staff keep the record of what was done and when; the details lose names, addresses and typed text",
    },
  },
  {
    table: "email_outbox",
    rowsOf: OUTBOX_TO_OR_ABOUT_THEM,
    rowsAtAddress: { where: "lower(recipient) = ?2", erased: true },
    exportColumns: [
      "id",
      "kind",
      "category",
      // A staff notice about them went to a staff member: that address is not theirs to see.
      `CASE WHEN kind NOT IN (${STAFF_NOTICE_KINDS}) OR lower(recipient) = ?2 THEN recipient END AS recipient`,
      `CASE WHEN ${OUTBOX_TO_OR_ABOUT_THEM} THEN subject END AS subject`,
      `CASE WHEN ${OUTBOX_TO_OR_ABOUT_THEM} THEN data END AS data`,
      "status",
      "attempts",
      "sent_at",
      "created_at",
      "updated_at",
    ],
    erasure: { kind: "delete" },
  },
  {
    table: "sessions",
    rowsOf: "user_id = ?1",
    rowsAtAddress: { where: "lower(email) = ?2", erased: true },
    exportColumns: ["created_at", "expires_at", "revoked_at"],
    erasure: { kind: "delete" },
  },
  {
    table: "applications",
    rowsOf: "user_id = ?1",
    erasure: {
      kind: "anonymise",
      set: `email = ?3, given_name = 'Erased', family_name = 'member', billing = NULL, vetting_request = NULL, updated_at = ${NOW},
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
  // The keys a duplicate record would share (migrations/0057): made again by a trigger when erasure rewrites the record, so they go after it.
  { table: "member_match_keys", rowsOf: "user_id = ?1", exportColumns: ["kind", "match_key"], erasure: { kind: "delete" } },
  {
    table: "member_match_groups",
    rowsOf: "(kind, match_key) IN (SELECT kind, match_key FROM member_match_keys WHERE user_id = ?1)",
    exportColumns: ["kind", "match_key"],
    erasure: { kind: "keep", why: "how many records share a key: a trigger removes the key with the last record's keys, which erasure deletes" },
  },
  {
    // A merge's tombstone: a record merged into theirs, or theirs merged into another.
    table: "member_merges",
    rowsOf: "merged_user_id = ?1 OR survivor_user_id = ?1",
    erasure: {
      kind: "anonymise",
      set: "merged_record = NULL, survivor_before = NULL, reason = NULL",
      why: "the merged-away id still leads to the record it was merged into, and its member number is never given again",
    },
  },
  {
    // The files themselves are in R2 under random keys: once the rows go, nothing leads to them (docs/decisions/0056).
    table: "application_documents",
    rowsOf: "user_id = ?1",
    exportColumns: ["requirement", "file_name", "content_type", "size_bytes", "uploaded_at"],
    erasure: { kind: "delete" },
  },
  { table: "payments", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: amounts, dates and payment references, no name or address" } },
  { table: "orders", rowsOf: "user_id = ?1", erasure: { kind: "anonymise", set: `email = ?3, billing = NULL, updated_at = ${NOW}`, why: "accounting: what was bought, for how much, when" } },
  { table: "order_payments", rowsOf: `order_id IN (${THEIR_ORDERS})`, erasure: { kind: "keep", why: "accounting: amounts, dates and payment references" } },
  { table: "entitlements", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "webinar_joins", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "discount_redemptions", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: which order or membership application used which discount code, counted against the code's caps" } },
  { table: "email_preferences", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // Consents to the society's mailing topics, with when and how each was given or withdrawn.
  { table: "member_consents", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // What an audience picks members by: their country, region, specialisation and when they joined (copied from their records).
  { table: "member_audience_facts", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // Which bulk messages were written to the person (their e-mail itself is in the outbox).
  { table: "member_message_recipients", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // An address bulk mail no longer goes to after a bounce or complaint.
  { table: "email_suppressions", rowsOf: null, rowsAtAddress: { where: "email = ?2", erased: true }, erasure: { kind: "delete" } },
  // Bounces and complaints reported for the address (the e-mail events webhook).
  { table: "email_delivery_events", rowsOf: null, rowsAtAddress: { where: "email = ?2", erased: true }, erasure: { kind: "delete" } },
  {
    table: "receipts",
    rowsOf: "user_id = ?1",
    erasure: { kind: "anonymise", set: `payer_name = ${ERASED_NAME}, payer_email = ?3`, why: "the law keeps receipts for the accounts: numbers, amounts, VAT and dates stay" },
  },
  { table: "membership_changes", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: changes of membership type with their amounts and dates" } },
  // Staff's notes on the member (the membership office): never shown to them on the site, but theirs to ask for.
  { table: "member_notes", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // The search index's copy of the entry (name, shown town and specialisation); a trigger also removes it with the entry.
  { table: "directory_search", rowsOf: "rowid IN (SELECT id FROM directory_entries WHERE user_id = ?1)", erasure: { kind: "delete" } },
  { table: "directory_entries", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  // A patient's message held until they confirm it by e-mail (Find a practitioner): theirs by the
  // address they gave. One written to a practitioner goes with their listing (ON DELETE CASCADE);
  // it is not in the practitioner's export, as it has not reached them.
  { table: "practitioner_contact_holds", rowsOf: null, rowsAtAddress: { where: "sender_email = ?2", erased: true }, erasure: { kind: "delete" } },
  // The public listing (Find a practitioner): its practices, choices and message counts go with it.
  { table: "practitioner_contacts", rowsOf: "listing_id IN (SELECT id FROM practitioner_listings WHERE user_id = ?1)", erasure: { kind: "delete" } },
  { table: "practitioner_listing_tags", rowsOf: "listing_id IN (SELECT id FROM practitioner_listings WHERE user_id = ?1)", erasure: { kind: "delete" } },
  { table: "practitioner_locations", rowsOf: "listing_id IN (SELECT id FROM practitioner_listings WHERE user_id = ?1)", erasure: { kind: "delete" } },
  { table: "practitioner_listings", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
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
  { table: "imported_payments", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "member_custom_fields", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  { table: "event_bookings", rowsOf: "user_id = ?1", erasure: { kind: "keep", why: "accounting: which places were bought for which order, no name or address" } },
  {
    table: "event_attendees",
    rowsOf: "booking_id IN (SELECT id FROM event_bookings WHERE user_id = ?1)",
    rowsAtAddress: { where: "lower(email) = ?2", erased: true },
    exportColumns: ["ticket_code", "name", "email", "answers", "status", "checked_in_at", "attended_at", "attended_minutes", "created_at"],
    erasure: { kind: "anonymise", set: "name = 'Erased attendee', email = ?3, answers = '{}'", why: "the count of places sold and attended stays right" },
  },
  { table: "event_waitlist", rowsOf: "user_id = ?1", erasure: { kind: "delete" } },
  {
    table: "staff_members",
    rowsOf: null,
    rowsAtAddress: { where: "lower(email) = ?2", erased: true },
    erasure: { kind: "keep", why: "who had staff access; erasure is refused while the person is on the staff list" },
  },
  { table: "staff_second_factors", rowsOf: null, rowsAtAddress: { where: "lower(email) = ?2", erased: true }, exportColumns: ["email", "confirmed_at", "created_at"], erasure: { kind: "delete" } },
  { table: "staff_recovery_codes", rowsOf: null, rowsAtAddress: { where: "lower(email) = ?2", erased: true }, exportColumns: ["email", "used_at"], erasure: { kind: "delete" } },
  { table: "staff_second_factor_failures", rowsOf: null, rowsAtAddress: { where: "lower(email) = ?2", erased: true }, erasure: { kind: "delete" } },
  {
    // The exports a staff member asked for. What was exported (its search may name someone else) is not shown.
    table: "staff_exports",
    rowsOf: null,
    rowsAtAddress: { where: "lower(requested_by) = ?2", erased: false },
    exportColumns: ["id", "kind", "requested_by", "requested_at", "status", "rows", "completed_at", "expires_at"],
    erasure: {
      kind: "keep",
      why: "what a staff member did stays, as in the audit log; the files themselves (which hold members' data) are deleted 7 days after they are ready",
    },
  },
  {
    // A member import file's rows (cleared 30 days after the import finishes): found by the address the row reads as.
    table: "member_import_rows",
    rowsOf: null,
    rowsAtAddress: { where: "email = ?2", erased: true },
    exportColumns: ["import_id", "line", "fields", "action", "invitation_state", "invited_on"],
    erasure: { kind: "delete" },
  },
  {
    table: "member_imports",
    rowsOf: null,
    rowsAtAddress: { where: "lower(staff_email) = ?2", erased: false },
    exportColumns: ["id", "staff_email", "mode", "phase", "rows", "created_at", "finished_at"],
    erasure: { kind: "keep", why: "which staff member imported which file, and when, as the audit log keeps it" },
  },
  {
    // An online event's attendance report as staff previewed it (kept a day for "Import"): the
    // staff member's, and it names each attendee's address with their minutes in the session.
    table: "event_attendance_previews",
    rowsOf: null,
    rowsAtAddress: { where: "?2 IN (SELECT staff_email UNION ALL SELECT key FROM json_each(minutes))", erased: true },
    exportColumns: ["event_id", "created_at", "expires_at"],
    erasure: { kind: "delete" },
  },
];

/** Tables that hold nothing about a person, and why. */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  event_state_changes: "staff's cancelling or postponing of an event: its state, the reason and any new date given, naming no one (who did it is in the audit log)",
  event_cancellation_orders: "what a cancelled event's refunds did about each order (refunded, refund due, released) and the amount: the order's own rows say whose it is",
  purge_log: "the CMS's cache purges: which content model changed, and when",
  stripe_events: "the ids of Stripe events already handled, kept to ignore repeats",
  directory_listing_rule: "the grace days the directory listing adds after a membership period (one number)",
  places: "the gazetteer of towns and their positions (GeoNames), the same for everyone",
  practitioner_generation: "one counter moved by every change to the public listings (the edge cache's key)",
  practitioner_photo_deletions: "the R2 keys (random) of practitioners' photos no listing points at any more, until the files are deleted",
  payment_fees: "Stripe's fee on each card payment: the society's cost, keyed by the payment's id and naming no one",
  daily_job_progress: "how far each daily membership-year run has gone: counts, and while a run is unfinished the id of the last member it did (cleared when it finishes)",
  membership_counts: "how many membership records there are of each type in each status: counts naming no one",
  finance_days: "each day's money totals for the ledger, the VAT summary and the dashboard: sums and counts naming no one",
  message_topics: "the mailing topics the society offers members (the newsletter, events near me…): names and descriptions",
  member_messages: "the bulk messages staff wrote (subject, body, audience filters, counts) and the staff address that wrote or sent each: what the society said, to no one in particular",
  email_sending_pause: "whether e-mail sending waits for Email Service's rate limit or daily quota, until when and why: one row naming no one",
  search_documents: "the site search's index of published CMS pages, articles and webinars: what the public site already shows, never a member's record",
  search_text: "the site search's full-text index of the same published content (plain text, no HTML)",
  search_vocabulary: "the words of the published content the site search suggests spellings from",
  search_rebuilds: "how far a rebuild of the site search's index has got: pages of CMS content, naming no one",
};

/** Which of a table's rows the export shows, or erasure acts on. */
function rowsFor(table: PersonalDataTable, purpose: "export" | "erasure"): string {
  const byAddress = table.rowsAtAddress && (purpose === "export" || table.rowsAtAddress.erased) ? table.rowsAtAddress.where : null;
  const conditions = [table.rowsOf, byAddress].filter((c): c is string => c !== null);
  return conditions.length > 0 ? conditions.map((c) => `(${c})`).join(" OR ") : "0";
}

/** The export's SELECT of a table's rows about the person (?1, ?2). */
export function exportQuery(table: PersonalDataTable): string {
  return `SELECT ${table.exportColumns ? table.exportColumns.join(", ") : "*"} FROM ${table.table} WHERE ${rowsFor(table, "export")} ORDER BY rowid`;
}

/** Erasure's statement for a table (?1, ?2, ?3); null where its rows are kept as they are. */
export function erasureStatement(table: PersonalDataTable): string | null {
  const { erasure } = table;
  if (erasure.kind === "keep") return null;
  const where = rowsFor(table, "erasure");
  return erasure.kind === "delete" ? `DELETE FROM ${table.table} WHERE ${where}` : `UPDATE ${table.table} SET ${erasure.set} WHERE ${where}`;
}

// Its own module, so the outbox can use it without loading these tables' SQL at start-up.
export { parameterCount } from "./parameter-count";
