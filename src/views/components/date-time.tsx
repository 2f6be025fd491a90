import { type DateStyle, formatDate } from "../format";

/** A date in UK time, machine-readable in `dateTime`. */
export function DateTime({ value, style = "plain" }: { value: Date | string; style?: DateStyle }) {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{formatDate(date, style)}</time>;
}
