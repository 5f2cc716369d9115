"use client";
// One configuration's intervals clustered by repository, far − near and repeat metrics, for its expanded row:
// one keyed query on the release source (the build's answer file of that configuration, or DuckDB-WASM with local
// results open) and the pure functions of lib/queries/uncertainty, over the leaderboard model's own repository or
// task subset, so the expansion describes the rows the table shows.
import { useAsync, type AsyncState } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { LeaderboardModel, LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { OVERALL } from "@/lib/queries/leaderboard/sql";
import { computeConfigUncertainty } from "@/lib/queries/uncertainty/model";
import type { ConfigUncertainty } from "@/lib/queries/uncertainty/types";
import type { LeaderboardColumn } from "@/lib/site/leaderboard-view";

export type RowUncertainty = ConfigUncertainty & { reps: number; seed: number };

/** What of the leaderboard's model the expansion needs: the release's conditions and groups, and the subset shown. */
export type LeaderboardStudy = Pick<LeaderboardModel, "baseline" | "conditions" | "groups" | "scope">;

/** An expanded row's parts (CellDetail, RowUncertainty): the row, the columns shown and the study. */
export interface RowDetailProps {
  row: LeaderboardRow;
  columns: LeaderboardColumn[];
  study: LeaderboardStudy;
}

export function useRowUncertainty(configId: string, study: LeaderboardStudy): AsyncState<RowUncertainty> {
  const source = useReleaseSource();
  const groups = study.groups.filter((g) => g !== OVERALL);
  const repos = [...(study.scope.repos ?? [])].sort();
  const taskIds = [...(study.scope.taskIds ?? [])].sort();
  return useAsync<RowUncertainty, [string, string, string, string[], string[], string[], string[]]>(
    [source.key, configId, study.baseline, study.conditions, groups, repos, taskIds],
    ([, id, baseline, conditions, groups, repos, taskIds]) =>
      computeConfigUncertainty(source, { baseline, conditions, groups }, id, { repos, taskIds }),
  );
}
