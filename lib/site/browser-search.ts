// The search page's door: the steps index's files (lib/queries/search/shards.ts) loaded into DuckDB-WASM on the
// first search, only those the search needs: the step_index shards of the configurations searched, step_runs
// and step_contexts (small), and the texts of the fields shown (commands, paths, messages) plus the
// observations only when the search matches in them. Then the lib/queries SQL; no table of the release itself.
import { loadTableParts, releaseDb } from "../db/wasm";
import { appendTextsSql, CREATE_EMPTY_TEXTS_SQL } from "../queries/search/index-tables";
import {
  fieldsOf,
  SEARCH_PAGE,
  searchByConfigQuery,
  stepSearchQuery,
  type HitKey,
  type SearchConfigRow,
  type StepHitRow,
  type StepSearch,
} from "../queries/search/sql";
import { searchFiles, STEPS_TABLES, type StepsManifest } from "../queries/search/shards";
import type { ReleaseSource } from "../source/release-source";
import { runOn } from "../source/published";

export interface SearchResult {
  /** The first page of hits (SEARCH_PAGE); searchPage gives the next ones. */
  hits: StepHitRow[];
  configs: SearchConfigRow[];
  /** Every matching step (the configurations' sum): the list holds this many once every page is fetched. */
  steps: number;
  /** Files this search needed (bytes as written, before HTTP compression). */
  files: number;
  bytes: number;
  /** The observation excerpts are loaded (else a hit's observation is null; its length is observation_chars). */
  observations: boolean;
  ms: number;
}

const loadedObservations = new Set<string>();

/** Loads what a search needs; each file is loaded once per page. */
export async function loadSteps(releaseId: string, manifest: StepsManifest, f: StepSearch) {
  const { fields, texts, shards, files } = searchFiles(manifest, f.config ? [f.config] : [], fieldsOf(f.field));
  const url = (file: string) => `/data/${releaseId}/${file}`;
  const [db] = await Promise.all([
    releaseDb(releaseId, []),
    loadTableParts(releaseId, STEPS_TABLES.runs, [url(manifest.runs.file)]),
    loadTableParts(releaseId, STEPS_TABLES.contexts, [url(manifest.contexts.file)]),
    loadTableParts(
      releaseId,
      STEPS_TABLES.texts,
      texts.map((t) => url(t.file)),
      { create: CREATE_EMPTY_TEXTS_SQL, append: appendTextsSql },
    ),
    loadTableParts(
      releaseId,
      STEPS_TABLES.index,
      shards.map((s) => url(s.file)),
    ),
  ]);
  if (fields.includes("observation")) loadedObservations.add(releaseId);
  return { db, files };
}

export async function searchSteps(src: ReleaseSource, manifest: StepsManifest, f: StepSearch): Promise<SearchResult> {
  const t0 = performance.now();
  // The search reads only the steps index's own tables, loaded into the published release's DuckDB-WASM
  // schema (never local results'), so it runs there whatever source the view has.
  const { db, files } = await loadSteps(src.releaseId, manifest, f);
  performance.mark("search:loaded");
  const configs = await runOn(db, searchByConfigQuery, [f]);
  performance.mark("search:counts");
  const hits = await runOn(db, stepSearchQuery, [{ search: f, after: null, limit: SEARCH_PAGE }]);
  performance.mark("search:results");
  return {
    hits,
    configs,
    steps: configs.reduce((a, c) => a + c.matching_steps, 0),
    files: files.length,
    bytes: files.reduce((a, s) => a + s.bytes, 0),
    observations: loadedObservations.has(src.releaseId),
    ms: performance.now() - t0,
  };
}

/** The hits after `after` (from the first without), at most `limit`: the next page of a search already run. */
export async function searchPage(
  src: ReleaseSource,
  manifest: StepsManifest,
  f: StepSearch,
  after: HitKey | null,
  limit = SEARCH_PAGE,
): Promise<StepHitRow[]> {
  const { db } = await loadSteps(src.releaseId, manifest, f);
  return runOn(db, stepSearchQuery, [{ search: f, after, limit }]);
}
