import type { ReactNode } from "react";

export interface StaffTableProps {
  caption: string;
  /** The scrolling region's name (defaults to the caption). */
  label?: string;
  /** The header row's cells. */
  head: ReactNode;
  /** A footer row's cells, such as a total. */
  foot?: ReactNode;
  children: ReactNode;
}

/** A captioned staff table that scrolls sideways (and can be focused to) on narrow screens. */
export function StaffTable({ caption, label = caption, head, foot, children }: StaffTableProps) {
  return (
    <div className="staff-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? (
          <tfoot>
            <tr>{foot}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
