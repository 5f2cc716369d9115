// One outcome's returns binned by load: count, focus tasks, successes, rate, Wilson 95% interval clustered by focus
// task and the design effect per bin, in the static HTML (data-bin, data-col: the browser tests read them). An empty bin's rate is
// unknown, shown as "—".
import type { LoadMeasure, LoadSeries, ResumptionOutcome } from "@/lib/queries/resumption/series";
import { binLabel, MEASURES, OUTCOME_LABELS } from "@/lib/queries/resumption/view";
import { fmt } from "@/lib/site/labels";
import { HeaderRow, RowHeader, Table, Td } from "@/components/ui/Table";

const EMPTY = "no return fell in this bin: its rate is unknown";

export function BinTable({
  outcome,
  measure,
  scopeId,
  scopeLabel,
  series,
}: {
  outcome: ResumptionOutcome;
  measure: LoadMeasure;
  scopeId: string;
  scopeLabel: string;
  series: LoadSeries;
}) {
  const success = outcome === "held" ? "Held" : "Tagged";
  return (
    <Table
      caption={`${OUTCOME_LABELS[outcome]} by ${MEASURES[measure].label.toLowerCase()} in between, ${scopeLabel}: returns, focus tasks, ${success.toLowerCase()}, rate, Wilson 95% interval clustered by focus task and design effect per bin`}
      className="border-collapse text-sm tabular-nums"
      data-testid="bin-table"
      data-outcome={outcome}
      data-measure={measure}
      data-scope={scopeId}
    >
      <thead>
        <HeaderRow
          look="ruled"
          cellClassName="px-2 py-1 font-medium"
          columns={[
            { label: MEASURES[measure].axis, className: "text-left" },
            { label: "Returns", numeric: true },
            { label: "Focus tasks", numeric: true, title: "focus tasks the bin's returns come from" },
            { label: success, numeric: true },
            { label: "Rate %", numeric: true },
            {
              label: "95% interval (Wilson, clustered by focus task)",
              numeric: true,
              title: "Wilson's interval at the effective sample size: returns divided by the design effect",
            },
            {
              label: "Design effect",
              numeric: true,
              title: "how much returns of one focus task going together widens the interval (1: as if independent)",
            },
          ]}
        />
      </thead>
      <tbody>
        {series.bins.map((b, i) => (
          <tr
            key={i}
            data-bin={i}
            data-lo={b.lo}
            data-hi={b.hi ?? undefined}
            className="border-b border-zinc-100 dark:border-zinc-900"
          >
            <RowHeader className="px-2 py-0.5 text-left font-normal">{binLabel(b, measure)}</RowHeader>
            <Td numeric className="px-2 py-0.5" data-col="n">
              {b.n}
            </Td>
            <Td numeric className="px-2 py-0.5" data-col="focus-tasks">
              {b.focusTasks}
            </Td>
            <Td numeric className="px-2 py-0.5" data-col="successes">
              {b.successes}
            </Td>
            <Td numeric className="px-2 py-0.5" data-col="rate" data-value={b.rate ?? undefined}>
              {b.rate === null ? <span title={EMPTY}>—</span> : fmt(b.rate)}
            </Td>
            <Td numeric className="px-2 py-0.5" data-col="interval">
              {b.n === 0 ? <span title={EMPTY}>—</span> : `[${fmt(b.ciLo)}, ${fmt(b.ciHi)}]`}
            </Td>
            <Td numeric className="px-2 py-0.5" data-col="deff" data-value={b.n > 0 ? b.designEffect : undefined}>
              {b.n === 0 ? <span title={EMPTY}>—</span> : fmt(b.designEffect, 2)}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
