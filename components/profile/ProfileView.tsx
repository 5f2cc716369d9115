// The benchmark profile (Switch-SWE Table 6) with the distributions behind its medians, locality and
// repository counts, and the validator's verdict. Server-rendered: every number is in the static HTML.
import { Term } from "@/components/site/Term";
import { exportValue } from "@/lib/site/table-export";
import { ExportButtons } from "@/components/site/ExportButtons";
import type { BuiltReleaseMeta } from "@/lib/data/built";
import type { ProfileModel } from "@/lib/queries/profile/model";
import { ConditionMedians } from "./ConditionMedians";
import { median, TERMS } from "./measures";
import { RepositoryCounts } from "./RepositoryCounts";
import { ValidationResult } from "./ValidationResult";

function Stat({ id, label, value }: { id: string; label: string; value: string | number }) {
  const term = TERMS[id];
  return (
    <div className="rounded border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <div className="text-xs text-zinc-600 dark:text-zinc-400">{term ? <Term term={term}>{label}</Term> : label}</div>
      <div className="text-2xl font-semibold tabular-nums" data-stat={id}>
        {value}
      </div>
    </div>
  );
}

export function ProfileView({ model, built }: { model: ProfileModel; built: BuiltReleaseMeta }) {
  const t = model.totals;
  const head = model.interrupted;
  const baseline = built.meta.baseline_condition;
  const table6: { id: string; label: string; value: string | number }[] = [
    { id: "focus_tasks", label: "Focus tasks", value: t.focus_tasks },
    { id: "repos", label: "Repositories", value: t.repos },
    {
      id: "interruption_tasks",
      label: "Interruption tasks / session",
      value: head ? median(head.interruption_tasks) : "—",
    },
    { id: "request_count", label: "Requests (median)", value: head ? median(head.request_count) : "—" },
    {
      id: "workspace_switches",
      label: "Workspace switches (median)",
      value: head ? median(head.workspace_switches) : "—",
    },
    { id: "focus_returns", label: "Focus returns (median)", value: head ? median(head.focus_returns) : "—" },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="table6-h" className="space-y-2">
        <h2 id="table6-h" className="text-base font-semibold">
          Scale and session workload (Table 6)
        </h2>
        <ExportButtons
          releaseId={built.meta.release_id}
          view="profile-table6"
          what="scale and session workload"
          rows={table6.map((x) => ({
            measure: x.label,
            value: typeof x.value === "number" ? x.value : exportValue(x.value),
          }))}
        />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="profile-table6">
          {table6.map((x) => (
            <Stat key={x.id} id={x.id} label={x.label} value={x.value} />
          ))}
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {head
            ? `Medians over the ${head.sessions} sessions with interruptions (Table 6 takes them over switched sessions); requests include finalization. `
            : "No session of this release has interruptions, so Table 6's per-switched-session medians do not apply; the table below gives every condition. "}
          {t.sessions} sessions, {t.requests} scheduled requests, {t.interruption_tasks} distinct interruption tasks.
        </p>
      </section>

      <ConditionMedians releaseId={built.meta.release_id} model={model} baseline={baseline} />

      <RepositoryCounts releaseId={built.meta.release_id} model={model} />

      <ValidationResult validation={built.validation} />
    </div>
  );
}
