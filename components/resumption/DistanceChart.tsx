"use client";
// One outcome against one load: each bin a dot at its returns' mean load with its Wilson interval, and the logistic
// fit as a curve with its 95% band. Loaded after first paint (recharts is not in the page's first-load JavaScript);
// the bins are in a table in the static HTML.
import { Scatter } from "recharts";
import { ScatterFrame } from "@/components/charts/ScatterFrame";
import { fitCurve, type LoadSeries } from "@/lib/queries/resumption/series";
import { FitBand, Whiskers } from "./IntervalLayers";
import { TipBox } from "@/components/ui/TipBox";

interface Dot {
  x: number;
  y: number;
  label: string;
  n: number;
  lo: number;
  hi: number;
}

function Tip({ active, payload }: { active?: boolean; payload?: { payload?: Dot }[] }) {
  const d = payload?.[0]?.payload;
  if (!active || !d) return null;
  return (
    <TipBox title={d.label}>
      {d.y.toFixed(1)}% of {d.n} [{d.lo.toFixed(1)}, {d.hi.toFixed(1)}]
    </TipBox>
  );
}

export function DistanceChart({
  series,
  labels,
  scale,
  xLabel,
  yLabel,
  color,
}: {
  series: LoadSeries;
  /** Each bin's label, in order. */
  labels: string[];
  scale: number;
  xLabel: string;
  yLabel: string;
  color: string;
}) {
  const dots: Dot[] = series.bins.flatMap((b, i) =>
    b.meanLoad === null || b.rate === null
      ? []
      : [{ x: b.meanLoad / scale, y: b.rate, label: labels[i]!, n: b.n, lo: b.ciLo, hi: b.ciHi }],
  );
  const band = series.fit.ok ? fitCurve(series.fit).map((c) => ({ ...c, x: c.x / scale })) : [];
  const xs = [...dots.map((d) => d.x), ...band.map((c) => c.x)];
  const domain: [number, number] = xs.length ? [Math.min(0, ...xs), Math.max(...xs)] : [0, 1];
  return (
    <div className="h-80">
      <ScatterFrame xDomain={domain} xLabel={xLabel} tip={<Tip />}>
        <FitBand points={band} color={color} />
        <Whiskers
          items={dots.map((d) => ({ key: d.label, x: d.x, y: d.y, yLo: d.lo, yHi: d.hi }))}
          color={color}
          testId="bin-whiskers"
        />
        <Scatter name={yLabel} data={dots} fill={color} isAnimationActive={false} />
      </ScatterFrame>
    </div>
  );
}
