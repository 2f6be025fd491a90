import type { ProFormaInvoice } from "../../domain/pro-forma";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { ActionButton } from "../forms/action-button";
import { formatPence } from "../format";
import { StaffTable } from "./staff-table";

export interface ProFormaSectionProps {
  invoices: readonly ProFormaInvoice[];
  reference: string;
  /** Where the issue form posts; null when this record cannot have one (a card order). */
  issueAction: string | null;
  csrfToken: string;
}

/**
 * Staff: the pro-forma invoices issued for an application or order awaiting payment, newest first,
 * and the button that issues one (or shows the one already issued for the same figures).
 */
export function ProFormaSection({ invoices, reference, issueAction, csrfToken }: ProFormaSectionProps) {
  return (
    <section aria-labelledby="pro-forma-title">
      <h2 id="pro-forma-title">Pro-forma invoices</h2>
      {invoices.length === 0 ? (
        <p>No pro-forma invoice has been issued.</p>
      ) : (
        <StaffTable
          caption={`Pro-forma invoices issued for ${reference}`}
          label="Pro-forma invoices issued"
          head={
            <>
              <th scope="col">Invoice</th>
              <th scope="col">Issued</th>
              <th scope="col">Due by</th>
              <th scope="col" className="staff-table__number">
                Amount
              </th>
            </>
          }
        >
          {invoices.map((p) => (
            <tr key={p.number}>
              <th scope="row">
                <a href={hrefs.staffProForma(p.number)}>{p.number}</a>
              </th>
              <td>
                <DateTime value={p.issuedAt} />
              </td>
              <td>
                <DateTime value={`${p.dueOn}T12:00:00Z`} />
              </td>
              <td className="staff-table__number">{formatPence(p.totalPence)}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      {issueAction ? <ActionButton action={issueAction} csrfToken={csrfToken} label="Issue a pro-forma invoice" secondary /> : null}
    </section>
  );
}
