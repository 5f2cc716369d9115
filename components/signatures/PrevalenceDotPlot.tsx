"use client";
// Signature prevalence as dots with their Wilson 95% intervals: a panel per signature on a shared axis from 0 to
// the highest interval's end, rounded up (prevalenceAxis), a row per configuration with a dot per condition (the
// conditions' colours), for one group (the page's group filter, else overall). The same numbers as the matrices
// above it (lib/site/prevalence-dots.ts).
import { CHART, PALETTES, seriesColor } from "@/components/ui/chart";
import { ChartFigure } from "@/components/ui/ChartFigure";
import { f1, LegendItem, PanelGrid, RowLabel, Unknown } from "@/components/uncertainty/svg-parts";
import type { PrevalenceCell } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { distinctCuts } from "@/lib/site/chart-labels";
import { linearScale } from "@/lib/site/chart-scale";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import {
  DOT_PLOT_LIMIT,
  dotKey,
  prevalenceAxis,
  prevalenceDotTable,
  shareOf,
  STRENGTH_TEXT,
  type Strength,
} from "@/lib/site/prevalence-dots";

const LABEL = 210;
/** Characters of a name the 210 px of labels hold at 11 px. */
const NAME_CHARS = 30;
const PANEL = 260;
const GAP = 40;
const TOP = 48;
const BOTTOM = 40;
const PAD = 8;
const LANE = 11;

export interface PrevalenceDotPlotProps {
  releaseId: string;
  cells: Map<string, PrevalenceCell>;
  configs: { id: string; name: string }[];
  conditions: string[];
  group: string;
  signatures: readonly string[];
  strength: Strength;
  /** File name part of the export (the page's filters). */
  subsetName: string | null;
}

export function PrevalenceDotPlot(props: PrevalenceDotPlotProps) {
  const { releaseId, cells, conditions, group, signatures, strength } = props;
  const configs = props.configs.slice(0, DOT_PLOT_LIMIT);
  const row = conditions.length * LANE + 8;
  const labels = distinctCuts(
    configs.map((c) => c.name),
    NAME_CHARS,
  );
  const width = LABEL + signatures.length * (PANEL + GAP);
  const bottom = TOP + configs.length * row;
  const height = bottom + BOTTOM;
  const color = (i: number) => seriesColor(PALETTES.conditions, i);
  const dotArgs = { cells, configs, conditions, group, signatures, strength };
  const axis = prevalenceAxis(dotArgs);
  const id = ["signature-prevalence", group, strength, props.subsetName].filter(Boolean).join("-");
  return (
    <div className="space-y-1" data-testid="prevalence-dot-plot">
      {props.configs.length > configs.length ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          {`Drawing the first ${configs.length} of ${props.configs.length.toLocaleString("en-US")} configurations; pick one in the filters to see another.`}
        </p>
      ) : null}
      <ChartFigure
        releaseId={releaseId}
        id={id}
        title={`Prevalence with 95% intervals, ${groupLabel(group)} focus tasks (${STRENGTH_TEXT[strength].short})`}
        table={prevalenceDotTable(dotArgs)}
      >
        <div>
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            className="text-zinc-900 dark:text-zinc-100"
          >
            {conditions.map((c, i) => (
              <LegendItem key={c} x={LABEL + i * 110} y={6} text={conditionLabel(c)}>
                <line x1={0} x2={16} y1={5} y2={5} stroke={color(i)} strokeWidth={1.5} />
                <circle cx={8} cy={5} r={3.5} fill={color(i)} />
              </LegendItem>
            ))}
            {configs.map((c, i) => (
              <g key={c.id}>
                <line x1={8} x2={width} y1={TOP + (i + 1) * row} y2={TOP + (i + 1) * row} stroke={CHART.faint} />
                <RowLabel x={LABEL - 10} y={TOP + i * row + row / 2} text={c.name} label={labels[i]!} />
              </g>
            ))}
            {signatures.map((s, p) => {
              const x0 = LABEL + p * (PANEL + GAP);
              const x = linearScale([axis.lo, axis.hi], [x0 + PAD, x0 + PANEL - PAD]);
              return (
                <g key={s} data-panel={s}>
                  <text
                    x={x0 + PANEL / 2}
                    y={TOP - 8}
                    textAnchor="middle"
                    fontSize={12}
                    fontWeight={600}
                    fill={CHART.axis}
                  >
                    {SIGNATURE_LABELS[s] ?? s}
                  </text>
                  <PanelGrid ticks={axis.ticks} x={x} top={TOP} bottom={bottom} label={(t) => `${t}%`} />
                  <text x={x0 + PANEL / 2} y={bottom + 30} textAnchor="middle" fontSize={10} fill={CHART.axis}>
                    {`share of readable runs, 0–${axis.hi}%`}
                  </text>
                  {configs.flatMap((c, i) =>
                    conditions.map((cond, k) => {
                      const y = TOP + i * row + 4 + k * LANE + LANE / 2;
                      const sh = shareOf(cells.get(dotKey(c.id, cond, group, s)), strength);
                      if (!sh || sh.pct === null || sh.lo === null || sh.hi === null)
                        return (
                          <Unknown
                            key={`${c.id}-${cond}`}
                            x={x0 + PANEL / 2}
                            y={y}
                            why="No readable run in this cell"
                          />
                        );
                      return (
                        <g key={`${c.id}-${cond}`}>
                          <line x1={x(sh.lo)} x2={x(sh.hi)} y1={y} y2={y} stroke={color(k)} strokeWidth={1.5} />
                          <circle
                            cx={x(sh.pct)}
                            cy={y}
                            r={3.5}
                            fill={color(k)}
                            data-config={c.id}
                            data-condition={cond}
                            data-group={group}
                            data-signature={s}
                            data-value={sh.pct}
                            data-lo={sh.lo}
                            data-hi={sh.hi}
                          >
                            <title>{`${c.name}, ${conditionLabel(cond)}: ${f1(sh.pct)}% (${sh.k}/${sh.n}), 95% ${f1(sh.lo)}–${f1(sh.hi)}`}</title>
                          </circle>
                        </g>
                      );
                    }),
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      </ChartFigure>
    </div>
  );
}
