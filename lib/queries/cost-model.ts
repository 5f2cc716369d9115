// Everything the cost page renders before any script runs, from the cost SQL on any Db (DuckDB in Node at
// build time; the same functions serve DuckDB-WASM in the browser). Resolution comes from the leaderboard's
// own SQL, so the scatter's y-axis is the leaderboard's number, never a second computation.
import type { Db } from "./db-types";
import { niceBins, type BinSpec } from "./cost-bins";
import { COST_FAILURES_SQL, type FailureRow } from "./cost-failures";
import { defaultSessionSql, sessionUsageSql, type SessionPick, type SessionUsageRow } from "./cost-session";
import {
  TOKEN_MODES,
  taskCostHistogramSql,
  taskCostRangeSql,
  taskCostSummarySql,
  type HistogramRow,
  type TaskCostSummaryRow,
  type TokenMode,
} from "./cost-tasks";
import { costScopesSql, type CostScopeRow } from "./cost";
import { CONFIGS_SQL, OVERALL, resolutionSql, type ConfigRow, type ResolutionRow } from "./leaderboard";

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

export async function taskCostDistribution(db: Db, baseline: string, mode: TokenMode): Promise<TaskCostDistribution> {
  const [range] = await db.query<{ min: number | null; max: number | null }>(taskCostRangeSql(baseline, mode));
  const bins = niceBins(range?.min ?? null, range?.max ?? null);
  const [histogram, summary] = await Promise.all([
    db.query<HistogramRow>(taskCostHistogramSql(baseline, mode, bins)),
    db.query<TaskCostSummaryRow>(taskCostSummarySql(baseline, mode)),
  ]);
  return { bins, histogram, summary };
}

/** The per-configuration part of the page: Table 2, the scatter and the failure breakdown (also run on a local release). */
export type CostRows = Pick<CostPageData, "configs" | "scopes" | "resolution" | "failures">;

/** Reads configs, sessions, tasks, runs, requests and request_usage. One query after the other: DuckDB-WASM serves one connection per release. */
export async function computeCostRows(db: Db, baseline: string): Promise<CostRows> {
  const configs = await db.query<ConfigRow>(CONFIGS_SQL);
  const scopes = await db.query<CostScopeRow>(costScopesSql(baseline));
  const resolution = await db.query<ResolutionRow>(resolutionSql());
  const failures = await db.query<FailureRow>(COST_FAILURES_SQL);
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

export async function computeCostPage(db: Db, meta: CostMeta): Promise<CostPageData> {
  const rows = await computeCostRows(db, meta.baseline);
  const picks = await db.query<{ config_id: string; session_id: string; repeat: number }>(
    defaultSessionSql(meta.baseline),
  );
  const tasks = {} as Record<TokenMode, TaskCostDistribution>;
  for (const mode of TOKEN_MODES) tasks[mode] = await taskCostDistribution(db, meta.baseline, mode);
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
    session: { pick, rows: pick ? await db.query<SessionUsageRow>(sessionUsageSql(meta.baseline, pick)) : [] },
  };
}
