"use client";
// The leaderboard page's state: filters, column groups, sort and repository subset live in the URL.
// The first render uses the build-time model (so every number is in the static HTML); a repository subset
// is recomputed in the browser by the same lib/queries SQL on DuckDB-WASM, loaded only then.
import dynamic from "next/dynamic";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import { repoScopeFileFor } from "@/lib/queries/leaderboard/repo-files";
import { leaderboardForScope, type ScopedLeaderboard } from "@/lib/site/browser-queries";
import {
  columnsFor,
  defaultViewState,
  exportRecords,
  filterRows,
  marksFor,
  parseViewState,
  serializeViewState,
  toCsv,
  type ViewState,
} from "@/lib/site/leaderboard-view";
import { groupLabel } from "@/lib/site/labels";
import {
  fetchFullLeaderboard,
  filterOptions,
  hasProvenance,
  isDefaultView,
  type FilterKey,
  type LeaderboardHead,
} from "@/lib/site/leaderboard-head";
import { WhenVisible } from "@/components/site/WhenVisible";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState } from "@/components/site/useUrlState";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import { useLocalRows } from "@/components/local/useLocalRows";
import { compareHref } from "@/lib/queries/compare/url";
import { download } from "@/components/site/ExportButtons";
import { toJson } from "@/lib/site/csv";
import { exportName } from "@/lib/site/csv";
import { FilterMenu } from "./FilterMenu";
import { TaskSubsetControl } from "./TaskSubsetControl";
import { LeaderboardTable } from "./LeaderboardTable";

const RepoBreakdown = dynamic(() => import("./RepoBreakdown").then((m) => m.RepoBreakdown), { ssr: false });
const GapChart = dynamic(() => import("./GapChart").then((m) => m.GapChart), { ssr: false });

export interface LeaderboardViewProps {
  releaseId: string;
  /** The build's model: every row, or for a long release (head given) its first rows. */
  model: LeaderboardModel;
  /** A long release's head (lib/site/leaderboard-head.ts): the rest of its rows are fetched after first paint. */
  head?: LeaderboardHead | null;
  repos: { repo: string; n_tasks: number }[];
  /** The build wrote a one-repository leaderboard file for each of `repos` (release.json's leaderboard_repo_files). */
  repoFiles?: boolean;
}

