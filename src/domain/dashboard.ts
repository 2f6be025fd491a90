/**
 * The staff dashboard's figures (/staff/dashboard): members by type and status, and month by
 * month the joins, lapses, renewals and revenue. Types only; services/finance/dashboard.ts
 * works them out and adapters/d1/dashboard.ts reads them.
 */
import type { MembershipStatus } from "./membership";

export interface MembersByType {
  /** The membership types' titles, alphabetically. */
  types: string[];
  statuses: readonly MembershipStatus[];
  /** counts[type][status]: how many records of that type are in that status. */
  counts: number[][];
}

export interface DashboardFigures {
  /** The London day the figures were read. */
  today: string;
  members: MembersByType;
  /** The last twelve months, YYYY-MM, oldest first; every series below has one value per month. */
  months: string[];
  joins: number[];
  lapses: number[];
  renewals: number[];
  /** Renewals / (renewals + lapses), in per cent to one decimal; null when neither happened. */
  renewalRate: (number | null)[];
  /** Money received less money refunded (VAT included), in pence, by stream. */
  revenue: { membership: number[]; webinars: number[] };
}
