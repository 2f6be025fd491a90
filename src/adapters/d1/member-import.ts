/**
 * The member import's reads and writes in D1 (memberships, migrations/0014). Rows travel as one
 * JSON parameter per statement (`json_each`), not one parameter per value: D1 binds at most 100
 * parameters to a statement, and a few statements of 500 rows keep a 5,000-row import to a
 * handful of queries in one batch (one transaction).
 */
import type { ImportedMember } from "../../domain/member-import";
import type { MembershipStatus, PaymentMethod } from "../../domain/membership";

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
  /** Upserts of these members by import address, rows with a member number first. Run them in one batch. */
  upserts(members: readonly ImportedMember[]): D1PreparedStatement[];
}

/** Rows per statement: well under D1's 1 MB for the JSON parameter. */
export const ROWS_PER_STATEMENT = 500;
/** The outbox dedupe key of an address's claim invitation, before the address (services/email/dedupe-key.ts). */
const INVITATION_KEY = "claim-invitation:";
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

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
}

export function createMemberImportStore(db: D1Database): MemberImportStore {
  return {
    async existing(emails, numbers) {
      const [imported, onSite, taken, invited] = await db.batch<Record<string, unknown>>([
        db.prepare("SELECT * FROM memberships WHERE import_email IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(emails)),
        db
          .prepare(
            `SELECT DISTINCT lower(email) AS email FROM memberships
             WHERE import_email IS NULL AND (lower(email) IN (SELECT value FROM json_each(?1)) OR user_id IN (SELECT 'email:' || value FROM json_each(?1)))`,
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
            },
          ]),
        ),
        madeOnSite: new Set(((onSite?.results ?? []) as { email: string }[]).map((row) => row.email)),
        numbers: new Map(((taken?.results ?? []) as { member_number: number; import_email: string | null }[]).map((row) => [row.member_number, row.import_email])),
        invited: new Set(((invited?.results ?? []) as { email: string }[]).map((row) => row.email)),
      };
    },
    upserts(members) {
      // A row without a number takes the next after the highest when it is active (the trigger in
      // migrations/0014), so every given number must be in place first.
      const ordered = [...members].sort((a, b) => Number(a.memberNumber === null) - Number(b.memberNumber === null));
      const statements: D1PreparedStatement[] = [];
      for (let start = 0; start < ordered.length; start += ROWS_PER_STATEMENT) {
        const rows = ordered.slice(start, start + ROWS_PER_STATEMENT).map((m) => ({
          email: m.email,
          slug: m.membershipSlug,
          title: m.membershipTitle,
          status: m.status,
          method: m.paymentMethod,
          start: m.periodStart,
          end: m.periodEnd,
          number: m.memberNumber,
          name: m.name,
          address: m.address,
          consents: JSON.stringify(m.consents),
          customer: m.stripeCustomerId,
          subscription: m.stripeSubscriptionId,
        }));
        const field = (name: string) => `json_extract(value, '$.${name}')`;
        statements.push(
          db
            .prepare(
              `INSERT INTO memberships (user_id, email, import_email, membership_slug, membership_title, status, payment_method, period_start, period_end,
                 member_number, member_name, postal_address, consents, stripe_customer_id, stripe_subscription_id)
               SELECT 'email:' || ${field("email")}, ${field("email")}, ${field("email")}, ${field("slug")}, ${field("title")}, ${field("status")},
                 ${field("method")}, ${field("start")}, ${field("end")}, ${field("number")}, ${field("name")}, ${field("address")}, ${field("consents")},
                 ${field("customer")}, ${field("subscription")}
               FROM json_each(?1) WHERE true
               ON CONFLICT (import_email) DO UPDATE SET membership_slug = excluded.membership_slug, membership_title = excluded.membership_title,
                 status = excluded.status, payment_method = excluded.payment_method, period_start = excluded.period_start, period_end = excluded.period_end,
                 member_number = COALESCE(excluded.member_number, memberships.member_number), member_name = excluded.member_name,
                 postal_address = excluded.postal_address, consents = excluded.consents, stripe_customer_id = excluded.stripe_customer_id,
                 stripe_subscription_id = excluded.stripe_subscription_id, updated_at = ${NOW}`,
            )
            .bind(JSON.stringify(rows)),
        );
      }
      return statements;
    },
  };
}
