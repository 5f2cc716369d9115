// The scatter's points as a table, in the static HTML: cost and resolution per configuration and
// condition, ★ where the point is on that condition's Pareto frontier.
import { LocalBadge } from "@/components/local/LocalBadge";
import type { ScatterPoint } from "@/lib/queries/cost/view";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { Table, Th } from "@/components/ui/Table";

export function ScatterTable({
  points,
  configs,
  conditions,
  costLabel,
  formatCost,
}: {
  points: ScatterPoint[];
  configs: ConfigRow[];
  conditions: string[];
  costLabel: string;
  formatCost: (v: number | null) => string;
}) {
  const at = (configId: string, condition: string) =>
    points.find((p) => p.configId === configId && p.condition === condition);
  const td = "px-2 py-0.5 text-right";
  return (
    <Table
      caption={`The scatter's points: ${costLabel} and resolution per configuration and condition`}
      className="border-collapse text-xs tabular-nums"
      data-testid="scatter-table"
    >
      <thead>
        <tr className="border-b border-zinc-200 dark:border-zinc-800">
          <Th className="px-2 text-left font-medium">Configuration</Th>
          {conditions.map((c) => (
            <Th key={c} colSpan={2} className="px-2 text-center font-medium">
              {conditionLabel(c)}: {costLabel}, resolution %
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {configs.map((cfg) => (
          <tr key={cfg.config_id} data-config={cfg.config_id}>
            <td className="px-2">
              {cfg.display_name}
              <LocalBadge show={cfg.is_local} />
            </td>
            {conditions.map((c) => {
              const p = at(cfg.config_id, c);
              return [
                <td key={`${c}.cost`} className={td} data-col={`${c}.cost`}>
                  {formatCost(p?.cost ?? null)}
                </td>,
                <td
                  key={`${c}.res`}
                  className={td}
                  data-col={`${c}.resolution`}
                  data-frontier={p?.onFrontier ? "yes" : undefined}
                >
                  {fmt(p?.resolution)}
                  {p?.onFrontier ? <span title="on the Pareto frontier"> ★</span> : null}
                </td>,
              ];
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
