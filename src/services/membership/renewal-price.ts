/**
 * What a renewal costs: the membership's yearly subscription, or a concession's reduced price
 * (set by the membership office for a set time, say parental leave) when the renewal's new period
 * starts before the concession ends. A renewal's new period starts where the current one ends, so
 * the concession applies at the next renewal, never to a period already paid. The renewal
 * request, its offer on /user/membership and the reminders all price through here, so they agree.
 */
import type { MembershipRecord } from "../../domain/membership";

export function renewalPence(record: Pick<MembershipRecord, "periodEnd" | "office">, listPence: number): number {
  const concession = record.office?.concession;
  if (!concession || !record.periodEnd) return listPence;
  return record.periodEnd.slice(0, 10) < concession.until ? Math.min(concession.pence, listPence) : listPence;
}
