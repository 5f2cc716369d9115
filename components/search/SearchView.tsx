"use client";
// Search every trajectory of a release through its steps index. The form and the example searches are in the
// static HTML; the index's shards load on the first search. Everything from trajectories is shown as text.
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { ExportButtons } from "@/components/site/ExportButtons";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState } from "@/components/site/useUrlState";
import { EMPTY_SEARCH, type StepHitRow, type StepSearch } from "@/lib/queries/search/sql";
import type { StepsManifest } from "@/lib/queries/search/shards";
import { searchExport, searchPage, searchSteps, type SearchResult } from "@/lib/site/browser-search";
import { runHref } from "@/lib/site/nav";
import { charsText, RESULT_CHARS } from "@/lib/site/result-bounds";
import {
  EXAMPLE_SEARCHES,
  isRunnable,
  readSearch,
  unknownSearchValues,
  writeSearch,
  type KnownSearchValues,
} from "@/lib/site/search-url";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { rowWindow } from "@/lib/trajectory/windowing";
import { HeaderRow, RowHeader, Table } from "@/components/ui/Table";

export interface SearchOptions {
  configs: { id: string; name: string }[];
  conditions: string[];
  groups: string[];
  repos: string[];
}

const ROW = 64;
const VIEWPORT = 560;

const NO_HITS: StepHitRow[] = [];

/** Rows before the end of the fetched hits at which the list asks for the next page. */
const PREFETCH_ROWS = 40;

type Item = { kind: "run"; hit: StepHitRow; steps: number } | { kind: "step"; hit: StepHitRow };

function items(hits: StepHitRow[]): Item[] {
  const out: Item[] = [];
  let prev: string | null = null;
  for (const h of hits) {
    // The run's count is of all its hits, also those on pages not fetched yet.
    if (h.run_id !== prev) out.push({ kind: "run", hit: h, steps: h.run_steps });
    out.push({ kind: "step", hit: h });
    prev = h.run_id;
  }
  return out;
}

function excerpt(h: StepHitRow, observations: boolean): string {
  // A search of commands or paths does not download the observation excerpts (the largest part of the index).
  const observation = h.observation
    ? `→ ${h.observation}`
    : !observations && h.observation_chars > 0
      ? `→ (observation of ${h.observation_chars} characters, not loaded by a search of commands or paths)`
      : null;
  const parts = [h.command && `$ ${h.command}`, h.paths && `edits ${h.paths}`, h.message, observation].filter(
    Boolean,
  ) as string[];
  return visibleControls(parts.join("  ·  ").replace(/\s+/g, " "));
}

