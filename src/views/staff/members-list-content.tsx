import type { RegisterEntry, RegisterFilter } from "../../domain/membership-lifecycle";
import type { KeysetPage } from "../../domain/paging";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { registerStateWords } from "../membership/member-state-words";
import { StaffList } from "./staff-list";

export interface MembersListContentProps {
  page: KeysetPage<RegisterEntry>;
  filter: RegisterFilter;
  search: string;
}

const TABS: readonly { status: RegisterFilter; label: string; none: string; order: string }[] = [
  { status: "active", label: "Active", none: "No active members", order: "soonest period end first" },
  { status: "renewal_due", label: "Renewal due in 30 days", none: "No renewals due in the next 30 days", order: "soonest period end first" },
  { status: "in_grace", label: "In grace", none: "No members in their grace period", order: "soonest period end first" },
  { status: "lapsed", label: "Lapsed", none: "No lapsed members", order: "most recently ended first" },
  { status: "cancelled", label: "Cancelled", none: "No cancelled memberships", order: "most recently changed first" },
  { status: "awaiting_payment", label: "Awaiting payment", none: "No memberships awaiting payment", order: "most recently changed first" },
  { status: "all", label: "All", none: "No members", order: "latest period end first" },
];

const METHOD = { offline: "Bank transfer", card: "Card" } as const;

/** /staff/members: the members register, by state, a page at a time, in the order each tab's caption says. */
export function MembersListContent({ page, filter, search }: MembersListContentProps) {
  const members = page.rows;
  return (
    <StaffList
      area="members"
      title="Members"
      path="/staff/members"
      noun="members"
      tabs={TABS}
      status={filter}
      search={search}
      searchLabel="Search by name, e-mail or reference"
      intro={
        <p>
          <a href="/staff/members/new">Add a member by hand</a> (someone who joined and paid in person) ·{" "}
          <a href="/staff/members/duplicates">Possible duplicate records</a>
        </p>
      }
      count={members.length}
      limit={members.length}
      paging={page}
      order={TABS.find((tab) => tab.status === filter)!.order}
      head={
        <>
          <th scope="col">Name</th>
          <th scope="col">Number</th>
          <th scope="col">E-mail</th>
          <th scope="col">Membership</th>
          <th scope="col">State</th>
          <th scope="col">Period ends</th>
          <th scope="col">Method</th>
          <th scope="col">Last e-mail</th>
        </>
      }
    >
      {members.map((m) => (
        <tr key={m.record.userId} data-member-state={m.state.kind}>
          <th scope="row">
            <a href={hrefs.staffMember(m.record.userId)}>{m.name ?? m.record.email}</a>
            {m.reference ? <span className="staff-table__sub"> {m.reference}</span> : null}
            {m.disputed ? (
              <strong className="staff-table__sub" data-disputed>
                {" "}
                Payment disputed: access suspended
              </strong>
            ) : null}
          </th>
          <td>{m.memberNumber ?? "None"}</td>
          <td className="staff-table__email">{m.record.email}</td>
          <td>{m.record.membershipTitle}</td>
          <td data-renewal-debit={m.record.renewalDebit ? "pending" : undefined}>{registerStateWords(m)}</td>
          <td>{m.record.periodEnd ? <DateTime value={m.record.periodEnd} style="short" /> : "No end"}</td>
          <td>{METHOD[m.record.paymentMethod]}</td>
          <td>
            {m.lastEmail ? (
              <>
                {m.lastEmail.subject} ({m.lastEmail.status}), <DateTime value={m.lastEmail.createdAt} style="short" />
              </>
            ) : (
              "None"
            )}
          </td>
        </tr>
      ))}
    </StaffList>
  );
}
