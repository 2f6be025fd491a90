/**
 * Duplicate member records and their merge (services/membership/member-merge.ts). Types only.
 */

/** What two records of one person are likely to share (migrations/0057). */
export type MatchKind = "email" | "phone" | "name-postcode";

/** The parts of a record staff choose between, each taken whole from one record or the other. */
export type MergeField = "email" | "name" | "postalAddress" | "membership";

export const MERGE_FIELDS: readonly MergeField[] = ["email", "name", "postalAddress", "membership"];

/** Which record a value comes from: the one that survives, or the one merged into it. */
export type MergeSide = "survivor" | "merged";

export interface MergeRequest {
  survivorUserId: string;
  mergedUserId: string;
  /** Each record's `updated_at` as the form saw it. */
  versions: { survivor: string; merged: string };
  choices: Record<MergeField, MergeSide>;
  reason: string;
  /** Staff confirmed merging two active memberships whose paid periods overlap. */
  overlapConfirmed: boolean;
}

export type MergeOutcome =
  /** `account`: the merged-away record's sign-in account was disabled, is still to be (Firebase did not answer), or there was none. */
  | { kind: "merged"; account: "disabled" | "pending" | "none" }
  | { kind: "stale" }
  | { kind: "refused"; field: string; message: string };

/** A `memberships` row as a merge reads it: every column, by name (the ones named here are those the rules read). */
export interface MergeRecord {
  user_id: string;
  email: string;
  application_id: string | null;
  membership_title: string;
  status: string;
  payment_method: string;
  period_start: string | null;
  period_end: string | null;
  member_name: string | null;
  postal_address: string | null;
  member_number: number | null;
  honour?: string | null;
  stripe_subscription_id: string | null;
  billing_status: string | null;
  suspended_on?: string | null;
  struck_off_on?: string | null;
  updated_at: string;
  [column: string]: string | number | null | undefined;
}

/** A record as the duplicates screen lists it. */
export interface CandidateRecord {
  userId: string;
  email: string;
  name: string | null;
  status: string;
  memberNumber: number | null;
  membershipTitle: string;
}

/** Records sharing one match key. */
export interface DuplicateGroup {
  kind: MatchKind;
  key: string;
  /** How many records hold the key (more than `records` lists when there are many). */
  total: number;
  records: CandidateRecord[];
}

/** One record as the merge screen shows it. */
export interface MergeSideView {
  userId: string;
  record: MergeRecord;
  /** The name on the record, or on its join application. */
  name: string | null;
  /** It is held by a sign-in account (not waiting to be claimed under `email:`). */
  hasAccount: boolean;
  liveSubscription: boolean;
  openPayments: { applications: number; orders: number };
}

/** The two records side by side. */
export interface MergeComparison {
  a: MergeSideView;
  b: MergeSideView;
  /** Both are active with paid periods that overlap. */
  overlap: boolean;
}
