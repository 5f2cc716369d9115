// The leaderboard's queries the static HTML cannot answer in advance (a repository or task subset), on the
// view's release source (lib/source). Components call these, never DuckDB.
import { repoGapQuery, type RepoGapRow, type TaskScope } from "../queries/leaderboard/sql";
import { computeLeaderboard, type LeaderboardModel, type LeaderboardOptions } from "../queries/leaderboard/model";
import type { ReleaseSource } from "../source/release-source";

export function leaderboardForScope(
  src: ReleaseSource,
  model: LeaderboardModel,
  scope: TaskScope,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardModel> {
  const meta = {
    groups: model.groups.filter((g) => g !== "overall"),
    conditions: model.conditions,
    baseline: model.baseline,
  };
  // The configurations come from the static model (the build's run of the same configs query).
  return computeLeaderboard(src, meta, scope, { configs: model.rows.map((r) => r.config), ...opts });
}

/** The whole release's breakdown is static (repo-gaps.json, the build's run of the same SQL); a subset queries. */
export async function repoGaps(src: ReleaseSource, baseline: string, scope: TaskScope = {}): Promise<RepoGapRow[]> {
  if (!scope.repos?.length && !scope.taskIds?.length) {
    const res = await fetch(`/data/${src.releaseId}/repo-gaps.json`).catch(() => null);
    const file = res?.ok ? ((await res.json()) as { baseline: string; rows: RepoGapRow[] }) : null;
    if (file?.baseline === baseline) return file.rows;
  }
  return src.run(repoGapQuery, { baseline, scope });
}
