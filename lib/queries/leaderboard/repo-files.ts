// The leaderboard of one repository's focus tasks, one small file per repository: what the page shows when a
// single repository is ticked, so that subset, the most common one, waits for no DuckDB-WASM (a 6 MB download
// and ~1–2.5 s of compilation on these machines; docs/architecture.md, "Speed and scale"). The build writes
// `leaderboard-repos/<i>.json`, i the repository's position in repos.json (REPOS_SQL's order), so no repository
// name is ever part of a path. The model is computeLeaderboard's for that scope, intervals included: the browser's
// DuckDB-WASM path runs the same queries and the same statistics on the same configurations.
import type { LeaderboardModel } from "./model";
import type { TaskScope } from "./sql";

/**
 * Above this many configurations the build writes no repository files: each file holds every configuration's
 * row with its bootstrap intervals (~20 ms a gap cell), one file per repository. The 100× synthetic release's
 * 1,100 configurations compute a repository subset with DuckDB-WASM, as before.
 */
export const REPO_FILES_MAX_CONFIGS = 100;

export function repoScopeFile(i: number): string {
  return `leaderboard-repos/${i}.json`;
}

/**
 * The file holding this scope's leaderboard, given the release's repositories in repos.json order; null unless
 * the scope is exactly one of those repositories (no task list).
 */
export function repoScopeFileFor(repos: readonly string[], scope: TaskScope): string | null {
  if ((scope.taskIds?.length ?? 0) > 0 || scope.repos?.length !== 1) return null;
  const i = repos.indexOf(scope.repos[0]!);
  return i < 0 ? null : repoScopeFile(i);
}

/** Whether a file's model is the one asked for (a stale or misplaced file is not shown as this subset). */
export function holdsScope(model: Pick<LeaderboardModel, "scope">, scope: TaskScope): boolean {
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === b?.[i]);
  return same(model.scope.repos, scope.repos) && same(model.scope.taskIds, scope.taskIds);
}
