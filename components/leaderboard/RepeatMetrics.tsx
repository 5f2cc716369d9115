"use client";
// A configuration's repeat metrics per group and condition (lib/metrics/pass-k.ts): pass@k and pass^k at k = its
// repeat count, the flip rate and HAL's consistency, in percent; or, with one run per cell, why there are none.
import { TableExport } from "@/components/site/TableExport";
import { Term } from "@/components/site/Term";
import { RowHeader, Table, Td, Th } from "@/components/ui/Table";
import type { RepeatCell } from "@/lib/queries/uncertainty/types";
import { conditionLabel, fmt, groupLabel } from "@/lib/site/labels";

export const NO_REPEATS =
  "One run per cell: pass@k, pass^k, the flip rate and consistency need at least two runs of a cell.";

/** The four metrics in the order shown, with the data-stat each number carries. */
export const REPEAT_STATS = [
  { stat: "pass-at-k", term: "pass_at_k", label: "pass@k", pick: (c: RepeatCell) => c.passAtK },
  { stat: "pass-hat-k", term: "pass_hat_k", label: "pass^k", pick: (c: RepeatCell) => c.passHatK },
  { stat: "flip-rate", term: "flip_rate", label: "Flip rate", pick: (c: RepeatCell) => c.flipRate },
  { stat: "consistency", term: "consistency", label: "Consistency", pick: (c: RepeatCell) => c.consistency },
] as const;

export function RepeatMetrics({
  releaseId,
  configId,
  repeats,
  groups,
  conditions,
}: {
  releaseId: string;
  configId: string;
  repeats: Record<string, Record<string, RepeatCell>>;
  groups: string[];
  conditions: string[];
}) {
  const first = Object.values(repeats).flatMap((byCond) => Object.values(byCond))[0];
  if (!first)
    return (
      <p data-testid="no-repeats" className="text-zinc-500">
        Repeats: <span title={NO_REPEATS}>—</span> {NO_REPEATS}
      </p>
    );
  const head = "px-2 py-0.5 font-medium text-zinc-600 dark:text-zinc-400";
  const td = "px-2 py-0.5 tabular-nums";
  return (
    <div data-export-scope data-testid="repeat-metrics" data-k={first.k} className="overflow-x-auto">
      <h4 className="font-semibold">
        Repeats: {first.repeats} runs of every cell, k = {first.k}
      </h4>
      <Table className="text-xs" caption={`Repeat metrics at k = ${first.k}, percent`}>
        <thead>
          <tr>
            <Th className={`${head} text-left`}>Group</Th>
            <Th className={`${head} text-left`}>Condition</Th>
            {REPEAT_STATS.map((s) => (
              <Th key={s.stat} numeric className={head}>
                <Term term={s.term}>{s.label}</Term>
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.flatMap((g) =>
            conditions.map((c) => {
              const cell = repeats[g]?.[c];
              if (!cell) return null;
              return (
                <tr key={`${g}.${c}`} data-repeat={`${g}.${c}`}>
                  <RowHeader className="px-2 py-0.5 text-left font-normal">{groupLabel(g)}</RowHeader>
                  <Td className="px-2 py-0.5">{conditionLabel(c)}</Td>
                  {REPEAT_STATS.map((s) => (
                    <Td key={s.stat} numeric className={td}>
                      <span data-stat={s.stat}>{fmt(s.pick(cell))}</span>
                    </Td>
                  ))}
                </tr>
              );
            }),
          )}
        </tbody>
      </Table>
      <TableExport releaseId={releaseId} view="row-repeats" subset={configId} what="repeat metrics" />
    </div>
  );
}
