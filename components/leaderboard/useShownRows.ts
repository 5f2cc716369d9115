"use client";
// The leaderboard's rows as shown: the model's and the local ones through the row filter, with their marks.
import { useMemo } from "react";
import type { LeaderboardModel, LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { filterRows, marksFor, type LeaderboardColumn, type ViewState } from "@/lib/site/leaderboard-view";
import type { LeaderboardHead } from "@/lib/site/leaderboard-head";

export function useShownRows({
  model,
  localRows,
  state,
  columns,
  headMarks,
}: {
  model: LeaderboardModel;
  localRows: LeaderboardRow[];
  state: ViewState;
  columns: LeaderboardColumn[];
  /** A long release's first rows are marked among every row (the head's marks) until the rest is here. */
  headMarks: LeaderboardHead["marks"] | null;
}) {
  // Keyed on the row filter alone: ticking a repository changes the state but not the rows while its subset is
  // computed, so a long release's table is not rebuilt under the query it waits for.
  const { harness, model: modelFilter, variant, verified } = state;
  const filter = useMemo(
    () => ({ harness, model: modelFilter, variant, verified }),
    [harness, modelFilter, variant, verified],
  );
  const rows = useMemo(() => filterRows([...model.rows, ...localRows], filter), [model, localRows, filter]);
  const marks = useMemo(
    () => (headMarks ? new Map(Object.entries(headMarks)) : marksFor(rows, columns)),
    [headMarks, rows, columns],
  );
  return { rows, marks };
}
