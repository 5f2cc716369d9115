"use client";
// The "Open local results" button of the leaderboard, cost and compare pages. The panel (file reading, checks,
// DuckDB loading) is a separate chunk fetched on the first click. The releases opened stay in the page's
// store (lib/local/store.ts) while the user moves between these pages.
import dynamic from "next/dynamic";
import { useState, useSyncExternalStore } from "react";
import { benchOf, emptyEntries, localEntries, type PublishedBench, subscribeLocal } from "@/lib/local";
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";

const LocalPanel = dynamic(() => import("./LocalPanel").then((m) => m.LocalPanel), {
  ssr: false,
  loading: () => (
    <p className="absolute right-0 z-20 mt-1 rounded border bg-white p-3 text-sm dark:bg-zinc-900">Loading…</p>
  ),
});

/** `bench` (or the leaderboard `model` it is taken from) describes the published release. */
export function OpenLocalResults({
  releaseId,
  model,
  bench,
}: {
  releaseId: string;
  model?: LeaderboardModel;
  bench?: PublishedBench;
}) {
  const [open, setOpen] = useState(false);
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  return (
    <div className="relative">
      <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Open local results{entries.length ? ` (${entries.length})` : ""}
      </button>
      {open ? <LocalPanel releaseId={releaseId} bench={bench ?? benchOf(model!)} /> : null}
    </div>
  );
}
