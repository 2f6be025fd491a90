import type { Application, ApplicationStatus } from "../../domain/membership";
import { PaymentMethodWords } from "./payment-method-words";
import type { KeysetPage } from "../../domain/paging";
import { DateTime } from "../components/date-time";
import { KIND_LABELS, STATUS_LABELS } from "./labels";
import { StaffList } from "./staff-list";
import { RefundDueBadge, StatusBadge } from "./status-badge";
import { formatPence } from "../format";
import { VETTING_LABELS } from "./application-review";

/** The statuses, plus the review queue and rejected applications that money arrived for. */
export type StatusFilter = ApplicationStatus | "awaiting_approval" | "refund_due" | "all";

export interface ApplicationsListContentProps {
  page: KeysetPage<Application & { refundDue: boolean }>;
  status: StatusFilter;
  search: string;
}

const TABS: readonly { status: StatusFilter; label: string; none: string }[] = [
  { status: "awaiting_payment", label: STATUS_LABELS.awaiting_payment, none: "No applications awaiting payment" },
  { status: "awaiting_approval", label: "To review", none: "No applications waiting for review" },
  { status: "paid", label: STATUS_LABELS.paid, none: "No paid applications" },
  { status: "rejected", label: STATUS_LABELS.rejected, none: "No rejected applications" },
  { status: "refund_due", label: "Refund due", none: "No applications with a refund due" },
  { status: "all", label: "All", none: "No applications" },
];

/** /staff/applications: applications by status, searchable, newest first, a page at a time. */
export function ApplicationsListContent({ page, status, search }: ApplicationsListContentProps) {
  const applications = page.rows;
  return (
    <StaffList
      area="applications"
      title="Membership applications"
      path="/staff/applications"
      noun="applications"
      tabs={TABS}
      status={status}
      search={search}
      searchLabel="Search by name, e-mail or reference"
      count={applications.length}
      limit={applications.length}
      paging={page}
      head={
        <>
          <th scope="col">Reference</th>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Membership</th>
          <th scope="col">Method</th>
          <th scope="col" className="staff-table__number">
            Amount due
          </th>
          <th scope="col">Status</th>
          <th scope="col">Submitted</th>
        </>
      }
    >
      {applications.map((a) => (
        <tr key={a.id}>
          <th scope="row">
            <a href={`/staff/applications/${encodeURIComponent(a.id)}`}>{a.reference}</a>
          </th>
          <td>
            {a.givenName} {a.familyName}
          </td>
          <td className="staff-table__email">{a.email}</td>
          <td>
            {a.membershipTitle}
            {a.kind !== "join" ? <> ({KIND_LABELS[a.kind]})</> : null}
          </td>
          <td>
            <PaymentMethodWords application={a} />
          </td>
          <td className="staff-table__number">{formatPence(a.amountDuePence)}</td>
          <td>
            <StatusBadge status={a.status} />
            {a.vetting === "pending" || a.vetting === "more_info" ? <> ({VETTING_LABELS[a.vetting].toLowerCase()})</> : null}
            {a.refundDue ? (
              <>
                {" "}
                <RefundDueBadge />
              </>
            ) : null}
          </td>
          <td>
            <DateTime value={a.createdAt} style="short" />
          </td>
        </tr>
      ))}
    </StaffList>
  );
}
