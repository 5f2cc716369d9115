// The search page's door: the steps index's shards (only those the search needs, lib/queries/steps-shards.ts)
// and the run tables it joins, loaded into DuckDB-WASM on the first search; then the lib/queries SQL.
import { loadTableParts, releaseDb } from "../db/wasm";
import {
  searchByConfigSql,
  stepSearchSql,
  type SearchConfigRow,
  type StepHitRow,
  type StepSearch,
} from "../queries/step-search";
import { shardsFor, STEPS_TABLE, type StepsManifest } from "../queries/steps-shards";

const RUN_TABLES = ["runs", "sessions", "configs", "tasks"] as const;

export interface SearchResult {
  hits: StepHitRow[];
  configs: SearchConfigRow[];
  /** Shards this search needed (bytes as written, before HTTP compression). */
  shards: number;
  shardBytes: number;
  ms: number;
}

/** Loads the shards of the configurations searched (all when none is chosen); each shard is loaded once. */
export async function loadSteps(releaseId: string, manifest: StepsManifest, configs: readonly string[]) {
  const shards = shardsFor(manifest, configs);
  const [db] = await Promise.all([
    releaseDb(releaseId, RUN_TABLES),
    loadTableParts(
      releaseId,
      STEPS_TABLE,
      shards.map((s) => `/data/${releaseId}/${s.file}`),
    ),
  ]);
  return { db, shards };
}

export async function searchSteps(releaseId: string, manifest: StepsManifest, f: StepSearch): Promise<SearchResult> {
  const t0 = performance.now();
  const { db, shards } = await loadSteps(releaseId, manifest, f.config ? [f.config] : []);
  const configs = await db.query<SearchConfigRow>(searchByConfigSql(f));
  const hits = await db.query<StepHitRow>(stepSearchSql(f));
  performance.mark("search:results");
  return {
    hits,
    configs,
    shards: shards.length,
    shardBytes: shards.reduce((a, s) => a + s.bytes, 0),
    ms: performance.now() - t0,
  };
}
