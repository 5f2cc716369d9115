"use client";
// Per focus task, switched minus uninterrupted tokens: one histogram per configuration on shared bins, so a
// long tail or a cluster of cheap tasks shows what the Table 2 mean hides. Selecting a bin lists its tasks
// (queried in the browser by DuckDB-WASM), each linked to its two trajectories.
import { Term } from "@/components/site/Term";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { binRange } from "@/lib/queries/cost/bins";
import type { TaskCostDistribution } from "@/lib/queries/cost/model";
import { taskCostBinQuery, type TaskCostRow, type TokenMode } from "@/lib/queries/cost/tasks.sql";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { conditionLabel } from "@/lib/site/labels";
import { runHref } from "@/lib/site/nav";
import { ExportButtons } from "@/components/site/ExportButtons";
import { TableExport } from "@/components/site/TableExport";
import { binDecimals, millions } from "./format";
import { HeaderRow, Table } from "@/components/ui/Table";

export interface HistogramProps {
  releaseId: string;
  baseline: string;
  condition: string;
  mode: TokenMode;
  dist: TaskCostDistribution;
  configs: ConfigRow[];
  selected: { configId: string; index: number } | null;
  onSelect: (bin: { configId: string; index: number } | null) => void;
}

export function SwitchCostHistogram(props: HistogramProps) {
  const { dist, configs, condition, selected } = props;
  const { bins } = dist;
  const decimals = binDecimals(bins.width);
  const counts = (configId: string) => {
    const out = new Array<number>(bins.count).fill(0);
    for (const h of dist.histogram) if (h.config_id === configId && h.condition === condition) out[h.bin] = h.n;
    return out;
  };
  const peak = Math.max(1, ...dist.histogram.filter((h) => h.condition === condition).map((h) => h.n));
  const edge = (i: number) => millions(binRange(bins, i)[0], decimals);
  if (bins.count === 0) return <p className="text-sm text-zinc-500">No focus task has runs in both conditions.</p>;
  // The distribution as shown: every configuration's count per bin, with its summary beside.
  const records = () =>
    configs.flatMap((c) => {
      const s = dist.summary.find((x) => x.config_id === c.config_id && x.condition === condition);
      return counts(c.config_id).map((tasks, bin) => {
        const [from, to] = binRange(bins, bin);
        return {
          config_id: c.config_id,
          display_name: c.display_name,
          condition,
          token_mode: props.mode,
          bin,
          from_tokens: from,
          to_tokens: to,
          tasks,
          config_tasks: s?.tasks ?? 0,
          config_median: s?.median ?? null,
          config_q1: s?.q1 ?? null,
          config_q3: s?.q3 ?? null,
          config_mean: s?.mean ?? null,
        };
      });
    });
  return (
    <div className="space-y-3">
      <ExportButtons
        releaseId={props.releaseId}
        view="cost-per-task"
        subset={`${condition}-${props.mode}`}
        what="per-task distribution"
        records={records}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="switch-cost-histograms">
        {configs.map((c) => {
          const n = counts(c.config_id);
          const s = dist.summary.find((x) => x.config_id === c.config_id && x.condition === condition);
          return (
            <figure
              key={c.config_id}
              data-config={c.config_id}
              className="rounded border border-zinc-200 p-2 dark:border-zinc-800"
            >
              <figcaption className="mb-1 truncate text-xs font-semibold" title={c.display_name}>
                {c.display_name}
              </figcaption>
              <div
                className="flex h-20 items-end gap-px"
                role="group"
                aria-label={`${c.display_name}: focus tasks per bin`}
              >
                {n.map((count, i) => {
                  const isSel = selected?.configId === c.config_id && selected.index === i;
                  return (
                    <button
                      key={i}
                      type="button"
                      data-bin={i}
                      data-print="show"
                      data-count={count}
                      disabled={count === 0}
                      aria-pressed={isSel}
                      aria-label={`${count} tasks from ${edge(i)} to ${edge(i + 1)} M tokens`}
                      title={`${count} tasks: ${edge(i)} to ${edge(i + 1)} M`}
                      onClick={() => props.onSelect(isSel ? null : { configId: c.config_id, index: i })}
                      className={`flex-1 ${isSel ? "bg-red-600" : "bg-sky-600 hover:bg-sky-800"} disabled:bg-transparent`}
                      style={{ height: `${count === 0 ? 0 : Math.max(4, (100 * count) / peak)}%` }}
                    />
                  );
                })}
              </div>
              <div className="flex justify-between text-[10px] text-zinc-500">
                <span>{edge(0)}</span>
                <span>{edge(bins.count)} M</span>
              </div>
              <p className="text-[11px] text-zinc-600 dark:text-zinc-400" data-testid="summary">
                {s && s.tasks > 0 ? (
                  <>
                    median <span data-stat="median">{millions(s.median)}</span> M · quartiles {millions(s.q1)}–
                    {millions(s.q3)} · mean {millions(s.mean)} · <span data-stat="tasks">{s.tasks}</span> tasks
                    {s.cheaper ? ` (${s.cheaper} cheaper switched)` : ""}
                    {s.tasks_missing ? ` · ${s.tasks_missing} without both runs` : ""}
                  </>
                ) : (
                  "no focus task with both runs"
                )}
              </p>
            </figure>
          );
        })}
      </div>
      {selected ? <BinTasks {...props} selected={selected} /> : null}
      <p className="text-xs text-zinc-500">
        {conditionLabel(condition)} minus {conditionLabel(props.baseline)} tokens per focus task (M); bins of{" "}
        {millions(bins.width, decimals)} M shared by all configurations. Select a bar to list its tasks.
      </p>
    </div>
  );
}

