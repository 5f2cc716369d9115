// far − near pooled over configurations (docs/benchmark.md, "Intervals that respect clustering"): per focus task,
// its gap averaged over the configurations that ran it (each configuration equally), then far − near of those
// averages as for one configuration (config-uncertainty.ts farNearOfGaps). With every configuration on the same
// tasks this is the mean of the configurations' own far − near, task-weighted and within repositories alike, and its
// repository-clustered interval keeps what configurations share on a task.
import type { BootstrapOptions } from "../../metrics/paired-interval";
import { farNearGaps, farNearOfGaps, type TaskGaps, type UncertaintyMeta } from "./config-uncertainty";
import type { TaskRepeatRow } from "./sql";
import type { PooledFarNearCell } from "./types";

interface TaskSum {
  repo: string;
  sum: number;
  count: number;
}

function add(into: Map<string, TaskSum>, gaps: TaskGaps): void {
  gaps.ids.forEach((id, i) => {
    const t = into.get(id);
    if (t) {
      t.sum += gaps.values[i]!;
      t.count++;
    } else into.set(id, { repo: gaps.clusters[i]!, sum: gaps.values[i]!, count: 1 });
  });
}

/** The tasks' mean gaps, in task id order (a stable order for the bootstrap, whatever the configurations' order). */
function means(sums: Map<string, TaskSum>): TaskGaps {
  const ids = [...sums.keys()].sort();
  return {
    ids,
    values: ids.map((id) => sums.get(id)!.sum / sums.get(id)!.count),
    clusters: ids.map((id) => sums.get(id)!.repo),
  };
}

/** far − near pooled over the configurations' rows, per non-baseline condition that has near and far tasks. */
export function pooledFarNear(
  meta: UncertaintyMeta,
  rowsByConfig: ReadonlyMap<string, readonly TaskRepeatRow[]>,
  opts: BootstrapOptions,
): Record<string, PooledFarNearCell> {
  const out: Record<string, PooledFarNearCell> = {};
  for (const condition of meta.conditions.filter((c) => c !== meta.baseline)) {
    const near = new Map<string, TaskSum>();
    const far = new Map<string, TaskSum>();
    let configs = 0;
    for (const rows of rowsByConfig.values()) {
      const gaps = farNearGaps(meta, rows, condition);
      if (gaps.near.ids.length === 0 || gaps.far.ids.length === 0) continue;
      configs++;
      add(near, gaps.near);
      add(far, gaps.far);
    }
    const cell = farNearOfGaps(means(near), means(far), opts);
    if (cell) out[condition] = { ...cell, configs };
  }
  return out;
}
