// What the leaderboard's numbers are over: every focus task or the subset (being computed, failed, or from where
// it came), and while a long release's rest loads, how many of its configurations are shown.
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import type { ViewState } from "@/lib/site/leaderboard-view";
import type { LeaderboardHead } from "@/lib/site/leaderboard-head";

export function ScopeNote({
  model,
  state,
  scoped,
  pending,
  subset,
}: {
  /** The model shown: the subset's, or the whole release's. */
  model: LeaderboardModel;
  state: ViewState;
  scoped: boolean;
  pending: boolean;
  subset: { error: string | null; origin?: string };
}) {
  const nTasks = model.rows[0]?.rates.overall?.[model.baseline]?.n;
  return (
    <p className="text-xs text-zinc-500" data-testid="scope">
      {scoped
        ? pending
          ? state.repos.length === 1 && state.tasks.length === 0
            ? "Reading the subset's answers…"
            : "Computing the subset in your browser (DuckDB-WASM)…"
          : subset.error
            ? `Could not compute the subset: ${subset.error}`
            : `Subset of ${nTasks} focus tasks${state.repos.length ? ` in ${state.repos.length} repositories` : ""}${state.tasks.length ? " (task list from the URL)" : ""}, ${subset.origin === "static" ? "computed at build time by the same SQL (a one-repository subset)" : "computed in your browser by DuckDB-WASM"}.`
        : `All ${nTasks} focus tasks. Resolution in %, gap in points (${model.baseline} minus each other condition); a missing run counts as unresolved. Expand a row for intervals and McNemar p-values.`}
    </p>
  );
}

/** While a long release's rest loads: how many of its configurations are shown, or why the rest failed. */
export function RestNote({
  head,
  waiting,
  wholeError,
  firstRows,
}: {
  head: LeaderboardHead | null;
  waiting: boolean;
  wholeError: string | null;
  /** How many configurations the build's model holds (a long release's first rows). */
  firstRows: number;
}) {
  return head && waiting ? (
    <p className="text-xs text-zinc-500" role="status" data-testid="leaderboard-rest">
      {wholeError
        ? `Could not load every configuration (${wholeError}): showing the first ${firstRows} of ${head.total}.`
        : `Showing the first ${firstRows} of ${head.total} configurations while the rest load.`}
    </p>
  ) : null;
}