export function LeaderboardView({
  releaseId,
  model: staticModel,
  head = null,
  repos,
  repoFiles = false,
}: LeaderboardViewProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [showRepos, setShowRepos] = useState(false);

  // The URL is read after hydration: the static HTML always carries the default view's numbers. Every
  // change of what is shown is a history entry, so Back and Forward walk the views (components/site/useUrlState.ts).
  const [state, update] = useUrlState<ViewState>(
    () => defaultViewState(staticModel),
    {
      parse: (search) => parseViewState(search, staticModel),
      serialize: (next) => serializeViewState(next, staticModel),
    },
    staticModel,
  );
  const [copied, setCopied] = useState(false);

  const source = useReleaseSource();
  // A long release's whole model, fetched once the page is up; any other release's is the one handed over.
  const fetched = useAsync<LeaderboardModel, [string]>(head ? [releaseId] : null, ([id]) => fetchFullLeaderboard(id));
  const whole = head ? (fetched.value ?? null) : staticModel;
  const wholeError = fetched.error;
  // Until a long release's rows are all here, the view shows its first rows and waits with what needs the rest.
  const base = whole ?? staticModel;
  // The subset names the scope; none is the whole release, already in the static model.
  const scoped = state.repos.length > 0 || state.tasks.length > 0;
  // The rates first (a partial value, one query); the task scores behind McNemar and the intervals follow.
  // A single repository's subset is a file of the build's when the release has them (no DuckDB-WASM).
  const repoList = useMemo(() => (repoFiles ? repos.map((r) => r.repo) : null), [repoFiles, repos]);
  const subset = useAsync<ScopedLeaderboard, [string, string[], string[]]>(
    scoped && whole ? [source.key, [...state.repos].sort(), [...state.tasks].sort()] : null,
    ([, scopeRepos, taskIds], { signal, partial }) =>
      leaderboardForScope(source, base, { repos: scopeRepos, taskIds }, { onRates: partial, signal }, repoList),
  );
  const pending = scoped && subset.value === undefined && subset.error === null && wholeError === null;
  const model = scoped && subset.value ? subset.value : base;
  const columns = useMemo(() => columnsFor(model, state.groups), [model, state.groups]);
  // Configurations the user opened from local files (components/local), computed in their own DuckDB schema.
  const localRows = useLocalRows(releaseId, staticModel, state.repos, state.tasks);
  // Keyed on the row filter alone: ticking a repository changes the state but not the rows while its subset is
  // computed, so the table (1,100 rows at 100× the sample) is not rebuilt under the query it waits for.
  const { harness, model: modelFilter, variant, verified } = state;
  const filter = useMemo(
    () => ({ harness, model: modelFilter, variant, verified }),
    [harness, modelFilter, variant, verified],
  );
  const rows = useMemo(() => filterRows([...model.rows, ...localRows], filter), [model, localRows, filter]);
  // A long release's first rows are marked among every row (the head's marks) until the rest is here.
  const headMarks = head && !whole && localRows.length === 0 && isDefaultView(state, staticModel) ? head.marks : null;
  const marks = useMemo(
    () => (headMarks ? new Map(Object.entries(headMarks)) : marksFor(rows, columns)),
    [headMarks, rows, columns],
  );
  const waiting = head !== null && whole === null;

  // The filter is offered when some configuration of the release carries submission provenance.
  const hasVerified = head ? head.hasVerified : hasProvenance(staticModel);
  const options = (key: FilterKey) => (head ? head.options[key] : filterOptions(staticModel, key));
  const shownRecords = () => {
    const order = state.sort ? sortedIds(rows, columns, state.sort) : rows.map((r) => r.config.config_id);
    const byId = new Map(rows.map((r) => [r.config.config_id, r]));
    return exportRecords(
      order.map((id) => byId.get(id)!),
      columns,
    );
  };
  const nTasks = model.rows[0]?.rates.overall?.[model.baseline]?.n;

  return (
    <section aria-label="leaderboard" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <FilterMenu
          label="Harness"
          options={options("harness")}
          value={state.harness}
          onChange={(v) => update({ harness: v })}
        />
        <FilterMenu
          label="Model"
          options={options("model")}
          value={state.model}
          onChange={(v) => update({ model: v })}
        />
        <FilterMenu
          label="Variant"
          options={options("variant")}
          value={state.variant}
          onChange={(v) => update({ variant: v })}
        />
        <FilterMenu
          label="Repositories"
          options={repos.map((r) => r.repo)}
          value={state.repos}
          onChange={(v) => update({ repos: v })}
        />
        {hasVerified ? (
          <label className="flex items-center gap-1" data-filter="verified">
            <input type="checkbox" checked={state.verified} onChange={() => update({ verified: !state.verified })} />
            Verified only
          </label>
        ) : null}
        <TaskSubsetControl value={state.tasks} onChange={(v) => update({ tasks: v })} />
        <span className="ml-1 flex items-center gap-2" role="group" aria-label="column groups">
          {staticModel.groups.map((g) => (
            <label key={g} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={state.groups.includes(g)}
                onChange={() =>
                  update({
                    groups: state.groups.includes(g)
                      ? state.groups.filter((x) => x !== g)
                      : staticModel.groups.filter((x) => x === g || state.groups.includes(x)),
                  })
                }
              />
              {groupLabel(g)}
            </label>
          ))}
        </span>
        <span className="ml-auto flex gap-2">
          <button
            type="button"
            className="btn"
            disabled={waiting}
            title={waiting ? "Waiting for every configuration" : undefined}
            onClick={() =>
              download(
                `${exportName(releaseId, "leaderboard", subsetName(state))}.csv`,
                "text/csv",
                toCsv(shownRecords()),
              )
            }
          >
            Export CSV
          </button>
          <button
            type="button"
            className="btn"
            disabled={waiting}
            title={waiting ? "Waiting for every configuration" : undefined}
            onClick={() =>
              download(
                `${exportName(releaseId, "leaderboard", subsetName(state))}.json`,
                "application/json",
                toJson(shownRecords()),
              )
            }
          >
            Export JSON
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              void navigator.clipboard?.writeText(window.location.href).then(
                () => setCopied(true),
                () => setCopied(false),
              );
              window.setTimeout(() => setCopied(false), 2500);
            }}
          >
            Copy permalink
          </button>
          <span
            role="status"
            className="self-center text-xs text-emerald-700 dark:text-emerald-400"
            data-testid="permalink-status"
          >
            {copied ? "Link copied" : ""}
          </span>
          <OpenLocalResults releaseId={releaseId} model={staticModel} />
          {selected.length === 2 ? (
            // A client-side link: local results (kept in the page's memory) are still there on the compare page.
            <Link
              className="btn"
              data-testid="compare-selected"
              prefetch={false}
              href={compareHref(releaseId, selected[0]!, selected[1]!)}
            >
              Compare selected
            </Link>
          ) : null}
        </span>
      </div>
      <p className="text-xs text-zinc-500" data-testid="scope">
        {scoped
          ? pending
            ? repoList && repoScopeFileFor(repoList, { repos: state.repos, taskIds: state.tasks })
              ? "Reading the subset's file…"
              : "Computing the subset in your browser (DuckDB-WASM)…"
            : subset.error
              ? `Could not compute the subset: ${subset.error}`
              : `Subset of ${nTasks} focus tasks${state.repos.length ? ` in ${state.repos.length} repositories` : ""}${state.tasks.length ? " (task list from the URL)" : ""}, ${subset.value?.origin === "static" ? "computed at build time by the same SQL (a one-repository subset)" : "computed in your browser by DuckDB-WASM"}.`
          : `All ${nTasks} focus tasks. Resolution in %, gap in points (${model.baseline} minus each other condition); a missing run counts as unresolved. Expand a row for intervals and McNemar p-values.`}
      </p>
      {head && waiting ? (
        <p className="text-xs text-zinc-500" role="status" data-testid="leaderboard-rest">
          {wholeError
            ? `Could not load every configuration (${wholeError}): showing the first ${staticModel.rows.length} of ${head.total}.`
            : `Showing the first ${staticModel.rows.length} of ${head.total} configurations while the rest load.`}
        </p>
      ) : null}
      <div className={pending ? "opacity-50" : ""} aria-busy={pending}>
        <LeaderboardTable
          rows={rows}
          columns={columns}
          marks={marks}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
          expanded={expanded}
          onExpand={setExpanded}
          selected={selected}
          onSelect={(id) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]))}
        />
      </div>
      <p className="text-xs text-zinc-500">
        <span className="font-bold">Bold</span>: highest resolution under each non-baseline condition and lowest gap,
        per group; <span className="underline decoration-2 underline-offset-4">underlined</span>: the lowest and highest
        respectively (ties included), among the rows shown.
      </p>
      <WhenVisible label="Resolution chart">
        <GapChart model={model} rows={rows} />
      </WhenVisible>
      <div>
        {showRepos ? (
          <RepoBreakdown
            releaseId={releaseId}
            model={base}
            configs={rows.map((r) => r.config)}
            onRepo={(repo) => {
              update({ repos: [repo] });
              window.scrollTo({ top: 0 });
            }}
          />
        ) : (
          <button type="button" className="btn" onClick={() => setShowRepos(true)}>
            Show per-repository breakdown
          </button>
        )}
      </div>
    </section>
  );
}

function sortedIds(
  rows: ReturnType<typeof filterRows>,
  columns: ReturnType<typeof columnsFor>,
  sort: { id: string; desc: boolean },
): string[] {
  const col = columns.find((c) => c.id === sort.id);
  const key = (r: (typeof rows)[number]) =>
    col
      ? ((col.kind === "rate" ? r.rates[col.group]?.[col.condition] : r.gaps[col.group]?.[col.condition])?.value ??
        -Infinity)
      : r.config.display_name;
  return [...rows]
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return sort.desc ? -c : c;
    })
    .map((r) => r.config.config_id);
}

/** The subset in export file names: the repositories, or how many tasks were listed. */
function subsetName(state: ViewState): string | null {
  const parts = [
    state.repos.length ? `repos-${[...state.repos].sort().join("+")}` : "",
    state.tasks.length ? `${state.tasks.length}-tasks` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("-") : null;
}
