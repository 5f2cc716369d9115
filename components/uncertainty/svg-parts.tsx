// Pieces of the hand-drawn SVG charts (forest plot, rank intervals, signature prevalence): a panel's vertical grid
// and tick labels, a row label, and a legend entry. Colours are the chart variables (components/ui/chart.ts).
import { CHART } from "@/components/ui/chart";

/**
 * A row's name as `label` (lib/site/chart-labels.ts distinctCuts: cut to fit, no two alike), the whole name in a
 * tooltip when it was cut.
 */
export function RowLabel({ x, y, text, label }: { x: number; y: number; text: string; label: string }) {
  return (
    <text x={x} y={y} textAnchor="end" dominantBaseline="middle" fontSize={11} fill={CHART.axis} data-row-label="">
      {label !== text ? <title>{text}</title> : null}
      {label}
    </text>
  );
}

/** A panel's grid lines at the ticks, from `top` to `bottom`, with the tick labels under it. */
export function PanelGrid({
  ticks,
  x,
  top,
  bottom,
  label = (t) => String(t),
  strong,
}: {
  ticks: readonly number[];
  x: (v: number) => number;
  top: number;
  bottom: number;
  label?: (t: number) => string;
  /** A value whose line is drawn solid (0 on a gap axis). */
  strong?: number;
}) {
  return (
    <g>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={x(t)}
            x2={x(t)}
            y1={top}
            y2={bottom}
            stroke={t === strong ? CHART.axis : CHART.grid}
            strokeWidth={t === strong ? 1 : 0.75}
            strokeDasharray={t === strong ? undefined : "3 3"}
          />
          <text x={x(t)} y={bottom + 12} textAnchor="middle" fontSize={10} fill={CHART.axis}>
            {label(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** A legend entry: its mark (drawn in a 16 × 10 box at x, y) and its words, one line per string. */
export function LegendItem({
  x,
  y,
  text,
  children,
}: {
  x: number;
  y: number;
  text: string | readonly string[];
  children: React.ReactNode;
}) {
  const lines = typeof text === "string" ? [text] : text;
  return (
    <g transform={`translate(${x},${y})`}>
      {children}
      <text x={20} y={5} dominantBaseline="middle" fontSize={10} fill={CHART.axis}>
        {lines.map((l, i) => (
          <tspan key={i} x={20} dy={i === 0 ? 0 : LEGEND_LINE}>
            {l}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** Height of a legend line, px. */
export const LEGEND_LINE = 12;

/** Text for a cell the release has no number for: visibly unknown, with the reason in a tooltip. */
export function Unknown({ x, y, why }: { x: number; y: number; why: string }) {
  return (
    <text x={x} y={y} textAnchor="middle" dominantBaseline="middle" fontSize={11} fill={CHART.muted}>
      <title>{why}</title>—
    </text>
  );
}

/** Numbers as the pictures print them: one decimal. */
export function f1(x: number): string {
  return Number.isFinite(x) ? x.toFixed(1) : "—";
}
