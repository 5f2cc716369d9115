"use client";
// Starts the parse worker and the trajectory download when this module is evaluated, which on the run
// page is while the page hydrates, rather than after hydration in an effect: a large file then arrives
// a few hundred milliseconds sooner. The run's file is found in the run index (one small shard), then read
// (an archive entry by range). The hook adopts the load when it asks for the same run.
import type { RunIndexEntry } from "@/lib/queries/run-context/run-index";
import { locateRun, trajectoryPathOf } from "@/lib/site/run-locator";
import type { StepRow } from "@/lib/trajectory/rows";
import { localRunId, parseTrajectoryUrl, trajectoryUrl } from "@/lib/trajectory/url-state";
import { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import type { TrajectorySummary } from "@/lib/trajectory/worker-protocol";

export interface EarlyLoad {
  key: string;
  worker: TrajectoryWorker;
  located: Promise<RunIndexEntry | null>;
  /** The load of the located file, under its URL; null when the run has no trajectory (or is unknown). */
  load: Promise<{ url: string; result: { summary: TrajectorySummary; rows: StepRow[] } } | null>;
  preview: StepRow[] | null;
}

const RUN_PAGE = /^\/r\/([a-z0-9-]+)\/run\/?$/;
let early: EarlyLoad | null = null;

function start(): void {
  if (typeof window === "undefined" || typeof Worker === "undefined") return;
  const page = RUN_PAGE.exec(window.location.pathname);
  const runId = parseTrajectoryUrl(window.location.search).runId;
  // A local run's files are the user's, handed over by the page once it knows them: nothing to fetch.
  if (!page || runId === null || localRunId(runId) !== null) return;
  const releaseId = page[1]!;
  const worker = new TrajectoryWorker();
  const located = locateRun(releaseId, runId);
  const load = located.then(async (found) => {
    const path = trajectoryPathOf(runId, found);
    const url = path !== null ? trajectoryUrl(releaseId, path) : null;
    return url === null ? null : { url, result: await worker.load(url) };
  });
  const entry: EarlyLoad = { key: `${releaseId}\u0000${runId}`, worker, located, load, preview: null };
  located.catch(() => undefined);
  entry.load.catch(() => undefined); // the hook reads the outcome; nothing is lost unhandled
  worker.onPreview = (rows) => {
    entry.preview = rows;
  };
  early = entry;
}

start();

/** The load started for this run at page start, once: later calls (another run, a remount) start their own. */
export function adoptEarlyLoad(releaseId: string, runId: string): EarlyLoad | null {
  const e = early;
  if (!e || e.key !== `${releaseId}\u0000${runId}`) return null;
  early = null;
  return e;
}
