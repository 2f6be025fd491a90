/**
 * Where the bars of a grouped bar chart go: pure geometry for the staff dashboard's server-drawn
 * SVG charts (views/staff/bar-chart.tsx draws it). Categories run left to right (months, types);
 * each has one bar per series side by side. The value axis starts at zero (or below it when a
 * value is negative) and ends at a round number, with evenly spaced gridlines.
 */

export interface ChartSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
}

export interface GroupedBarInput {
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** The whole drawing, in SVG user units. */
  width: number;
  height: number;
}

export interface LaidOutBar {
  series: number;
  category: number;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The plot area inside the margins (labels go outside it). */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: LaidOutBar[];
  /** Gridlines with their values, bottom to top. */
  ticks: { value: number; y: number }[];
  /** Where each category's label is centred. */
  categoryLabels: { label: string; x: number }[];
  /** The y of the value 0. */
  zeroY: number;
}

/** Room for the value labels on the left and the category labels below. */
export const CHART_MARGIN = { left: 56, right: 8, top: 12, bottom: 40 } as const;

/** A round step (1, 2 or 5 times a power of ten) giving at most `count` steps up to `max`. */
export function niceStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  return step;
}

export function groupedBarLayout({ categories, series, width, height }: GroupedBarInput): ChartLayout {
  for (const s of series) {
    if (s.values.length !== categories.length) throw new RangeError(`Series “${s.name}” has ${s.values.length} values for ${categories.length} categories`);
    if (s.values.some((v) => !Number.isFinite(v))) throw new RangeError(`Series “${s.name}” has a value that is not a number`);
  }
  const plot = { left: CHART_MARGIN.left, top: CHART_MARGIN.top, right: width - CHART_MARGIN.right, bottom: height - CHART_MARGIN.bottom };
  const values = series.flatMap((s) => s.values);
  const rawMax = Math.max(0, ...values);
  const rawMin = Math.min(0, ...values);
  // The charts' values are whole numbers (counts, pence, per cent): no gridline between two of them.
  const step = Math.max(1, niceStep(rawMax - rawMin));
  const top = Math.max(step, Math.ceil(rawMax / step) * step);
  const bottom = Math.floor(rawMin / step) * step;
  const span = top - bottom;
  const yOf = (value: number) => plot.bottom - ((value - bottom) / span) * (plot.bottom - plot.top);

  const band = categories.length === 0 ? 0 : (plot.right - plot.left) / categories.length;
  // Bars take 80% of a category's band, shared by the series; 20% is the gap between groups.
  const barWidth = series.length === 0 ? 0 : (band * 0.8) / series.length;
  const zeroY = yOf(0);
  const bars: LaidOutBar[] = [];
  series.forEach((s, si) =>
    s.values.forEach((value, ci) => {
      const x = plot.left + ci * band + band * 0.1 + si * barWidth;
      const y = Math.min(yOf(value), zeroY);
      bars.push({ series: si, category: ci, value, x, y, width: barWidth, height: Math.abs(yOf(value) - zeroY) });
    }),
  );
  const ticks: { value: number; y: number }[] = [];
  for (let value = bottom; value <= top + step / 2; value += step) ticks.push({ value, y: yOf(value) });
  return {
    width,
    height,
    plot,
    bars,
    ticks,
    categoryLabels: categories.map((label, ci) => ({ label, x: plot.left + ci * band + band / 2 })),
    zeroY,
  };
}
