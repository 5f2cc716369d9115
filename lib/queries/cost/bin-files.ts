// The cost page's histogram bins, their tasks listed in one small file per configuration: what a click on a bar
// shows, so that list waits for no DuckDB-WASM (on a slow machine its start took 2–2.6 s after the page was idle,
// and a click 3 s after load waited for it; docs/architecture.md, "Speed and scale"). The build writes
// `cost-bins/<i>.json`, i the configuration's position in cost.json's `configs` (release order), so no
// configuration id is ever part of a path. Each list is taskCostBinQuery's rows for that bin, the query the page
// runs on DuckDB-WASM, for both token modes on the release's own bins (cost.json's `tasks[mode].bins`).
import type { BinSpec } from "./bins";
import type { TaskCostDistribution } from "./model";
import { taskCostBinQuery, TOKEN_MODES, type TaskCostRow, type TokenMode } from "./tasks.sql";
import type { QuerySource } from "../query";

/** Above this many configurations the build writes no bin files (the 100× synthetic release's bins are DuckDB-WASM's). */
export const COST_BIN_FILES_MAX_CONFIGS = 100;

export function costBinFile(i: number): string {
  return `cost-bins/${i}.json`;
}

export interface CostBinFile {
  config_id: string;
  /** The bins the lists were computed on, per token mode. */
  bins: Record<TokenMode, BinSpec>;
  /** cells[mode][condition][bin]: the bin's tasks, for every bin the histogram shows (non-empty). */
  cells: Record<TokenMode, Record<string, Record<string, TaskCostRow[]>>>;
}

const sameBins = (a: BinSpec | undefined, b: BinSpec) => a?.lo === b.lo && a.width === b.width && a.count === b.count;

/**
 * The tasks of one bin from a configuration's file; null when the file cannot answer (another configuration,
 * other bins, or a bin it does not list): the page then asks DuckDB-WASM.
 */
export function binTasksFromFile(
  file: CostBinFile,
  mode: TokenMode,
  bins: BinSpec,
  sel: { configId: string; condition: string; bin: number },
): TaskCostRow[] | null {
  if (file.config_id !== sel.configId || !sameBins(file.bins?.[mode], bins)) return null;
  return file.cells?.[mode]?.[sel.condition]?.[String(sel.bin)] ?? null;
}

/** A configuration's file: taskCostBinQuery for every non-empty bin of its histograms, in both token modes. */
export async function computeCostBinFile(
  src: QuerySource,
  baseline: string,
  configId: string,
  dists: Record<TokenMode, TaskCostDistribution>,
): Promise<CostBinFile> {
  const file: CostBinFile = {
    config_id: configId,
    bins: { cached: dists.cached.bins, uncached: dists.uncached.bins },
    cells: { cached: {}, uncached: {} },
  };
  for (const mode of TOKEN_MODES) {
    const { bins, histogram } = dists[mode];
    for (const h of histogram.filter((x) => x.config_id === configId)) {
      const sel = { configId, condition: h.condition, bin: h.bin };
      const rows = await src.run(taskCostBinQuery, { baseline, mode, bins, sel });
      (file.cells[mode][h.condition] ??= {})[String(h.bin)] = rows;
    }
  }
  return file;
}
