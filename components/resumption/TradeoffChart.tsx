"use client";
// Does holding focus cost the other tasks? One dot per scored configuration, named beside it: interruption completion
// (x) against switched focus resolution (y), each with its Wilson 95% interval; both axes titled. Loaded after first
// paint; the table above it holds the same numbers in the static HTML.
import { Scatter, YAxis } from "recharts";
import { ScatterFrame } from "@/components/charts/ScatterFrame";
import type { InterruptionRow } from "@/lib/queries/resumption/model";
import { tradeoffDots, type TradeoffDot as Dot } from "@/lib/queries/resumption/view";
import { axisLabel, axisProps, ROLE_COLORS } from "@/components/ui/chart";
import { Whiskers } from "./IntervalLayers";
import { PointLabels } from "./PointLabels";
import { TipBox } from "@/components/ui/TipBox";

function Tip({ active, payload }: { active?: boolean; payload?: { payload?: Dot }[] }) {
  const d = payload?.[0]?.payload;
  if (!active || !d) return null;
  return (
    <TipBox title={d.name}>
      interruptions {d.x.toFixed(1)}% · focus {d.y.toFixed(1)}%
    </TipBox>
  );
}

export function TradeoffChart({ rows, yLabel }: { rows: readonly InterruptionRow[]; yLabel: string }) {
  const dots = tradeoffDots(rows);
  const color = ROLE_COLORS.condition;
  return (
    <div className="h-80">
      <ScatterFrame
        top={22}
        xDomain={[0, 100]}
        xUnit="%"
        xLabel="Interruption tasks resolved, %"
        yAxis={
          <YAxis
            type="number"
            dataKey="y"
            domain={[0, 100]}
            unit="%"
            width={64}
            label={{ ...axisLabel(`${yLabel}, %`, "insideLeft", 4), angle: -90, style: { textAnchor: "middle" } }}
            {...axisProps(11)}
          />
        }
        tip={<Tip />}
      >
        <Whiskers items={dots} color={color} testId="tradeoff-whiskers" />
        <Scatter name={yLabel} data={dots} fill={color} isAnimationActive={false} />
        <PointLabels points={dots} />
      </ScatterFrame>
    </div>
  );
}
