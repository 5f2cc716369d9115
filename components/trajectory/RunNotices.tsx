// What the explorer says about a run's loading: its rows failed, it is not in the release tables, its
// trajectory failed, or the trajectory is still being read.
import { localRunId, looseLogId } from "@/lib/trajectory/url-state";
import type { RunTrajectory } from "./useRunTrajectory";

export function RunNotices({ data }: { data: RunTrajectory }) {
  return (
    <>
      {data.basicsError ? <p role="alert">The run's rows could not be loaded: {data.basicsError}</p> : null}
      {data.basics && !data.basics.header ? (
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
