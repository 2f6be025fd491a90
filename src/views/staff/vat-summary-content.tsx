/**
 * /staff/finance/vat: a calendar quarter's output VAT by treatment and rate: net and VAT of
 * money received, less credit notes issued in the quarter, and what is due.
 */
import type { VatReturn, VatReturnRow } from "../../domain/ledger";
import { vatRateLabel } from "../../shared/pricing/vat";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { formatPence } from "../format";
import { errorIn } from "./action-forms";
import { FinanceTabs } from "./finance-tabs";
import { StaffField } from "./staff-field";
import { StaffNav } from "./staff-nav";
import { StaffTable } from "./staff-table";

export interface VatSummaryContentProps {
  /** The quarter as typed, e.g. "2026-Q3". */
  quarter: string;
  problems: readonly FieldProblem[];
  /** Null when the quarter was refused. */
  summary: VatReturn | null;
}

const TREATMENT_NAMES = { standard: "Standard rate", reduced: "Reduced rate", zero: "Zero-rated", exempt: "Exempt" } as const;

const Figures = ({ row }: { row: Pick<VatReturnRow, "sales" | "credits" | "due"> }) => (
  <>
    <td className="staff-table__number">{formatPence(row.sales.netPence)}</td>
    <td className="staff-table__number">{formatPence(row.sales.vatPence)}</td>
    <td className="staff-table__number">{formatPence(-row.credits.netPence)}</td>
    <td className="staff-table__number">{formatPence(-row.credits.vatPence)}</td>
    <td className="staff-table__number">{formatPence(row.due.netPence)}</td>
    <td className="staff-table__number">
      <strong>{formatPence(row.due.vatPence)}</strong>
    </td>
  </>
);

export function VatSummaryContent({ quarter, problems, summary }: VatSummaryContentProps) {
  return (
    <div className="staff-screen">
      <StaffNav current="finance" />
      <h1>VAT summary</h1>
      <FinanceTabs current="vat" />
      <ErrorSummary problems={problems} title="This quarter cannot be shown" />
      <form method="get" action="/staff/finance/vat" className="form form--inline" noValidate>
        <StaffField id="quarter" label="Quarter" hint="A calendar quarter, like 2026-Q3 (July to September)" maxLength={7} value={quarter} error={errorIn(problems, "quarter")} />
        <div className="form__actions">
          <button type="submit" className="button">
            Show
          </button>
        </div>
      </form>
      {summary ? (
        <>
          <p>
            {`Output VAT on money received from ${summary.from} to ${summary.to} (each receipt line at its own rate, by the day paid), less the VAT of credit notes for money paid back in the same days. A credit note's VAT is the refunded receipt's VAT in proportion to the amount refunded.`}
          </p>
          {summary.receiptsWithoutVat + summary.creditNotesWithoutVat > 0 ? (
            <p>{`Left out, having no VAT record: ${summary.receiptsWithoutVat} receipts and ${summary.creditNotesWithoutVat} credit notes issued before VAT was kept.`}</p>
          ) : null}
          {summary.rows.length === 0 ? (
            <p>{`No receipts or credit notes from ${summary.from} to ${summary.to}.`}</p>
          ) : (
            <StaffTable
              caption={`Output VAT by rate, ${quarter} (${summary.from} to ${summary.to})`}
              label="VAT by rate"
              head={
                <>
                  <th scope="col">Rate</th>
                  <th scope="col" className="staff-table__number">
                    Sales net
                  </th>
                  <th scope="col" className="staff-table__number">
                    Sales VAT
                  </th>
                  <th scope="col" className="staff-table__number">
                    Credit notes net
                  </th>
                  <th scope="col" className="staff-table__number">
                    Credit notes VAT
                  </th>
                  <th scope="col" className="staff-table__number">
                    Net
                  </th>
                  <th scope="col" className="staff-table__number">
                    VAT due
                  </th>
                </>
              }
              foot={
                <>
                  <th scope="row">Total</th>
                  <Figures row={summary.total} />
                </>
              }
            >
              {summary.rows.map((row) => (
                <tr key={`${row.treatment}:${row.rateBasisPoints ?? "none"}`}>
                  <th scope="row">{row.treatment === "exempt" ? TREATMENT_NAMES.exempt : `${TREATMENT_NAMES[row.treatment]} (${vatRateLabel(row.treatment)})`}</th>
                  <Figures row={row} />
                </tr>
              ))}
            </StaffTable>
          )}
        </>
      ) : null}
    </div>
  );
}
