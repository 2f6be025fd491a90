/**
 * What D1 already holds for the members of one chunk of an import file (memberships,
 * migrations/0014): the chunk's addresses and numbers travel as one JSON parameter per statement
 * (`json_each`), not one parameter per value, since D1 binds at most 100 parameters to a
 * statement. The writes are the import job's (member-import-jobs.ts).
 */
import type { ImportedConcession } from "../../domain/member-import";
import type { Honour, MembershipStatus, PaymentMethod } from "../../domain/membership";

/** A record the import made before, as it is now. */
export interface ImportedRecord {
  email: string;
  userId: string;
  membershipSlug: string;
  membershipTitle: string;
  status: MembershipStatus;
  periodStart: string | null;
  periodEnd: string | null;
  memberNumber: number | null;
  name: string | null;
  address: string | null;
  paymentMethod: PaymentMethod;
  consents: string[];
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  honour: Honour | null;
  concession: ImportedConcession | null;
}

/** What D1 already holds for the addresses and member numbers in a file. */
export interface ExistingMembers {
  /** Records the import made, by their import address. */
  imported: Map<string, ImportedRecord>;
  /** Addresses with a membership made on the site (joined online, or a staff grant), not by the import. */
  madeOnSite: Set<string>;
  /** Member numbers already given, and the import address holding each (null: not an imported record). */
  numbers: Map<number, string | null>;
  /** Addresses already sent (or waiting to be sent) a claim invitation. */
  invited: Set<string>;
}

export interface MemberImportStore {
  existing(emails: readonly string[], numbers: readonly number[]): Promise<ExistingMembers>;
}

/** The outbox dedupe key of an address's claim invitation, before the address (services/email/dedupe-key.ts). */
const INVITATION_KEY = "claim-invitation:";

interface Row {
  import_email: string;
  user_id: string;
  membership_slug: string;
  membership_title: string;
  status: MembershipStatus;
  period_start: string | null;
  period_end: string | null;
  member_number: number | null;
  member_name: string | null;
  postal_address: string | null;
  payment_method: PaymentMethod;
  consents: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  honour: Honour | null;
  concession_pence: number | null;
  concession_until: string | null;
  concession_reason: string | null;
}

export function createMemberImportStore(db: D1Database): MemberImportStore {
  return {
    async existing(emails, numbers) {
      const [imported, onSite, taken, invited] = await db.batch<Record<string, unknown>>([
        db.prepare("SELECT * FROM memberships WHERE import_email IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(emails)),
        // Two seeks (by address in any case, by user id), each on its own index; `+import_email`
        // keeps SQLite from reading every membership without one through that column's index.
        db
          .prepare(
            `SELECT lower(email) AS email FROM memberships WHERE lower(email) IN (SELECT value FROM json_each(?1)) AND +import_email IS NULL
             UNION SELECT lower(email) FROM memberships WHERE user_id IN (SELECT 'email:' || value FROM json_each(?1)) AND +import_email IS NULL`,
          )
          .bind(JSON.stringify(emails)),
        db.prepare("SELECT member_number, import_email FROM memberships WHERE member_number IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(numbers)),
        db
          .prepare("SELECT substr(dedupe_key, ?2) AS email FROM email_outbox WHERE dedupe_key IN (SELECT ?1 || value FROM json_each(?3))")
          .bind(INVITATION_KEY, INVITATION_KEY.length + 1, JSON.stringify(emails)),
      ]);
      return {
        imported: new Map(
          ((imported?.results ?? []) as unknown as Row[]).map((row) => [
            row.import_email,
            {
              email: row.import_email,
              userId: row.user_id,
              membershipSlug: row.membership_slug,
              membershipTitle: row.membership_title,
              status: row.status,
              periodStart: row.period_start,
              periodEnd: row.period_end,
              memberNumber: row.member_number,
              name: row.member_name,
              address: row.postal_address,
              paymentMethod: row.payment_method,
              consents: row.consents ? (JSON.parse(row.consents) as string[]) : [],
              stripeCustomerId: row.stripe_customer_id,
              stripeSubscriptionId: row.stripe_subscription_id,
              honour: row.honour,
              concession:
                row.concession_pence === null || row.concession_until === null
                  ? null
                  : { pence: row.concession_pence, until: row.concession_until, reason: row.concession_reason ?? "" },
            },
          ]),
        ),
        madeOnSite: new Set(((onSite?.results ?? []) as { email: string }[]).map((row) => row.email)),
        numbers: new Map(((taken?.results ?? []) as { member_number: number; import_email: string | null }[]).map((row) => [row.member_number, row.import_email])),
        invited: new Set(((invited?.results ?? []) as { email: string }[]).map((row) => row.email)),
      };
    },
  };
}
