/** The pieces of a staff record's summary lists. */
import { DateTime } from "../components/date-time";
import { formatTime } from "../format";

/** One labelled value of a `summary-list` (the shared component, under its staff-view name). */
export { SummaryRow as Row } from "../components/summary-row";

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
