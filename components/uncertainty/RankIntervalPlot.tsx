"use client";
// Each configuration's rank in one leaderboard column (a dot) and its 95% rank interval (a bar), in the
// leaderboard's rank sort so that every tie group is one block: blocks shaded in turn and labelled T1, T2, …
// (T1: not distinguished from the best). The ranks are the leaderboard's (lib/queries/leaderboard/ranks.ts).
import { chartColor, CHART } from "@/components/ui/chart";
import { ChartFigure } from "@/components/ui/ChartFigure";
import { distinctCuts } from "@/lib/site/chart-labels";
import { linearScale, rankTicks } from "@/lib/site/chart-scale";
import { rankText } from "@/lib/site/leaderboard-view";
import { rankTable, type RankColumnData, type RankRow } from "@/lib/site/uncertainty-view";
import { f1, LegendItem, PanelGrid, RowLabel } from "./svg-parts";

const ROW = 18;
const LABEL = 210;
/** Characters of a name the 210 px of labels hold at 11 px. */
const NAME_CHARS = 30;
const PLOT = 480;
const TIE = 44;
const TOP = 44;
const BOTTOM = 40;
const PAD = 10;
const COLOR = chartColor(3);

/** Each row's tie block: its index in order (for the shading) and whether the row opens it (for the label). */
function blocks(rows: readonly RankRow[]): { index: number; opens: boolean }[] {
  let index = -1;
  return rows.map((r, i) => {
    const opens = i === 0 || rows[i - 1]!.point.tieGroup !== r.point.tieGroup;
    if (opens) index++;
    return { index, opens };
  });
}

export function RankIntervalPlot({
  releaseId,
  column,
  rows,
}: {
  releaseId: string;
  column: RankColumnData;
  rows: RankRow[];
}) {
  const of = Math.max(1, ...rows.map((r) => r.point.of));
  const x = linearScale([1, of], [LABEL + PAD, LABEL + PLOT - PAD]);
  const width = LABEL + PLOT + TIE;
  const bottom = TOP + rows.length * ROW;
  const height = bottom + BOTTOM;
  const tie = blocks(rows);
  const labels = distinctCuts(
    rows.map((r) => r.name),
    NAME_CHARS,
  );
  return (
    <ChartFigure
      releaseId={releaseId}
      id={`rank-intervals-${column.id}`}
      title={`Rank intervals: ${column.label}`}
      table={rankTable(column, rows)}
    >
      <div data-testid="rank-interval-plot" data-column={column.id}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="text-zinc-900 dark:text-zinc-100"
        >
          <LegendItem
            x={LABEL}
            y={6}
            text="Rank (dot) and 95% rank interval (bar); shaded blocks are tie groups, T1 not distinguished from the best"
          >
            <line
              x1={0}
              x2={16}
              y1={5}
              y2={5}
              stroke={COLOR}
              strokeWidth={5}
              strokeLinecap="round"
              strokeOpacity={0.45}
            />
            <circle cx={8} cy={5} r={3.5} fill={COLOR} />
          </LegendItem>
          {rows.map((r, i) => {
            const y = TOP + i * ROW;
            return tie[i]!.index % 2 === 1 ? (
              <rect
                key={`shade-${r.id}`}
                x={8}
                y={y}
                width={width - 8}
                height={ROW}
                fill={CHART.faint}
                fillOpacity={0.6}
              />
            ) : null;
          })}
          <PanelGrid ticks={rankTicks(of)} x={x} top={TOP} bottom={bottom} />
          <text x={LABEL + PLOT / 2} y={bottom + 30} textAnchor="middle" fontSize={10} fill={CHART.axis}>
            rank among {of} configurations (1 = best)
          </text>
          {rows.map((r, i) => {
            const y = TOP + i * ROW + ROW / 2;
            const p = r.point;
            return (
              <g key={r.id}>
                <RowLabel x={LABEL - 10} y={y} text={r.name} label={labels[i]!} />
                {p.lo !== null && p.hi !== null ? (
                  <line
                    x1={x(p.lo)}
                    x2={x(p.hi)}
                    y1={y}
                    y2={y}
                    stroke={COLOR}
                    strokeWidth={6}
                    strokeLinecap="round"
                    strokeOpacity={0.45}
                  />
                ) : null}
                <circle
                  cx={x(p.rank)}
                  cy={y}
                  r={4}
                  fill={COLOR}
                  data-config={r.id}
                  data-rank={p.rank}
                  data-lo={p.lo ?? undefined}
                  data-hi={p.hi ?? undefined}
                  data-tie={p.tieGroup}
                >
                  <title>{`${r.name}: ${rankText(p)} · T${p.tieGroup}; value ${f1(p.value)}${column.unit}`}</title>
                </circle>
                {tie[i]!.opens ? (
                  <text x={LABEL + PLOT + 8} y={y} dominantBaseline="middle" fontSize={10} fill={CHART.axis}>
                    T{p.tieGroup}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFigure>
  );
}
