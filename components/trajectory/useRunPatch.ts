"use client";
// Reads a run's submitted patch in the parse worker when asked (the final-patch tab, the matched pair), by
// range like a trajectory, and marks it against the session's tasks (lib/trajectory/patch-taint.ts).
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { RunPatchFacts } from "@/lib/queries/trajectory/run";
import { errorText } from "@/lib/trajectory/error-text";
import { taintInputOf } from "@/lib/trajectory/patch-taint";
import { trajectoryUrl } from "@/lib/trajectory/url-state";
import type { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import type { PatchState } from "./PatchPanel";

const LOADING: PatchState = { status: "loading" };

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
  const source = useReleaseSource();
  const ref = facts?.patch ?? null;
  const known = facts !== null && ctx !== null;
  const local = runId !== null && source.origin(runId) === "local";
  // A local run's patch is read from the picked files by the worker that loaded its trajectory (the
  // trajectory page's); a worker with no local files (the compare page's) cannot.
  const readable = !local || (worker?.hasLocalFiles ?? false);
  const url = ref === null ? null : local ? ref : trajectoryUrl(releaseId, ref);
  // ctx and facts are read when the reference changes (their identity changes on every render).
  const read = useAsync<PatchState, [number, string, string, boolean]>(
    enabled && worker && runId !== null && known && url !== null && readable ? [worker.id, runId, url, local] : null,
    async ([, , u, isLocal]) => {
      try {
        const taint = taintInputOf(ctx!.focusTaskId, facts!.files, ctx!.requests, ctx!.workspaces);
        return { status: "ready", view: await worker!.patch(u, taint, isLocal) };
      } catch (e) {
        return { status: "error", message: `The patch could not be read: ${errorText(e)}` };
      }
    },
  );
  if (enabled && runId === null) return { status: "none", message: "No run." };
  if (!enabled || !worker || runId === null || !known) return LOADING;
  if (ref === null)
    return {
      status: "none",
      message: "This run names no submitted patch (the release does not carry it, or the run was never finalized).",
    };
  if (!readable)
    return {
      status: "none",
      message: `The patch of a local run (${ref}) is read on its trajectory page; open the file from your folder.`,
    };
  if (url === null) return { status: "error", message: `The run's patch path "${ref}" is outside the release.` };
  return read.value ?? LOADING;
}
