// The compare page's published pairs under the default condition, one small file each: what the page shows
// first for a pair named in the URL (the 2×2, McNemar, the paired intervals), so that view waits for no
// DuckDB-WASM (docs/architecture.md, "Speed and scale"). The build writes `compare-pairs/<i>-<j>.json`, i and j
// the two configurations' positions in release order (configsQuery's, the compare page's build-time list), so no
// configuration id is ever part of a path. The model is computeCompare's on the same queries as the browser's,
// without the pair's runs (the page reads those with DuckDB-WASM after the 2×2, as for any pair).
import type { QuerySource } from "../query";
import { configsQuery, type ConfigRow } from "../leaderboard/sql";
import { computeCompare, withIntervals, type CompareMeta, type CompareModel, type CompareRequest } from "./model";
import { defaultCondition } from "./url";

/**
 * Above this many published configurations the build writes no pair files: there are n(n − 1) of them, 870 at
 * 30 (≈40 KB each for a release of the sample's 200 focus tasks: ~35 MB) but 1.2 million for the 100× synthetic
 * release's 1,100 configurations. Such a release computes a pair in the URL with DuckDB-WASM, as before
 * (docs/architecture.md, "Speed and scale").
 */
export const PAIR_FILES_MAX_CONFIGS = 30;

export function comparePairFile(i: number, j: number): string {
  return `compare-pairs/${i}-${j}.json`;
}

export interface ComparePairsPlan {
  /** The published configurations in release order: a file's positions index this list. */
  configs: ConfigRow[];
  pairs: { file: string; request: CompareRequest }[];
}

/**
 * Every ordered pair (a ≠ b) of published configurations under the default condition, or null when the release
 * has more than `maxConfigs` of them (no files at all).
 */
export async function comparePairsPlan(
  src: QuerySource,
  meta: CompareMeta,
  maxConfigs = PAIR_FILES_MAX_CONFIGS,
): Promise<ComparePairsPlan | null> {
  const configs = (await src.run(configsQuery)).filter((c) => !c.is_local);
  if (configs.length > maxConfigs) return null;
  const condition = defaultCondition(meta);
  const pairs: ComparePairsPlan["pairs"] = [];
  configs.forEach((a, i) =>
    configs.forEach((b, j) => {
      if (i !== j) pairs.push({ file: comparePairFile(i, j), request: { a: a.config_id, b: b.config_id, condition } });
    }),
  );
  return { configs, pairs };
}

/**
 * The model the compare page shows first for a pair: the counts with their bootstrap intervals, no runs yet
 * (`runsRead` false), exactly what the page computes before it reads the pair's runs.
 */
export async function computePairModel(
  src: QuerySource,
  meta: CompareMeta,
  req: CompareRequest,
  configs: ConfigRow[],
): Promise<CompareModel> {
  return withIntervals(await computeCompare(src, meta, req, { intervals: false, runs: false, configs }));
}

/**
 * The pair file holding this request, given the release's published configurations in release order; null when
 * the request is not two different published configurations under the default condition.
 */
export function comparePairFileFor(
  configIds: readonly string[],
  req: CompareRequest,
  meta: Pick<CompareMeta, "conditions" | "baseline">,
): string | null {
  const i = configIds.indexOf(req.a);
  const j = configIds.indexOf(req.b);
  if (req.condition !== defaultCondition(meta) || i < 0 || j < 0 || i === j) return null;
  return comparePairFile(i, j);
}
