// The one chart configuration: every colour a chart draws with is a CSS variable of app/globals.css (light and
// dark values there), so charts follow dark mode and print. Plain values, no recharts import: a view that
// only colours a legend swatch does not pull the chart library into its bundle.

/** `var(--chart-n)`: the n-th series colour of app/globals.css (1 to 19). */
export function chartColor(n: number): string {
  return `var(--chart-${n})`;
}

/** The colours of a chart's frame. */
export const CHART = {
  axis: "var(--chart-axis)",
  grid: "var(--chart-grid)",
  muted: "var(--chart-muted)",
  faint: "var(--chart-faint)",
  tooltipBg: "var(--chart-tooltip-bg)",
  tooltipFg: "var(--chart-tooltip-fg)",
} as const;

/** The series colours each kind of chart cycles through, in the order its series come. */
export const PALETTES = {
  /** Conditions (Unint, Switch, ...): the leaderboard's gap chart. */
  conditions: [1, 2, 3, 4].map(chartColor),
  /** The tasks of a session other than its focus task (cost page, session usage). */
  tasks: [5, 4, 7, 6, 8, 9, 10].map(chartColor),
  /** Task-flow events (the Sankey). */
  events: [11, 10, 4, 12, 2, 13, 14, 7, 15, 9, 8, 16, 6, 17, 18, 19].map(chartColor),
} as const;

/** Colours with a fixed meaning across the views. */
export const ROLE_COLORS = {
  baseline: chartColor(1),
  condition: chartColor(2),
  focus: chartColor(3),
  failure: {
    implementation: chartColor(5),
    submission: chartColor(2),
    incomplete: chartColor(6),
    no_run: CHART.muted,
  },
} as const;

/** The i-th colour of a palette, cycling. */
export function seriesColor(palette: readonly string[], i: number): string {
  return palette[i % palette.length]!;
}

/** recharts CartesianGrid props. */
export function gridProps(extra: { horizontal?: boolean; vertical?: boolean } = {}) {
  return { strokeDasharray: "3 3", stroke: CHART.grid, ...extra };
}

/** recharts XAxis / YAxis props: tick labels in the axis colour, the axis line muted. */
export function axisProps(fontSize?: number) {
  return { tick: fontSize ? { fontSize, fill: CHART.axis } : { fill: CHART.axis }, stroke: CHART.muted };
}

/** recharts axis label props. */
export function axisLabel(value: string, position: "insideBottom" | "insideLeft", offset: number, fontSize = 12) {
  return { value, position, offset, fontSize, fill: CHART.axis };
}

/** recharts Tooltip props for the default tooltip. */
export const tooltipProps = {
  contentStyle: { background: CHART.tooltipBg, color: CHART.tooltipFg },
} as const;
