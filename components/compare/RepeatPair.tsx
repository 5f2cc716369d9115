"use client";
// The pair's repeat metrics side by side (lib/metrics/pass-k.ts, docs/benchmark.md "Repeats"): per group and
// condition, pass@k and pass^k at each configuration's own k (its repeat count), the flip rate and consistency.
// A configuration that ran each cell once shows "—" with the reason; with neither repeated the panel says so.
// Each side is one keyed query (the build's answer file of that configuration, or DuckDB-WASM).
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { TableExport } from "@/components/site/TableExport";
import { Term } from "@/components/site/Term";
import { RowHeader, Table, Td, Th } from "@/components/ui/Table";
import { NO_REPEATS, REPEAT_STATS } from "@/components/leaderboard/RepeatMetrics";
import { OVERALL } from "@/lib/queries/leaderboard/sql";
import { computeConfigRepeats } from "@/lib/queries/uncertainty/model";
import type { RepeatCell } from "@/lib/queries/uncertainty/types";
import { conditionLabel, fmt, groupLabel } from "@/lib/site/labels";

type SideRepeats = Awaited<ReturnType<typeof computeConfigRepeats>>;

const SIDES = ["a", "b"] as const;

function SideCells({ side, cell, k }: { side: "a" | "b"; cell: RepeatCell | undefined; k: number }) {
  const td = "px-2 py-0.5 tabular-nums";
  return (
    <>
      {REPEAT_STATS.map((s) => (
        <Td key={s.stat} numeric className={`${td} ${side === "b" ? "" : "bg-zinc-50/60 dark:bg-zinc-900/40"}`}>
          {cell ? (
            <span data-side={side} data-stat={s.stat} data-k={k}>
              {fmt(s.pick(cell))}
            </span>
          ) : (
            <span data-side={side} data-stat={s.stat} title={NO_REPEATS}>
              —
            </span>
          )}
        </Td>
      ))}
    </>
  );
}

function PairTable({
  sides,
  groups,
  conditions,
}: {
  sides: Record<"a" | "b", SideRepeats>;
  groups: string[];
  conditions: string[];
}) {
  const head = "px-2 py-0.5 text-xs font-medium text-zinc-600 dark:text-zinc-400";
  const kOf = (s: SideRepeats) => (s.repeats >= 2 ? `k = ${s.repeats}` : "one run per cell");
  return (
    <Table className="text-sm" caption="Repeat metrics of A and B per group and condition, percent">
      <thead>
        <tr>
          <td colSpan={2} />
          {SIDES.map((side) => (
            <Th key={side} colSpan={REPEAT_STATS.length} className={head}>
              {side.toUpperCase()} ({kOf(sides[side])})
            </Th>
          ))}
        </tr>
        <tr>
          <Th className={`${head} text-left`}>Group</Th>
          <Th className={`${head} text-left`}>Condition</Th>
          {SIDES.flatMap((side) =>
            REPEAT_STATS.map((s) => (
              <Th key={`${side}.${s.stat}`} numeric className={head}>
                <Term term={s.term} label={`${s.label} of ${side.toUpperCase()}`}>
                  {s.label}
                </Term>
              </Th>
            )),
          )}
        </tr>
      </thead>
      <tbody>
        {[OVERALL, ...groups].flatMap((g) =>
          conditions.map((c) => (
            <tr key={`${g}.${c}`} data-repeat={`${g}.${c}`}>
              <RowHeader className="px-2 py-0.5 text-left font-normal">{groupLabel(g)}</RowHeader>
              <Td className="px-2 py-0.5">{conditionLabel(c)}</Td>
              {SIDES.map((side) => (
                <SideCells key={side} side={side} cell={sides[side].cells[g]?.[c]} k={sides[side].repeats} />
              ))}
            </tr>
          )),
        )}
      </tbody>
    </Table>
  );
}

export function RepeatPair({
  releaseId,
  a,
  b,
  baseline,
  conditions,
  groups,
}: {
  releaseId: string;
  a: string;
  b: string;
  baseline: string;
  conditions: string[];
  /** The release's groups ("overall" is added). */
  groups: string[];
}) {
  const source = useReleaseSource();
  const state = useAsync<Record<"a" | "b", SideRepeats>, [string, string, string, string, string[], string[]]>(
    [source.key, a, b, baseline, conditions, groups],
    async ([, idA, idB, base, conds, grps]) => {
      const meta = { baseline: base, conditions: conds, groups: grps };
      const [ra, rb] = await Promise.all([
        computeConfigRepeats(source, meta, idA),
        computeConfigRepeats(source, meta, idB),
      ]);
      return { a: ra, b: rb };
    },
  );
  const sides = state.value;
  const repeated = sides ? SIDES.some((s) => sides[s].repeats >= 2) : false;
  return (
    <section
      data-testid="repeat-pair"
      data-state={sides ? "ready" : state.error ? "error" : "loading"}
      data-repeated={sides ? String(repeated) : undefined}
      className="space-y-2"
    >
      <h3 className="font-semibold">Repeats</h3>
      {state.error ? (
        <p className="text-sm text-rose-700">Could not compute the repeat metrics: {state.error}</p>
      ) : !sides ? (
        <p className="text-sm text-zinc-500">Loading the repeat metrics…</p>
      ) : !repeated ? (
        <p className="text-sm text-zinc-500" data-testid="no-repeats">
          <span title={NO_REPEATS}>—</span> Neither configuration ran a cell more than once: pass@k, pass^k, the flip
          rate and consistency need at least two runs of a cell.
        </p>
      ) : (
        <div data-export-scope className="overflow-x-auto">
          <PairTable sides={sides} groups={groups} conditions={conditions} />
          <TableExport releaseId={releaseId} view="compare-repeats" subset={`${a}-vs-${b}`} what="repeat metrics" />
          <p className="text-xs text-zinc-500">
            k is each configuration&apos;s own repeat count: pass@k is the chance that one of k runs resolves a task,
            pass^k that all k do; the flip rate is the share of tasks whose repeats disagree; consistency is HAL&apos;s
            mean of (2p − 1)² over tasks. A missing run counts as unresolved.
          </p>
        </div>
      )}
    </section>
  );
}
