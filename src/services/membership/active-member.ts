/** The rule that says who is a member: the access tiers, member prices and joining all ask it. */
import type { MembershipRecord } from "../../domain/membership";
import { isMemberState, memberState } from "./member-state";

/**
 * Whether a record makes its holder a member at `now`: active, renewal due or in grace
 * (member-state.ts); a record with no period end is open-ended.
 */
export function isActiveMember(record: MembershipRecord | null, now: Date, graceDays: number): boolean {
  return record !== null && isMemberState(memberState(record, graceDays, now));
}
