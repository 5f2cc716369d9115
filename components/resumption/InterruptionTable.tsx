// Interruption completion per configuration (its Wilson 95% interval clustered by focus task, and the design effect) beside
// its switched focus resolution (the leaderboard's, with its Wilson interval). A configuration whose runs list no
// interruption outcome is "not scored": unknown, never 0.
import type { InterruptionRow } from "@/lib/queries/resumption/model";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { HeaderRow, RowHeader, Table, Td } from "@/components/ui/Table";

const NOT_SCORED = "no run of this configuration lists interruption outcomes: completion is unknown, not 0";

export function InterruptionTable({ rows, condition }: { rows: InterruptionRow[]; condition: string }) {
  const cond = conditionLabel(condition);
  const td = "px-2 py-0.5";
  return (
    <Table
      caption={`Interruption-task completion (Wilson 95% interval clustered by focus task, design effect) and ${cond} focus resolution (Wilson 95% interval) per configuration`}
      className="border-collapse text-sm tabular-nums"
      data-testid="interruption-table"
    >
      <thead>
        <HeaderRow
          look="ruled"
          cellClassName="px-2 py-1 font-medium"
          columns={[
            { label: "Configuration", className: "text-left" },
            { label: "Runs", numeric: true },
            { label: "Not scored", numeric: true, title: "runs that list no interruption outcome" },
            { label: "Interruption tasks resolved", numeric: true },
            { label: "Completion %", numeric: true },
            {
              label: "95% interval (clustered by focus task)",
              numeric: true,
              title: "Wilson's interval at the effective sample size: tasks divided by the design effect",
            },
            {
              label: "Design effect",
              numeric: true,
              title:
                "how much the interruption tasks of one focus task's runs going together widen the interval (1: as if independent)",
            },
            { label: `Focus resolution (${cond}) %`, numeric: true },
            { label: "95% interval", numeric: true },
          ]}
        />
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.config_id} data-config={r.config_id} className="border-b border-zinc-100 dark:border-zinc-900">
            <RowHeader className={`${td} text-left font-normal`}>{r.display_name}</RowHeader>
            <Td numeric className={td} data-col="runs">
              {r.runs}
            </Td>
            <Td numeric className={td} data-col="unscored-runs">
              {r.unscored_runs}
            </Td>
            <Td
              numeric
              className={td}
              data-col="outcomes"
              title={
                r.unscored_tasks ? `${r.unscored_tasks} interruption tasks of scored runs are not listed` : undefined
              }
            >
              {r.completion ? `${r.resolved} / ${r.outcomes}` : "—"}
            </Td>
            <Td numeric className={td} data-col="completion" data-value={r.completion?.value}>
              {r.completion ? fmt(r.completion.value) : <span title={NOT_SCORED}>not scored</span>}
            </Td>
            <Td numeric className={td} data-col="completion-interval">
              {r.completion ? `[${fmt(r.completion.lo)}, ${fmt(r.completion.hi)}]` : <span title={NOT_SCORED}>—</span>}
            </Td>
            <Td numeric className={td} data-col="completion-deff" data-value={r.completion?.designEffect}>
              {r.completion ? fmt(r.completion.designEffect, 2) : <span title={NOT_SCORED}>—</span>}
            </Td>
            <Td numeric className={td} data-col="focus" data-value={r.focus?.value}>
              {r.focus ? fmt(r.focus.value) : <span title="no focus task under this condition">—</span>}
            </Td>
            <Td numeric className={td} data-col="focus-interval">
              {r.focus ? `[${fmt(r.focus.lo)}, ${fmt(r.focus.hi)}]` : "—"}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
