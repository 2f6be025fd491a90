import type { AuditEntry } from "../../domain/audit";
import { AUDIT_ACTION_LABELS } from "./labels";
import { StaffTable } from "./staff-table";
import { At } from "./summary";

/** Who did what to the record with this reference, oldest first; `none` when nobody has. */
export function AuditTrail({ audit, reference, none }: { audit: readonly AuditEntry[]; reference: string; none: string }) {
  if (audit.length === 0) return <p>{none}</p>;
  return (
    <StaffTable
      caption={`Staff actions on ${reference}, oldest first`}
      label="Audit trail"
      head={
        <>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
        </>
      }
    >
      {audit.map((entry, i) => (
        <tr key={i}>
          <th scope="row">
            <At value={entry.at} />
          </th>
          <td>{entry.staffEmail}</td>
          <td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
