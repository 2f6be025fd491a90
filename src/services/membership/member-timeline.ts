/**
 * The order of a member's timeline (the staff member page): newest first. Entries written in the
 * same moment (one batch: a payment, its receipt, its staff action and its e-mail) read as cause
 * before effect from the bottom up: the staff action, then the payment, the receipt and the
 * e-mail above it.
 */
import type { TimelineEntry, TimelineEntryType } from "../../domain/member-timeline";

/** Higher reads nearer the top among entries of the same moment. */
const SAME_MOMENT_RANK: Record<TimelineEntryType, number> = { change: 0, application: 1, staff: 2, note: 3, payment: 4, "imported-payment": 4, receipt: 5, email: 6 };

const moment = (at: string) => {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? 0 : ms;
};

export function newestFirst(entries: readonly TimelineEntry[]): TimelineEntry[] {
  return [...entries].sort((a, b) => moment(b.at) - moment(a.at) || SAME_MOMENT_RANK[b.type] - SAME_MOMENT_RANK[a.type]);
}
