"use client";
// Search runs in the worker over every step; the list then jumps to the first match at or after the current
// step, which renders that row even if it was far out of view. Enter and Shift+Enter walk the matches.
import { useMemo, useRef } from "react";
import { useAsync } from "@/components/site/useAsync";
import type { SearchResult } from "@/lib/trajectory/search";
import type { RunTrajectory } from "./useRunTrajectory";

const SEARCH_DEBOUNCE_MS = 200;

export function useTrajectorySearch(
  data: RunTrajectory,
  query: string,
  selected: number | null,
  select: (n: number) => void,
) {
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  // The steps searched: the run's, first the early ones, then the whole file.
  const { worker, rows } = data;
  const searched = useAsync<SearchResult | null, [number, string, number, boolean]>(
    worker && rows && query.trim() !== "" ? [worker.id, query, rows.length, data.partial] : null,
    async ([, q], { signal }) => {
      await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS));
      if (signal.aborted) return null;
      const result = await worker!.search(q).catch(() => null);
      if (!result || signal.aborted) return result;
      const from = selectedRef.current ?? 1;
      const hit = result.steps.find((n) => n >= from) ?? result.steps[0];
      if (hit !== undefined && hit !== from) select(hit);
      return result;
    },
  );
  const result = searched.value ?? null;
  const matches = useMemo(() => new Set(result?.steps ?? []), [result]);
  const nextMatch = (dir: 1 | -1) => {
    const list = result?.steps ?? [];
    if (list.length === 0 || selected === null) return;
    const target =
      dir === 1
        ? (list.find((n) => n > selected) ?? list[0])
        : ([...list].reverse().find((n) => n < selected) ?? list[list.length - 1]);
    if (target !== undefined) select(target);
  };
  return { result, pending: searched.loading, matches, nextMatch };
}

export type TrajectorySearch = ReturnType<typeof useTrajectorySearch>;
