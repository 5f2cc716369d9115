// Per configuration, the runs with at least one matching step of those with a trajectory in the filters, and
// the matching steps; while the index loads, the configurations not searched yet are said to follow.
import { ExportButtons } from "@/components/site/ExportButtons";
import type { SearchConfigRow } from "@/lib/queries/search/sql";
import { HeaderRow, RowHeader, Table } from "@/components/ui/Table";

export function SearchConfigs({
  releaseId,
  configs,
  partial,
}: {
  releaseId: string;
  configs: SearchConfigRow[];
  partial: { loaded: number; of: number } | null;
}) {
  return (
    <section data-export-scope className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Matching runs per configuration</h2>
        <ExportButtons
          releaseId={releaseId}
          view="search-configs"
          what="matching runs per configuration"
          records={() =>
            configs.map((c) => ({
              configuration: c.display_name,
              config_id: c.config_id,
              matching_runs: c.matching_runs,
              runs_with_trajectory: c.runs,
              matching_steps: c.matching_steps,
            }))
          }
        />
      </div>
      <Table
        className="w-full text-sm"
        data-testid="search-configs"
        caption="Runs with at least one matching step, per configuration, of the runs with a trajectory in the filters"
      >
        <thead>
          <HeaderRow
            look="quiet"
            className="border-b border-zinc-200 text-xs dark:border-zinc-800"
            columns={[
              { label: "Configuration", className: "py-1" },
              { label: "Matching runs", numeric: true },
              { label: "of runs", numeric: true },
              { label: "Matching steps", numeric: true },
            ]}
          />
        </thead>
        <tbody>
          {configs.map((c) => (
            <tr
              key={c.config_id}
              data-config={c.config_id}
              data-matching-runs={c.matching_runs}
              className="border-b border-zinc-100 dark:border-zinc-900"
            >
              <RowHeader className="py-1 text-left font-normal">{c.display_name}</RowHeader>
              <td className="text-right tabular-nums">{c.matching_runs}</td>
              <td className="text-right tabular-nums">{c.runs}</td>
              <td className="text-right tabular-nums">{c.matching_steps}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {partial ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="search-configs-loading">
          {partial.of - partial.loaded} more configurations are loading; their rows follow.
        </p>
      ) : null}
    </section>
  );
}
