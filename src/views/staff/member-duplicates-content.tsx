/**
 * /staff/members/duplicates: records that share a match key (the same e-mail address, telephone
 * number, or name and postcode), a page of keys at a time, each with a link to compare two of its
 * records side by side. Nothing is merged from here.
 */
import type { DuplicateGroup, MatchKind } from "../../domain/member-merge";
import { hrefs } from "../../shared/links";
import { StaffTable } from "./staff-table";

const KIND_LABELS: Record<MatchKind, string> = {
  email: "Same e-mail address",
  phone: "Same telephone number",
  "name-postcode": "Same name and postcode",
};

export interface MemberDuplicatesProps {
  groups: readonly DuplicateGroup[];
  nextHref: string | null;
  firstPage: boolean;
}

export function MemberDuplicatesContent({ groups, nextHref, firstPage }: MemberDuplicatesProps) {
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href="/staff/members">All members</a>
      </p>
      <h1>Possible duplicate records</h1>
      <p>
        Records that share an e-mail address (ignoring dots and +tags in Gmail addresses, and capitals), a telephone number, or a name and
        postcode. They may be the same person, or two people: compare them before merging. Nothing is merged until you confirm it.
      </p>
      {groups.length === 0 ? (
        <p>{firstPage ? "No records share an e-mail address, telephone number, or name and postcode." : "There are no more."}</p>
      ) : (
        <StaffTable caption="Records sharing a detail" head={<><th scope="col">What they share</th><th scope="col">Records</th><th scope="col">Compare</th></>}>
          {groups.map((group) => {
            const [first, ...others] = group.records;
            return (
              <tr key={`${group.kind}|${group.key}`}>
                <td>
                  {KIND_LABELS[group.kind]}
                  <br />
                  <code>{group.key}</code>
                </td>
                <td>
                  <ul className="plain-list">
                    {group.records.map((r) => (
                      <li key={r.userId}>
                        <a href={hrefs.staffMember(r.userId)}>{r.name ?? r.email}</a> ({r.email}; {r.membershipTitle}, {r.status}
                        {r.memberNumber !== null ? `, no. ${r.memberNumber}` : ""})
                      </li>
                    ))}
                  </ul>
                  {group.total > group.records.length ? <p>And {group.total - group.records.length} more records.</p> : null}
                </td>
                <td>
                  {first
                    ? others.map((other) => (
                        <p key={other.userId}>
                          <a href={hrefs.staffMerge(first.userId, other.userId)}>
                            Compare {first.name ?? first.email} with {other.name ?? other.email}
                            {other.name === first.name ? ` (${other.email})` : ""}
                          </a>
                        </p>
                      ))
                    : null}
                </td>
              </tr>
            );
          })}
        </StaffTable>
      )}
      {nextHref ? (
        <p>
          <a href={nextHref}>Next page</a>
        </p>
      ) : null}
    </div>
  );
}
