"use client";
// Starts the parse worker and the trajectory download when this module is evaluated, which on the run
// page is while the page hydrates, rather than after hydration in an effect: a large file then arrives
// a few hundred milliseconds sooner. The hook adopts the load when it asks for the same run.
import type { StepRow } from "@/lib/trajectory/rows";
import { localRunId, parseTrajectoryUrl, trajectoryUrl } from "@/lib/trajectory/url-state";
import { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import type { TrajectorySummary } from "@/lib/trajectory/worker-protocol";

export interface EarlyLoad {
  key: string;
  worker: TrajectoryWorker;
  load: Promise<{ summary: TrajectorySummary; rows: StepRow[] }>;
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
  const url = trajectoryUrl(page[1]!, `trajectories/${runId}.json`);
  if (url === null) return;
  const worker = new TrajectoryWorker();
  const entry: EarlyLoad = { key: `${page[1]}\u0000${runId}`, worker, load: worker.load(url), preview: null };
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
