"use client";
// Each scatter point's name beside it, drawn inside a recharts chart with its axes' scales: no two names overlap
// and none covers another point (lib/site/label-placement.ts); a point with no free spot goes unnamed, and a line
// above the plot says how many (their names are in the tooltip and the table under the chart).
import { usePlotArea, useXAxisScale, useYAxisScale } from "recharts";
import { CHART } from "@/components/ui/chart";
import { placeLabels } from "@/lib/site/label-placement";

export interface NamedPoint {
  key: string;
  x: number;
  y: number;
  /** The name as drawn (cut to fit, no two alike); `name` whole in the tooltip. */
  label: string;
  name: string;
}

/** 10 px text: a character is about 5.5 px wide in the page's sans-serif; 6 keeps the estimate on the safe side. */
const METRICS = { charWidth: 6, height: 12 };

export function PointLabels({ points }: { points: readonly NamedPoint[] }) {
  const xs = useXAxisScale();
  const ys = useYAxisScale();
  const plot = usePlotArea();
  if (!xs || !ys || !plot) return null;
  const at = points.map((p) => ({ p, x: xs(p.x), y: ys(p.y) }));
  const drawn = at.flatMap((a) => (a.x === undefined || a.y === undefined ? [] : [{ ...a, x: a.x, y: a.y }]));
  const placed = placeLabels(
    drawn.map((d) => ({ x: d.x, y: d.y, text: d.p.label })),
    { x0: plot.x, y0: plot.y, x1: plot.x + plot.width, y1: plot.y + plot.height },
    METRICS,
  );
  const unnamed = placed.filter((l) => !l.at).length;
  return (
    <g data-testid="point-labels">
      {drawn.map((d, i) => {
        const spot = placed[i]!.at;
        return spot ? (
          <text
            key={d.p.key}
            x={spot.x}
            y={spot.y}
            textAnchor={spot.anchor}
            dominantBaseline="middle"
            fontSize={10}
            fill={CHART.axis}
            data-point-label={d.p.key}
          >
            {d.p.label !== d.p.name ? <title>{d.p.name}</title> : null}
            {d.p.label}
          </text>
        ) : null;
      })}
      {unnamed > 0 ? (
        <text x={plot.x} y={plot.y - 6} fontSize={10} fill={CHART.muted} data-testid="unnamed-points">
          {`${unnamed} of ${drawn.length} points unnamed here (no free room): see the tooltip or the table`}
        </text>
      ) : null}
    </g>
  );
}
