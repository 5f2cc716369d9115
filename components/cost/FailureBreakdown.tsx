// Figure 1b: how the unresolved focus tasks failed, per configuration and condition. A missing run is its
// own class, so that a cell nobody ran is never mistaken for an implementation failure.
import { Term } from "@/components/site/Term";
import type { GlossaryKey } from "@/lib/site/glossary";
import { LocalBadge } from "@/components/local/LocalBadge";
import type { Outcome } from "@/lib/queries/cost/failures.sql";
import type { FailureTableRow } from "@/lib/queries/cost/view";
import { conditionLabel } from "@/lib/site/labels";
import { ROLE_COLORS } from "@/components/ui/chart";
import { HeaderRow, Table } from "@/components/ui/Table";

const FAILURES: { outcome: Exclude<Outcome, "resolved">; label: string; color: string; term: GlossaryKey }[] = [
  {
    outcome: "implementation",
    label: "Implementation",
    color: ROLE_COLORS.failure.implementation,
    term: "failure_implementation",
  },
  { outcome: "submission", label: "Submission", color: ROLE_COLORS.failure.submission, term: "failure_submission" },
  {
    outcome: "incomplete",
    label: "Incomplete execution",
    color: ROLE_COLORS.failure.incomplete,
    term: "failure_incomplete",
  },
  { outcome: "no_run", label: "No run", color: ROLE_COLORS.failure.no_run, term: "failure_no_run" },
];

export function FailureBreakdown({ rows }: { rows: FailureTableRow[] }) {
  const td = "px-2 py-1 text-right";
  return (
    <div className="overflow-x-auto">
      <Table
        caption="Unresolved focus tasks by failure class, per configuration and condition"
        className="w-full border-collapse text-xs tabular-nums"
        data-testid="failure-table"
      >
        <thead>
          <HeaderRow
            look="ruled"
            cellClassName="px-2 py-1 text-left font-medium"
            columns={[
              "Configuration",
              "Condition",
              ...FAILURES.map((f) => ({
                key: f.outcome,
                numeric: true,
                label: (
                  <>
                    <span
                      className="mr-1 inline-block h-2 w-2 rounded-sm"
                      style={{ background: f.color }}
                      aria-hidden
                    />
                    <Term term={f.term}>{f.label}</Term>
                  </>
                ),
              })),
              { label: "Unresolved", numeric: true, className: "font-semibold" },
              { label: "Resolved", numeric: true },
              { label: "Unresolved, by class", className: "w-1/4" },
            ]}
          />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={`${r.config.config_id}.${r.condition}`}
              data-config={r.config.config_id}
              data-condition={r.condition}
              className="border-b border-zinc-100 dark:border-zinc-900"
            >
              <td className="px-2 py-1 text-left">
                {r.config.display_name}
                <LocalBadge show={r.config.is_local} />
              </td>
              <td className="px-2 py-1 text-left">{conditionLabel(r.condition)}</td>
              {FAILURES.map((f) => (
                <td key={f.outcome} className={td} data-outcome={f.outcome}>
                  {r.counts[f.outcome]}
                </td>
              ))}
              <td className={`${td} font-semibold`} data-outcome="unresolved">
                {r.unresolved}
              </td>
              <td className={td} data-outcome="resolved">
                {r.counts.resolved}
              </td>
              <td className="px-2 py-1">
                <div className="flex h-3 w-full overflow-hidden rounded-sm bg-zinc-100 dark:bg-zinc-900" aria-hidden>
                  {FAILURES.map((f) =>
                    r.counts[f.outcome] > 0 ? (
                      <div
                        key={f.outcome}
                        style={{ width: `${(100 * r.counts[f.outcome]) / Math.max(r.total, 1)}%`, background: f.color }}
                      />
                    ) : null,
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
