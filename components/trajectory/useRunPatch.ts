"use client";
// Reads a run's submitted patch in the parse worker when asked (the final-patch tab, the matched pair), by
// range like a trajectory, and marks it against the session's tasks (lib/trajectory/patch-taint.ts).
import { useEffect, useState } from "react";
import type { RunPatchFacts } from "@/lib/site/browser-patch";
import { errorText } from "@/lib/trajectory/error-text";
import { taintInputOf } from "@/lib/trajectory/patch-taint";
import { localRunId, trajectoryUrl } from "@/lib/trajectory/url-state";
import type { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import type { PatchState } from "./PatchPanel";

export interface PatchContext {
  focusTaskId: string;
  workspaces: Record<string, string>;
  requests: { task_id: string; text: string | null }[];
}

export function useRunPatch(
  worker: TrajectoryWorker | null,
  releaseId: string,
  runId: string | null,
  facts: RunPatchFacts | null,
  ctx: PatchContext | null,
  enabled: boolean,
): PatchState {
  const [state, setState] = useState<PatchState>({ status: "loading" });
  const ref = facts?.patch ?? null;
  const known = facts !== null && ctx !== null;
  useEffect(() => {
    if (enabled && runId === null) {
      setState({ status: "none", message: "No run." });
      return;
    }
    if (!enabled || !worker || runId === null || !known) return;
    if (ref === null) {
      setState({
        status: "none",
        message: "This run names no submitted patch (the release does not carry it, or the run was never finalized).",
      });
      return;
    }
    if (localRunId(runId) !== null) {
      setState({
        status: "none",
        message: `The patch of a local run (${ref}) is not read here yet; open the file from your folder.`,
      });
      return;
    }
    const url = trajectoryUrl(releaseId, ref);
    if (url === null) {
      setState({ status: "error", message: `The run's patch path "${ref}" is outside the release.` });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    worker.patch(url, taintInputOf(ctx.focusTaskId, facts.files, ctx.requests, ctx.workspaces)).then(
      (view) => live && setState({ status: "ready", view }),
      (e: unknown) => live && setState({ status: "error", message: `The patch could not be read: ${errorText(e)}` }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ctx and facts are read when the reference changes; their identity changes on every render.
  }, [enabled, worker, releaseId, runId, ref, known]);
  return state;
}
