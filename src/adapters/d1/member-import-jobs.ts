/**
 * The member import's job in D1 (migrations/0042): the uploaded file's records as staged rows,
 * what checking found for each, and the import's progress. Every write of a chunk is set-based
 * (one JSON parameter read with `json_each`, or straight from the staged rows) and goes in one
 * batch with the move of the import's progress, which happens only from the steps the caller
 * read (compare and set) and records a fresh claim; the chunk's other statements write only while
 * that claim is the recorded one. So of two workers on one import only one writes a chunk, and a
 * job cut off resumes after the last chunk that committed.
 */
import type { ImportMapping } from "../../domain/import-mapping";
import type { ImportAction, ImportCounts, ImportJob, ImportPhase, ImportProblem, ListedRow } from "../../domain/member-import";

export type { ImportCounts, ImportJob, ImportPhase, ListedRow };

/** What a file may bring besides the records, as its counts name it. */
export type HistoryKind = "payments" | "cpd" | "custom" | "notes" | "consentDates";

/** One record of the file as staged. */
export interface StagedRow {
  seq: number;
  line: number;
  fields: string[];
}

/** What checking found for one staged row. */
export interface CheckedRow {
  seq: number;
  /** Set for a row that reads as a member (for the duplicate checks and the write). */
  email: string | null;
  memberNumber: number | null;
  member: unknown;
  action: ImportAction["kind"] | null;
  /** The changes ("status: active → lapsed; …") or the reason for a skip. */
  detail: string | null;
  problems: ImportProblem[];
  /** The claim invitation's data, when the member is to be invited. */
  invitation: unknown;
}

/** Where an import goes with a step, and what it records on the way. */
export interface ImportStep {
  phase: ImportPhase;
  pass?: 0 | 1;
  position: number;
  rows?: number;
  header?: string[];
  mapping?: ImportMapping;
  fileProblems?: ImportProblem[];
  stripeLinks?: number;
  counts?: ImportCounts;
  error?: string | null;
  finished?: boolean;
  /** A dry run brought back to be imported for real, by whom, and whether to invite. */
  mode?: "check" | "import";
  staffEmail?: string;
  invite?: boolean;
}

