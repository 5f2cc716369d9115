// Writes public/data/<release>/cost-bins/<i>.json (lib/queries/cost/bin-files.ts): each configuration's histogram
// bins with their tasks, so a click on a bar of the cost page lists them before DuckDB-WASM has started. None above
// COST_BIN_FILES_MAX_CONFIGS configurations.
import type { NodeDb } from "../../lib/db/node";
import { COST_BIN_FILES_MAX_CONFIGS, computeCostBinFile, costBinFile } from "../../lib/queries/cost/bin-files";
import type { CostPageData } from "../../lib/queries/cost/model";
import { writeJsonFile } from "./json-file";

/**
 * How many configurations have a file (0: none written). Built on cost.json's own data, so the files follow its
 * configurations' order and its bins by construction. One file in memory at a time.
 */
export async function writeCostBinFiles(
  db: NodeDb,
  cost: Pick<CostPageData, "baseline" | "configs" | "tasks">,
  out: string,
  maxConfigs = COST_BIN_FILES_MAX_CONFIGS,
): Promise<number> {
  const { configs } = cost;
  if (configs.length === 0 || configs.length > maxConfigs) return 0;
  for (const [i, c] of configs.entries()) {
    writeJsonFile(out, costBinFile(i), await computeCostBinFile(db, cost.baseline, c.config_id, cost.tasks));
  }
  return configs.length;
}
