// One focus task: its stages (text and provenance), how every configuration did in every condition, and its
// matched session schedules side by side. Server-rendered; stage texts are rendered as text.
import type { Alignment } from "@/lib/queries/catalog/align";
import type { CatalogModel, CatalogTask, TaskPageModel } from "@/lib/queries/catalog/model";
import { AlignedSchedules } from "./AlignedSchedules";
import { TaskFacts } from "./TaskFacts";
import { TaskOutcomes } from "./TaskOutcomes";
import { TaskStages } from "./TaskStages";

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
      <TaskFacts task={task} />

      <TaskStages stages={page.stages} />

      <TaskOutcomes releaseId={releaseId} catalog={catalog} task={task} runs={page.runs} />

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
