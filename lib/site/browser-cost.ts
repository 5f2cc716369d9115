// The cost page's queries the static HTML cannot answer in advance (the tasks of one histogram bin, one chosen
// session request by request, the list of sessions to choose from), on the view's release source.
import type { BinSpec } from "../queries/cost/bins";
import type { QuerySource } from "../queries/query";
import {
  sessionListQuery,
  sessionUsageQuery,
  type SessionListRow,
  type SessionPick,
  type SessionUsageRow,
} from "../queries/cost/session.sql";
import { taskCostBinQuery, type TaskCostRow, type TokenMode } from "../queries/cost/tasks.sql";

export function binTasks(
  src: QuerySource,
  baseline: string,
  mode: TokenMode,
  bins: BinSpec,
  sel: { configId: string; condition: string; bin: number },
): Promise<TaskCostRow[]> {
  return src.run(taskCostBinQuery, { baseline, mode, bins, sel });
}

export function sessionUsage(src: QuerySource, baseline: string, pick: SessionPick): Promise<SessionUsageRow[]> {
  return src.run(sessionUsageQuery, { baseline, pick });
}

export function sessionList(src: QuerySource): Promise<SessionListRow[]> {
  return src.run(sessionListQuery);
}
