"use client";
// Reads a run's submitted patch in the parse worker when asked (the final-patch tab, the matched pair), by
// range like a trajectory, and marks it against the session's tasks (lib/trajectory/patch-taint.ts).
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { RunPatchFacts } from "@/lib/site/browser-patch";
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
  const url = ref === null ? null : trajectoryUrl(releaseId, ref);
  const local = source.origin(runId) === "local";
  // ctx and facts are read when the reference changes (their identity changes on every render).
  const read = useAsync<PatchState, [number, string, string]>(
    enabled && worker && runId !== null && known && url !== null && !local ? [worker.id, runId, url] : null,
    async ([, , u]) => {
      try {
        const view = await worker!.patch(
          u,
          taintInputOf(ctx!.focusTaskId, facts!.files, ctx!.requests, ctx!.workspaces),
        );
        return { status: "ready", view };
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
  if (local)
    return {
      status: "none",
      message: `The patch of a local run (${ref}) is not read here yet; open the file from your folder.`,
    };
  if (url === null) return { status: "error", message: `The run's patch path "${ref}" is outside the release.` };
  return read.value ?? LOADING;
}
