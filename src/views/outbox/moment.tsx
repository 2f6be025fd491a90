import { formatDate, formatTime } from "../format";

/** "Tue 1 Dec 2026, 18:05 GMT", machine-readable in `dateTime`; a dash for none. */
export function Moment({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>—</>;
  return <time dateTime={date.toISOString()}>{`${formatDate(date, "short")}, ${formatTime(date)}`}</time>;
}
