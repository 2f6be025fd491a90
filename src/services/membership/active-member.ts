/** The rule that says who is a member: the access tiers, member prices and joining all ask it. */
import type { MembershipRecord } from "../../domain/membership";

/**
 * Whether a record makes its holder a member at `now`: active, within its period plus the grace
 * period (a record with no period end is open-ended).
 */
export function isActiveMember(record: MembershipRecord | null, now: Date, graceDays: number): boolean {
  if (!record || record.status !== "active") return false;
  if (record.periodEnd === null) return true;
  return Date.parse(record.periodEnd) + graceDays * 86_400_000 > now.getTime();
}
