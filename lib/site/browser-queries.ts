// The browser's door to the release tables: each function names the tables its query needs, loads them
// into DuckDB-WASM (once) and runs the lib/queries SQL. Components call these, never DuckDB.
import { releaseDb } from "../db/wasm";
import { repoGapSql, type RepoGapRow, type TaskScope } from "../queries/leaderboard";
import { computeLeaderboard, type LeaderboardModel, type LeaderboardOptions } from "../queries/leaderboard-model";

// The per-task cells the build derived (lib/queries/derive.ts); configurations come from the static model.
export const LEADERBOARD_TABLES = ["task_cells"] as const;

export async function leaderboardForScope(
  releaseId: string,
  model: LeaderboardModel,
  scope: TaskScope,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardModel> {
  const db = await releaseDb(releaseId, LEADERBOARD_TABLES);
  const meta = {
    groups: model.groups.filter((g) => g !== "overall"),
    conditions: model.conditions,
    baseline: model.baseline,
  };
  return computeLeaderboard(db, meta, scope, { configs: model.rows.map((r) => r.config), ...opts });
}

/** The whole release's breakdown is static (repo-gaps.json, the build's run of the same SQL); a subset queries. */
export async function repoGaps(releaseId: string, baseline: string, scope: TaskScope = {}): Promise<RepoGapRow[]> {
  if (!scope.repos?.length && !scope.taskIds?.length) {
    const res = await fetch(`/data/${releaseId}/repo-gaps.json`).catch(() => null);
    const file = res?.ok ? ((await res.json()) as { baseline: string; rows: RepoGapRow[] }) : null;
    if (file?.baseline === baseline) return file.rows;
  }
  const db = await releaseDb(releaseId, LEADERBOARD_TABLES);
  return db.query<RepoGapRow>(repoGapSql(baseline, scope));
}
