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
import { binTasksFromFile, costBinFile, type CostBinFile } from "../queries/cost/bin-files";
import { taskCostBinQuery, type TaskCostRow, type TokenMode } from "../queries/cost/tasks.sql";
import { readBuildFile } from "./build-file";

/**
 * One histogram bin's tasks: from the build's file of that configuration when the release has them (`fileIndex`:
 * its position in cost.json's configs, null when there are no files), else by DuckDB-WASM.
 */
export async function binTasks(
  src: QuerySource & { releaseId: string },
  baseline: string,
  mode: TokenMode,
  bins: BinSpec,
  sel: { configId: string; condition: string; bin: number },
  fileIndex: number | null = null,
): Promise<TaskCostRow[]> {
  if (fileIndex !== null && fileIndex >= 0) {
    const file = await readBuildFile<CostBinFile>(src.releaseId, costBinFile(fileIndex));
    const rows = file ? binTasksFromFile(file, mode, bins, sel) : null;
    if (rows) return rows;
    // A missing, unreadable or other file is no error: DuckDB-WASM lists the same bin.
  }
  return src.run(taskCostBinQuery, { baseline, mode, bins, sel });
}

export function sessionUsage(src: QuerySource, baseline: string, pick: SessionPick): Promise<SessionUsageRow[]> {
  return src.run(sessionUsageQuery, { baseline, pick });
}

export function sessionList(src: QuerySource): Promise<SessionListRow[]> {
  return src.run(sessionListQuery);
}
