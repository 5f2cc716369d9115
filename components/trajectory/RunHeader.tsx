// Which run this is (from the release tables) and what the trajectory itself reports.
import { LocalBadge } from "@/components/local/LocalBadge";
import type { RunHeaderRow } from "@/lib/queries/trajectory/sql";
import type { Totals } from "@/lib/trajectory/model";
import { looseLogId } from "@/lib/trajectory/url-state";
import type { TrajectorySummary } from "@/lib/trajectory/worker-protocol";
import { useReleaseSource } from "@/components/site/ReleaseSource";

const n = (v: number) => v.toLocaleString("en-US");
const usd = (v: number | null) => (v === null ? "—" : `$${v.toFixed(2)}`);

function totalsText(t: Totals): string {
  return `${n(t.prompt + t.completion)} tokens (${n(t.cached)} cached input) · ${usd(t.cost)}`;
}

export function RunHeader({
  runId,
  header,
  summary,
  steps,
  rawUrl,
}: {
  runId: string;
  header: RunHeaderRow | null;
  summary: TrajectorySummary | null;
  steps: number | null;
  rawUrl: string | null;
}) {
  const source = useReleaseSource();
  return (
    <header className="space-y-1" data-testid="run-header">
      <h1 className="text-xl font-semibold break-all">
        Trajectory of{" "}
        <code className="text-base">{looseLogId(runId) !== null && summary ? summary.files[0] : runId}</code>
        <LocalBadge show={source.origin(runId) === "local"} />
      </h1>
      {header ? (
        <p className="text-sm" data-testid="run-facts">
          <strong>{header.display_name}</strong> · focus task <code>{header.focus_task_id}</code>
          {header.repo ? ` (${header.repo})` : ""} · {header.condition} · {header.task_group}
          {header.repeat > 0 ? ` · repeat ${header.repeat}` : ""} · {header.requests_run}/{header.request_count}{" "}
          requests ran · usage {n(header.tokens)} tokens, {n(header.model_calls)} model calls, {n(header.tool_calls)}{" "}
          tool calls, {usd(header.cost_usd)}
        </p>
      ) : null}
      {summary ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="trajectory-facts">
          {summary.convertedFrom
            ? `${summary.convertedFrom.name} (read as ATIF)`
            : (summary.schemaVersion ?? "no schema_version")}{" "}
          · {summary.agent.name ?? "unknown agent"} {summary.agent.version ?? ""}
          {summary.agent.model ? ` (${summary.agent.model})` : ""} · {steps !== null ? `${n(steps)} steps` : ""}
          {summary.files.length > 1 ? ` in ${summary.files.length} files` : ""} · steps sum{" "}
          {totalsText(summary.stepTotals)}
          {summary.reported ? ` · final_metrics ${totalsText(summary.reported)}` : ""}
          {summary.subagents.length ? ` · ${summary.subagents.length} subagent trajectories` : ""}
          {rawUrl ? (
            <>
              {" · "}
              <a className="underline" href={rawUrl} download>
                {/\.(zip|eval)$/i.test(rawUrl) ? "its archive (ZIP)" : "raw file"}
              </a>
              {/\.(zip|eval)$/i.test(rawUrl) ? ` · entry ${summary.url.slice(summary.url.indexOf("#") + 1)}` : ""}
            </>
          ) : (
            ` · ${summary.url} of your local results`
          )}
        </p>
      ) : null}
    </header>
  );
}