export interface MemberImportJobStore {
  /** A new import, staging. */
  create(job: { staffEmail: string; mode: "check" | "import"; invite: boolean }, now: string): Promise<ImportJob>;
  /** The insert of a piece of the file's records. */
  stage(importId: number, rows: readonly StagedRow[]): D1PreparedStatement;
  get(importId: number): Promise<ImportJob | null>;
  /** The newest imports, newest first. */
  recent(limit: number): Promise<ImportJob[]>;
  /** Up to `limit` staged rows after `afterSeq`, in file order. */
  stagedAfter(importId: number, afterSeq: number, limit: number): Promise<StagedRow[]>;
  /**
   * Moves the import from `from` (as read) to `to`, recording `claim`: changes nothing if another
   * worker moved it first. Put it first in the chunk's batch; the statements after it write only
   * under this claim.
   */
  advance(from: Pick<ImportJob, "id" | "steps">, to: ImportStep, claim: string, now: string): D1PreparedStatement;
  /** What checking found for these rows (several statements for a large chunk). */
  checked(importId: number, rows: readonly CheckedRow[], claim: string): D1PreparedStatement[];
  /**
   * The rows from `fromSeq` to `toSeq` whose address (then member number) is on an earlier row of
   * the same file get that problem. Every earlier row must be checked already.
   */
  duplicates(importId: number, fromSeq: number, toSeq: number, claim: string): D1PreparedStatement[];
  /** The plan's counts over every checked row, and whether any row to write has a member number. */
  tally(importId: number): Promise<ImportCounts & { numbered: number }>;
  /**
   * Creates or changes the memberships of rows `fromSeq`..`toSeq` the plan creates or changes:
   * in pass 0 those with a member number, in pass 1 the rest (the trigger then numbers them after
   * every given number). Upserts by import address, straight from the staged rows.
   */
  write(importId: number, pass: 0 | 1, fromSeq: number, toSeq: number, claim: string): D1PreparedStatement;
  /**
   * The history of the same rows (payments under the old system, CPD, kept fields), for the rows
   * the plan creates, changes or leaves unchanged whose record no owner has claimed yet: each
   * payment and CPD entry once however often the file runs, a kept field's value replaced.
   * After `write` in the same batch, so every row's record is there to attach to. Also each row's
   * note for staff and the day each consent was given. Only the kinds the file brings (`brings`,
   * its counts) are written.
   */
  writeHistory(importId: number, pass: 0 | 1, fromSeq: number, toSeq: number, claim: string, brings: Readonly<Record<HistoryKind, number>>): D1PreparedStatement[];
  /** The newest mapping staff chose, with its header, for the next file's guess. */
  latestMapping(): Promise<{ header: string[]; mapping: ImportMapping } | null>;
  /** Queues the claim invitations of rows `fromSeq`..`toSeq` for the day's budget. */
  queueInvitations(importId: number, fromSeq: number, toSeq: number, claim: string): D1PreparedStatement;
  /** Rows with problems, by line, after `afterLine`. */
  problemRows(importId: number, afterLine: number, limit: number): Promise<ListedRow[]>;
  /** Rows the import creates, changes or skips, in file order, after `afterSeq`. */
  actingRows(importId: number, afterSeq: number, limit: number): Promise<ListedRow[]>;
  /** Unfinished imports whose last step is older than `staleBefore`: their hand-over was lost. */
  stalled(staleBefore: string, limit: number): Promise<number[]>;
  /**
   * Imports left waiting for their mapping since before `before`: refused with the reason, and
   * finished as of when they were left, so their staged rows are cleared like any finished
   * import's. Returns how many.
   */
  abandonUnmapped(before: string): Promise<number>;
  /** Deletes up to `limit` staged rows of imports finished before `before`; returns how many went. */
  clearFinished(before: string, limit: number): Promise<number>;
}

