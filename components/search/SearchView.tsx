"use client";
// Search every trajectory of a release through its steps index. The form and the example searches are in the
// static HTML; the index's shards load on the first search. Everything from trajectories is shown as text.
import { useCallback, useMemo, useRef, useState } from "react";
import { ExportButtons } from "@/components/site/ExportButtons";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState } from "@/components/site/useUrlState";
import { EMPTY_SEARCH, type HitKey, type StepSearch } from "@/lib/queries/search/sql";
import type { StepsManifest } from "@/lib/queries/search/shards";
import { charsText, RESULT_CHARS, searchExport, searchPage, type SearchResult, searchSteps } from "@/lib/source";
import {
  isRunnable,
  readSearch,
  unknownSearchValues,
  writeSearch,
  type KnownSearchValues,
} from "@/lib/site/search-url";
import { ExampleSearches } from "./ExampleSearches";
import { SearchConfigs } from "./SearchConfigs";
import { SearchForm } from "./SearchForm";
import { SearchHits } from "./SearchHits";
import { SearchStatus } from "./SearchStatus";
import { useSearchHits } from "./useSearchHits";

export interface SearchOptions {
  configs: { id: string; name: string }[];
  conditions: string[];
  groups: string[];
  repos: string[];
}

export function SearchView({
  releaseId,
  manifest,
  options,
}: {
  releaseId: string;
  manifest: StepsManifest | null;
  options: SearchOptions;
}) {
  // A search run (submitted, or a filter changed) is a history entry: Back returns to the previous search.
  const [f, setSearch, ready] = useUrlState<StepSearch>(EMPTY_SEARCH, { parse: readSearch, serialize: writeSearch });
  const unknown = useUnknownValues(f, ready, options, manifest);
  // The text typed but not yet searched; it follows the search shown (a submit, Back, Forward).
  const [typed, setTyped] = useState({ q: f.q, text: f.q });
  const draft = typed.q === f.q ? typed.text : f.q;
  const setDraft = (text: string) => setTyped({ q: f.q, text });
  const [scrollTop, setScrollTop] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const source = useReleaseSource();
  // The search's own query string names it (lib/site/search-url.ts).
  const searched = useAsync<SearchResult, [string, string]>(
    manifest && isRunnable(f) && unknown.length === 0 ? [source.key, writeSearch(f)] : null,
    (_inputs, { partial }) => searchSteps(source, manifest!, f, partial),
  );
  const result = searched.value ?? null;

  const update = (patch: Partial<StepSearch>) => {
    setSearch(patch);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  };

  const fetchPage = useCallback((after: HitKey) => searchPage(source, manifest!, f, after), [source, manifest, f]);
  const page = useSearchHits(result, scrollTop, manifest ? fetchPage : null);
  const matchingRuns = result?.configs.reduce((a, c) => a + c.matching_runs, 0) ?? 0;
  const names = new Map(options.configs.map((c) => [c.id, c.name]));

  if (!manifest) {
    return (
      <p className="text-sm" data-testid="search-no-index">
        This release has no steps index: the build found no trajectory to index.
      </p>
    );
  }
  const lists = { ...options, tools: manifest.tools };

  return (
    <div className="space-y-3">
      <SearchForm f={f} draft={draft} onDraft={setDraft} update={update} lists={lists} />

      <ExampleSearches onPick={update} />

      <SearchStatus
        unknown={unknown}
        error={searched.error}
        busy={searched.loading}
        result={result}
        loaded={page.hits.length}
        matchingRuns={matchingRuns}
        runnable={isRunnable(f)}
      />

      {result ? (
        <>
          <SearchConfigs releaseId={releaseId} configs={result.configs} partial={result.partial} />

          <section className="space-y-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-semibold">Matching steps, by run</h2>
              <ExportButtons
                releaseId={releaseId}
                view="search"
                what="matching steps"
                records={() => exportSteps(source, manifest, f, result.steps)}
              />
            </div>
            <SearchHits
              releaseId={releaseId}
              listRef={listRef}
              page={page}
              onScroll={setScrollTop}
              names={names}
              result={result}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}

/** Every matching step for the export, up to an export's bound; the note says when the file stops short. */
async function exportSteps(
  source: ReturnType<typeof useReleaseSource>,
  manifest: StepsManifest,
  f: StepSearch,
  steps: number,
) {
  const out = await searchExport(source, manifest, f);
  const n = out.records.length.toLocaleString("en-US");
  return {
    records: out.records,
    note: out.stopped
      ? `The file holds the first ${n} of ${steps.toLocaleString("en-US")} matching steps: an export holds at most ${charsText(RESULT_CHARS)}. The steps index's Parquet download (above) has every step.`
      : null,
  };
}

/**
 * A value the release does not have (an address written by hand, or for another release) is named, and the
 * search does not run: an unknown configuration has no steps to search.
 */
function useUnknownValues(f: StepSearch, ready: boolean, options: SearchOptions, manifest: StepsManifest | null) {
  const known = useMemo<KnownSearchValues>(
    () => ({
      configs: [...options.configs.map((c) => c.id), ...(manifest?.shards.map((s) => s.config_id) ?? [])],
      conditions: options.conditions,
      groups: options.groups,
      repos: options.repos,
      tools: manifest?.tools ?? [],
    }),
    [options, manifest],
  );
  return useMemo(() => (ready ? unknownSearchValues(window.location.search, f, known) : []), [ready, f, known]);
}
