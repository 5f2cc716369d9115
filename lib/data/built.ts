// Shapes of the files `npm run data` writes next to the tables (public/data/releases.json and
// public/data/<release>/release.json). Read by the static pages and the browser.
import type { ReleaseMeta } from "./schema";

export interface ReleaseIndexEntry {
  release_id: string;
  title: string;
  version: string;
  benchmark: string;
  synthetic: boolean;
}

export interface WrittenTable {
  name: string;
  rows: number;
  arrowBytes: number;
  parquetBytes: number;
}

export interface BuiltReleaseMeta {
  meta: ReleaseMeta;
  tables: WrittenTable[];
  trajectories: number;
  /** How many run-context shards the build wrote (lib/queries/run-context/context.ts); absent: none (an older build). */
  run_context_shards?: number;
  /**
   * How many published configurations (in release order) have compare-pairs/<i>-<j>.json files for every ordered
   * pair under the default condition (lib/queries/compare/pairs.ts); absent: none (more than 30, or an older build).
   */
  compare_pairs?: number;
  /**
   * How many repositories (in repos.json order) have a leaderboard-repos/<i>.json file, their one-repository
   * leaderboard (lib/queries/leaderboard/repo-files.ts); absent: none (more than 100 configurations, or an older build).
   */
  leaderboard_repo_files?: number;
  /**
   * How many configurations (in cost.json's order) have a cost-bins/<i>.json file, their histogram bins' tasks
   * (lib/queries/cost/bin-files.ts); absent: none (more than 100 configurations, or an older build).
   */
  cost_bin_files?: number;
  /** What the validator said when the release was built (only warnings: errors stop the build). */
  validation: { errors: number; warnings: number; rules: Record<string, number> };
}