interface JobRow {
  id: number;
  staff_email: string;
  mode: "check" | "import";
  invite: number;
  phase: ImportPhase;
  header: string | null;
  mapping: string | null;
  rows: number;
  pass: 0 | 1;
  position: number;
  steps: number;
  file_problems: string;
  stripe_links: number;
  created: number;
  changed: number;
  unchanged: number;
  skipped: number;
  problems: number;
  invitations: number;
  payments: number;
  cpd: number;
  custom: number;
  notes: number;
  consent_dates: number;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

const toJob = (r: JobRow): ImportJob => ({
  id: r.id,
  staffEmail: r.staff_email,
  mode: r.mode,
  invite: r.invite === 1,
  phase: r.phase,
  header: r.header === null ? null : (JSON.parse(r.header) as string[]),
  mapping: r.mapping === null ? null : (JSON.parse(r.mapping) as ImportMapping),
  rows: r.rows,
  pass: r.pass,
  position: r.position,
  steps: r.steps,
  fileProblems: JSON.parse(r.file_problems) as ImportProblem[],
  stripeLinks: r.stripe_links,
  created: r.created,
  changed: r.changed,
  unchanged: r.unchanged,
  skipped: r.skipped,
  problems: r.problems,
  invitations: r.invitations,
  payments: r.payments,
  cpd: r.cpd,
  custom: r.custom,
  notes: r.notes,
  consentDates: r.consent_dates,
  error: r.error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

interface ListedDbRow {
  seq: number;
  line: number;
  email: string | null;
  name: string | null;
  action: ImportAction["kind"] | null;
  detail: string | null;
  problems: string | null;
  membership_title: string | null;
  status: string | null;
  period_end: string | null;
  honour: string | null;
  concession: string | null;
  has_note: number | null;
  consents_given: string | null;
}

const toListed = (r: ListedDbRow): ListedRow => ({
  seq: r.seq,
  line: r.line,
  email: r.email,
  name: r.name,
  action: r.action,
  detail: r.detail,
  problems: r.problems === null ? [] : (JSON.parse(r.problems) as ImportProblem[]),
  membershipTitle: r.membership_title,
  status: r.status,
  periodEnd: r.period_end,
  honour: r.honour as ListedRow["honour"],
  concession: r.concession === null ? null : (JSON.parse(r.concession) as ListedRow["concession"]),
  note: r.has_note === 1,
  consentsGiven: r.consents_given === null ? [] : (JSON.parse(r.consents_given) as ListedRow["consentsGiven"]),
});

/**
 * Checked rows per statement, and the most text of their JSON: a row with its history can be
 * several KB, and one parameter must stay well under D1's 2 MB for a value.
 */
const CHECKED_PER_STATEMENT = 400;
const CHECKED_CHARS_PER_STATEMENT = 500_000;
/** A chunk's statements after the move of progress write only under the claim it recorded. */
const CLAIMED = "EXISTS (SELECT 1 FROM member_imports WHERE id = ?1 AND claim = ?2)";
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const LISTED = `seq, line, email, json_extract(member, '$.name') AS name, action, detail, problems,
  json_extract(member, '$.membershipTitle') AS membership_title, json_extract(member, '$.status') AS status, json_extract(member, '$.periodEnd') AS period_end,
  json_extract(member, '$.honour') AS honour, json_extract(member, '$.concession') AS concession, json_extract(member, '$.note') IS NOT NULL AS has_note,
  json_extract(member, '$.consentsGiven') AS consents_given`;

/** What the CPD log names as the provider of an entry brought from the old system. */
export const IMPORTED_CPD_PROVIDER = "Imported from the previous register";

/** A row's history entries of one kind, counted over the rows the import writes. */
const HISTORY_COUNT = (kind: "payments" | "cpd" | "custom" | "consentsGiven") =>
  `CASE WHEN action IN ('create', 'change', 'unchanged') AND problems IS NULL THEN coalesce(json_array_length(member, '$.${kind}'), 0) ELSE 0 END`;
/** Its note, counted the same way. */
const NOTE_COUNT = "CASE WHEN action IN ('create', 'change', 'unchanged') AND problems IS NULL AND json_extract(member, '$.note') IS NOT NULL THEN 1 ELSE 0 END";

/**
 * The history entries (h) of a write chunk's rows (r) and the record each belongs to (m): the
 * rows of the pass the plan keeps, whose record is still unclaimed (a claimed record is its
 * owner's: the import leaves it alone, as it does their details).
 */
const HISTORY_ROWS = (kind: "payments" | "cpd" | "custom" | "consentsGiven") =>
  `FROM member_import_rows AS r
   JOIN memberships AS m ON m.import_email = r.email
   JOIN json_each(r.member, '$.${kind}') AS h
   WHERE r.import_id = ?1 AND r.seq BETWEEN ?3 AND ?4 AND r.action IN ('create', 'change', 'unchanged') AND r.problems IS NULL
     AND (r.member_number IS NULL) = ?5 AND substr(m.user_id, 1, 6) = 'email:' AND ${CLAIMED}`;

/** "<what> is also on line <n>" for the rows of a range whose `column` value is on an earlier row. */
function duplicateStatement(db: D1Database, column: "email" | "member_number", problem: { column: string; message: string }, args: readonly unknown[]) {
  return db
    .prepare(
      `UPDATE member_import_rows AS r
       SET problems = json_insert(coalesce(r.problems, '[]'), '$[#]', json_object('line', r.line, 'column', '${problem.column}', 'message', ${problem.message}))
       FROM (SELECT d.seq, (SELECT f.line FROM member_import_rows AS f WHERE f.import_id = ?1 AND f.${column} = d.${column} ORDER BY f.seq LIMIT 1) AS first_line,
                    (SELECT f.seq FROM member_import_rows AS f WHERE f.import_id = ?1 AND f.${column} = d.${column} ORDER BY f.seq LIMIT 1) AS first_seq
             FROM member_import_rows AS d WHERE d.import_id = ?1 AND d.seq BETWEEN ?3 AND ?4 AND d.${column} IS NOT NULL) AS earlier
       WHERE r.import_id = ?1 AND r.seq = earlier.seq AND earlier.first_seq < r.seq AND ${CLAIMED}`,
    )
    .bind(...args);
}

export function createMemberImportJobStore(db: D1Database): MemberImportJobStore {
  const list = async (sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).all<ListedDbRow>()).results.map(toListed);
  return {
    async create({ staffEmail, mode, invite }, now) {
      const row = await db
        .prepare("INSERT INTO member_imports (staff_email, mode, invite, phase, created_at, updated_at) VALUES (?1, ?2, ?3, 'staging', ?4, ?4) RETURNING *")
        .bind(staffEmail, mode, invite ? 1 : 0, now)
        .first<JobRow>();
      return toJob(row!);
    },
    stage: (importId, rows) =>
      db
        .prepare(
          `INSERT INTO member_import_rows (import_id, seq, line, fields)
           SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?2) WHERE true
           ON CONFLICT (import_id, seq) DO NOTHING`,
        )
        .bind(importId, JSON.stringify(rows.map((r) => [r.seq, r.line, JSON.stringify(r.fields)]))),
    async get(importId) {
      const row = await db.prepare("SELECT * FROM member_imports WHERE id = ?1").bind(importId).first<JobRow>();
      return row ? toJob(row) : null;
    },
    async recent(limit) {
      const { results } = await db.prepare("SELECT * FROM member_imports ORDER BY id DESC LIMIT ?1").bind(limit).all<JobRow>();
      return results.map(toJob);
    },
    async stagedAfter(importId, afterSeq, limit) {
      const { results } = await db
        .prepare("SELECT seq, line, fields FROM member_import_rows WHERE import_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3")
        .bind(importId, afterSeq, limit)
        .all<{ seq: number; line: number; fields: string }>();
      return results.map((r) => ({ seq: r.seq, line: r.line, fields: JSON.parse(r.fields) as string[] }));
    },
    advance(from, to, claim, now) {
      const set: string[] = ["phase = ?4", "position = ?5", "steps = steps + 1", "claim = ?2", "updated_at = ?6"];
      const values: unknown[] = [from.id, claim, from.steps, to.phase, to.position, now];
      const add = (column: string, value: unknown) => {
        values.push(value);
        set.push(`${column} = ?${values.length}`);
      };
      if (to.pass !== undefined) add("pass", to.pass);
      if (to.rows !== undefined) add("rows", to.rows);
      if (to.header !== undefined) add("header", JSON.stringify(to.header));
      if (to.mapping !== undefined) add("mapping", JSON.stringify(to.mapping));
      if (to.fileProblems !== undefined) add("file_problems", JSON.stringify(to.fileProblems));
      if (to.stripeLinks !== undefined) add("stripe_links", to.stripeLinks);
      if (to.error !== undefined) add("error", to.error);
      if (to.mode !== undefined) add("mode", to.mode);
      if (to.staffEmail !== undefined) add("staff_email", to.staffEmail);
      if (to.invite !== undefined) add("invite", to.invite ? 1 : 0);
      if (to.counts) for (const [key, value] of Object.entries(to.counts)) add(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value);
      if (to.finished !== undefined) add("finished_at", to.finished ? now : null);
      return db.prepare(`UPDATE member_imports SET ${set.join(", ")} WHERE id = ?1 AND steps = ?3`).bind(...values);
    },
    checked(importId, rows, claim) {
      const statements: D1PreparedStatement[] = [];
      const encoded = rows.map((r) =>
        JSON.stringify([
          r.seq,
          r.email,
          r.memberNumber,
          r.member === null ? null : JSON.stringify(r.member),
          r.action,
          r.detail,
          r.problems.length > 0 ? JSON.stringify(r.problems) : null,
          r.invitation === null ? null : JSON.stringify(r.invitation),
        ]),
      );
      for (let start = 0; start < encoded.length; ) {
        let end = start + 1;
        let chars = encoded[start]!.length;
        while (end < encoded.length && end - start < CHECKED_PER_STATEMENT && chars + encoded[end]!.length <= CHECKED_CHARS_PER_STATEMENT) chars += encoded[end++]!.length;
        const slice = `[${encoded.slice(start, end).join(",")}]`;
        start = end;
        const field = (i: number) => `json_extract(value, '$[${i}]')`;
        statements.push(
          db
            .prepare(
              // The chunk's rows are found by key, one seek each, from the list: joined to the table
              // alone, SQLite would read every row of the import once for each row of the list.
              `WITH c AS (SELECT ${field(0)} AS seq, ${field(1)} AS email, ${field(2)} AS member_number, ${field(3)} AS member, ${field(4)} AS action,
                                 ${field(5)} AS detail, ${field(6)} AS problems, ${field(7)} AS invitation FROM json_each(?3))
               UPDATE member_import_rows SET email = c.email, member_number = c.member_number, member = c.member, action = c.action, detail = c.detail,
                 problems = c.problems, invitation = c.invitation, invitation_state = NULL, invited_on = NULL
               FROM c
               WHERE member_import_rows.import_id = ?1 AND member_import_rows.seq IN (SELECT seq FROM c) AND member_import_rows.seq = c.seq AND ${CLAIMED}`,
            )
            .bind(importId, claim, slice),
        );
      }
      return statements;
    },
    duplicates(importId, fromSeq, toSeq, claim) {
      const args = [importId, claim, fromSeq, toSeq];
      return [
        duplicateStatement(db, "email", { column: "email", message: "r.email || ' is also on line ' || earlier.first_line || ': each member once'" }, args),
        duplicateStatement(
          db,
          "member_number",
          { column: "member_number", message: "'Member number ' || r.member_number || ' is also on line ' || earlier.first_line" },
          args,
        ),
      ];
    },
    async tally(importId) {
      const row = await db
        .prepare(
          `SELECT coalesce(sum(action = 'create' AND problems IS NULL), 0) AS created, coalesce(sum(action = 'change' AND problems IS NULL), 0) AS changed,
                  coalesce(sum(action = 'unchanged' AND problems IS NULL), 0) AS unchanged, coalesce(sum(action = 'skip' AND problems IS NULL), 0) AS skipped,
                  coalesce(sum(json_array_length(problems)), 0) AS problems, coalesce(sum(invitation IS NOT NULL), 0) AS invitations,
                  coalesce(sum(${HISTORY_COUNT("payments")}), 0) AS payments, coalesce(sum(${HISTORY_COUNT("cpd")}), 0) AS cpd,
                  coalesce(sum(${HISTORY_COUNT("custom")}), 0) AS custom, coalesce(sum(${NOTE_COUNT}), 0) AS notes,
                  coalesce(sum(${HISTORY_COUNT("consentsGiven")}), 0) AS consentDates,
                  coalesce(sum(action IN ('create', 'change', 'unchanged') AND member_number IS NOT NULL), 0) AS numbered
           FROM member_import_rows WHERE import_id = ?1`,
        )
        .bind(importId)
        .first<ImportCounts & { numbered: number }>();
      return row!;
    },
    write(importId, pass, fromSeq, toSeq, claim) {
      const field = (name: string) => `json_extract(member, '$.${name}')`;
      return db
        .prepare(
          `INSERT INTO memberships (user_id, email, import_email, membership_slug, membership_title, status, payment_method, period_start, period_end,
             member_number, member_name, postal_address, consents, stripe_customer_id, stripe_subscription_id, honour, concession_pence, concession_until,
             concession_reason)
           SELECT 'email:' || email, email, email, ${field("membershipSlug")}, ${field("membershipTitle")}, ${field("status")}, ${field("paymentMethod")},
             ${field("periodStart")}, ${field("periodEnd")}, member_number, ${field("name")}, ${field("address")}, ${field("consents")},
             ${field("stripeCustomerId")}, ${field("stripeSubscriptionId")}, ${field("honour")}, ${field("concession.pence")}, ${field("concession.until")},
             ${field("concession.reason")}
           FROM member_import_rows
           WHERE import_id = ?1 AND seq BETWEEN ?3 AND ?4 AND action IN ('create', 'change') AND (member_number IS NULL) = ?5 AND ${CLAIMED}
           ORDER BY seq
           ON CONFLICT (import_email) DO UPDATE SET membership_slug = excluded.membership_slug, membership_title = excluded.membership_title,
             status = excluded.status, payment_method = excluded.payment_method, period_start = excluded.period_start, period_end = excluded.period_end,
             member_number = COALESCE(excluded.member_number, memberships.member_number), member_name = excluded.member_name,
             postal_address = excluded.postal_address, consents = excluded.consents, stripe_customer_id = excluded.stripe_customer_id,
             stripe_subscription_id = excluded.stripe_subscription_id, honour = excluded.honour, concession_pence = excluded.concession_pence,
             concession_until = excluded.concession_until, concession_reason = excluded.concession_reason, updated_at = ${NOW}`,
        )
        .bind(importId, claim, fromSeq, toSeq, pass);
    },
    writeHistory(importId, pass, fromSeq, toSeq, claim, brings) {
      const args = [importId, claim, fromSeq, toSeq, pass];
      const entry = (name: string) => `json_extract(h.value, '$.${name}')`;
      const statements: Record<HistoryKind, () => D1PreparedStatement> = {
        payments: () =>
          db
            .prepare(
              `INSERT INTO imported_payments (user_id, import_id, paid_on, amount_pence, method, reference)
               SELECT m.user_id, ?1, ${entry("date")}, ${entry("amountPence")}, ${entry("method")}, ${entry("reference")}
               ${HISTORY_ROWS("payments")}
               ON CONFLICT DO NOTHING`,
            )
            .bind(...args),
        cpd: () =>
          db
            .prepare(
              // The id is the entry itself, so a rerun finds it; "manual" is the member's own (self-declared) kind of entry.
              `INSERT INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category, reflection, confirmed_at)
               SELECT 'imported:' || r.email || ':' || ${entry("date")} || ':' || ${entry("hundredths")} || ':' || ${entry("title")}, m.user_id, 'manual',
                 ${entry("date")}, ${entry("title")}, '${IMPORTED_CPD_PROVIDER}', ${entry("hundredths")}, ${entry("category")}, '', ${NOW}
               ${HISTORY_ROWS("cpd")}
               ON CONFLICT DO NOTHING`,
            )
            .bind(...args),
        custom: () =>
          db
            .prepare(
              `INSERT INTO member_custom_fields (user_id, name, value, import_id)
               SELECT m.user_id, ${entry("name")}, ${entry("value")}, ?1
               ${HISTORY_ROWS("custom")}
               ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value, import_id = excluded.import_id, updated_at = ${NOW}
               WHERE member_custom_fields.value <> excluded.value`,
            )
            .bind(...args),
        notes: () =>
          db
            .prepare(
              // A note for staff, by the staff member importing, dated the day of the import; the same
              // note on the same member is kept once, however often the file runs.
              `INSERT INTO member_notes (id, user_id, body, staff_email)
               SELECT 'import:' || ?1 || ':' || r.seq, m.user_id, json_extract(r.member, '$.note'), (SELECT staff_email FROM member_imports WHERE id = ?1)
               FROM member_import_rows AS r
               JOIN memberships AS m ON m.import_email = r.email
               WHERE r.import_id = ?1 AND r.seq BETWEEN ?3 AND ?4 AND r.action IN ('create', 'change', 'unchanged') AND r.problems IS NULL
                 AND (r.member_number IS NULL) = ?5 AND substr(m.user_id, 1, 6) = 'email:' AND json_extract(r.member, '$.note') IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM member_notes AS n WHERE n.user_id = m.user_id AND n.body = json_extract(r.member, '$.note')) AND ${CLAIMED}
               ON CONFLICT DO NOTHING`,
            )
            .bind(...args),
        consentDates: () =>
          db
            .prepare(
              // The record's write has just recorded its consents as given today (migrations/0049's
              // triggers); the day the file says each was given replaces that. A consent the member
              // has answered themselves since is theirs and left alone.
              `UPDATE member_consents SET given_at = d.given_at
               FROM (SELECT m.user_id, ${entry("name")} AS topic, ${entry("date")} || 'T00:00:00.000Z' AS given_at ${HISTORY_ROWS("consentsGiven")}) AS d
               WHERE member_consents.user_id = d.user_id AND member_consents.topic = d.topic AND member_consents.given_via = 'import'
                 AND member_consents.consented = 1 AND member_consents.given_at IS NOT d.given_at`,
            )
            .bind(...args),
      };
      // A statement for a kind the file does not bring would still cost a query in every chunk.
      return (Object.keys(statements) as HistoryKind[]).flatMap((kind) => (brings[kind] > 0 ? [statements[kind]()] : []));
    },
    async latestMapping() {
      const row = await db
        .prepare("SELECT header, mapping FROM member_imports WHERE mapping IS NOT NULL AND phase <> 'mapping' ORDER BY id DESC LIMIT 1")
        .first<{ header: string; mapping: string }>();
      return row ? { header: JSON.parse(row.header) as string[], mapping: JSON.parse(row.mapping) as ImportMapping } : null;
    },
    queueInvitations: (importId, fromSeq, toSeq, claim) =>
      db
        .prepare(
          `UPDATE member_import_rows SET invitation_state = 'queued'
           WHERE import_id = ?1 AND seq BETWEEN ?3 AND ?4 AND invitation IS NOT NULL AND invitation_state IS NULL AND ${CLAIMED}`,
        )
        .bind(importId, claim, fromSeq, toSeq),
    problemRows: (importId, afterLine, limit) =>
      list(`SELECT ${LISTED} FROM member_import_rows WHERE import_id = ?1 AND problems IS NOT NULL AND line > ?2 ORDER BY line LIMIT ?3`, importId, afterLine, limit),
    actingRows: (importId, afterSeq, limit) =>
      list(
        `SELECT ${LISTED} FROM member_import_rows WHERE import_id = ?1 AND action IN ('create', 'change', 'skip') AND seq > ?2 ORDER BY seq LIMIT ?3`,
        importId,
        afterSeq,
        limit,
      ),
    async stalled(staleBefore, limit) {
      const { results } = await db
        .prepare("SELECT id FROM member_imports WHERE phase IN ('checking', 'writing') AND updated_at < ?1 ORDER BY updated_at LIMIT ?2")
        .bind(staleBefore, limit)
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async abandonUnmapped(before) {
      const result = await db
        .prepare(
          `UPDATE member_imports SET phase = 'refused', finished_at = updated_at, steps = steps + 1,
             file_problems = json_array(json_object('line', NULL, 'column', NULL, 'message', 'Its columns were never matched, so it was set aside. Upload the file again to import it.'))
           WHERE phase = 'mapping' AND updated_at < ?1`,
        )
        .bind(before)
        .run();
      return result.meta.changes;
    },
    async clearFinished(before, limit) {
      const result = await db
        .prepare(
          `DELETE FROM member_import_rows WHERE (import_id, seq) IN (
             SELECT import_id, seq FROM member_import_rows
             WHERE import_id IN (SELECT id FROM member_imports WHERE finished_at IS NOT NULL AND finished_at < ?1) LIMIT ?2)`,
        )
        .bind(before, limit)
        .run();
      return result.meta.changes;
    },
  };
}
