// Mean usage per run of the two configurations under Table 2's three scopes, and A − B.
import { TableExport } from "@/components/site/TableExport";
import type { CompareModel } from "@/lib/queries/compare/model";
import { COST_SCOPES, type CompareCostRow } from "@/lib/queries/compare/sql";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { Table, Th } from "@/components/ui/Table";

const MEASURES: { id: string; label: string; f: (v: number) => string }[] = [
  { id: "tokens", label: "Tokens", f: (v) => Math.round(v).toLocaleString("en-US") },
  { id: "uncached_tokens", label: "Tokens without cached input", f: (v) => Math.round(v).toLocaleString("en-US") },
  { id: "model_calls", label: "Model calls", f: (v) => v.toFixed(1) },
  { id: "tool_calls", label: "Tool calls", f: (v) => v.toFixed(1) },
  { id: "cost_usd", label: "Cost (USD)", f: (v) => `$${v.toFixed(2)}` },
];

const show = (f: (v: number) => string, v: number | null) => (v === null ? "—" : f(v));
const signed = (f: (v: number) => string, v: number | null) =>
  v === null ? "—" : v > 0 ? `+${f(v)}` : v < 0 ? `−${f(-v)}` : f(0);

export function CostDeltas({
  releaseId,
  model,
  cost,
  group,
}: {
  releaseId: string;
  model: CompareModel;
  cost: CompareCostRow[];
  group: string;
}) {
  const rows = cost.filter((c) => c.condition === model.gapCondition && c.grp === group);
  const cell = (measure: string, scope: string): CompareCostRow | undefined =>
    rows.find((c) => c.measure === measure && c.scope === scope);
  const cond = conditionLabel(model.gapCondition);
  const scopeLabel: Record<string, string> = {
    unint: conditionLabel(model.baseline),
    all: `${cond}-All`,
    focus: `${cond}-Focus`,
  };
  const th = "px-2 py-1 text-right font-medium";
  const runs = cell("tokens", "all");
  return (
    <section aria-label="cost deltas" data-testid="cost-deltas" data-export-scope className="space-y-1">
      <h2 className="text-lg font-semibold">Cost per run, {groupLabel(group)}</h2>
      <TableExport
        releaseId={releaseId}
        view="compare-cost"
        subset={`${model.pair.a}-vs-${model.pair.b}-${group}`}
        what="cost per run"
      />
      <div className="overflow-x-auto">
        <Table
          className="w-full border-collapse text-xs tabular-nums"
          caption="Mean usage per run of A and B under each scope, and their difference"
        >
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <Th rowSpan={2} className="px-2 py-1 text-left font-medium">
                Mean per run
              </Th>
              {COST_SCOPES.map((s) => (
                <Th
                  key={s}
                  colSpan={3}
                  className="border-l border-zinc-200 px-2 py-1 text-center font-semibold dark:border-zinc-800"
                >
                  {scopeLabel[s]}
                </Th>
              ))}
            </tr>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              {COST_SCOPES.map((s) => [
                <Th key={`${s}a`} className={`${th} border-l border-zinc-200 dark:border-zinc-800`}>
                  A
                </Th>,
                <Th key={`${s}b`} className={th}>
                  B
                </Th>,
                <Th key={`${s}d`} className={th}>
                  A − B
                </Th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {MEASURES.map((m) => (
              <tr key={m.id} data-measure={m.id} className="border-b border-zinc-100 dark:border-zinc-900">
                <td className="px-2 py-1 text-left">{m.label}</td>
                {COST_SCOPES.map((s) => {
                  const c = cell(m.id, s);
                  return [
                    <td
                      key={`${s}a`}
                      data-col={`${s}.a`}
                      className="border-l border-zinc-200 px-2 py-1 text-right dark:border-zinc-800"
                    >
                      {show(m.f, c?.a_mean ?? null)}
                    </td>,
                    <td key={`${s}b`} data-col={`${s}.b`} className="px-2 py-1 text-right">
                      {show(m.f, c?.b_mean ?? null)}
                    </td>,
                    <td key={`${s}d`} data-col={`${s}.diff`} className="px-2 py-1 text-right font-semibold">
                      {signed(m.f, c?.diff ?? null)}
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <p className="text-xs text-zinc-500">
        {scopeLabel.unint}: whole {model.baseline} session; {scopeLabel.all}: whole {model.gapCondition} session;{" "}
        {scopeLabel.focus}: its focus requests after the first interruption (finalization excluded). Means over the runs
        that exist
        {runs ? ` (${model.gapCondition}: A ${runs.a_runs}, B ${runs.b_runs} runs)` : ""}; — where a configuration has
        no run or no price.
      </p>
    </section>
  );
}
