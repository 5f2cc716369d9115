"use client";
// The leaderboard page's state: filters, column groups, sort and repository subset live in the URL.
// The first render uses the build-time model (so every number is in the static HTML); a repository subset
// is recomputed in the browser by the same lib/queries SQL on DuckDB-WASM, loaded only then.
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { computeLeaderboard, type LeaderboardModel, type LeaderboardOptions } from "@/lib/queries/leaderboard/model";
import type { TaskScope } from "@/lib/queries/leaderboard/sql";
import { type ReleaseSource, watchEngine } from "@/lib/source";
import {
  columnsFor,
  defaultViewState,
  parseViewState,
  serializeViewState,
  type ViewState,
} from "@/lib/site/leaderboard-view";
import { fullLeaderboard, isDefaultView, type LeaderboardHead } from "@/lib/site/leaderboard-head";
import { WhenVisible } from "@/components/site/WhenVisible";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState } from "@/components/site/useUrlState";
import { useLocalRows } from "@/components/local/useLocalRows";
import { LeaderboardActions } from "./LeaderboardActions";
import { LeaderboardFilters } from "./LeaderboardFilters";
import { LeaderboardTable } from "./LeaderboardTable";
import { RepoBreakdownToggle } from "./RepoBreakdownToggle";
import { RestNote, ScopeNote } from "./ScopeNote";
import { useShownRows } from "./useShownRows";

const GapChart = dynamic(() => import("./GapChart").then((m) => m.GapChart), { ssr: false });

export interface LeaderboardViewProps {
  releaseId: string;
  /** The build's model: every row, or for a long release (head given) its first rows. */
  model: LeaderboardModel;
  /** A long release's head (lib/site/leaderboard-head.ts): the rest of its rows are fetched after first paint. */
  head?: LeaderboardHead | null;
  repos: { repo: string; n_tasks: number }[];
  /** What the marks and ranks claim (RankLegend), rendered by the page so its text is not in the page's script. */
  legend?: React.ReactNode;
}

export function LeaderboardView({ releaseId, model: staticModel, head = null, repos, legend }: LeaderboardViewProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

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

  const source = useReleaseSource();
  // A long release's whole model, asked once the page is up; any other release's is the one handed over.
  const fetched = useAsync<LeaderboardModel, [string]>(head ? [releaseId] : null, () =>
    fullLeaderboard(source.published, staticModel),
  );
  const whole = head ? (fetched.value ?? null) : staticModel;
  const wholeError = fetched.error;
  // Until a long release's rows are all here, the view shows its first rows and waits with what needs the rest.
  const base = whole ?? staticModel;
  // The subset names the scope; none is the whole release, already in the static model.
  const scoped = state.repos.length > 0 || state.tasks.length > 0;
  // The rates first (a partial value, one query); the task scores behind McNemar and the intervals follow.
  // A single repository's subset is answered by the build (lib/queries/ahead.ts): no DuckDB-WASM.
  const subset = useAsync<ScopedLeaderboard, [string, string[], string[]]>(
    scoped && whole ? [source.key, [...state.repos].sort(), [...state.tasks].sort()] : null,
    ([, scopeRepos, taskIds], { signal, partial }) =>
      leaderboardForScope(source, base, { repos: scopeRepos, taskIds }, { onRates: partial, signal }),
  );
  const pending = scoped && subset.value === undefined && subset.error === null && wholeError === null;
  const model = scoped && subset.value ? subset.value : base;
  const columns = useMemo(() => columnsFor(model, state.groups), [model, state.groups]);
  // Configurations the user opened from local files (components/local), computed in their own DuckDB schema.
  const localRows = useLocalRows(releaseId, staticModel, state.repos, state.tasks);
  // A long release's first rows are marked among every row (the head's marks) until the rest is here.
  const headMarks = head && !whole && localRows.length === 0 && isDefaultView(state, staticModel) ? head.marks : null;
  const { rows, marks } = useShownRows({ model, localRows, state, columns, headMarks });
  const waiting = head !== null && whole === null;

  return (
    <section aria-label="leaderboard" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <LeaderboardFilters staticModel={staticModel} head={head} repos={repos} state={state} update={update} />
        <LeaderboardActions
          releaseId={releaseId}
          staticModel={staticModel}
          state={state}
          rows={rows}
          columns={columns}
          waiting={waiting}
          selected={selected}
        />
      </div>
      <ScopeNote
        model={model}
        state={state}
        scoped={scoped}
        pending={pending}
        subset={{ error: subset.error, origin: subset.value?.origin }}
      />
      <RestNote head={head} waiting={waiting} wholeError={wholeError} firstRows={staticModel.rows.length} />
      <div className={pending ? "opacity-50" : ""} aria-busy={pending}>
        <LeaderboardTable
          rows={rows}
          columns={columns}
          study={model}
          marks={marks}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
          expanded={expanded}
          onExpand={setExpanded}
          selected={selected}
          onSelect={(id) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]))}
        />
      </div>
      {legend}
      <WhenVisible label="Resolution chart">
        <GapChart model={model} rows={rows} />
      </WhenVisible>
      <RepoBreakdownToggle
        releaseId={releaseId}
        model={base}
        configs={rows.map((r) => r.config)}
        onRepo={(repo) => {
          update({ repos: [repo] });
          window.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}

/** A subset's model and where it came from: the build's answers, or a query engine in the page. */
type ScopedLeaderboard = LeaderboardModel & { origin?: "static" };

async function leaderboardForScope(
  src: ReleaseSource,
  model: LeaderboardModel,
  scope: TaskScope,
  opts: LeaderboardOptions,
): Promise<ScopedLeaderboard> {
  const meta = {
    groups: model.groups.filter((g) => g !== "overall"),
    conditions: model.conditions,
    baseline: model.baseline,
  };
  const watched = watchEngine(src);
  // The configurations come from the static model (the build's run of the same configs query).
  const scoped = await computeLeaderboard(watched.source, meta, scope, {
    configs: model.rows.map((r) => r.config),
    ...opts,
  });
  return watched.usedEngine() ? scoped : { ...scoped, origin: "static" };
}
