/**
 * Bringing the society's existing members across: one row of the staff import file once checked,
 * what the import would do with it, and the report staff read before anything is written.
 * Types only; the rules are in services/member-import.
 */
import type { MembershipStatus, PaymentMethod } from "./membership";

/**
 * The import file's columns, in the order staff are shown them. The header may list them in any
 * order and any case; every one must be there, even where a value may be blank.
 */
export const IMPORT_COLUMNS = [
  "email",
  "name",
  "membership_type",
  "status",
  "period_start",
  "period_end",
  "member_number",
  "address",
  "payment_method",
  "consents",
] as const;

/**
 * Columns a file may leave out: a card payer's Stripe customer and subscription (ids as Stripe
 * shows them, cus_… and sub_…), linked to their record so Stripe keeps renewing them.
 */
export const OPTIONAL_IMPORT_COLUMNS = ["stripe_customer_id", "stripe_subscription_id"] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number] | (typeof OPTIONAL_IMPORT_COLUMNS)[number];

/** The statuses an imported member may have (an import never creates an application to pay). */
export type ImportedStatus = Extract<MembershipStatus, "active" | "lapsed" | "cancelled">;

/** One member as the file describes them, checked. */
export interface ImportedMember {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  /** Lower case: the key the import upserts by. */
  email: string;
  name: string;
  membershipSlug: string;
  membershipTitle: string;
  status: ImportedStatus;
  /** Days, YYYY-MM-DD. */
  periodStart: string;
  periodEnd: string;
  /** Null: the next number is given when the membership is active. */
  memberNumber: number | null;
  address: string | null;
  paymentMethod: PaymentMethod;
  consents: string[];
  /** A card payer's Stripe customer (checked with Stripe before anything is written), or null. */
  stripeCustomerId: string | null;
  /** Their live Stripe subscription (of that customer), or null: they renew by hand. */
  stripeSubscriptionId: string | null;
}

/** One problem with the file: where (line and column, when there is one) and why. */
export interface ImportProblem {
  line: number | null;
  column: string | null;
  message: string;
}

/** What the import does with one member. */
export type ImportAction =
  | { kind: "create"; member: ImportedMember }
  | { kind: "change"; member: ImportedMember; changes: string[] }
  | { kind: "unchanged"; member: ImportedMember }
  /** The address already has a membership made on this site (joined online): left to staff. */
  | { kind: "skip"; member: ImportedMember; reason: string };

export interface ImportReport {
  /** Rows of members in the file (not counting the header). */
  rows: number;
  actions: ImportAction[];
  /** Any problem means nothing is written. */
  problems: ImportProblem[];
  /** True once the rows were written (a real run without problems). */
  written: boolean;
  /** Invitations written to the outbox (a real run that asked for them). */
  invitations: number;
}
