// Writes public/data/<release>/cost-bins/<i>.json (lib/queries/cost/bin-files.ts): each configuration's histogram
// bins with their tasks, so a click on a bar of the cost page lists them before DuckDB-WASM has started. None above
// COST_BIN_FILES_MAX_CONFIGS configurations.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { NodeDb } from "../../lib/db/node";
import { COST_BIN_FILES_MAX_CONFIGS, computeCostBinFile, costBinFile } from "../../lib/queries/cost/bin-files";
import { taskCostDistribution } from "../../lib/queries/cost/model";
import { configsQuery } from "../../lib/queries/leaderboard/sql";

/** How many configurations (in cost.json's order) have a file (0: none written). One file in memory at a time. */
export async function writeCostBinFiles(
  db: NodeDb,
  baseline: string,
  out: string,
  maxConfigs = COST_BIN_FILES_MAX_CONFIGS,
): Promise<number> {
  const configs = await db.run(configsQuery);
  if (configs.length === 0 || configs.length > maxConfigs) return 0;
  const dists = {
    cached: await taskCostDistribution(db, baseline, "cached"),
    uncached: await taskCostDistribution(db, baseline, "uncached"),
  };
  mkdirSync(dirname(join(out, costBinFile(0))), { recursive: true });
  for (const [i, c] of configs.entries()) {
    const file = await computeCostBinFile(db, baseline, c.config_id, dists);
    writeFileSync(join(out, costBinFile(i)), JSON.stringify(file) + "\n");
  }
  return configs.length;
}
