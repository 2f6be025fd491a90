/**
 * Duplicate member records, found and merged by staff, never automatically
 * (/staff/members/duplicates, /staff/members/merge).
 *
 * Likely duplicates are records sharing a match key (the same e-mail address once Gmail's dots
 * and +tags are set aside, the same telephone number, the same name and postcode), kept in D1 by
 * triggers as records change, so the screen reads the shared keys by an index, page by page.
 *
 * A merge keeps one record (the survivor) and takes, per part, the values staff choose from
 * either; everything the other record owned becomes the survivor's (adapters/d1/merge-tables.ts
 * names every table), and the other record becomes a tombstone pointing to the survivor. One
 * batch, made only while both records are as the staff member saw them, audited with the values
 * before and after.
 *
 * When both records hold a sign-in account (one person, two Firebase accounts), the survivor's
 * account stays, with its address (the sign-in address is the record's e-mail address), and the
 * other is disabled in Firebase after the batch: the batch first, so a failure can never leave the
 * person with two records; the merged-away id is refused a session from the moment of the batch
 * (auth-service), so a failure to disable can never give the person a second, empty record
 * either; and the tombstone keeps the account to disable until Firebase has done it (the
 * ten-minute sweep tries again: `retryAccountDisables`).
 *
 * It is refused while it would lose money or access:
 *   - only the record merged away holds a sign-in account (the person would sign in to nothing);
 *   - both hold one, and staff chose the other account's address (it could not sign in);
 *   - both have a live card subscription, or the membership not kept has one (Stripe would go on
 *     charging for a record that is gone);
 *   - the merged-away record has an application or order waiting for payment;
 *   - both are active with paid periods that overlap, unless staff confirm it.
 */
import type { AccountToDisable, MemberMergeStore, RawRecord, SharedKey } from "../../adapters/d1/member-merges";
import type { AccountAdmin } from "../../adapters/firebase/account-admin";
import type { Logger } from "../../log";
import { MERGE_TABLES } from "../../adapters/d1/merge-tables";
import type { DuplicateGroup, MergeComparison, MergeField, MergeOutcome, MergeRequest, MergeSide, MergeSideView } from "../../domain/member-merge";
import { AppError } from "../../errors";

export interface MemberMergeDeps {
  store: MemberMergeStore;
  newId: () => string;
  /** Firebase's admin calls; null where the Worker has no server credential (accounts then wait for the sweep, and are logged). */
  accounts: AccountAdmin | null;
  log: Logger;
}

/** How many merged-away accounts one sweep asks Firebase to disable. */
export const ACCOUNTS_PER_SWEEP = 25;

/** How many shared keys a page of the duplicates screen shows, and how many records of each. */
export const KEYS_PER_PAGE = 25;
export const RECORDS_PER_KEY = 10;

/** The record's columns each part of a merge takes from the chosen record: a closed list, never a name from a request. */
export const MERGE_COLUMNS: Record<MergeField, readonly string[]> = {
  email: ["email"],
  name: ["member_name"],
  postalAddress: ["postal_address"],
  // The membership is one thing: its type, standing, period, number, way of paying and the office's marks travel together.
  membership: [
    "application_id",
    "membership_slug",
    "membership_title",
    "status",
    "payment_method",
    "period_start",
    "period_end",
    "ends_on",
    "member_number",
    "stripe_customer_id",
    "stripe_subscription_id",
    "billing_status",
    "next_membership_slug",
    "next_membership_title",
    "next_change_on",
    "honour",
    "concession_pence",
    "concession_until",
    "concession_reason",
    "suspended_on",
    "suspension_reason",
    "struck_off_on",
    "struck_off_reason",
  ],
};

export interface DuplicatesPage {
  groups: DuplicateGroup[];
  /** The cursor of the next page, or null on the last. */
  next: { kind: string; key: string } | null;
}

export const hasAccount = (userId: string) => !userId.startsWith("email:");

/** A card subscription Stripe may still charge. */
export const liveSubscription = (r: RawRecord) => r.stripe_subscription_id !== null && r.status !== "cancelled" && r.billing_status !== "canceled";

const FOREVER = "9999-12-31";

