// The search page's door. A literal search of three characters or more reads the n-gram index
// (lib/queries/search/gram-search.ts, docs/search.md) by HTTP Range: a few small reads, no DuckDB-WASM. Any
// other search (a regular expression, a shorter query, filters alone, or a query so common that the index
// would read more than its limit) loads the steps index's files (lib/queries/search/shards.ts) into
// DuckDB-WASM, only those the search needs: the step_index shards of the configurations searched, step_runs
// and step_contexts (small), and the texts of the fields shown (commands, paths, messages) plus the
// observations only when the search matches in them. Then the lib/queries SQL; no table of the release itself.
// Both answer the same rows (lib/queries/search/gram-search.test.ts).
import { loadTableParts, partsRequested, prefetchTables, publishedFile, releaseDb } from "../db/wasm";
import type { Db } from "../db/types";
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
import { searchFiles, STEPS_TABLES, textFieldsFor, type StepsManifest } from "../queries/search/shards";
import type { GramsManifest } from "../queries/search/gram-files";
import { GramSearch, gramRefusal } from "../queries/search/gram-search";
import { GramStore, type GramSource } from "../queries/search/gram-store";
import { unzlibSync } from "fflate";
import { boundHit, BoundedHits } from "./search-bounds";
import type { ReleaseSource } from "./release-source";
import { runOn } from "./published";

export interface SearchResult {
  /** The first page of hits (SEARCH_PAGE, or GRAM_FIRST_PAGE from the n-gram index); searchPage gives the next ones. */
  hits: StepHitRow[];
  configs: SearchConfigRow[];
  /** Every matching step (the configurations' sum): the list holds this many once every page is fetched. */
  steps: number;
  /**
   * A first answer while the index still loads: only the configurations in `configs` are searched yet (the
   * others' shards are loading), and the counts are theirs. Null once every shard the search needs is in.
   */
  partial: { loaded: number; of: number } | null;
  /** Files (DuckDB path) or byte ranges (n-gram path) this search read, and their bytes before HTTP compression. */
  files: number;
  bytes: number;
  /** The observation excerpts are loaded (else a hit's observation is null; its length is observation_chars). */
  observations: boolean;
  ms: number;
}

const loadedObservations = new Set<string>();

