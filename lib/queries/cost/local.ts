// The cost page with the user's local configurations beside the published ones. Each local release's rows
// come from computeCostRows (the cost SQL the build runs for the published page) on its own DuckDB-WASM
// schema; here they are only appended, their config ids prefixed "local:" as the leaderboard prefixes them,
// so table2Rows, scatterPoints and failureTable arrange them like any other configuration.
import { defineDerived } from "../../db/query";
import { computeCostRows, type CostPageData, type CostRows } from "./model";
import { LOCAL_PREFIX } from "../local/union.sql";

/** Table 2, the scatter and the failure breakdown of a local release, on its own source (ids as it names them). */
export const localCostRowsQuery = defineDerived<string, CostRows>({
  name: "local cost rows",
  compute: (src, baseline) => computeCostRows(src, baseline),
});

export function withLocalCost(data: CostPageData, locals: readonly CostRows[]): CostPageData {
  if (locals.length === 0) return data;
  const id = (configId: string) => LOCAL_PREFIX + configId;
  let order = Math.max(-1, ...data.configs.map((c) => c.sort_order));
  return {
    ...data,
    configs: [
      ...data.configs,
      ...locals.flatMap((l) =>
        l.configs.map((c) => ({
          ...c,
          config_id: id(c.config_id),
          base_config_id: c.base_config_id ? id(c.base_config_id) : null,
          sort_order: ++order,
          is_local: true,
        })),
      ),
    ],
    scopes: [...data.scopes, ...locals.flatMap((l) => l.scopes.map((r) => ({ ...r, config_id: id(r.config_id) })))],
    resolution: [
      ...data.resolution,
      ...locals.flatMap((l) => l.resolution.map((r) => ({ ...r, config_id: id(r.config_id) }))),
    ],
    failures: [
      ...data.failures,
      ...locals.flatMap((l) => l.failures.map((r) => ({ ...r, config_id: id(r.config_id) }))),
    ],
  };
}