/** Both records are active and their paid periods share a day (an honour has no end). */
export function periodsOverlap(a: RawRecord, b: RawRecord): boolean {
  if (a.status !== "active" || b.status !== "active") return false;
  const span = (r: RawRecord) => [(r.period_start ?? "0000-01-01").slice(0, 10), r.honour ? FOREVER : (r.period_end ?? FOREVER).slice(0, 10)] as const;
  const [aStart, aEnd] = span(a);
  const [bStart, bEnd] = span(b);
  return aStart <= bEnd && bStart <= aEnd;
}

type Refusal = { field: string; message: string };

/** Why this merge may not be made as asked, or null. */
export function refusal(survivor: MergeSideView, merged: MergeSideView, request: MergeRequest): Refusal | null {
  if (survivor.hasAccount && merged.hasAccount && request.choices.email !== "survivor") {
    return {
      field: "keep-email",
      message:
        "Both records have a sign-in account: the e-mail address is the sign-in address of the account that stays, and the other account is disabled. Keep the address of the record you keep, or keep the other record (and so its account) instead.",
    };
  }
  if (merged.hasAccount && !survivor.hasAccount) return { field: "survivor", message: "Keep the record the member signs in with: only that record has a sign-in account." };
  if (survivor.liveSubscription && merged.liveSubscription) {
    return { field: "survivor", message: "Both records have a live card subscription with Stripe. End one of them first (on that member's page), so the member is not charged twice." };
  }
  const notKept = request.choices.membership === "survivor" ? merged : survivor;
  if (notKept.liveSubscription) {
    return { field: "membership", message: "The membership you are not keeping has a live card subscription: Stripe would go on charging for it. Keep that membership, or end its subscription first." };
  }
  const open = merged.openPayments;
  if (open.applications + open.orders > 0) {
    return {
      field: "survivor",
      message: `The record to be merged away has ${open.applications} application(s) and ${open.orders} order(s) waiting for payment. Record or cancel them first, then merge.`,
    };
  }
  if (periodsOverlap(survivor.record, merged.record) && !request.overlapConfirmed) {
    return {
      field: "confirmOverlap",
      message: "Both memberships are active and their paid periods overlap: the member may have paid twice for the same time. Settle that first (a refund), or confirm that you want to merge them anyway.",
    };
  }
  return null;
}

export type MemberMerge = ReturnType<typeof createMemberMerge>;

