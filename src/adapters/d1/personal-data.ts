/**
 * A person's rows in D1, read for their data export and erased in one batch, both driven by
 * the list of tables in personal-data-tables.ts.
 */
import type { NewAuditEntry } from "../../domain/audit";
import type { DataSubject, PersonalRows } from "../../domain/privacy";
import type { AuditLog } from "./audit-log";
import { PERSONAL_DATA_TABLES, erasureStatement, exportQuery, parameterCount } from "./personal-data-tables";

export interface ErasureFacts {
  /** Whether the address is on the staff list now (erasure waits until an administrator removes it). */
  onStaffList: boolean;
  /** The Stripe subscription that still renews the membership by card, if any. */
  cardSubscriptionId: string | null;
  memberNumber: number | null;
  /** The newest application, where staff see the erasure on the application's page. */
  latestApplicationId: string | null;
}

export interface PersonalDataStore {
  /** Every table's rows about the person, table by table (an empty list where there are none). */
  rowsOf(subject: DataSubject): Promise<PersonalRows>;
  facts(subject: DataSubject): Promise<ErasureFacts>;
  /** Erases the person's rows (and writes `audit`) in one batch: all of it happens, or none. */
  erase(subject: DataSubject, emailHash: string, audit: NewAuditEntry): Promise<void>;
}

const bindAll = (statement: D1PreparedStatement, sql: string, values: readonly unknown[]) => statement.bind(...values.slice(0, parameterCount(sql)));

/**
 * ?2 of the table list's SQL: the address once Firebase has verified it, else NULL, which equals
 * nothing, so no row is found (or erased, or makes the person staff) by an unproven address.
 */
const verifiedAddress = (subject: DataSubject) => (subject.emailVerified && subject.email !== "" ? subject.email.toLowerCase() : null);

export function createPersonalDataStore(db: D1Database, auditLog: AuditLog): PersonalDataStore {
  const select = (subject: DataSubject) =>
    PERSONAL_DATA_TABLES.map((table) => {
      const sql = exportQuery(table);
      return bindAll(db.prepare(sql), sql, [subject.userId, verifiedAddress(subject)]);
    });

  return {
    async rowsOf(subject) {
      const results = await db.batch<Record<string, unknown>>(select(subject));
      return Object.fromEntries(PERSONAL_DATA_TABLES.map(({ table }, i) => [table, results[i]?.results ?? []]));
    },

    async facts(subject) {
      const [staff, membership, application] = await db.batch<Record<string, unknown>>([
        db.prepare("SELECT 1 AS found FROM staff_members WHERE lower(email) = ?1 AND removed_at IS NULL").bind(verifiedAddress(subject)),
        db
          .prepare(
            `SELECT member_number, CASE WHEN stripe_subscription_id IS NOT NULL AND COALESCE(billing_status, '') NOT IN ('canceled', 'incomplete_expired')
               THEN stripe_subscription_id END AS subscription_id FROM memberships WHERE user_id = ?1`,
          )
          .bind(subject.userId),
        db.prepare("SELECT id FROM applications WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1").bind(subject.userId),
      ]);
      const record = membership?.results[0];
      return {
        onStaffList: (staff?.results.length ?? 0) > 0,
        cardSubscriptionId: typeof record?.subscription_id === "string" ? record.subscription_id : null,
        memberNumber: typeof record?.member_number === "number" ? record.member_number : null,
        latestApplicationId: typeof application?.results[0]?.id === "string" ? application.results[0].id : null,
      };
    },

    async erase(subject, emailHash, audit) {
      const values = [subject.userId, verifiedAddress(subject), emailHash];
      const statements = PERSONAL_DATA_TABLES.flatMap((table) => {
        const sql = erasureStatement(table);
        return sql ? [bindAll(db.prepare(sql), sql, values)] : [];
      });
      await db.batch([...statements, auditLog.record(audit)]);
    },
  };
}
