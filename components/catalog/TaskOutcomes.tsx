// How every configuration did on one focus task in every condition, with links to the runs and the export.
import { LabelTerm } from "@/components/site/Term";
import { TableExport } from "@/components/site/TableExport";
import type { CatalogModel, CatalogTask, TaskPageModel, TaskRun } from "@/lib/queries/catalog/model";
import { conditionLabel } from "@/lib/site/labels";
import { releaseHref, runHref } from "@/lib/site/nav";
import { ScoreMark } from "./ScoreMark";
import { HeaderRow, Table } from "@/components/ui/Table";

function runNote(r: TaskRun): string {
  if (r.resolved) return `repeat ${r.repeat}: resolved`;
  const tests = r.tests_failed || r.tests_missing ? ` (${r.tests_failed} failed, ${r.tests_missing} missing)` : "";
  return `repeat ${r.repeat}: ${r.failure_class ?? "unresolved"}${tests}`;
}

export function TaskOutcomes({
  releaseId,
  catalog,
  task,
  runs,
}: {
  releaseId: string;
  catalog: CatalogModel;
  task: CatalogTask;
  runs: TaskPageModel["runs"];
}) {
  return (
    <section aria-labelledby="outcomes-h" className="space-y-2 overflow-x-auto" data-export-scope>
      <h2 id="outcomes-h" className="text-base font-semibold">
        Results by configuration
      </h2>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <TableExport releaseId={releaseId} view="task" subset={task.task_id} what="results by configuration" />
        <a
          className="underline"
          data-testid="task-compare-link"
          href={`${releaseHref(releaseId, "compare")}?${new URLSearchParams({ task: task.task_id })}`}
        >
          Compare two configurations on this task
        </a>
        <a className="underline" href={`${releaseHref(releaseId)}?tasks=${encodeURIComponent(task.task_id)}`}>
          Leaderboard on this task
        </a>
      </p>
      <p
        className="text-sm"
        data-testid="task-trajectory-coverage"
        data-with={runs.filter((r) => r.has_trajectory).length}
        data-runs={runs.length}
      >
        {runs.filter((r) => r.has_trajectory).length} of {runs.length} runs of this task publish a trajectory
        {runs.every((r) => r.has_trajectory) ? "." : "; the others are marked “no trajectory”."}
      </p>
      <Table
        className="text-sm [&_td]:px-2 [&_td]:py-1"
        data-testid="task-outcomes"
        caption="How each configuration did on this task in each condition, with links to the runs"
      >
        <thead>
          <HeaderRow
            look="ruled"
            className="text-xs"
            cellClassName="px-2 py-1 text-left font-medium"
            columns={[
              "Configuration",
              ...catalog.conditions.map((c) => ({ key: c, label: <LabelTerm label={conditionLabel(c)} /> })),
            ]}
          />
        </thead>
        <tbody>
          {catalog.configs.map((c, ci) => (
            <tr key={c.config_id} data-config={c.config_id} className="border-b border-zinc-100 dark:border-zinc-900">
              <td>{c.display_name}</td>
              {catalog.conditions.map((cond, ki) => (
                <OutcomeCell
                  key={cond}
                  releaseId={releaseId}
                  condition={cond}
                  score={task.scores[ci]![ki] ?? null}
                  runs={runs.filter((r) => r.config_id === c.config_id && r.condition === cond)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** One configuration in one condition: its score, a link to each run and the failure classes of the unresolved. */
function OutcomeCell({
  releaseId,
  condition,
  score,
  runs,
}: {
  releaseId: string;
  condition: string;
  score: number | null;
  runs: TaskRun[];
}) {
  return (
    <td data-col={condition} title={runs.length ? runs.map(runNote).join("\n") : "no run: counted unresolved"}>
      <ScoreMark score={score} />
      {runs.length === 0 ? <span className="ml-1 text-xs text-zinc-500">no run</span> : null}
      {runs.map((r) => (
        <a
          key={r.run_id}
          className="ml-1 text-xs underline"
          href={runHref(releaseId, r.run_id)}
          data-run={r.run_id}
          data-has-trajectory={r.has_trajectory}
        >
          {runs.length > 1 ? `run ${r.repeat}` : "run"}
          {r.has_trajectory ? "" : " (no trajectory)"}
        </a>
      ))}
      {runs.some((r) => !r.resolved) ? (
        <span className="ml-1 text-xs text-zinc-500">
          {[...new Set(runs.filter((r) => !r.resolved).map((r) => r.failure_class))].join(", ")}
        </span>
      ) : null}
    </td>
  );
}
