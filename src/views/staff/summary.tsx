/** The pieces of a staff record's summary lists. */
import type { ReactNode } from "react";
import { DateTime } from "../components/date-time";
import { formatTime } from "../format";

/** One labelled value of a `summary-list`; a missing value reads as a dash. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd>{children ?? "—"}</dd>
    </div>
  );
}

/** A moment with its date and UK clock time. */
export function At({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <>
      <DateTime value={date} /> at {formatTime(date)}
    </>
  );
}
