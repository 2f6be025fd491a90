/**
 * /staff/finance: every payment and refund of a range of days, with its document, VAT, Stripe's
 * id and fee, a page at a time, a totals row for the whole range, and the range's CSV. The range form works without JavaScript.
 */
import type { DayRange, LedgerEntry, LedgerTotals } from "../../domain/ledger";
import { hrefs } from "../../shared/links";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { formatPence } from "../format";
import { errorIn } from "./action-forms";
import { FinanceTabs } from "./finance-tabs";
import { StaffField } from "./staff-field";
import { Pager } from "./staff-list";
import { StaffNav } from "./staff-nav";
import { StaffTable } from "./staff-table";

export interface FinanceLedgerContentProps {
  /** What the form shows (as typed when it was refused). */
  values: { from: string; to: string };
  problems: readonly FieldProblem[];
  /** One page of the ledger with the whole range's totals; null when the range was refused. */
  ledger: { range: DayRange; entries: readonly LedgerEntry[]; totals: LedgerTotals; next: string | null; previous: string | null } | null;
}

const UNKNOWN = "—";
const money = (pence: number | null, sign = 1) => (pence === null ? UNKNOWN : formatPence(sign * pence));
const signOf = (entry: LedgerEntry) => (entry.kind === "payment" ? 1 : -1);

function DocumentLink({ entry }: { entry: LedgerEntry }) {
  if (!entry.document) return <>{UNKNOWN}</>;
  const href = entry.kind === "payment" ? hrefs.staffReceipt(entry.document) : hrefs.staffCreditNote(entry.document);
  return <a href={href}>{entry.document}</a>;
}

function Totals({ totals }: { totals: LedgerTotals }) {
  return (
    <>
      <th scope="row" colSpan={6}>
        {`Totals: ${totals.payments} ${totals.payments === 1 ? "payment" : "payments"}, ${totals.refunds} ${totals.refunds === 1 ? "refund" : "refunds"}; received ${formatPence(totals.receivedPence)}, refunded ${formatPence(totals.refundedPence)}`}
      </th>
      <td className="staff-table__number">{formatPence(totals.netOfRefundsPence)}</td>
      <td className="staff-table__number">{formatPence(totals.vatPence)}</td>
      <td className="staff-table__number">{formatPence(totals.feesPence)}</td>
      <td />
    </>
  );
}

export function FinanceLedgerContent({ values, problems, ledger }: FinanceLedgerContentProps) {
  const shown = ledger ? ledger.entries : [];
  const total = ledger ? ledger.totals.payments + ledger.totals.refunds : 0;
  return (
    <div className="staff-screen">
      <StaffNav current="finance" />
      <h1>Finance ledger</h1>
      <FinanceTabs current="ledger" />
      <ErrorSummary problems={problems} title="This range cannot be shown" />
      <form method="get" action={hrefs.staffFinance()} className="form form--inline" noValidate>
        <StaffField id="from" label="From" kind="date" hint="First day, London time (YYYY-MM-DD)" value={values.from} error={errorIn(problems, "from")} />
        <StaffField id="to" label="To" kind="date" hint="Last day, included" value={values.to} error={errorIn(problems, "to")} />
        <div className="form__actions">
          <button type="submit" className="button">
            Show
          </button>
        </div>
      </form>
      {ledger ? (
        <>
          <p>
            <a href={hrefs.staffFinanceCsv(ledger.range)} download>
              {total === 1 ? "Download this entry as CSV" : `Download these ${total.toLocaleString("en-GB")} entries as CSV`}
            </a>{" "}
            (refunds as negative amounts; every download is recorded).
          </p>
          {ledger.totals.unknownFees + ledger.totals.unknownVat > 0 ? (
            <p>
              {`“${UNKNOWN}” means not recorded: VAT on receipts issued before VAT was kept (${ledger.totals.unknownVat}), Stripe's fee on card payments recorded before fees were read (${ledger.totals.unknownFees}). Totals leave them out.`}
            </p>
          ) : null}
          {ledger.entries.length === 0 ? (
            <p>{`No payments or refunds from ${ledger.range.from} to ${ledger.range.to}.`}</p>
          ) : (
            <StaffTable
              caption={`Payments and refunds from ${ledger.range.from} to ${ledger.range.to}, oldest first`}
              label="Ledger"
              head={
                <>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                  <th scope="col">Payer</th>
                  <th scope="col">Method</th>
                  <th scope="col">Document</th>
                  <th scope="col" className="staff-table__number">
                    Gross
                  </th>
                  <th scope="col" className="staff-table__number">
                    VAT
                  </th>
                  <th scope="col" className="staff-table__number">
                    Stripe fee
                  </th>
                  <th scope="col">Stripe id</th>
                </>
              }
              foot={<Totals totals={ledger.totals} />}
            >
              {shown.map((entry) => (
                <tr key={`${entry.kind}:${entry.source}:${entry.id}`}>
                  <td>{entry.day}</td>
                  <td>{entry.kind === "payment" ? "Payment" : "Refund"}</td>
                  <td>{`${entry.source === "membership" ? "Membership" : "Webinars"}: ${entry.description}`}</td>
                  <td className="staff-table__email">{entry.payerEmail}</td>
                  <td>{entry.method === "card" ? "Card" : "Offline"}</td>
                  <td>
                    <DocumentLink entry={entry} />
                  </td>
                  <td className="staff-table__number">{money(entry.grossPence, signOf(entry))}</td>
                  <td className="staff-table__number">{money(entry.vatPence, signOf(entry))}</td>
                  <td className="staff-table__number">{money(entry.feePence)}</td>
                  <td>{entry.stripeId ? <code>{entry.stripeId}</code> : UNKNOWN}</td>
                </tr>
              ))}
            </StaffTable>
          )}
          <Pager
            noun="entries"
            shown={shown.length}
            paging={{ total: { count: total, more: false }, next: ledger.next, previous: ledger.previous }}
            href={(cursor, token) => `${hrefs.staffFinance(ledger.range)}&${cursor}=${encodeURIComponent(token)}`}
          />
          {ledger.next || ledger.previous ? <p>The totals and the CSV cover every entry of the range, not only this page.</p> : null}
        </>
      ) : null}
    </div>
  );
}
