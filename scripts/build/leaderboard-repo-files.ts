// Writes public/data/<release>/leaderboard-repos/<i>.json (lib/queries/leaderboard/repo-files.ts): the leaderboard
// of each repository's focus tasks alone, so ticking one repository shows its numbers before DuckDB-WASM has
// started. None above REPO_FILES_MAX_CONFIGS configurations.
import type { NodeDb } from "../../lib/db/node";
import { computeLeaderboard, type LeaderboardMeta } from "../../lib/queries/leaderboard/model";
import { REPO_FILES_MAX_CONFIGS, repoScopeFile } from "../../lib/queries/leaderboard/repo-files";
import { configsQuery, REPOS_SQL } from "../../lib/queries/leaderboard/sql";
import { writeJsonFile } from "./json-file";

/** How many repositories (in repos.json order) have a file (0: none written). One model in memory at a time. */
export async function writeLeaderboardRepoFiles(
  db: NodeDb,
  meta: LeaderboardMeta,
  out: string,
  maxConfigs = REPO_FILES_MAX_CONFIGS,
): Promise<number> {
  const configs = await db.run(configsQuery);
  if (configs.length === 0 || configs.length > maxConfigs) return 0;
  const repos = await db.query<{ repo: string }>(REPOS_SQL);
  if (repos.length === 0) return 0;
  for (const [i, { repo }] of repos.entries()) {
    writeJsonFile(out, repoScopeFile(i), await computeLeaderboard(db, meta, { repos: [repo] }, { configs }));
  }
  return repos.length;
}
