// Writes public/data/<release>/compare-pairs/<i>-<j>.json (lib/queries/compare/pairs.ts): the model the compare
// page shows first for every ordered pair of published configurations under the default condition, so a pair in
// the URL shows its 2×2 before DuckDB-WASM has started. None above PAIR_FILES_MAX_CONFIGS configurations.
import type { QuerySource } from "../../lib/queries/query";
import type { CompareMeta } from "../../lib/queries/compare/model";
import { comparePairsPlan, computePairModel, PAIR_FILES_MAX_CONFIGS } from "../../lib/queries/compare/pairs";
import { writeJsonFile } from "./json-file";

/** How many configurations the written files cover (0: none written). Pairs go one at a time: memory stays one model. */
export async function writeComparePairs(
  src: QuerySource,
  meta: CompareMeta,
  out: string,
  maxConfigs = PAIR_FILES_MAX_CONFIGS,
): Promise<number> {
  const plan = await comparePairsPlan(src, meta, maxConfigs);
  if (!plan || plan.pairs.length === 0) return 0;
  for (const { file, request } of plan.pairs) {
    writeJsonFile(out, file, await computePairModel(src, meta, request, plan.configs));
  }
  return plan.configs.length;
}
