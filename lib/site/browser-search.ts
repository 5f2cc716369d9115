// The search page's queries: the steps index's shards (only those the search needs, lib/queries/steps-shards.ts)
// are loaded into the release's DuckDB-WASM schema first; the search queries, which name the run tables they join,
// then run on the view's release source.
import { loadTableParts } from "../db/wasm";
import {
  searchByConfigQuery,
  stepSearchQuery,
  type SearchConfigRow,
  type StepHitRow,
  type StepSearch,
} from "../queries/step-search";
import { shardsFor, STEPS_TABLE, type StepsManifest } from "../queries/steps-shards";
import type { ReleaseSource } from "../source/release-source";

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
  await loadTableParts(
    releaseId,
    STEPS_TABLE,
    shards.map((s) => `/data/${releaseId}/${s.file}`),
  );
  return shards;
}

export async function searchSteps(src: ReleaseSource, manifest: StepsManifest, f: StepSearch): Promise<SearchResult> {
  const t0 = performance.now();
  // The run tables the search joins are fetched while the shards load.
  const [shards] = await Promise.all([
    loadSteps(src.releaseId, manifest, f.config ? [f.config] : []),
    src.prepare([stepSearchQuery, searchByConfigQuery]),
  ]);
  const configs = await src.run(searchByConfigQuery, f);
  const hits = await src.run(stepSearchQuery, f);
  performance.mark("search:results");
  return {
    hits,
    configs,
    shards: shards.length,
    shardBytes: shards.reduce((a, s) => a + s.bytes, 0),
    ms: performance.now() - t0,
  };
}
