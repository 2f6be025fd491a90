/**
 * A grouped bar chart drawn as SVG on the server (no script), from shared/charts/grouped-bar-layout.
 * No inline style (the CSP forbids it): the drawing scales to the width by its viewBox. The
 * drawing is one image for assistive technology (role="img", named by its title and
 * described by its summary); the same figures follow as a table in a <details> for anyone who
 * wants the numbers, screen reader users first.
 */
import type { ReactNode } from "react";
import { groupedBarLayout, type ChartSeries } from "../../shared/charts/grouped-bar-layout";

/** Series colours: each at least 4.5:1 against white, and told apart by the legend and table too. */
export const SERIES_COLOURS = ["#1d4e89", "#a14a00", "#2e6b30", "#6a1b9a"] as const;

export interface BarChartProps {
  /** Unique on the page: the ids of the title, summary and table derive from it. */
  id: string;
  title: string;
  /** One or two sentences saying what the chart shows and its main point, for the image's description. */
  summary: string;
  /** Each category's full name (table) and its short label (under the bars). */
  categories: readonly { label: string; short: string }[];
  series: readonly ChartSeries[];
  /** How a value reads (counts, money, per cent). */
  format: (value: number) => string;
  /** How a missing value reads in the table (a rate with nothing to divide). */
  missing?: (series: number, category: number) => string | null;
  /** The table's first column heading. */
  categoryHeading: string;
  width?: number;
  height?: number;
}

export function BarChart({ id, title, summary, categories, series, format, missing, categoryHeading, width = 720, height = 260 }: BarChartProps): ReactNode {
  const layout = groupedBarLayout({ categories: categories.map((c) => c.short), series, width, height });
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <figure className="staff-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <h2>{title}</h2>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {layout.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} stroke="#767676" strokeWidth={tick.value === 0 ? 1.5 : 0.5} />
            <text x={layout.plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize="12" fill="#1f1f1f">
              {format(tick.value)}
            </text>
          </g>
        ))}
        {layout.bars.map((bar) => (
          <rect key={`${bar.series}:${bar.category}`} x={bar.x} y={bar.y} width={Math.max(bar.width - 1, 1)} height={bar.height} fill={SERIES_COLOURS[bar.series % SERIES_COLOURS.length]} />
        ))}
        {layout.categoryLabels.map((label, i) => (
          <text key={i} x={label.x} y={layout.plot.bottom + 16} textAnchor="middle" fontSize="12" fill="#1f1f1f">
            {label.label}
          </text>
        ))}
        {series.map((s, i) => (
          <g key={s.name} transform={`translate(${layout.plot.left + i * 170}, ${height - 12})`}>
            <rect width="12" height="12" y="-10" fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} />
            <text x="18" fontSize="12" fill="#1f1f1f">
              {s.name}
            </text>
          </g>
        ))}
      </svg>
      <details className="staff-chart__table">
        <summary>{`${title}: the figures as a table`}</summary>
        <table className="staff-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeading}</th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="staff-table__number">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, ci) => (
              <tr key={category.label}>
                <th scope="row">{category.label}</th>
                {series.map((s, si) => (
                  <td key={s.name} className="staff-table__number">
                    {missing?.(si, ci) ?? format(s.values[ci]!)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
