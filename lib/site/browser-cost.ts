// The cost page's door to DuckDB-WASM: the queries the static HTML cannot answer in advance (the tasks
// of one histogram bin, one chosen session request by request, the list of sessions to choose from).
import { releaseDb } from "../db/wasm";
import type { BinSpec } from "../queries/cost-bins";
import {
  COST_SESSIONS_SQL,
  sessionUsageSql,
  type SessionListRow,
  type SessionPick,
  type SessionUsageRow,
} from "../queries/cost-session";
import { taskCostBinSql, type TaskCostRow, type TokenMode } from "../queries/cost-tasks";

const TASK_TABLES = ["runs", "sessions"] as const;
export const SESSION_TABLES = ["runs", "sessions", "requests", "request_usage"] as const;

export async function binTasks(
  releaseId: string,
  baseline: string,
  mode: TokenMode,
  bins: BinSpec,
  sel: { configId: string; condition: string; bin: number },
): Promise<TaskCostRow[]> {
  const db = await releaseDb(releaseId, TASK_TABLES);
  return db.query<TaskCostRow>(taskCostBinSql(baseline, mode, bins, sel));
}

export async function sessionUsage(releaseId: string, baseline: string, pick: SessionPick): Promise<SessionUsageRow[]> {
  const db = await releaseDb(releaseId, SESSION_TABLES);
  return db.query<SessionUsageRow>(sessionUsageSql(baseline, pick));
}

export async function sessionList(releaseId: string): Promise<SessionListRow[]> {
  const db = await releaseDb(releaseId, ["sessions"]);
  return db.query<SessionListRow>(COST_SESSIONS_SQL);
}
