import type { ReactNode } from "react";

/** One labelled value of a `summary-list` (<dl>); a missing value reads as a dash. */
export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd>{children ?? "—"}</dd>
    </div>
  );
}
