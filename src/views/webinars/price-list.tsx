import type { ReactNode } from "react";
import { hrefs } from "../../shared/links";
import type { PriceRow } from "./webinar-prices";

/**
 * Price rows as a description list ("Price £45.00", "Members £25.00 Join"). A row that shows
 * what members pay links to the join form, to invite joining.
 */
export function PriceList({ rows }: { rows: readonly PriceRow[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="price-list">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{priceValue(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row's value, with the join link when it shows what members pay. */
export function priceValue(row: PriceRow): ReactNode {
  if (!row.join) return row.value;
  return (
    <>
      {row.value} <JoinLink />
    </>
  );
}

export function JoinLink() {
  return (
    <a href={hrefs.join} className="join-link">
      Join<span className="visually-hidden"> the Guild</span>
    </a>
  );
}
