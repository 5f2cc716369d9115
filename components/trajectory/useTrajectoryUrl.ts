"use client";
// The explorer's state in the URL, null until the URL is read. The run, the search and the filters are history
// entries (a search typed is one); moving from step to step replaces the entry, so Back leaves the run's view
// rather than each step.
import { useCallback } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { HistoryMode } from "@/lib/site/url-history";
import { parseTrajectoryUrl, serializeTrajectoryUrl, type TrajectoryUrlState } from "@/lib/trajectory/url-state";

export function useTrajectoryUrl() {
  const [url, setUrl] = useUrlState<TrajectoryUrlState | null>(null, {
    parse: parseTrajectoryUrl,
    serialize: (s) => (s ? serializeTrajectoryUrl(s) : ""),
  });
  const update = useCallback(
    (patch: Partial<TrajectoryUrlState>, mode: HistoryMode = "push") =>
      setUrl((prev) => (prev ? { ...prev, ...patch } : prev), mode),
    [setUrl],
  );
  return [url, update] as const;
}
