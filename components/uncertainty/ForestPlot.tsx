"use client";
// Every shown configuration's gap under one condition with its paired 95% interval, overall / near / far side by
// side on one shared axis (one under the other when the box is too narrow for them: lib/site/chart-layout.ts), rows
// in the leaderboard's order; a vertical line at 0; the interval clustered by repository drawn under it as a thinner
// bar where it differs (lib/site/uncertainty-view.ts decides).
import { chartColor, CHART, ROLE_COLORS } from "@/components/ui/chart";
import { ChartFigure } from "@/components/ui/ChartFigure";
import { linearScale } from "@/lib/site/chart-scale";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { forestAxis, forestTable, intervalsDiffer, type UncertaintyViewModel } from "@/lib/site/uncertainty-view";
import type { ClusteredCell } from "@/lib/queries/uncertainty/types";
import { useBoxWidth } from "@/components/ui/useBoxWidth";
import { distinctCuts } from "@/lib/site/chart-labels";
import { smallMultiples } from "@/lib/site/chart-layout";
import { f1, LEGEND_LINE, LegendItem, PanelGrid, RowLabel, Unknown } from "./svg-parts";

const ROW = 20;
const LABEL = 210;
/** Characters of a name the 210 px of labels hold at 11 px. */
const NAME_CHARS = 30;
const PANEL = 220;
const GAP = 36;
const TOP = 56;
/** Stacked, the legend takes two lines an entry. */
const TOP_STACKED = 84;
/** Stacked, the space above each later panel's rows: its title. */
const BETWEEN = 28;
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

/** The legend: one line an entry beside the panels, two under each other when they stack. */
function Legend({ gap, x, stacked }: { gap: string; x: number; stacked: boolean }) {
  const plain = stacked
    ? [`Gap (${gap}), paired 95% interval:`, "focus tasks resampled"]
    : `Gap (${gap}) with its paired 95% interval: focus tasks resampled`;
  const cluster = stacked
    ? ["95% interval clustered by repository", "(repositories resampled), where it differs"]
    : "95% interval clustered by repository (repositories resampled), where it differs";
  return (
    <g>
      <LegendItem x={x} y={6} text={plain}>
        <line x1={0} x2={16} y1={5} y2={5} stroke={PLAIN} strokeWidth={2} />
        <circle cx={8} cy={5} r={3.5} fill={PLAIN} />
      </LegendItem>
      <LegendItem x={x} y={stacked ? 6 + 2 * LEGEND_LINE + 4 : 22} text={cluster}>
        <line x1={0} x2={16} y1={5} y2={5} stroke={CLUSTER} strokeWidth={1.25} />
      </LegendItem>
    </g>
  );
}

/** One block of rows: the separating lines and the names, cut to the layout's room (no two alike). */
function Rows({ top, width, label, names }: { top: number; width: number; label: number; names: Shown }) {
  return (
    <g>
      {names.map((c, i) => (
        <g key={c.id}>
          <line x1={8} x2={width} y1={top + (i + 1) * ROW} y2={top + (i + 1) * ROW} stroke={CHART.faint} />
          <RowLabel x={label - 10} y={top + i * ROW + ROW / 2} text={c.name} label={c.label} />
        </g>
      ))}
    </g>
  );
}

type Shown = { id: string; name: string; label: string }[];

function Panel(props: {
  group: string;
  x0: number;
  top: number;
  width: number;
  axis: ReturnType<typeof forestAxis>;
  model: UncertaintyViewModel;
  configs: Shown;
  condition: string;
}) {
  const { group: g, x0, top, width, axis, model, configs, condition } = props;
  const x = linearScale([axis.lo, axis.hi], [x0 + PAD, x0 + width - PAD]);
  const bottom = top + configs.length * ROW;
  return (
    <g data-panel={g}>
      <text
        x={x0 + width / 2}
        y={top - 8}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill={CHART.axis}
        data-panel-title=""
      >
        {groupLabel(g)}
      </text>
      <PanelGrid ticks={axis.ticks} x={x} top={top} bottom={bottom} strong={0} />
      <text x={x0 + width / 2} y={bottom + 30} textAnchor="middle" fontSize={10} fill={CHART.axis}>
        gap, pp
      </text>
      {configs.map((c, i) => {
        const cell = model.byConfig[c.id]?.gaps[g]?.[condition];
        const y = top + i * ROW + ROW / 2 - 2;
        return cell && Number.isFinite(cell.value) ? (
          <Point key={c.id} cell={cell} x={x} y={y} config={c.id} name={c.name} group={g} />
        ) : (
          <Unknown key={c.id} x={x0 + width / 2} y={y} why={`No ${g} focus task with both conditions`} />
        );
      })}
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
  const [box, boxWidth] = useBoxWidth<HTMLDivElement>();
  const axis = forestAxis(
    model,
    configs.map((c) => c.id),
    condition,
  );
  const layout = smallMultiples({
    box: boxWidth,
    count: model.groups.length,
    wide: { label: LABEL, chars: NAME_CHARS, panel: PANEL, gap: GAP },
    rows: configs.length * ROW,
    head: { wide: TOP, stacked: TOP_STACKED },
    between: BETWEEN,
    foot: BOTTOM,
  });
  const labels = distinctCuts(
    configs.map((c) => c.name),
    layout.chars,
  );
  const shown = configs.map((c, i) => ({ ...c, label: labels[i]! }));
  const { width, height } = layout;
  const gap = `${conditionLabel(model.baseline)} − ${conditionLabel(condition)}`;
  return (
    <ChartFigure
      releaseId={releaseId}
      id={`forest-${condition}`}
      title={`Gap per configuration (${gap}), overall, near and far`}
      table={forestTable(model, configs, condition)}
    >
      <div data-testid="forest-plot" data-layout={layout.stacked ? "stacked" : "side-by-side"} ref={box}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="text-zinc-900 dark:text-zinc-100"
        >
          <Legend gap={gap} x={layout.stacked ? 8 : layout.label} stacked={layout.stacked} />
          {layout.stacked ? null : <Rows top={TOP} width={width} label={layout.label} names={shown} />}
          {model.groups.map((g, p) => (
            <g key={g}>
              {layout.stacked ? (
                <Rows top={layout.at[p]!.top} width={width} label={layout.label} names={shown} />
              ) : null}
              <Panel
                group={g}
                x0={layout.at[p]!.x}
                top={layout.at[p]!.top}
                width={layout.panel}
                {...{ axis, model, condition }}
                configs={shown}
              />
            </g>
          ))}
        </svg>
      </div>
    </ChartFigure>
  );
}
