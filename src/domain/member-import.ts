/**
 * Bringing the society's existing members across: one row of the staff import file once checked,
 * what the import would do with it, and the report staff read before anything is written.
 * Types only; the rules are in services/member-import.
 */
import type { ImportMapping, MappingProblem } from "./import-mapping";
import type { Honour, MembershipStatus, PaymentMethod } from "./membership";

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
 * shows them, cus_… and sub_…), linked to their record so Stripe keeps renewing them; an
 * honorary, life or concession membership (a concession with its yearly price, the day it ends
 * and why); and a note for staff.
 */
export const OPTIONAL_IMPORT_COLUMNS = [
  "stripe_customer_id",
  "stripe_subscription_id",
  "special_status",
  "concession_price",
  "concession_until",
  "concession_reason",
  "notes",
] as const;

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
  /** Days, YYYY-MM-DD. An honorary or life membership has no end: null. */
  periodStart: string;
  periodEnd: string | null;
  /** Null: the next number is given when the membership is active. */
  memberNumber: number | null;
  address: string | null;
  paymentMethod: PaymentMethod;
  consents: string[];
  /** The consents the file dates (the day each was given); the others are dated by the import. */
  consentsGiven: { name: string; date: string }[];
  /** Honorary or life membership: no period end, no renewal, no reminder. */
  honour: Honour | null;
  /** A reduced yearly price for the renewals before `until`. */
  concession: ImportedConcession | null;
  /** A note for staff, kept on the member's timeline as written by the staff member importing, on the day of the import. */
  note: string | null;
  /** A card payer's Stripe customer (checked with Stripe before anything is written), or null. */
  stripeCustomerId: string | null;
  /** Their live Stripe subscription (of that customer), or null: they renew by hand. */
  stripeSubscriptionId: string | null;
  /** Payments under the old system: history for the register, never receipts or VAT (decision 0063). */
  payments: ImportedPayment[];
  /** CPD the old system recorded, kept as the member's own (self-declared) entries. */
  cpd: ImportedCpdEntry[];
  /** The society's own fields, from columns staff chose to keep. */
  custom: { name: string; value: string }[];
}

/** A concession the old system recorded. */
export interface ImportedConcession {
  pence: number;
  /** YYYY-MM-DD, after the day of the import. */
  until: string;
  reason: string;
}

/** One payment as the old system recorded it. */
export interface ImportedPayment {
  /** YYYY-MM-DD. */
  date: string;
  amountPence: number;
  /** As the old system named it; "" when the file does not say. */
  method: string;
  reference: string;
}

/** One CPD activity as the old system recorded it. */
export interface ImportedCpdEntry {
  date: string;
  title: string;
  hundredths: number;
  category: string;
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

/**
 * An uploaded file's import, as the job moves it on (staged rows, checked and written in chunks:
 * services/member-import/import-job.ts).
 */
export type ImportPhase = "staging" | "mapping" | "checking" | "checked" | "writing" | "done" | "refused" | "failed";

export interface ImportCounts {
  created: number;
  changed: number;
  unchanged: number;
  skipped: number;
  /** Problems in rows (the file's own are in `fileProblems`). */
  problems: number;
  /** Members the import invites (when asked to) once written. */
  invitations: number;
  /** History the rows to write bring: payments, CPD entries, kept fields (each written once, however often the file is run). */
  payments: number;
  cpd: number;
  custom: number;
  /** Staff notes, and consents with the day the file says they were given. */
  notes: number;
  consentDates: number;
}

export interface ImportJob extends ImportCounts {
  id: number;
  staffEmail: string;
  mode: "check" | "import";
  invite: boolean;
  phase: ImportPhase;
  header: string[] | null;
  /** How the header's columns are read; null until staff have mapped a file that needs it. */
  mapping: ImportMapping | null;
  rows: number;
  /** Writing: 0 rows with a member number, then 1 those without. */
  pass: 0 | 1;
  /** The last row (seq) the phase has done. */
  position: number;
  steps: number;
  fileProblems: ImportProblem[];
  stripeLinks: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** A row the staff page lists: its problems, or what the import does with it. */
export interface ListedRow {
  seq: number;
  line: number;
  email: string | null;
  name: string | null;
  action: ImportAction["kind"] | null;
  detail: string | null;
  problems: ImportProblem[];
  membershipTitle: string | null;
  status: string | null;
  periodEnd: string | null;
  honour: Honour | null;
  concession: ImportedConcession | null;
  /** Whether the row brings a note for staff. */
  note: boolean;
  consentsGiven: { name: string; date: string }[];
}


/** What staff see of one import: its progress, and the first rows with problems and with actions. */
export interface ImportView {
  job: ImportJob;
  problemRows: ListedRow[];
  /** More rows with problems follow `problemRows` (the page shows where to go on from). */
  moreProblems: boolean;
  actingRows: ListedRow[];
  moreActing: boolean;
  invitations: { queued: number; written: number; perDay: number; writtenToday: number };
  /** While the file waits for its mapping: its first rows, as examples of what each column holds. */
  samples: string[][];
  /** While it waits: what keeps the mapping chosen so far (the guess) from being used. */
  mappingProblems: MappingProblem[];
}
