/**
 * /staff/dashboard: members by type and status, then month by month the joins and lapses, the
 * renewal rate and the revenue by stream. Each chart is server-drawn SVG with its table.
 */
import type { DashboardFigures } from "../../domain/dashboard";
import { monthLabel } from "../../shared/charts/months";
import { formatPence } from "../format";
import { MEMBERSHIP_STATUS_LABELS } from "./labels";
import { BarChart } from "./bar-chart";
import { StaffNav } from "./staff-nav";

const count = (value: number) => String(Math.round(value));
const percent = (value: number) => `${value}%`;
/** Whole pounds on the axis and in the table's cells ("£1,234"): the ledger has the pennies. */
const pounds = (pence: number) => formatPence(pence).replace(/\.00$/, "");

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function DashboardContent({ figures }: { figures: DashboardFigures }) {
  const months = figures.months.map((m) => ({ label: monthLabel(m), short: monthLabel(m, true) }));
  const period = `${monthLabel(figures.months[0]!)} to ${monthLabel(figures.months.at(-1)!)}`;
  const { members } = figures;
  const activeTotal = sum(members.counts.map((row) => row[members.statuses.indexOf("active")]!));
  return (
    <div className="staff-screen">
      <StaffNav current="dashboard" />
      <h1>Dashboard</h1>
      <p>{`Figures on ${figures.today}. Months are calendar months in London time; the current month is so far.`}</p>
      {members.types.length === 0 ? (
        <p>No membership records yet.</p>
      ) : (
        <BarChart
          id="members"
          title="Members by type and status"
          summary={`${plural(activeTotal, "active member")} across ${plural(members.types.length, "membership type")}; bars show each type's records by status.`}
          categories={members.types.map((type) => ({ label: type, short: type.length > 18 ? `${type.slice(0, 17)}…` : type }))}
          series={members.statuses.map((status, si) => ({ name: MEMBERSHIP_STATUS_LABELS[status], values: members.counts.map((row) => row[si]!) }))}
          format={count}
          categoryHeading="Membership type"
        />
      )}
      <BarChart
        id="joins-lapses"
        title="Joins, lapses and renewals by month"
        summary={`${period}: ${plural(sum(figures.joins), "join")}, ${plural(sum(figures.lapses), "lapse")} and ${plural(sum(figures.renewals), "renewal")}.`}
        categories={months}
        series={[
          { name: "Joins", values: figures.joins },
          { name: "Lapses", values: figures.lapses },
          { name: "Renewals", values: figures.renewals },
        ]}
        format={count}
        categoryHeading="Month"
      />
      <BarChart
        id="renewal-rate"
        title="Renewal rate by month"
        summary={`${period}: of the members whose renewal came up each month (renewed or lapsed), the share who renewed. ${sum(figures.renewals)} renewed and ${sum(figures.lapses)} lapsed in all.`}
        categories={months}
        series={[{ name: "Renewed (per cent)", values: figures.renewalRate.map((rate) => rate ?? 0) }]}
        format={percent}
        missing={(_, ci) => (figures.renewalRate[ci] === null ? "— (none due)" : null)}
        categoryHeading="Month"
      />
      <p>The renewal rate of a month is its renewals divided by its renewals and lapses together.</p>
      <BarChart
        id="revenue"
        title="Revenue by stream and month"
        summary={`${period}: ${pounds(sum(figures.revenue.membership))} from membership and ${pounds(sum(figures.revenue.webinars))} from webinars, VAT included, less refunds.`}
        categories={months}
        series={[
          { name: "Membership", values: figures.revenue.membership },
          { name: "Webinars", values: figures.revenue.webinars },
        ]}
        format={pounds}
        categoryHeading="Month"
      />
    </div>
  );
}
