/**
 * The one rule that says who is a member: member pages and prices, the directory, the proof of
 * membership and the join form's "already a member" all ask it, so none can say "member" where
 * another says not.
 *
 * A record makes its holder a member while it is active, renewal due or in grace (member-state.ts;
 * a record with no period end is open-ended). A membership payment disputed with the payer's bank
 * suspends that until the dispute is decided (services/refunds/disputes.ts): won, it is restored;
 * lost, the membership ends. A suspension by the membership office (member-office.ts) does the
 * same from the moment it is recorded until the member is reinstated.
 */
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { RefundStore } from "../../adapters/d1/refunds";
import type { MembershipRecord } from "../../domain/membership";
import { isMemberState, memberState } from "./member-state";

export interface MemberRuleDeps {
  memberships: Pick<MembershipStore, "forUser">;
  disputes: Pick<RefundStore, "hasOpenMembershipDispute">;
  graceDays: number;
  now: () => Date;
}

/** Where a user stands: their record, and whether it makes them a member now. */
export interface MemberStanding {
  record: MembershipRecord | null;
  /** A member now: the record's state is a member's and no membership payment is disputed. */
  member: boolean;
  /** The record alone would make them a member, but a payment of it is disputed with their bank, or staff suspended it. */
  suspended: boolean;
  /** Why, when suspended: staff's suspension, or a disputed payment (staff's is named first when both hold). */
  suspendedBy: "office" | "dispute" | null;
}

/** The rule itself, for a record and whether a payment of it is disputed, at `now`. */
export function holdsMembership(record: MembershipRecord | null, openDispute: boolean, now: Date, graceDays: number): boolean {
  return !openDispute && record !== null && !record.office?.suspension && isMemberState(memberState(record, graceDays, now));
}

/** Whether someone is a member now, and the slug of their membership type while they are (null otherwise). */
export interface MemberType {
  member: boolean;
  membershipSlug: string | null;
}

export type MemberRule = ReturnType<typeof createMemberRule>;

export function createMemberRule(deps: MemberRuleDeps) {
  async function standing(userId: string): Promise<MemberStanding> {
    const [record, disputed] = await Promise.all([deps.memberships.forUser(userId), deps.disputes.hasOpenMembershipDispute(userId)]);
    const byRecord = record !== null && isMemberState(memberState(record, deps.graceDays, deps.now()));
    const held = byRecord && !disputed && !record.office?.suspension;
    const suspended = byRecord && !held;
    return { record, member: held, suspended, suspendedBy: !suspended ? null : record.office?.suspension ? "office" : "dispute" };
  }
  return {
    standing,
    /** Whether the user is a member now. */
    async isMember(userId: string): Promise<boolean> {
      return (await standing(userId)).member;
    },
    /** Whether the user is a member now and, when they are, of which membership type (its slug), from one reading. */
    async membership(userId: string): Promise<MemberType> {
      const { record, member } = await standing(userId);
      return { member, membershipSlug: member && record ? record.membershipSlug : null };
    },
  };
}
