"use client";
// Does holding focus cost the other tasks? One dot per scored configuration, named beside it: interruption completion
// (x) against switched focus resolution (y), each with its Wilson 95% interval; both axes titled. Loaded after first
// paint; the table above it holds the same numbers in the static HTML.
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { InterruptionRow } from "@/lib/queries/resumption/model";
import { tradeoffDots, type TradeoffDot as Dot } from "@/lib/queries/resumption/view";
import { axisLabel, axisProps, gridProps, ROLE_COLORS } from "@/components/ui/chart";
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
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 22, right: 24, bottom: 28, left: 8 }}>
          <CartesianGrid {...gridProps()} />
          <XAxis
            type="number"
            dataKey="x"
            domain={[0, 100]}
            unit="%"
            label={axisLabel("Interruption tasks resolved, %", "insideBottom", -16)}
            {...axisProps(11)}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={[0, 100]}
            unit="%"
            width={64}
            label={{ ...axisLabel(`${yLabel}, %`, "insideLeft", 4), angle: -90, style: { textAnchor: "middle" } }}
            {...axisProps(11)}
          />
          <Tooltip content={<Tip />} />
          <Whiskers items={dots} color={color} testId="tradeoff-whiskers" />
          <Scatter name={yLabel} data={dots} fill={color} isAnimationActive={false} />
          <PointLabels points={dots} />
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