export function createMemberMerge(deps: MemberMergeDeps) {
  async function side(userId: string): Promise<MergeSideView | null> {
    const record = await deps.store.record(userId);
    if (!record) return null;
    const [applicationName, openPayments] = await Promise.all([
      record.member_name === null && record.application_id ? deps.store.applicationName(record.application_id) : Promise.resolve(null),
      deps.store.openPayments(userId),
    ]);
    return { userId, record, name: record.member_name ?? applicationName, hasAccount: hasAccount(userId), liveSubscription: liveSubscription(record), openPayments };
  }

  /** Asks Firebase to disable one merged-away account; whether it is done (a failure is kept for the sweep). */
  async function disable(account: AccountToDisable, attempt: "at-merge" | "retried"): Promise<boolean> {
    try {
      if (!deps.accounts) throw new Error("no server credential for Firebase's admin calls");
      await deps.accounts.disable(account.uid);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn("member.merge.account_disable_failed", { mergeId: account.mergeId, userId: account.uid, attempt, reason });
      await deps.store.accountDisableFailed(account.mergeId, reason);
      return false;
    }
    await deps.store.accountDisabled(account, attempt);
    deps.log.info("member.merge.account_disabled", { mergeId: account.mergeId, userId: account.uid, attempt });
    return true;
  }

  return {
    /** A page of keys more than one record holds, each with its records. */
    async duplicates(after: { kind: string; key: string } | null): Promise<DuplicatesPage> {
      const keys: SharedKey[] = await deps.store.sharedKeys(after ?? { kind: "", key: "" }, KEYS_PER_PAGE + 1);
      const shown = keys.slice(0, KEYS_PER_PAGE);
      const records = await deps.store.recordsWithKeys(shown, RECORDS_PER_KEY);
      const last = shown.at(-1);
      return {
        groups: shown.map((k, i) => ({ kind: k.kind, key: k.key, total: k.records, records: records[i] ?? [] })),
        next: keys.length > KEYS_PER_PAGE && last ? { kind: last.kind, key: last.key } : null,
      };
    },

    /** The record a merged-away record was merged into, or null. */
    mergedInto: async (userId: string): Promise<string | null> => (await deps.store.tombstone(userId))?.survivorUserId ?? null,

    /** The two records side by side; NOT_FOUND when either is not a record (a merged-away one names its survivor). */
    async compare(aId: string, bId: string): Promise<MergeComparison> {
      if (aId === bId) throw new AppError("BAD_REQUEST", "Choose two different records to compare");
      const [a, b] = await Promise.all([side(aId), side(bId)]);
      for (const [id, found] of [[aId, a], [bId, b]] as const) {
        if (found) continue;
        const tombstone = await deps.store.tombstone(id);
        throw new AppError("NOT_FOUND", tombstone ? `Record ${id} was merged into ${tombstone.survivorUserId} on ${tombstone.mergedAt.slice(0, 10)}` : `No member with the id ${id}`);
      }
      return { a: a!, b: b!, overlap: periodsOverlap(a!.record, b!.record) };
    },

    /** Merges one record into the other as asked, if the rules allow and neither has changed since `versions`. */
    async merge(staffEmail: string, comparison: MergeComparison, request: MergeRequest): Promise<MergeOutcome> {
      const byId = new Map([comparison.a, comparison.b].map((s) => [s.userId, s]));
      const survivor = byId.get(request.survivorUserId);
      const merged = byId.get(request.mergedUserId);
      if (!survivor || !merged || survivor === merged) return { kind: "refused", field: "survivor", message: "Choose which of the two records to keep" };
      if (survivor.record.updated_at !== request.versions.survivor || merged.record.updated_at !== request.versions.merged) return { kind: "stale" };
      const refused = refusal(survivor, merged, request);
      if (refused) return { kind: "refused", ...refused };
      const from = (choice: MergeSide) => (choice === "survivor" ? survivor.record : merged.record);
      const survivorColumns = Object.fromEntries(
        (Object.entries(MERGE_COLUMNS) as [MergeField, readonly string[]][]).flatMap(([field, columns]) => columns.map((column) => [column, from(request.choices[field])[column] ?? null])),
      );
      const keptNumber = from(request.choices.membership).member_number;
      const otherNumber = (request.choices.membership === "survivor" ? merged : survivor).record.member_number;
      const columns = Object.keys(survivorColumns);
      const pick = (r: RawRecord) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]));
      const mergeId = deps.newId();
      const accountToDisable = merged.hasAccount ? merged.userId : null;
      const done = await deps.store.merge({
        mergeId,
        accountToDisable,
        mergedUserId: merged.userId,
        survivorUserId: survivor.userId,
        versions: request.versions,
        survivorColumns,
        retiredNumber: otherNumber !== keptNumber ? otherNumber : null,
        mergedRecord: merged.record,
        survivorBefore: survivor.record,
        staffEmail,
        reason: request.reason,
        auditDetails: {
          userId: survivor.userId,
          mergedUserId: merged.userId,
          reason: request.reason,
          choices: request.choices,
          overlapConfirmed: request.overlapConfirmed,
          accountToDisable,
          before: pick(survivor.record),
          merged: pick(merged.record),
          after: survivorColumns,
          moved: MERGE_TABLES.map((t) => t.table),
        },
      });
      if (!done) return { kind: "stale" };
      if (!accountToDisable) return { kind: "merged", account: "none" };
      const disabled = await disable({ mergeId, uid: accountToDisable, survivorUserId: survivor.userId, staffEmail }, "at-merge");
      return { kind: "merged", account: disabled ? "disabled" : "pending" };
    },

    /** The ten-minute sweep: asks Firebase again to disable the merged-away accounts it could not disable before. */
    async retryAccountDisables(): Promise<{ disabled: number; pending: number }> {
      const accounts = await deps.store.accountsToDisable(ACCOUNTS_PER_SWEEP);
      let disabled = 0;
      let failedInARow = 0;
      for (const account of accounts) {
        // Firebase is most likely down: the rest wait for the next sweep rather than each wait for a timeout.
        if (failedInARow === 3) break;
        if (await disable(account, "retried")) {
          disabled += 1;
          failedInARow = 0;
        } else failedInARow += 1;
      }
      return { disabled, pending: accounts.length - disabled };
    },
  };
}
