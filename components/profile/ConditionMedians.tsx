// The profile's medians for every condition, as a table and as the distributions behind them.
import { Term } from "@/components/site/Term";
import { TableExport } from "@/components/site/TableExport";
import type { Measure, ProfileMedianRow } from "@/lib/queries/profile/sql";
import type { ProfileModel } from "@/lib/queries/profile/model";
import { conditionLabel } from "@/lib/site/labels";
import { HeaderRow, Table } from "@/components/ui/Table";
import { Histogram } from "./Histogram";
import { MEASURE_LABELS, median, TERMS } from "./measures";

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

export function ConditionMedians({
  releaseId,
  model,
  baseline,
}: {
  releaseId: string;
  model: ProfileModel;
  baseline: string;
}) {
  return (
    <section aria-labelledby="conditions-h" className="space-y-2" data-export-scope>
      <h2 id="conditions-h" className="text-base font-semibold">
        Medians per condition
      </h2>
      <TableExport releaseId={releaseId} view="profile-conditions" what="sessions per condition" />
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
  );
}
