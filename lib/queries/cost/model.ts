// Everything the cost page renders before any script runs, from the cost SQL on any Db (DuckDB in Node at
// build time; the same functions serve DuckDB-WASM in the browser). Resolution comes from the leaderboard's
// own SQL, so the scatter's y-axis is the leaderboard's number, never a second computation.
import type { QuerySource } from "../../db/query";
import { niceBins, type BinSpec } from "./bins";
import { costFailuresQuery, type FailureRow } from "./failures.sql";
import { defaultSessionQuery, sessionUsageQuery, type SessionPick, type SessionUsageRow } from "./session.sql";
import {
  TOKEN_MODES,
  taskCostHistogramQuery,
  taskCostRangeQuery,
  taskCostSummaryQuery,
  type HistogramRow,
  type TaskCostSummaryRow,
  type TokenMode,
} from "./tasks.sql";
import { costScopesQuery, type CostScopeRow } from "./sql";
import { configsQuery, OVERALL, resolutionQuery, type ConfigRow, type ResolutionRow } from "../leaderboard/sql";

export interface CostMeta {
  baseline: string;
  conditions: string[];
  groups: string[];
}

export interface TaskCostDistribution {
  bins: BinSpec;
  histogram: HistogramRow[];
  summary: TaskCostSummaryRow[];
}

export interface CostPageData {
  baseline: string;
  conditions: string[];
  /** "overall" first, then the release's groups. */
  groups: string[];
  configs: ConfigRow[];
  scopes: CostScopeRow[];
  resolution: Pick<ResolutionRow, "config_id" | "condition" | "grp" | "resolution" | "n_tasks">[];
  failures: FailureRow[];
  tasks: Record<TokenMode, TaskCostDistribution>;
  session: { pick: SessionPick | null; rows: SessionUsageRow[] };
}

export async function taskCostDistribution(
  src: QuerySource,
  baseline: string,
  mode: TokenMode,
): Promise<TaskCostDistribution> {
  const [range] = await src.run(taskCostRangeQuery, { baseline, mode });
  const bins = niceBins(range?.min ?? null, range?.max ?? null);
  const [histogram, summary] = await Promise.all([
    src.run(taskCostHistogramQuery, { baseline, mode, bins }),
    src.run(taskCostSummaryQuery, { baseline, mode }),
  ]);
  return { bins, histogram, summary };
}

/** The per-configuration part of the page: Table 2, the scatter and the failure breakdown (also run on a local release). */
export type CostRows = Pick<CostPageData, "configs" | "scopes" | "resolution" | "failures">;

/** Table 2, the scatter and the failure breakdown; a browser source fetches the tables of all four at once. */
export async function computeCostRows(src: QuerySource, baseline: string): Promise<CostRows> {
  const [configs, scopes, resolution, failures] = await Promise.all([
    src.run(configsQuery),
    src.run(costScopesQuery, { baseline }),
    src.run(resolutionQuery, {}),
    src.run(costFailuresQuery),
  ]);
  return {
    configs,
    scopes,
    resolution: resolution.map(({ config_id, condition, grp, resolution: res, n_tasks }) => ({
      config_id,
      condition,
      grp,
      resolution: res,
      n_tasks,
    })),
    failures,
  };
}

export async function computeCostPage(src: QuerySource, meta: CostMeta): Promise<CostPageData> {
  const rows = await computeCostRows(src, meta.baseline);
  const picks = await src.run(defaultSessionQuery, { baseline: meta.baseline });
  const tasks = {} as Record<TokenMode, TaskCostDistribution>;
  for (const mode of TOKEN_MODES) tasks[mode] = await taskCostDistribution(src, meta.baseline, mode);
  const first = picks[0];
  const pick: SessionPick | null = first
    ? { configId: first.config_id, sessionId: first.session_id, repeat: first.repeat }
    : null;
  return {
    baseline: meta.baseline,
    conditions: meta.conditions,
    groups: [OVERALL, ...meta.groups],
    ...rows,
    tasks,
    session: { pick, rows: pick ? await src.run(sessionUsageQuery, { baseline: meta.baseline, pick }) : [] },
  };
}
