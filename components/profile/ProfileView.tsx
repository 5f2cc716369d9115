// The benchmark profile (Switch-SWE Table 6) with the distributions behind its medians, locality and
// repository counts, and the validator's verdict. Server-rendered: every number is in the static HTML.
import { Term } from "@/components/site/Term";
import type { GlossaryKey } from "@/lib/site/glossary";
import { exportValue } from "@/lib/site/table-export";
import { ExportButtons } from "@/components/site/ExportButtons";
import { TableExport } from "@/components/site/TableExport";
import type { BuiltReleaseMeta } from "@/lib/data/built";
import type { Measure, ProfileMedianRow } from "@/lib/queries/profile/sql";
import type { ProfileModel } from "@/lib/queries/profile/model";
import { conditionLabel, fmt, groupLabel } from "@/lib/site/labels";
import { Histogram } from "./Histogram";
import { ValidationResult } from "./ValidationResult";
import { HeaderRow, Table } from "@/components/ui/Table";

const MEASURE_LABELS: Record<Measure, string> = {
  request_count: "Requests",
  workspace_switches: "Workspace switches",
  focus_returns: "Focus returns",
  interruption_tasks: "Interruption tasks",
};

/** Medians are whole numbers for odd counts; an even count may give a half. */
const median = (v: number | null) => (v === null ? "—" : Number.isInteger(v) ? String(v) : fmt(v, 1));

/** The measures the glossary defines (the others, focus tasks and repositories, need no definition). */
const TERMS: Partial<Record<string, GlossaryKey>> = {
  workspace_switches: "workspace_switches",
  focus_returns: "focus_returns",
  interruption_tasks: "interruption_tasks",
};

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

function MedianCells({ row }: { row: ProfileMedianRow }) {
  return (
    <>
      {(Object.keys(MEASURE_LABELS) as Measure[]).map((m) => (
        <td key={m} className="px-2 py-1 text-right tabular-nums" data-col={m}>
          {median(row[m])}
        </td>
      ))}
    </>
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

      <section aria-labelledby="conditions-h" className="space-y-2" data-export-scope>
        <h2 id="conditions-h" className="text-base font-semibold">
          Medians per condition
        </h2>
        <TableExport releaseId={built.meta.release_id} view="profile-conditions" what="sessions per condition" />
        <div className="overflow-x-auto">
          <Table
            caption="Medians per condition: sessions and their usage"
            className="text-sm"
            data-testid="profile-conditions"
          >
            <thead>
              <HeaderRow
                look="ruled"
                className="text-xs"
                cellClassName="px-2 py-1 text-left font-medium"
                columns={[
                  "Condition",
                  { label: "Sessions", numeric: true },
                  ...Object.entries(MEASURE_LABELS).map(([m, l]) => ({
                    key: l,
                    label: TERMS[m] ? <Term term={TERMS[m]}>{l}</Term> : l,
                    numeric: true,
                  })),
                ]}
              />
            </thead>
            <tbody>
              {model.byCondition.map((row) => (
                <tr
                  key={row.condition}
                  data-condition={row.condition}
                  className="border-b border-zinc-100 dark:border-zinc-900"
                >
                  <td className="px-2 py-1">
                    {conditionLabel(row.condition!)}
                    {row.condition === baseline ? <span className="text-xs text-zinc-500"> (baseline)</span> : null}
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{row.sessions}</td>
                  <MedianCells row={row} />
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <div className="space-y-3">
          {model.byCondition.map((row) => (
            <div key={row.condition} className="flex flex-wrap items-end gap-4">
              <div className="w-28 text-sm">{conditionLabel(row.condition!)}</div>
              {(["request_count", "workspace_switches", "focus_returns"] as const).map((m) => (
                <Histogram
                  key={m}
                  title={MEASURE_LABELS[m]}
                  bars={model.distributions[row.condition!]?.[m] ?? []}
                  testId={`hist-${row.condition}-${m}`}
                />
              ))}
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="repos-h" className="space-y-2" data-export-scope>
        <h2 id="repos-h" className="text-base font-semibold">
          Focus tasks by group and repository
        </h2>
        <TableExport releaseId={built.meta.release_id} view="profile-repositories" what="focus tasks by repository" />
        <p className="text-sm" data-testid="profile-groups">
          {model.groupCounts.map((g, i) => (
            <span key={g.group}>
              {i ? " · " : ""}
              {groupLabel(g.group)} <strong data-group={g.group}>{g.focus_tasks}</strong>
            </span>
          ))}
        </p>
        <div className="overflow-x-auto">
          <Table
            caption="Focus tasks per repository and locality group, and interruption tasks"
            className="text-sm"
            data-testid="profile-repos"
          >
            <thead>
              <HeaderRow
                look="ruled"
                className="text-xs"
                cellClassName="px-2 py-1 text-left font-medium"
                columns={[
                  "Repository",
                  { label: "Focus tasks", numeric: true },
                  ...model.groups.map((g) => ({ key: g, label: groupLabel(g), numeric: true })),
                  { label: "Interruption tasks", numeric: true },
                ]}
              />
            </thead>
            <tbody>
              {model.repos.map((r) => (
                <tr key={r.repo} data-repo={r.repo} className="border-b border-zinc-100 dark:border-zinc-900">
                  <td className="px-2 py-1">{r.repo}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{r.focus_tasks}</td>
                  {model.groups.map((g) => (
                    <td key={g} className="px-2 py-1 text-right tabular-nums" data-col={g}>
                      {r.byGroup[g] ?? 0}
                    </td>
                  ))}
                  <td className="px-2 py-1 text-right tabular-nums">{r.interruption_tasks}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </section>

      <ValidationResult validation={built.validation} />
    </div>
  );
}
