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

/** Answer space → its shard count: the answers the build wrote ahead of time (lib/db/answers.ts). */
export type AnswerIndex = Record<string, number>;

export interface BuiltReleaseMeta {
  meta: ReleaseMeta;
  tables: WrittenTable[];
  trajectories: number;
  /** The answers the build wrote ahead of time, by space (lib/db/answers.ts); absent: none. */
  answers?: AnswerIndex;
  /** What the validator said when the release was built (only warnings: errors stop the build). */
  validation: { errors: number; warnings: number; rules: Record<string, number> };
}
