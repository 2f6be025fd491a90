/**
 * Staff: the finance ledger of a range of days (/staff/finance), its CSV export and a quarter's
 * VAT summary. A refused range or quarter comes back on the form with what is wrong (400).
 */
import { Hono, type Context } from "hono";
import type { ReactNode } from "react";
import { isAppError } from "../errors";
import { parseDayRange, parseQuarter } from "../services/finance/day-range";
import { londonDate } from "../shared/london-date";
import type { StaffEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import { FinanceLedgerContent } from "../views/staff/finance-ledger-content";
import { csvHeaders } from "../http/download-headers";
import { pageCursor } from "../http/list-query";
import { ExportTooBigContent } from "../views/staff/export-too-big-content";
import { VatSummaryContent } from "../views/staff/vat-summary-content";

/** A refused input as a problem next to its field; anything else is thrown on. */
function problemOf(error: unknown, fallbackField: string): FieldProblem {
  if (isAppError(error) && error.code === "BAD_REQUEST") return { field: typeof error.details?.field === "string" ? error.details.field : fallbackField, message: error.message };
  throw error;
}

const page = async (c: Context<StaffEnv>, title: string, content: ReactNode, status: 200 | 400) =>
  c.render(content, { layout: await c.var.services.content.layout(), head: { pageTitle: title, noindex: true }, section: null, isPrivate: true, status });

export const staffFinanceRoutes = new Hono<StaffEnv>()
  .get("/staff/finance", async (c) => {
    const values = { from: c.req.query("from") ?? "", to: c.req.query("to") ?? "" };
    try {
      const ledger = await c.var.services.financeLedger.read(parseDayRange(values, londonDate(new Date())), pageCursor(c.req.query()));
      return page(c, "Finance ledger", <FinanceLedgerContent values={ledger.range} problems={[]} ledger={ledger} />, 200);
    } catch (error) {
      const problem = problemOf(error, "from");
      return page(c, "Finance ledger", <FinanceLedgerContent values={values} problems={[problem]} ledger={null} />, 400);
    }
  })
  .get("/staff/finance.csv", async (c) => {
    const range = parseDayRange({ from: c.req.query("from"), to: c.req.query("to") }, londonDate(new Date()));
    const offered = await c.var.services.financeLedger.export(c.var.staffMember.email, range);
    if ("tooMany" in offered) {
      // Past what one download holds: the page offering the same range as a background export.
      const [layout, csrfToken] = await Promise.all([c.var.services.content.layout(), c.var.csrfToken()]);
      return c.render(<ExportTooBigContent kind="ledger" filter={range} maxRows={offered.tooMany.maxRows} csrfToken={csrfToken} />, {
        layout,
        head: { pageTitle: "Too many rows for one download", noindex: true },
        section: null,
        isPrivate: true,
        status: 409,
      });
    }
    return c.body(offered.stream, 200, csvHeaders(`ledger-${range.from}-to-${range.to}`, new Date()));
  })
  .get("/staff/finance/vat", async (c) => {
    const typed = c.req.query("quarter") ?? "";
    try {
      const quarter = parseQuarter(typed, londonDate(new Date()));
      const summary = await c.var.services.financeLedger.vatSummary(quarter);
      const label = `${quarter.year}-Q${quarter.quarter}`;
      return page(c, `VAT summary ${label}`, <VatSummaryContent quarter={label} problems={[]} summary={summary} />, 200);
    } catch (error) {
      return page(c, "VAT summary", <VatSummaryContent quarter={typed} problems={[problemOf(error, "quarter")]} summary={null} />, 400);
    }
  });
