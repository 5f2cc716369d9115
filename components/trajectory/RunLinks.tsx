// From a trajectory to the views around it: its focus task's page, the matched run (same configuration and
// task under the other condition) and the compare view with this configuration as A and this task open.
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { RunHeaderRow } from "@/lib/queries/trajectory/sql";
import { releaseHref, runHref } from "@/lib/site/nav";
import { conditionLabel } from "@/lib/site/labels";

export function RunLinks({ releaseId, runId, header }: { releaseId: string; runId: string; header: RunHeaderRow }) {
  // A local run has no task page and no published pair to compare on.
  const local = useReleaseSource().origin(runId) === "local";
  return (
    <nav aria-label="related views" className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid="run-links">
      {!local ? (
        <a
          className="underline"
          href={`${releaseHref(releaseId, "tasks")}${encodeURIComponent(header.focus_task_id)}/`}
          data-testid="run-task-link"
        >
          Task {header.focus_task_id}
        </a>
      ) : null}
      {header.matched_run_id ? (
        <a className="underline" href={runHref(releaseId, header.matched_run_id)} data-testid="matched-run-link">
          Matched {conditionLabel(header.matched_condition ?? "")} run
        </a>
      ) : (
        <span className="text-zinc-500">no matched run</span>
      )}
      {!local ? (
        <a
          className="underline"
          href={`${releaseHref(releaseId, "compare")}?${new URLSearchParams({ a: header.config_id, task: header.focus_task_id, pane: "a" })}`}
          data-testid="run-compare-link"
        >
          Compare on this task
        </a>
      ) : null}
    </nav>
  );
}
