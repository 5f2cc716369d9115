"use client";
// Leaderboard rows of the local releases opened on this page, computed on DuckDB-WASM in each local release's
// own schema with the view's task scope (lib/queries/leaderboard/local.ts), and appended by the leaderboard to the
// published rows, their config ids told apart from the published ones.
import { useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local";
import type { LeaderboardModel, LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { localLeaderboardRowsQuery } from "@/lib/queries/leaderboard/local";
import { valueOnEach } from "@/lib/source";
import { useAsync } from "@/components/site/useAsync";

const NONE: LeaderboardRow[] = [];

export function useLocalRows(
  releaseId: string,
  model: LeaderboardModel,
  repos: string[],
  taskIds: string[],
): LeaderboardRow[] {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const rows = useAsync<LeaderboardRow[], [number[], string[], string[]]>(
    entries.length === 0 ? null : [entries.map((e) => e.key), repos, taskIds],
    ([, r, t]) => {
      const meta = {
        groups: model.groups.filter((g) => g !== "overall"),
        conditions: model.conditions,
        baseline: model.baseline,
      };
      const scope = { repos: r, taskIds: t };
      return valueOnEach(
        entries.map((e) => e.tables),
        localLeaderboardRowsQuery,
        { meta, scope },
      ).then((rows) => rows.flat());
    },
  );
  // A local release whose rows cannot be computed adds none (the panel said why when it was opened).
  return rows.value ?? NONE;
}
