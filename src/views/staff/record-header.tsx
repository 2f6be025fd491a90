import type { StaffStatus } from "./labels";
import { StatusBadge } from "./status-badge";

export interface RecordHeaderProps {
  /** The list this record belongs to, e.g. ["/staff/orders", "All orders"]. */
  back: readonly [href: string, label: string];
  /** E.g. "Order GH-1234". */
  title: string;
  status: StaffStatus;
  /** The confirmation after a staff action, if one just happened. */
  notice: string | null;
}

/** The top of a staff record's page: the way back to its list, its name and status, and any confirmation. */
export function RecordHeader({ back: [href, label], title, status, notice }: RecordHeaderProps) {
  return (
    <>
      <p className="staff-back">
        <a href={href}>{label}</a>
      </p>
      <h1>
        {title} <StatusBadge status={status} />
      </h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}
