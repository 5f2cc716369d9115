"use client";
// Every shown configuration's gap under one condition with its paired 95% interval, overall / near / far side by
// side on one shared axis, rows in the leaderboard's order; a vertical line at 0; the interval clustered by
// repository drawn under it as a thinner bar where it differs (lib/site/uncertainty-view.ts decides).
import { chartColor, CHART, ROLE_COLORS } from "@/components/ui/chart";
import { ChartFigure } from "@/components/ui/ChartFigure";
import { linearScale } from "@/lib/site/chart-scale";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { forestAxis, forestTable, intervalsDiffer, type UncertaintyViewModel } from "@/lib/site/uncertainty-view";
import type { ClusteredCell } from "@/lib/queries/uncertainty/types";
import { f1, LegendItem, PanelGrid, RowLabel, Unknown } from "./svg-parts";

const ROW = 20;
const LABEL = 210;
const PANEL = 220;
const GAP = 36;
const TOP = 56;
const BOTTOM = 40;
const PAD = 8;
const PLAIN = ROLE_COLORS.condition;
const CLUSTER = chartColor(3);

function Point(props: {
  cell: ClusteredCell;
  x: (v: number) => number;
  y: number;
  config: string;
  name: string;
  group: string;
}) {
  const { cell, x, y, config, name, group } = props;
  const clustered = intervalsDiffer(cell.plain, cell.cluster);
  const hasPlain = Number.isFinite(cell.plain.lo) && Number.isFinite(cell.plain.hi);
  const title =
    `${name}, ${groupLabel(group)}: gap ${f1(cell.value)} pp, paired 95% ${f1(cell.plain.lo)} to ${f1(cell.plain.hi)}, ` +
    `clustered by repository ${f1(cell.cluster.lo)} to ${f1(cell.cluster.hi)} (${cell.tasks} tasks, ${cell.repos} repositories)`;
  return (
    <g>
      {hasPlain ? (
        <line x1={x(cell.plain.lo)} x2={x(cell.plain.hi)} y1={y} y2={y} stroke={PLAIN} strokeWidth={2} />
      ) : null}
      {clustered ? (
        <g data-cluster={config} stroke={CLUSTER} strokeWidth={1.25}>
          <line x1={x(cell.cluster.lo)} x2={x(cell.cluster.hi)} y1={y + 6} y2={y + 6} />
          <line x1={x(cell.cluster.lo)} x2={x(cell.cluster.lo)} y1={y + 3.5} y2={y + 8.5} />
          <line x1={x(cell.cluster.hi)} x2={x(cell.cluster.hi)} y1={y + 3.5} y2={y + 8.5} />
        </g>
      ) : null}
      <circle
        cx={x(cell.value)}
        cy={y}
        r={4}
        fill={PLAIN}
        data-point=""
        data-config={config}
        data-group={group}
        data-value={cell.value}
        data-lo={cell.plain.lo}
        data-hi={cell.plain.hi}
        data-cluster-lo={cell.cluster.lo}
        data-cluster-hi={cell.cluster.hi}
      >
        <title>{title}</title>
      </circle>
    </g>
  );
}

function Legend({ gap }: { gap: string }) {
  return (
    <g>
      <LegendItem x={LABEL} y={6} text={`Gap (${gap}) with its paired 95% interval: focus tasks resampled`}>
        <line x1={0} x2={16} y1={5} y2={5} stroke={PLAIN} strokeWidth={2} />
        <circle cx={8} cy={5} r={3.5} fill={PLAIN} />
      </LegendItem>
      <LegendItem
        x={LABEL}
        y={22}
        text="95% interval clustered by repository (repositories resampled), where it differs"
      >
        <line x1={0} x2={16} y1={5} y2={5} stroke={CLUSTER} strokeWidth={1.25} />
      </LegendItem>
    </g>
  );
}

export function ForestPlot({
  releaseId,
  model,
  configs,
  condition,
}: {
  releaseId: string;
  model: UncertaintyViewModel;
  /** The configurations shown, in the leaderboard's order. */
  configs: { id: string; name: string }[];
  condition: string;
}) {
  const axis = forestAxis(
    model,
    configs.map((c) => c.id),
    condition,
  );
  const width = LABEL + model.groups.length * (PANEL + GAP);
  const bottom = TOP + configs.length * ROW;
  const height = bottom + BOTTOM;
  const gap = `${conditionLabel(model.baseline)} − ${conditionLabel(condition)}`;
  return (
    <ChartFigure
      releaseId={releaseId}
      id={`forest-${condition}`}
      title={`Gap per configuration (${gap}), overall, near and far`}
      table={forestTable(model, configs, condition)}
    >
      <div data-testid="forest-plot">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="text-zinc-900 dark:text-zinc-100"
        >
          <Legend gap={gap} />
          {configs.map((c, i) => (
            <g key={c.id}>
              <line x1={8} x2={width} y1={TOP + (i + 1) * ROW} y2={TOP + (i + 1) * ROW} stroke={CHART.faint} />
              <RowLabel x={LABEL - 10} y={TOP + i * ROW + ROW / 2} text={c.name} />
            </g>
          ))}
          {model.groups.map((g, p) => {
            const x0 = LABEL + p * (PANEL + GAP);
            const x = linearScale([axis.lo, axis.hi], [x0 + PAD, x0 + PANEL - PAD]);
            return (
              <g key={g} data-panel={g}>
                <text
                  x={x0 + PANEL / 2}
                  y={TOP - 8}
                  textAnchor="middle"
                  fontSize={12}
                  fontWeight={600}
                  fill={CHART.axis}
                >
                  {groupLabel(g)}
                </text>
                <PanelGrid ticks={axis.ticks} x={x} top={TOP} bottom={bottom} strong={0} />
                <text x={x0 + PANEL / 2} y={bottom + 30} textAnchor="middle" fontSize={10} fill={CHART.axis}>
                  gap, pp
                </text>
                {configs.map((c, i) => {
                  const cell = model.byConfig[c.id]?.gaps[g]?.[condition];
                  const y = TOP + i * ROW + ROW / 2 - 2;
                  return cell && Number.isFinite(cell.value) ? (
                    <Point key={c.id} cell={cell} x={x} y={y} config={c.id} name={c.name} group={g} />
                  ) : (
                    <Unknown key={c.id} x={x0 + PANEL / 2} y={y} why={`No ${g} focus task with both conditions`} />
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFigure>
  );
}
