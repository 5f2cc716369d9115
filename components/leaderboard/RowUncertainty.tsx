"use client";
// The expanded row's noise: each rate and gap with its plain interval (tasks resampled) and its interval clustered
// by repository, the design effect beside them; far − near per condition; the repeat metrics when the
// configuration ran its cells more than once. Numbers from useRowUncertainty; every one carries a data-stat.
import { TableExport } from "@/components/site/TableExport";
import { Term } from "@/components/site/Term";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { RowHeader, Table, Td, Th } from "@/components/ui/Table";
import type { ClusteredCell, FarNearCell, Span } from "@/lib/queries/uncertainty/types";
import { conditionLabel, fmt, groupLabel } from "@/lib/site/labels";
import { RepeatMetrics } from "./RepeatMetrics";
import { useRowUncertainty, type RowDetailProps, type RowUncertainty as Data } from "./useRowUncertainty";

const NO_DESIGN_EFFECT = "unknown: the plain resamples do not vary (every task has the same value)";
const DESIGN_EFFECT_TITLE =
  "Design effect: the clustered resamples' variance over the plain ones'. About 1: repositories add no noise; above 1: a repository's tasks move together and the clustered interval is the one to read.";

function Interval({ span, stat }: { span: Span; stat: string }) {
  return (
    <>
      [<span data-stat={`${stat}-lo`}>{fmt(span.lo)}</span>, <span data-stat={`${stat}-hi`}>{fmt(span.hi)}</span>]
    </>
  );
}

/** NaN when computed here, null when read from JSON: unknown either way. */
function DesignEffect({ value }: { value: number | null }) {
  const known = value !== null && Number.isFinite(value);
  return (
    <span data-stat="design-effect" title={known ? DESIGN_EFFECT_TITLE : NO_DESIGN_EFFECT}>
      {known ? fmt(value, 2) : "—"}
    </span>
  );
}

/** One table row: a rate, a gap or a far − near difference with both intervals. */
function CellRow({
  id,
  group,
  measure,
  unit,
  cell,
}: {
  id: string;
  group: React.ReactNode;
  measure: string;
  unit: string;
  cell: ClusteredCell | FarNearCell;
}) {
  const td = "px-2 py-0.5 tabular-nums";
  return (
    <tr data-unc={id}>
      <RowHeader className="px-2 py-0.5 text-left font-normal">{group}</RowHeader>
      <Td className="px-2 py-0.5">{measure}</Td>
      <Td numeric className={td}>
        <span data-stat="value">{fmt(cell.value)}</span> {unit}
      </Td>
      <Td numeric className={`${td} text-zinc-500`}>
        <Interval span={cell.plain} stat="plain" />
      </Td>
      <Td numeric className={td}>
        <Interval span={cell.cluster} stat="cluster" />
      </Td>
      <Td numeric className={td}>
        <DesignEffect value={cell.designEffect} />
      </Td>
    </tr>
  );
}

function ClusterTable({ data, groups, baseline, conditions }: { data: Data } & Layout) {
  const others = conditions.filter((c) => c !== baseline);
  const gapLabel = (c: string) => (others.length > 1 ? `Gap ${conditionLabel(c)}` : "Gap");
  const rows: React.ReactNode[] = [];
  for (const g of groups) {
    for (const c of conditions) {
      const cell = data.rates[g]?.[c];
      if (cell)
        rows.push(
          <CellRow
            key={`${g}.r.${c}`}
            id={`${g}.rate.${c}`}
            group={groupLabel(g)}
            measure={conditionLabel(c)}
            unit="%"
            cell={cell}
          />,
        );
    }
    for (const c of others) {
      const cell = data.gaps[g]?.[c];
      if (cell)
        rows.push(
          <CellRow
            key={`${g}.g.${c}`}
            id={`${g}.gap.${c}`}
            group={groupLabel(g)}
            measure={gapLabel(c)}
            unit="pp"
            cell={cell}
          />,
        );
    }
  }
  for (const c of others) {
    const cell = data.farNear[c];
    if (cell)
      rows.push(
        <CellRow
          key={`fn.${c}`}
          id={`far-near.gap.${c}`}
          group={<Term term="far_near">Far − near</Term>}
          measure={gapLabel(c)}
          unit="pp"
          cell={cell}
        />,
      );
  }
  const head = "px-2 py-0.5 font-medium text-zinc-600 dark:text-zinc-400";
  return (
    <Table className="text-xs" caption="Rates and gaps with plain and repository-clustered 95% intervals">
      <thead>
        <tr>
          <Th className={`${head} text-left`}>Group</Th>
          <Th className={`${head} text-left`}>Measure</Th>
          <Th numeric className={head}>
            Value
          </Th>
          <Th numeric className={head}>
            Plain 95% (tasks)
          </Th>
          <Th numeric className={head}>
            Clustered by repository 95%
          </Th>
          <Th numeric className={head}>
            <Term term="design_effect">Design effect</Term>
          </Th>
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </Table>
  );
}

interface Layout {
  /** The groups the table shows (the leaderboard's group filter). */
  groups: string[];
  baseline: string;
  conditions: string[];
}

/** The row's uncertainty under its cell detail: loads when the row is expanded. */
export function RowUncertainty({ row, columns, study }: RowDetailProps) {
  const id = row.config.config_id;
  const state = useRowUncertainty(id, study);
  const { releaseId } = useReleaseSource();
  const layout: Layout = {
    groups: [...new Set(columns.map((c) => c.group))],
    baseline: study.baseline,
    conditions: study.conditions,
  };
  const data = state.value;
  return (
    <section
      aria-label={`uncertainty of ${row.config.display_name}`}
      data-testid="row-uncertainty"
      data-config={id}
      data-state={data ? "ready" : state.error ? "error" : "loading"}
      data-reps={data?.reps}
      className="space-y-2 sm:col-span-3"
    >
      <h4 className="font-semibold">Intervals clustered by repository</h4>
      {state.error ? (
        <p className="text-rose-700">Could not compute the clustered intervals: {state.error}</p>
      ) : !data ? (
        <p className="text-zinc-500">Computing the intervals clustered by repository…</p>
      ) : (
        <>
          <div data-export-scope className="overflow-x-auto">
            <ClusterTable data={data} {...layout} />
            <TableExport releaseId={releaseId} view="row-intervals" subset={id} what="clustered intervals" />
          </div>
          <p className="text-zinc-500">
            Plain: focus tasks resampled one by one (for a gap, the leaderboard&apos;s own paired bootstrap). Clustered
            by repository: whole repositories resampled with all their tasks, since tasks of one repository succeed and
            fail together. The design effect is how much larger the clustered variance is. Far − near: the far gap minus
            the near gap, repositories resampled once for both. {data.reps.toLocaleString("en")} resamples each, seed{" "}
            {data.seed}.
          </p>
          <RepeatMetrics releaseId={releaseId} configId={id} repeats={data.repeats} {...layout} />
        </>
      )}
    </section>
  );
}