async function ok(res: Response, file: string): Promise<Response> {
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status} ${res.statusText}`);
  return res;
}

/** The n-gram index's files of a release, read by HTTP Range (a host that ignores Range sends the whole file). */
function rangeSource(releaseId: string): GramSource {
  return {
    async read({ file, start, end }) {
      const res = await ok(
        await fetch(publishedFile(releaseId, file), { headers: { Range: `bytes=${start}-${end - 1}` } }),
        file,
      );
      const buf = new Uint8Array(await res.arrayBuffer());
      return res.status === 206 ? buf : buf.subarray(start, end);
    },
    async json<T>(file: string) {
      return (await (await ok(await fetch(publishedFile(releaseId, file)), file)).json()) as T;
    },
  };
}

// fflate, not DecompressionStream: a search inflates hundreds of blocks of a few hundred bytes, and a stream
// per block costs far more than the inflating.
const inflate = (data: Uint8Array, size: number): Promise<Uint8Array> =>
  Promise.resolve(unzlibSync(data, { out: new Uint8Array(size) }));

/**
 * Hits of an n-gram search's first answer: each costs a read of its step row and of its texts' blocks, and a
 * selective query's hits are often one per run, each in another place; the list asks for the next pages
 * (SEARCH_PAGE) as it is scrolled, long before they are in view.
 */
const GRAM_FIRST_PAGE = 50;

const grams = new Map<string, GramSearch>();

/** The release's n-gram search (one per page, so what it has read is read once), or null without an index. */
function gramSearch(releaseId: string, manifest: GramsManifest | null): GramSearch | null {
  if (!manifest) return null;
  let g = grams.get(releaseId);
  if (!g) {
    g = new GramSearch(new GramStore(manifest, rangeSource(releaseId), inflate));
    grams.set(releaseId, g);
  }
  return g;
}

/** The n-gram index's answer from `after`, or null when the search is DuckDB's (gram-search.ts gramRefusal). */
async function gramAnswer(
  releaseId: string,
  manifest: StepsManifest,
  f: StepSearch,
  after: HitKey | null,
  limit: number,
) {
  const g = gramRefusal(f) ? null : gramSearch(releaseId, manifest.grams);
  if (!g) return null;
  const shown = textFieldsFor(fieldsOf(f.field));
  const before = { ...g.store.stats };
  const r = await g.search(f, shown, after, limit);
  if (!r) return null;
  const stats = { files: g.store.stats.requests - before.requests, bytes: g.store.stats.bytes - before.bytes };
  return { ...r, ...stats, observations: shown.includes("observation") };
}

/**
 * Loads what a search needs; each file is loaded once per page. `upTo` loads only the first shards (a first
 * answer); the rest then go in as one insert.
 */
export async function loadSteps(releaseId: string, manifest: StepsManifest, f: StepSearch, upTo?: number) {
  const { fields, texts, shards, files } = searchFiles(manifest, f.config ? [f.config] : [], fieldsOf(f.field));
  const wanted = shards.slice(0, upTo ?? shards.length).map((s) => publishedFile(releaseId, s.file));
  const [db] = await Promise.all([
    releaseDb(releaseId, []),
    loadTableParts(releaseId, STEPS_TABLES.runs, [publishedFile(releaseId, manifest.runs.file)]),
    loadTableParts(releaseId, STEPS_TABLES.contexts, [publishedFile(releaseId, manifest.contexts.file)]),
    loadTableParts(
      releaseId,
      STEPS_TABLES.texts,
      texts.map((t) => publishedFile(releaseId, t.file)),
      { create: CREATE_EMPTY_TEXTS_SQL, append: appendTextsSql },
    ),
    loadTableParts(releaseId, STEPS_TABLES.index, wanted.slice(0, 1)).then(() =>
      loadTableParts(releaseId, STEPS_TABLES.index, wanted, undefined, { joined: true }),
    ),
  ]);
  if (fields.includes("observation")) loadedObservations.add(releaseId);
  return { db, files, shards };
}

async function answer(
  db: Db,
  f: StepSearch,
  configs: string[] | undefined,
): Promise<Pick<SearchResult, "hits" | "configs" | "steps">> {
  const byConfig = await runOn(db, searchByConfigQuery, [{ search: f, configs }]);
  performance.mark("search:counts");
  // step_index holds only the shards loaded, so the hits are of those configurations already.
  const hits = (await runOn(db, stepSearchQuery, [{ search: f, after: null, limit: SEARCH_PAGE }])).map(boundHit);
  return { hits, configs: byConfig, steps: byConfig.reduce((a, c) => a + c.matching_steps, 0) };
}

/**
 * Runs a search. When its shards are not all loaded yet, `partial` gets a first answer over the first shard
 * (one configuration) as soon as it is in, then the rest load and the exact answer is returned.
 */
export async function searchSteps(
  src: ReleaseSource,
  manifest: StepsManifest,
  f: StepSearch,
  partial?: (r: SearchResult) => void,
): Promise<SearchResult> {
  const t0 = performance.now();
  // The search reads only the steps index's own tables, loaded into the published release's DuckDB-WASM
  // schema (never local results'), so it runs there whatever source the view has.
  const { shards, files } = searchFiles(manifest, f.config ? [f.config] : [], fieldsOf(f.field));
  // Without a shard there is no step_index to search (DuckDB would answer with its own catalog error).
  if (shards.length === 0)
    throw new Error(
      f.config
        ? `config “${f.config}”: no configuration of this release's steps index has this id`
        : "this release's steps index has no steps",
    );
  const viaGrams = await gramAnswer(src.releaseId, manifest, f, null, GRAM_FIRST_PAGE);
  if (viaGrams) {
    performance.mark("search:results");
    return { ...viaGrams, hits: viaGrams.hits.map(boundHit), partial: null, ms: performance.now() - t0 };
  }
  const result = (r: Awaited<ReturnType<typeof answer>>, partial: SearchResult["partial"]): SearchResult => ({
    ...r,
    files: files.length,
    bytes: files.reduce((a, s) => a + s.bytes, 0),
    partial,
    observations: loadedObservations.has(src.releaseId),
    ms: performance.now() - t0,
  });
  const all = shards.map((s) => publishedFile(src.releaseId, s.file));
  if (partial && shards.length > 1 && !partsRequested(src.releaseId, STEPS_TABLES.index, all)) {
    // Every shard downloads from the start; the first is inserted and searched while the others arrive.
    prefetchTables(all);
    const { db } = await loadSteps(src.releaseId, manifest, f, 1);
    performance.mark("search:loaded-first");
    const first = await answer(db, f, [shards[0]!.config_id]);
    performance.mark("search:partial");
    partial(result(first, { loaded: 1, of: shards.length }));
  }
  const { db } = await loadSteps(src.releaseId, manifest, f);
  performance.mark("search:loaded");
  const exact = await answer(db, f, undefined);
  performance.mark("search:results");
  return result(exact, null);
}

/** The hits after `after` (from the first without), at most `limit`: the next page of a search already run. */
export async function searchPage(
  src: ReleaseSource,
  manifest: StepsManifest,
  f: StepSearch,
  after: HitKey | null,
  limit = SEARCH_PAGE,
): Promise<StepHitRow[]> {
  return (await rawPage(src, manifest, f, after, limit)).map(boundHit);
}

/** A page of hits as the index holds them (searchPage bounds them for the list, BoundedHits for an export). */
async function rawPage(
  src: ReleaseSource,
  manifest: StepsManifest,
  f: StepSearch,
  after: HitKey | null,
  limit: number,
): Promise<StepHitRow[]> {
  const viaGrams = await gramAnswer(src.releaseId, manifest, f, after, limit);
  if (viaGrams) return viaGrams.hits;
  const { db } = await loadSteps(src.releaseId, manifest, f);
  return runOn(db, stepSearchQuery, [{ search: f, after, limit }]);
}

/** Hits an export fetches at a time. */
const EXPORT_PAGE = 2000;

/**
 * Every matching step for the export, page by page, until the export's bound (lib/source/search-bounds.ts):
 * `stopped` when a hit did not fit, and no page after it is read.
 */
export async function searchExport(src: ReleaseSource, manifest: StepsManifest, f: StepSearch): Promise<BoundedHits> {
  const out = new BoundedHits();
  let after: HitKey | null = null;
  for (;;) {
    const page = await rawPage(src, manifest, f, after, EXPORT_PAGE);
    if (!out.add(page) || page.length < EXPORT_PAGE) return out;
    const last = page[page.length - 1]!;
    after = { run: last.run, step: last.step };
  }
}
