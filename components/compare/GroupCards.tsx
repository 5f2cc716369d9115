// Per group: the 2×2 of focus-task outcomes under the chosen condition, McNemar's exact p on the tasks
// where the two disagree, and the two paired differences with their 95% intervals.
import { Term } from "@/components/site/Term";
import { ExportButtons } from "@/components/site/ExportButtons";
import type { CompareModel, GroupCompare, PointInterval } from "@/lib/queries/compare/model";
import { conditionLabel, fmt, fmtP, groupLabel } from "@/lib/site/labels";
import { RowHeader, Table, Th } from "@/components/ui/Table";

function Interval({ v, stat }: { v: PointInterval; stat: string }) {
  return (
    <span>
      <span data-stat={stat} className="font-semibold">
        {fmt(v.value)}
      </span>{" "}
      <span data-stat={`${stat}-ci`} className="text-zinc-500">
        {Number.isNaN(v.lo) ? "[…]" : `[${fmt(v.lo)}, ${fmt(v.hi)}]`}
      </span>
    </span>
  );
}

function Card({ g, model }: { g: GroupCompare; model: CompareModel }) {
  const cell = "border border-zinc-200 px-3 py-2 text-center text-base tabular-nums dark:border-zinc-800";
  const head = "px-2 py-1 text-xs font-medium text-zinc-500";
  return (
    <section
      data-testid={`group-${g.grp}`}
      data-group={g.grp}
      data-pair={`${model.pair.a}|${model.pair.b}`}
      className="rounded border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <h3 className="mb-2 font-semibold">
        {groupLabel(g.grp)} <span className="text-xs font-normal text-zinc-500">({g.n} focus tasks)</span>
      </h3>
      <Table
        className="mb-2 border-collapse text-sm"
        caption={<>{`${g.grp} 2×2`}: focus tasks by outcome of A and B</>}
      >
        <thead>
          <tr>
            <td />
            <Th className={head}>B resolved</Th>
            <Th className={head}>B unresolved</Th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <RowHeader className={`${head} text-right`}>A resolved</RowHeader>
            <td className={cell} data-cell="both" title="both resolved">
              {g.both}
            </td>
            <td className={`${cell} bg-sky-50 dark:bg-sky-950`} data-cell="only_a" title="only A resolved">
              {g.onlyA}
            </td>
          </tr>
          <tr>
            <RowHeader className={`${head} text-right`}>A unresolved</RowHeader>
            <td className={`${cell} bg-rose-50 dark:bg-rose-950`} data-cell="only_b" title="only B resolved">
              {g.onlyB}
            </td>
            <td className={cell} data-cell="neither" title="neither resolved">
              {g.neither}
            </td>
          </tr>
        </tbody>
      </Table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-zinc-500">
          <Term term="mcnemar">McNemar p (exact)</Term>
        </dt>
        <dd>
          <span data-stat="p" className="font-semibold">
            {fmtP(g.p)}
          </span>{" "}
          <span className="text-zinc-500">
            on {g.onlyA + g.onlyB} <Term term="disagreeing">disagreeing tasks</Term>
          </span>
        </dd>
        <dt className="text-zinc-500">Resolution A / B</dt>
        <dd data-stat="res">
          {fmt(g.resA)} / {fmt(g.resB)} %
        </dd>
        <dt className="text-zinc-500">A − B</dt>
        <dd>
          <Interval v={g.resDiff} stat="res-diff" /> pp
        </dd>
        <dt className="text-zinc-500">Gap A / B</dt>
        <dd data-stat="gaps">
          {fmt(g.gapA)} / {fmt(g.gapB)} pp
        </dd>
        <dt
          className="text-zinc-500"
          title={`each gap is ${conditionLabel(model.baseline)} − ${conditionLabel(model.gapCondition)}`}
        >
          Gap A − Gap B
        </dt>
        <dd>
          <Interval v={g.gapDiff} stat="gap-diff" /> pp
        </dd>
      </dl>
    </section>
  );
}

export function GroupCards({ releaseId, model }: { releaseId: string; model: CompareModel }) {
  // The 2×2 of every group as shown, with the resolved counts (k of n) beside the rates.
  const records = () =>
    model.groups.map((g) => ({
      group: g.grp,
      condition: model.condition,
      a: model.pair.a,
      b: model.pair.b,
      n: g.n,
      both: g.both,
      only_a: g.onlyA,
      only_b: g.onlyB,
      neither: g.neither,
      mcnemar_p: g.p,
      resolution_a: g.resA,
      resolved_a: g.both + g.onlyA,
      resolution_b: g.resB,
      resolved_b: g.both + g.onlyB,
      diff: g.resDiff.value,
      diff_ci_lo: g.resDiff.lo,
      diff_ci_hi: g.resDiff.hi,
      gap_a: g.gapA,
      gap_b: g.gapB,
      gap_diff: g.gapDiff.value,
      gap_diff_ci_lo: g.gapDiff.lo,
      gap_diff_ci_hi: g.gapDiff.hi,
    }));
  return (
    <div>
      <ExportButtons
        releaseId={releaseId}
        view="compare-2x2"
        subset={`${model.pair.a}-vs-${model.pair.b}-${model.condition}`}
        what="2×2 tables"
        records={records}
      />
      <div className="grid gap-3 md:grid-cols-3" data-testid="group-cards">
        {model.groups.map((g) => (
          <Card key={g.grp} g={g} model={model} />
        ))}
      </div>
      <p className="mt-1 text-xs text-zinc-500">
        Outcomes under {conditionLabel(model.condition)} ({model.condition}); a missing run counts unresolved.
        Intervals: paired percentile bootstrap over focus tasks (10,000 resamples, fixed seed). Gaps: {model.baseline} −{" "}
        {model.gapCondition}, and their difference is computed task by task.
      </p>
    </div>
  );
}
