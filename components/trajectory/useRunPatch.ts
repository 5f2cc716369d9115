"use client";
// Reads a run's submitted patch in the parse worker when asked (the final-patch tab, the matched pair), by
// range like a trajectory, and marks it against the session's tasks (lib/trajectory/patch-taint.ts).
import { useEffect, useState } from "react";
import type { RunPatchFacts } from "@/lib/site/browser-patch";
import { errorText } from "@/lib/trajectory/parse-text";
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
    // A local run's patch is read from the picked files by the worker that loaded its trajectory (the
    // trajectory page's); a worker with no local files (the compare page's) cannot.
    const local = localRunId(runId) !== null;
    if (local && !worker.hasLocalFiles) {
      setState({
        status: "none",
        message: `The patch of a local run (${ref}) is read on its trajectory page; open the file from your folder.`,
      });
      return;
    }
    const url = local ? ref : trajectoryUrl(releaseId, ref);
    if (url === null) {
      setState({ status: "error", message: `The run's patch path "${ref}" is outside the release.` });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    const taint = taintInputOf(ctx!.focusTaskId, facts!.files, ctx!.requests, ctx!.workspaces);
    worker.patch(url, taint, local).then(
      (view) => live && setState({ status: "ready", view }),
      (e: unknown) => live && setState({ status: "error", message: `The patch could not be read: ${errorText(e)}` }),
    );
    return () => {
      live = false;
    };
    // ctx and facts are read when the reference changes; their identity changes on every render.
  }, [enabled, worker, releaseId, runId, ref, known]);
  return state;
}
