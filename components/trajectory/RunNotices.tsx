// What the explorer says about a run's loading: its rows failed, it is not in the release tables, its
// trajectory failed, or the trajectory is still being read.
import { localRunId, looseLogId } from "@/lib/trajectory/url-state";
import type { RunTrajectory } from "./useRunTrajectory";

export function RunNotices({ data, runId }: { data: RunTrajectory; runId: string }) {
  return (
    <>
      {data.basicsError ? <p role="alert">The run's rows could not be loaded: {data.basicsError}</p> : null}
      {looseLogId(runId) !== null ? (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="loose-log-notice">
          An agent log opened on this page, not a run of a release: no schedule, verdict or annotations, so no requests
          by the schedule and no signature tags.
        </p>
      ) : data.basics && !data.basics.header ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          This run is not in the release tables: no schedule, verdict or annotations.
        </p>
      ) : null}
      {data.loadError ? (
        <p role="alert" data-testid="load-error">
          {data.loadError}
        </p>
      ) : null}
    </>
  );
}

export function TrajectoryLoading({ runId }: { runId: string }) {
  return (
    <p className="text-sm text-zinc-500">
      {localRunId(runId) !== null || looseLogId(runId) !== null
        ? "Reading your local trajectory file (in a worker)…"
        : "Fetching and parsing the trajectory (in a worker)…"}
    </p>
  );
}
