// A focus task's facts at the top of its page: repository, group, test counts and interruption tasks.
import type { CatalogTask } from "@/lib/queries/catalog/model";
import { groupLabel } from "@/lib/site/labels";

export function TaskFacts({ task }: { task: CatalogTask }) {
  return (
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
  );
}
