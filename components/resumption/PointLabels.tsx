"use client";
// Each scatter point's name beside it, drawn inside a recharts chart with its axes' scales: no two names overlap
// and none covers another point (lib/site/label-placement.ts); a point with no free spot goes unnamed, and a line
// above the plot says how many (their names are in the tooltip and the table under the chart).
import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import { CHART } from "@/components/ui/chart";
import { distinctCuts } from "@/lib/site/chart-labels";
import { placeLabels } from "@/lib/site/label-placement";

export interface NamedPoint {
  key: string;
  x: number;
  y: number;
  name: string;
}

/** 10 px text: a character is about 5.5 px wide in the page's sans-serif; 6 keeps the estimate on the safe side. */
const METRICS = { charWidth: 6, height: 12 };
/** Characters of a name beside its point: fewer on a narrow plot (a phone), where a name takes half its width. */
const CHARS = { wide: 24, narrow: 16, below: 400 };

export function PointLabels({ points }: { points: readonly NamedPoint[] }) {
  const xs = useXAxisScale();
  const ys = useYAxisScale();
  const plot = usePlotArea();
  if (!xs || !ys || !plot) return null;
  const at = points.map((p) => ({ p, x: xs(p.x), y: ys(p.y) }));
  const drawn = at.flatMap((a) => (a.x === undefined || a.y === undefined ? [] : [{ ...a, x: a.x, y: a.y }]));
  const labels = distinctCuts(
    drawn.map((d) => d.p.name),
    plot.width < CHARS.below ? CHARS.narrow : CHARS.wide,
  );
  const placed = placeLabels(
    drawn.map((d, i) => ({ x: d.x, y: d.y, text: labels[i]! })),
    { x0: plot.x, y0: plot.y, x1: plot.x + plot.width, y1: plot.y + plot.height },
    METRICS,
  );
  const unnamed = placed.filter((l) => !l.at).length;
  return (
    <g data-testid="point-labels">
      {drawn.map((d, i) => {
        const spot = placed[i]!.at;
        const label = labels[i]!;
        // The halo (a stroke in the background's colour, under the fill) keeps a name readable over grid lines
        // and whiskers.
        return spot ? (
          <text
            key={d.p.key}
            x={spot.x}
            y={spot.y}
            textAnchor={spot.anchor}
            dominantBaseline="middle"
            fontSize={10}
            fill={CHART.axis}
            stroke={CHART.tooltipBg}
            strokeWidth={3}
            strokeLinejoin="round"
            paintOrder="stroke"
            data-point-label={d.p.key}
          >
            {label !== d.p.name ? <title>{d.p.name}</title> : null}
            {label}
          </text>
        ) : null;
      })}
      {unnamed > 0 ? (
        <text x={plot.x} y={plot.y - 6} fontSize={10} fill={CHART.muted} data-testid="unnamed-points">
          {`${unnamed} of ${drawn.length} points unnamed (no room): see the table`}
        </text>
      ) : null}
    </g>
  );
}
