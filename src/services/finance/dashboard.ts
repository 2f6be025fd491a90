/**
 * The staff dashboard's figures: members by type and status now, and for each of the last twelve
 * months (London) the joins, lapses, renewals, the renewal rate and the revenue by stream.
 *
 * - A join is a join application's first payment, in the month it arrived (members brought across
 *   by the import never joined here and are not counted).
 * - A lapse is a membership that lapsed: in the month its grace after the period's end ran out.
 *   It is counted while the record stays lapsed (a member who lapses, then joins again, is active).
 * - A renewal is a payment for another year: an offline renewal, or a card subscription's yearly
 *   invoice, in the month the money arrived.
 * - The renewal rate of a month is renewals / (renewals + lapses): of the members whose renewal
 *   came to a head that month, the share who paid. No renewals and no lapses: no rate.
 * - Revenue is money received (receipts) less money paid back (credit notes), VAT included, by
 *   stream: membership or webinars (orders).
 */
import type { DashboardStore, MonthAmount, MonthCount } from "../../adapters/d1/dashboard";
import type { DashboardFigures, MembersByType } from "../../domain/dashboard";
import type { MembershipStatus } from "../../domain/membership";
import { lastMonths } from "../../shared/charts/months";
import { londonDate } from "../../shared/london-date";
import { DAY_MS } from "../membership/member-state";

export interface DashboardDeps {
  store: DashboardStore;
  graceDays: number;
  now: () => Date;
}

const STATUSES: readonly MembershipStatus[] = ["active", "awaiting_payment", "lapsed", "cancelled"];

/** The last day of a YYYY-MM month. */
const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

const perMonth = (months: readonly string[], counts: readonly MonthCount[]) => months.map((m) => counts.find((c) => c.month === m)?.count ?? 0);

const amountPerMonth = (months: readonly string[], amounts: readonly MonthAmount[], source: MonthAmount["source"]) =>
  months.map((m) => amounts.filter((a) => a.month === m && a.source === source).reduce((sum, a) => sum + a.pence, 0));

/** Renewals / (renewals + lapses) in per cent, one decimal; null with neither. */
export function renewalRate(renewals: number, lapses: number): number | null {
  const due = renewals + lapses;
  return due === 0 ? null : Math.round((renewals / due) * 1000) / 10;
}

/** Records by type and status, types alphabetically, every status a column (zero included). */
export function membersTable(rows: readonly { type: string; status: MembershipStatus; count: number }[]): MembersByType {
  const types = [...new Set(rows.map((r) => r.type))].sort((a, b) => a.localeCompare(b, "en-GB"));
  const counts = types.map((type) => STATUSES.map((status) => rows.filter((r) => r.type === type && r.status === status).reduce((sum, r) => sum + r.count, 0)));
  return { types, statuses: STATUSES, counts };
}

export type Dashboard = ReturnType<typeof createDashboard>;

export function createDashboard(deps: DashboardDeps) {
  return {
    async figures(): Promise<DashboardFigures> {
      const today = londonDate(deps.now());
      const months = lastMonths(today, 12);
      const from = `${months[0]}-01`;
      const to = lastDay(months.at(-1)!);
      const [members, joins, renewals, lapsesByHour, received, refunded] = await Promise.all([
        deps.store.membersByTypeAndStatus(),
        deps.store.joins(from, to),
        deps.store.renewals(from, to),
        // Period ends whose grace ran out in the months shown (a day either side for London time).
        deps.store.lapsesByHour(Date.parse(from) - (deps.graceDays + 1) * DAY_MS, Date.parse(to) + (2 - deps.graceDays) * DAY_MS, deps.graceDays),
        deps.store.received(from, to),
        deps.store.refunded(from, to),
      ]);
      // An hour lies wholly in one London month (London's midnight is always on a UTC hour).
      const lapses = months.map((m) => lapsesByHour.filter(({ hour }) => londonDate(new Date(`${hour}:00:00Z`)).slice(0, 7) === m).reduce((sum, { count }) => sum + count, 0));
      const renewalCounts = perMonth(months, renewals);
      const netRevenue = (source: MonthAmount["source"]) => {
        const out = amountPerMonth(months, refunded, source);
        return amountPerMonth(months, received, source).map((pence, i) => pence - out[i]!);
      };
      return {
        today,
        members: membersTable(members),
        months,
        joins: perMonth(months, joins),
        lapses,
        renewals: renewalCounts,
        renewalRate: months.map((_, i) => renewalRate(renewalCounts[i]!, lapses[i]!)),
        revenue: { membership: netRevenue("membership"), webinars: netRevenue("order") },
      };
    },
  };
}