function BinTasks({
  releaseId,
  baseline,
  condition,
  mode,
  dist,
  configs,
  selected,
}: HistogramProps & { selected: { configId: string; index: number } }) {
  // The bins are the release's (fixed for the page); the key names the rest of what the query reads.
  const source = useReleaseSource();
  const tasks = useAsync<TaskCostRow[], [string, string, TokenMode, string, string, number]>(
    [source.key, baseline, mode, condition, selected.configId, selected.index],
    // The build answers every bar's tasks (lib/queries/ahead.ts): a click waits for no DuckDB-WASM.
    ([, b, m, c, configId, bin]) =>
      source.run(taskCostBinQuery, { baseline: b, mode: m, bins: dist.bins, sel: { configId, condition: c, bin } }),
  );
  const name = configs.find((c) => c.config_id === selected.configId)?.display_name ?? selected.configId;
  const decimals = binDecimals(dist.bins.width);
  const [lo, hi] = binRange(dist.bins, selected.index);
  const current = tasks.loading ? null : { rows: tasks.value, error: tasks.error };
  return (
    <section
      className="rounded border border-zinc-200 p-2 dark:border-zinc-800"
      data-testid="bin-tasks"
      data-export-scope
      aria-busy={!current}
    >
      <h3 className="text-sm font-semibold">
        {name}: tasks from {millions(lo, decimals)} to {millions(hi, decimals)} M more tokens
      </h3>
      {current?.rows ? (
        <TableExport
          releaseId={releaseId}
          view="cost-bin-tasks"
          subset={`${selected.configId}-${condition}-${mode}-bin${selected.index}`}
          what="tasks of the bin"
        />
      ) : null}
      {!current ? (
        <p className="text-xs text-zinc-500">Listing the tasks in your browser (DuckDB-WASM)…</p>
      ) : current.error ? (
        <p role="alert">Could not list the tasks: {current.error}</p>
      ) : (
        <Table
          caption="Focus tasks of the selected bin and their tokens in both conditions"
          className="mt-1 border-collapse text-xs tabular-nums"
        >
          <thead>
            <HeaderRow
              cellClassName="px-2 font-medium"
              columns={[
                { label: "Focus task", className: "text-left" },
                { label: "Group", className: "text-left" },
                { label: <>{conditionLabel(baseline)} (M)</>, numeric: true },
                { label: <>{conditionLabel(condition)} (M)</>, numeric: true },
                { label: <Term term="switch_cost">Difference (M)</Term>, numeric: true },
                { label: "Trajectories", className: "text-left" },
              ]}
            />
          </thead>
          <tbody>
            {current.rows!.map((r) => (
              <tr key={r.task_id} data-task={r.task_id}>
                <td className="px-2">{r.task_id}</td>
                <td className="px-2">{r.grp}</td>
                <td className="px-2 text-right">{millions(r.base_tokens)}</td>
                <td className="px-2 text-right">{millions(r.tokens)}</td>
                <td className="px-2 text-right" data-col="diff">
                  {millions(r.diff)}
                </td>
                <td className="space-x-2 px-2">
                  <a className="underline" href={runHref(releaseId, r.base_run_id)} data-run={r.base_run_id}>
                    {conditionLabel(baseline)}
                  </a>
                  <a className="underline" href={runHref(releaseId, r.run_id)} data-run={r.run_id}>
                    {conditionLabel(condition)}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
