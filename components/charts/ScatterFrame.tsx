"use client";
// The frame of the pages' x–y charts (recharts): filling its box, a grid, a numeric x axis labelled under it, a
// y axis of percentages unless the chart brings its own, and the chart's tooltip. Only charts loaded after first
// paint import it (next/dynamic), so recharts stays out of every page's first-load JavaScript.
import type { ReactElement, ReactNode } from "react";
import { CartesianGrid, ResponsiveContainer, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { axisLabel, axisProps, gridProps } from "@/components/ui/chart";

type Domain = [number | "auto", number | "auto"];

export function ScatterFrame({
  top = 10,
  xDomain,
  xUnit,
  xLabel,
  yAxis,
  tip,
  children,
}: {
  /** Room above the plot (for labels drawn over the top points). */
  top?: number;
  xDomain: Domain;
  xUnit?: string;
  xLabel: string;
  /** The y axis, when not 0–100 %. */
  yAxis?: ReactElement;
  tip: ReactElement;
  children: ReactNode;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ScatterChart margin={{ top, right: 24, bottom: 28, left: 8 }}>
        <CartesianGrid {...gridProps()} />
        <XAxis
          type="number"
          dataKey="x"
          domain={xDomain}
          unit={xUnit}
          label={axisLabel(xLabel, "insideBottom", -16)}
          {...axisProps(11)}
        />
        {yAxis ?? <YAxis type="number" dataKey="y" domain={[0, 100]} unit="%" {...axisProps(11)} />}
        <Tooltip content={tip} />
        {children}
      </ScatterChart>
    </ResponsiveContainer>
  );
}
