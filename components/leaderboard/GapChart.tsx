"use client";
// Unint vs Switch per configuration, near and far side by side; the gap is the distance between the two
// marks. Loaded after first paint (recharts is not in the JS budget of the page's first load).
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { LeaderboardModel, LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { axisProps, CHART, gridProps, PALETTES, seriesColor, tooltipProps } from "@/components/ui/chart";

function gapText(gap: number | undefined): string {
  return gap === undefined ? "" : `gap ${gap.toFixed(1)}`;
}

export function GapChart({ model, rows }: { model: LeaderboardModel; rows: LeaderboardRow[] }) {
  const groups = model.groups.filter((g) => g !== "overall");
  const shown = groups.length ? groups : model.groups;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="gap-chart">
      {shown.map((g) => {
        const data = rows.map((r) => ({
          name: r.config.display_name,
          ...Object.fromEntries(model.conditions.map((c) => [conditionLabel(c), r.rates[g]?.[c]?.value ?? null])),
          gapLabel: gapText(r.gaps[g]?.[model.conditions.find((c) => c !== model.baseline) ?? ""]?.value),
        }));
        return (
          <figure key={g} className="h-80">
            <figcaption className="text-sm font-semibold">
              {groupLabel(g)}: resolution by condition, gap marked at the end of each pair
            </figcaption>
            <ResponsiveContainer width="100%" height="90%">
              <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
                <CartesianGrid {...gridProps({ horizontal: false })} />
                <XAxis type="number" domain={[0, 100]} unit="%" {...axisProps()} />
                <YAxis type="category" dataKey="name" width={170} {...axisProps(10)} />
                <Tooltip {...tooltipProps} formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))} />
                <Legend />
                {model.conditions.map((c, i) => (
                  <Bar
                    key={c}
                    dataKey={conditionLabel(c)}
                    fill={seriesColor(PALETTES.conditions, i)}
                    isAnimationActive={false}
                  >
                    {i === model.conditions.length - 1 ? (
                      <LabelList dataKey="gapLabel" position="right" fontSize={10} fill={CHART.axis} />
                    ) : null}
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </figure>
        );
      })}
    </div>
  );
}
