// The leaderboard's queries the static HTML cannot answer in advance (a repository or task subset), on the
// view's release source (lib/source). Components call these, never DuckDB.
import { repoGapQuery, type RepoGapRow, type TaskScope } from "../queries/leaderboard/sql";
import { computeLeaderboard, type LeaderboardModel, type LeaderboardOptions } from "../queries/leaderboard/model";
import { holdsScope, repoScopeFileFor } from "../queries/leaderboard/repo-files";
import type { ReleaseSource } from "../source/release-source";
import { readBuildFile } from "./build-file";

/** A subset's model and where it came from: the build's one-repository file, or DuckDB-WASM in the page. */
export type ScopedLeaderboard = LeaderboardModel & { origin?: "static" };

/**
 * A subset of the release: a single repository from the build's file when the release has them (`repos`: the
 * release's repositories in repos.json order, null when it has none), any other scope by DuckDB-WASM.
 */
export async function leaderboardForScope(
  src: ReleaseSource,
  model: LeaderboardModel,
  scope: TaskScope,
  opts: LeaderboardOptions = {},
  repos: readonly string[] | null = null,
): Promise<ScopedLeaderboard> {
  const file = repos ? repoScopeFileFor(repos, scope) : null;
  if (file) {
    const built = await readBuildFile<LeaderboardModel>(src.releaseId, file, opts.signal);
    if (opts.signal?.aborted) throw new Error("cancelled");
    if (built && holdsScope(built, scope)) return { ...built, origin: "static" };
    // A missing or unreadable file is no error: DuckDB-WASM computes the same subset.
  }
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
    const file = await readBuildFile<{ baseline: string; rows: RepoGapRow[] }>(src.releaseId, "repo-gaps.json");
    if (file?.baseline === baseline) return file.rows;
  }
  return src.run(repoGapQuery, { baseline, scope });
}
