// One focus task: its stages (text and provenance), how every configuration did in every condition, and its
// matched session schedules side by side. Server-rendered; stage texts are rendered as text.
import { LabelTerm } from "@/components/site/Term";
import { TableExport } from "@/components/site/TableExport";
import { Badge } from "@/components/ui/Badge";
import type { Alignment } from "@/lib/queries/catalog/align";
import type { CatalogModel, CatalogTask, TaskPageModel, TaskRun } from "@/lib/queries/catalog/model";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { releaseHref, runHref } from "@/lib/site/nav";
import { AlignedSchedules } from "./AlignedSchedules";
import { ScoreMark } from "./ScoreMark";
import { HeaderRow, Table } from "@/components/ui/Table";

function runNote(r: TaskRun): string {
  if (r.resolved) return `repeat ${r.repeat}: resolved`;
  const tests = r.tests_failed || r.tests_missing ? ` (${r.tests_failed} failed, ${r.tests_missing} missing)` : "";
  return `repeat ${r.repeat}: ${r.failure_class ?? "unresolved"}${tests}`;
}

export function TaskView({
  releaseId,
  catalog,
  task,
  page,
  alignment,
}: {
  releaseId: string;
  catalog: CatalogModel;
  task: CatalogTask;
  page: TaskPageModel;
  alignment: Alignment;
}) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4" data-testid="task-facts">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Repository</dt>
          <dd>{task.repo}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Group</dt>
          <dd data-fact="group">{groupLabel(task.task_group)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">F2P / P2P tests</dt>
          <dd data-fact="tests">
            {task.f2p_count} / {task.p2p_count}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Interruption tasks</dt>
          <dd data-fact="interruptions">{task.interruption_ids || "none"}</dd>
        </div>
      </dl>

      <section aria-labelledby="stages-h" className="space-y-2">
        <h2 id="stages-h" className="text-base font-semibold">
          Stages ({page.stages.length}); requirements are cumulative
        </h2>
        <ol className="space-y-2">
          {page.stages.map((s) => (
            <li
              key={s.stage}
              data-stage={s.stage}
              className="rounded border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
            >
              <div className="mb-1 flex flex-wrap gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                <strong className="text-zinc-900 dark:text-zinc-100">Stage {s.stage}</strong>
                <Badge data-provenance={s.provenance}>{s.provenance}</Badge>
                {s.source_ref ? <span>{s.source_ref}</span> : null}
                {s.intent ? <span>intent: {s.intent}</span> : null}
                <span>
                  {s.f2p_count} F2P test{s.f2p_count === 1 ? "" : "s"} justified by this stage
                </span>
              </div>
              <p className="whitespace-pre-wrap">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

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
          data-with={page.runs.filter((r) => r.has_trajectory).length}
          data-runs={page.runs.length}
        >
          {page.runs.filter((r) => r.has_trajectory).length} of {page.runs.length} runs of this task publish a
          trajectory
          {page.runs.every((r) => r.has_trajectory) ? "." : "; the others are marked “no trajectory”."}
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
                {catalog.conditions.map((cond, ki) => {
                  const runs = page.runs.filter((r) => r.config_id === c.config_id && r.condition === cond);
                  return (
                    <td
                      key={cond}
                      data-col={cond}
                      title={runs.length ? runs.map(runNote).join("\n") : "no run: counted unresolved"}
                    >
                      <ScoreMark score={task.scores[ci]![ki] ?? null} />
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
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <section aria-labelledby="schedules-h" className="space-y-2">
        <h2 id="schedules-h" className="text-base font-semibold">
          Matched session schedules
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Highlighted rows are the focus task&apos;s requests: the k-th focus request of every session is on the same
          row, so each column&apos;s highlighted rows are the baseline schedule (projection equality, Switch-SWE §3.1).
          Bold: focus task. ⇄ workspace switch (a different checkout than the request before) · ↩ focus return (a
          substantive focus request right after work in another checkout).
        </p>
        <AlignedSchedules
          sessions={page.sessions}
          alignment={alignment}
          titles={page.titles}
          baseline={catalog.baseline}
        />
      </section>
    </div>
  );
}
