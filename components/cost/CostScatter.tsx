"use client";
// Figure 1a: cost against resolution, one arrow per configuration from its baseline point to its point
// under the other condition, each condition's Pareto frontier dashed. Loaded after first paint (recharts is
// not in the page's first-load JavaScript); the same points are listed in a table in the static HTML.
import { Legend, Scatter, useXAxisScale, useYAxisScale } from "recharts";
import { ScatterFrame } from "@/components/charts/ScatterFrame";
import type { ScatterPoint } from "@/lib/queries/cost/view";
import { conditionLabel } from "@/lib/site/labels";
import { CHART, ROLE_COLORS } from "@/components/ui/chart";
import { TipBox } from "@/components/ui/TipBox";

interface Datum {
  x: number;
  y: number;
  name: string;
  condition: string;
}

interface Pair {
  id: string;
  from: Datum;
  to: Datum;
}

const BASE_COLOR = ROLE_COLORS.baseline;
const COND_COLOR = ROLE_COLORS.condition;

function Arrows({ pairs }: { pairs: Pair[] }) {
  const xs = useXAxisScale();
  const ys = useYAxisScale();
  if (!xs || !ys) return null;
  return (
    <g data-testid="scatter-arrows">
      <defs>
        <marker
          id="cost-arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={CHART.muted} />
        </marker>
      </defs>
      {pairs.map((p) => {
        const [x1, y1, x2, y2] = [xs(p.from.x), ys(p.from.y), xs(p.to.x), ys(p.to.y)];
        if ([x1, y1, x2, y2].some((v) => v === undefined)) return null;
        return (
          <line
            key={p.id}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={CHART.muted}
            strokeWidth={1.2}
            markerEnd="url(#cost-arrow)"
          />
        );
      })}
    </g>
  );
}

function Tip({ active, payload }: { active?: boolean; payload?: { payload?: Datum }[] }) {
  const d = payload?.[0]?.payload;
  if (!active || !d) return null;
  return (
    <TipBox title={d.name}>
      {conditionLabel(d.condition)}: {d.x.toFixed(3)} · {d.y.toFixed(1)}%
    </TipBox>
  );
}

export function CostScatter({
  points,
  baseline,
  condition,
  xLabel,
  scale,
}: {
  points: ScatterPoint[];
  baseline: string;
  condition: string;
  xLabel: string;
  scale: number;
}) {
  const datum = (p: ScatterPoint): Datum | null =>
    p.cost === null || p.resolution === null
      ? null
      : {
          x: p.cost / scale,
          y: p.resolution,
          name: p.local ? `${p.name} (local)` : p.name,
          condition: p.condition,
        };
  const of = (cond: string) => points.filter((p) => p.condition === cond);
  const data = (cond: string) =>
    of(cond)
      .map(datum)
      .filter((d): d is Datum => d !== null);
  const frontier = (cond: string) =>
    of(cond)
      .filter((p) => p.onFrontier)
      .map(datum)
      .filter((d): d is Datum => d !== null)
      .sort((a, b) => a.x - b.x);
  const pairs: Pair[] = of(baseline).flatMap((b) => {
    const o = of(condition).find((p) => p.configId === b.configId);
    const from = datum(b);
    const to = o ? datum(o) : null;
    return from && to ? [{ id: b.configId, from, to }] : [];
  });
  return (
    <figure className="h-96" data-testid="cost-scatter">
      <ScatterFrame xDomain={[0, "auto"]} xLabel={xLabel} tip={<Tip />}>
        <Arrows pairs={pairs} />
        {(
          [
            [baseline, BASE_COLOR],
            [condition, COND_COLOR],
          ] as const
        ).map(([c, color]) => (
          <Scatter
            key={c}
            name={`${conditionLabel(c)} frontier`}
            data={frontier(c)}
            line={{ stroke: color, strokeDasharray: "5 4" }}
            shape={() => <g />}
            legendType="plainline"
            fill={color}
            isAnimationActive={false}
          />
        ))}
        <Scatter
          name={conditionLabel(baseline)}
          data={data(baseline)}
          fill={CHART.faint}
          stroke={BASE_COLOR}
          strokeWidth={1.5}
          isAnimationActive={false}
        />
        <Scatter name={conditionLabel(condition)} data={data(condition)} fill={COND_COLOR} isAnimationActive={false} />
        <Legend verticalAlign="top" height={24} wrapperStyle={{ fontSize: 12 }} />
      </ScatterFrame>
    </figure>
  );
}