const select = "max-w-full rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900";

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
  // A value the release does not have (an address written by hand, or for another release) is named, and the
  // search does not run: an unknown configuration has no steps to search.
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
  const unknown = useMemo(
    () => (ready ? unknownSearchValues(window.location.search, f, known) : []),
    [ready, f, known],
  );
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
  const error = searched.error;
  const busy = searched.loading;

  const update = (patch: Partial<StepSearch>) => {
    setSearch(patch);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  };

  // The pages fetched after the first, for the result shown (a new result starts again from its first page).
  const [more, setMore] = useState<{ of: SearchResult | null; hits: StepHitRow[]; error: string | null }>({
    of: null,
    hits: [],
    error: null,
  });
  const fetching = useRef<SearchResult | null>(null);
  const shown = useRef<SearchResult | null>(null);
  shown.current = result;
  const extra = more.of === result ? more.hits : NO_HITS;
  const hits = useMemo(() => (result ? [...result.hits, ...extra] : NO_HITS), [result, extra]);
  const complete = !result || hits.length >= result.steps;
  const list = useMemo(() => items(hits), [hits]);
  const win = rowWindow(scrollTop, VIEWPORT, ROW, list.length, 6);
  // A first answer (the first shard's) gets no further pages: the exact answer replaces it.
  const wantMore = Boolean(
    result && !result.partial && !complete && !more.error && win.end + PREFETCH_ROWS >= list.length,
  );
  useEffect(() => {
    if (!wantMore || !result || !manifest || fetching.current === result) return;
    const last = hits[hits.length - 1]!;
    fetching.current = result;
    const done = (next: (m: typeof more) => typeof more) => {
      if (fetching.current === result) fetching.current = null;
      // A page that arrives after another search replaced this one is dropped.
      if (shown.current === result) setMore(next);
    };
    searchPage(source, manifest, f, { run: last.run, step: last.step }).then(
      (page) => done((m) => ({ of: result, hits: [...(m.of === result ? m.hits : []), ...page], error: null })),
      (e: unknown) => done((m) => ({ ...m, error: e instanceof Error ? e.message : String(e) })),
    );
  }, [wantMore, result, manifest, hits, source, f]);
  const matchingRuns = result?.configs.reduce((a, c) => a + c.matching_runs, 0) ?? 0;
  const names = new Map(options.configs.map((c) => [c.id, c.name]));

  if (!manifest) {
    return (
      <p className="text-sm" data-testid="search-no-index">
        This release has no steps index: the build found no trajectory to index.
      </p>
    );
  }

  return (
    <div className="space-y-3">
      <form
        className="space-y-2 text-sm"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: draft });
        }}
      >
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="search-q">
            Search commands, paths and text
          </label>
          <input
            id="search-q"
            type="search"
            data-testid="search-q"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder='e.g. git -C "$d" diff'
            className="w-full max-w-md rounded border border-zinc-300 px-2 py-1 font-mono dark:border-zinc-700 dark:bg-zinc-900"
          />
          <button type="submit" className="btn" data-testid="search-go">
            Search
          </button>
          <label className="inline-flex items-center gap-1">
            <input
              type="checkbox"
              checked={f.mode === "regex"}
              onChange={(e) => update({ q: draft, mode: e.target.checked ? "regex" : "literal" })}
              data-testid="search-regex"
            />
            regular expression (RE2)
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <select
            className={select}
            aria-label="field"
            value={f.field}
            onChange={(e) => update({ q: draft, field: e.target.value as StepSearch["field"] })}
            data-testid="search-field"
          >
            <option value="all">Commands, paths and text</option>
            <option value="command">Commands</option>
            <option value="paths">Edited paths</option>
            <option value="text">Message and observation text</option>
          </select>
          <select
            className={select}
            aria-label="configuration"
            value={f.config}
            onChange={(e) => update({ q: draft, config: e.target.value })}
            data-testid="search-config"
          >
            <option value="">All configurations</option>
            {options.configs.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            className={select}
            aria-label="condition"
            value={f.condition}
            onChange={(e) => update({ q: draft, condition: e.target.value })}
          >
            <option value="">All conditions</option>
            {options.conditions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <select
            className={select}
            aria-label="group"
            value={f.group}
            onChange={(e) => update({ q: draft, group: e.target.value })}
          >
            <option value="">All groups</option>
            {options.groups.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
          <select
            className={select}
            aria-label="repository"
            value={f.repo}
            onChange={(e) => update({ q: draft, repo: e.target.value })}
          >
            <option value="">All repositories</option>
            {options.repos.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <select
            className={select}
            aria-label="request kind"
            value={f.kind}
            onChange={(e) => update({ q: draft, kind: e.target.value })}
            data-testid="search-kind"
          >
            <option value="">Any request</option>
            <option value="focus">Focus requests</option>
            <option value="interruption">Interruptions</option>
            <option value="finalization">Finalization</option>
          </select>
          <select
            className={select}
            aria-label="tool"
            value={f.tool}
            onChange={(e) => update({ q: draft, tool: e.target.value })}
          >
            <option value="">Any tool</option>
            {manifest.tools.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <select
            className={select}
            aria-label="outcome"
            value={f.outcome}
            onChange={(e) => update({ q: draft, outcome: e.target.value })}
          >
            <option value="">Any outcome</option>
            <option value="resolved">Resolved runs</option>
            <option value="unresolved">Unresolved runs</option>
          </select>
          <label className="inline-flex items-center gap-1">
            <input
              type="checkbox"
              checked={f.other}
              onChange={(e) => update({ q: draft, other: e.target.checked })}
              data-testid="search-other"
            />
            only steps reaching another task’s checkout
          </label>
        </div>
      </form>

      <section aria-labelledby="examples-h" className="text-sm">
        <h2 id="examples-h" className="font-semibold">
          Example searches
        </h2>
        <ul className="list-disc pl-5">
          {EXAMPLE_SEARCHES.map((e) => (
            <li key={e.label}>
              <a
                className="underline"
                href={writeSearch({ ...EMPTY_SEARCH, ...e.search })}
                data-testid="search-example"
                onClick={(ev) => {
                  ev.preventDefault();
                  update({ ...EMPTY_SEARCH, ...e.search });
                }}
              >
                {e.label}
              </a>{" "}
              <span className="text-xs text-zinc-500">
                ({e.signature === "cross_task_interference" ? "cross-task interference" : "requirement-state loss"})
              </span>
            </li>
          ))}
        </ul>
      </section>

      <p className="text-sm" aria-live="polite" data-testid="search-status">
        {unknown.length > 0 ? (
          <span className="text-rose-700 dark:text-rose-300" data-testid="search-unknown">
            The search did not run: the address names{" "}
            {unknown.map((u, i) => (
              <span key={u.param}>
                {i > 0 ? "; " : ""}
                <code>
                  {u.param}={visibleControls(u.value)}
                </code>{" "}
                ({u.why})
              </span>
            ))}
            . Pick from the lists above.
          </span>
        ) : error ? (
          <span className="text-rose-700 dark:text-rose-300" data-testid="search-error">
            The search failed: {error}
          </span>
        ) : busy && !result ? (
          "Searching… (the steps index loads on the first search)"
        ) : result ? (
          <span
            data-testid="search-summary"
            data-steps={result.steps}
            data-loaded={hits.length}
            data-runs={matchingRuns}
            data-complete={result.partial ? "false" : "true"}
            data-observations={result.observations ? "loaded" : "not-loaded"}
          >
            {result.partial ? "So far: " : ""}
            {matchingRuns} matching run{matchingRuns === 1 ? "" : "s"}, {result.steps} matching steps
            {result.partial
              ? ` in the first ${result.partial.loaded} of ${result.partial.of} configurations searched; the others’ steps are loading…`
              : ""}{" "}
            · {Math.round(result.ms)} ms
          </span>
        ) : isRunnable(f) ? (
          ""
        ) : (
          "Type a query (or pick an example) to search every step of every trajectory."
        )}
      </p>

      {result ? (
        <>
          <section data-export-scope className="space-y-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-semibold">Matching runs per configuration</h2>
              <ExportButtons
                releaseId={releaseId}
                view="search-configs"
                what="matching runs per configuration"
                records={() =>
                  result.configs.map((c) => ({
                    configuration: c.display_name,
                    config_id: c.config_id,
                    matching_runs: c.matching_runs,
                    runs_with_trajectory: c.runs,
                    matching_steps: c.matching_steps,
                  }))
                }
              />
            </div>
            <Table
              className="w-full text-sm"
              data-testid="search-configs"
              caption="Runs with at least one matching step, per configuration, of the runs with a trajectory in the filters"
            >
              <thead>
                <HeaderRow
                  look="quiet"
                  className="border-b border-zinc-200 text-xs dark:border-zinc-800"
                  columns={[
                    { label: "Configuration", className: "py-1" },
                    { label: "Matching runs", numeric: true },
                    { label: "of runs", numeric: true },
                    { label: "Matching steps", numeric: true },
                  ]}
                />
              </thead>
              <tbody>
                {result.configs.map((c) => (
                  <tr
                    key={c.config_id}
                    data-config={c.config_id}
                    data-matching-runs={c.matching_runs}
                    className="border-b border-zinc-100 dark:border-zinc-900"
                  >
                    <RowHeader className="py-1 text-left font-normal">{c.display_name}</RowHeader>
                    <td className="text-right tabular-nums">{c.matching_runs}</td>
                    <td className="text-right tabular-nums">{c.runs}</td>
                    <td className="text-right tabular-nums">{c.matching_steps}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {result.partial ? (
              <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="search-configs-loading">
                {result.partial.of - result.partial.loaded} more configurations are loading; their rows follow.
              </p>
            ) : null}
          </section>

          <section className="space-y-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-sm font-semibold">Matching steps, by run</h2>
              <ExportButtons
                releaseId={releaseId}
                view="search"
                what="matching steps"
                records={async () => {
                  const out = await searchExport(source, manifest, f);
                  const n = out.records.length.toLocaleString("en-US");
                  return {
                    records: out.records,
                    note: out.stopped
                      ? `The file holds the first ${n} of ${result.steps.toLocaleString("en-US")} matching steps: an export holds at most ${charsText(RESULT_CHARS)}. The steps index's Parquet download (above) has every step.`
                      : null,
                  };
                }}
              />
            </div>
            <div
              ref={listRef}
              role="list"
              aria-label="matching steps"
              data-testid="search-results"
              data-count={list.length}
              className="overflow-y-auto overflow-x-hidden rounded border border-zinc-200 dark:border-zinc-800"
              style={{ height: Math.min(VIEWPORT, Math.max(ROW, (list.length + (complete ? 0 : 1)) * ROW)) }}
              onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            >
              <div style={{ height: (list.length + (complete ? 0 : 1)) * ROW, position: "relative" }}>
                {list.slice(win.start, win.end).map((it, i) => {
                  const h = it.hit;
                  const top = (win.start + i) * ROW;
                  return it.kind === "run" ? (
                    <div
                      role="listitem"
                      key={`r-${h.run_id}`}
                      data-run={h.run_id}
                      className="absolute inset-x-0 flex flex-col justify-center overflow-hidden border-b border-zinc-200 bg-zinc-50 px-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
                      style={{ top, height: ROW }}
                    >
                      <span className="truncate font-medium">{h.run_id}</span>
                      <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                        {names.get(h.config_id) ?? h.display_name} · {h.condition} · {h.focus_task_id} (
                        {h.repo ?? "repository unknown"}, {h.task_group}) · {h.resolved ? "resolved" : "unresolved"} ·{" "}
                        {it.steps} matching step{it.steps === 1 ? "" : "s"}
                      </span>
                    </div>
                  ) : (
                    <div
                      role="listitem"
                      key={`s-${h.run_id}-${h.step}`}
                      data-hit={`${h.run_id}#${h.step}`}
                      className="absolute inset-x-0 flex flex-col justify-center overflow-hidden border-b border-zinc-100 px-2 pl-5 text-sm dark:border-zinc-900"
                      style={{ top, height: ROW }}
                    >
                      <span className="truncate">
                        <Link
                          className="underline"
                          href={runHref(releaseId, h.run_id, h.step)}
                          prefetch={false}
                          data-testid="search-hit-link"
                        >
                          step {h.step}
                        </Link>{" "}
                        <span className="text-xs text-zinc-600 dark:text-zinc-400">
                          {h.position !== null ? `request ${h.position}` : "no request"}
                          {h.request_kind ? ` (${h.request_kind}${h.task_id ? `, ${h.task_id}` : ""})` : ""} ·{" "}
                          {h.source}
                          {h.checkout ? ` · in ${h.checkout}` : ""}
                          {h.other_checkout ? " · another task’s checkout" : ""}
                          {h.tools ? ` · ${h.tools}` : ""}
                        </span>
                      </span>
                      <code className="truncate text-xs">{excerpt(h, result.observations)}</code>
                    </div>
                  );
                })}
                {complete ? null : (
                  <div
                    role="listitem"
                    className="absolute inset-x-0 flex items-center px-2 text-xs text-zinc-600 dark:text-zinc-400"
                    style={{ top: list.length * ROW, height: ROW }}
                    data-testid="search-more"
                  >
                    {more.of === result && more.error
                      ? `The next matching steps could not be loaded: ${more.error}`
                      : `Loading the next matching steps (${hits.length} of ${result.steps} shown)…`}
                  </div>
                )}
              </div>
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
