"use client";
// Loads one run's trajectory and everything beside it, in the order the page needs them: the trajectory
// first (parsed in the worker: the steps appear as soon as it is parsed), then the run's rows from
// DuckDB-WASM (schedule, checkouts, annotations), then the verdict (the largest table). Each arrival
// re-runs the analysis in the worker. DuckDB starts only after the trajectory is parsed, so the two do
// not compete for the CPU while the first step is on its way. On a fresh page the load was already started
// by early-load.ts; the hook adopts it.
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { ReleaseSource } from "@/lib/source/release-source";
import { runBasics, runVerdict, type RunBasics, type RunVerdict } from "@/lib/site/browser-trajectory";
import { staticRunContext } from "@/lib/site/run-context-locator";
import { locateRun, trajectoryPathOf } from "@/lib/site/run-locator";
import { analysisContextOf } from "@/lib/queries/run-context/context";
import { runPatchFacts, type RunPatchFacts } from "@/lib/site/browser-patch";
import type { StepRow } from "@/lib/trajectory/rows";
import { errorText } from "@/lib/trajectory/error-text";
import { taintInputOf } from "@/lib/trajectory/patch-taint";
import { trajectoryUrl } from "@/lib/trajectory/url-state";
import { TrajectoryLoadError, TrajectoryWorker } from "@/lib/trajectory/worker-client";
import { adoptEarlyLoad } from "./early-load";
import type { Analysis, AnalysisContext, TrajectorySummary } from "@/lib/trajectory/worker-protocol";

export interface RunTrajectory {
  worker: TrajectoryWorker | null;
  summary: TrajectorySummary | null;
  rows: StepRow[] | null;
  /** The rows are the first steps only, shown while the whole file is still being read. */
  partial: boolean;
  loadError: string | null;
  analysis: Analysis | null;
  basics: RunBasics | null;
  basicsError: string | null;
  verdict: RunVerdict | null;
  verdictError: string | null;
  /** A local run asked for on a page where no local release is open (a reload forgets them). */
  localGone: boolean;
  /** Where the raw file can be downloaded: the published file; none for a local run (the user has it). */
  rawUrl: string | null;
  /** The run is in the release but publishes no trajectory: the page shows its verdict, schedule and usage. */
  noTrajectory: boolean;
  /** The run's patch reference, the session tasks' files and the focus stages (ledger and final patch). */
  facts: RunPatchFacts | null;
}

const EMPTY: RunTrajectory = {
  worker: null,
  summary: null,
  rows: null,
  partial: false,
  loadError: null,
  analysis: null,
  basics: null,
  basicsError: null,
  verdict: null,
  verdictError: null,
  localGone: false,
  rawUrl: null,
  noTrajectory: false,
  facts: null,
};

export const FIRST_STEP_MARK = "trajectory:first-step";
/** Performance marks the bench and the browser tests read: the first steps shown early, the whole file parsed. */
export const PREVIEW_MARK = "trajectory:preview";
export const LOADED_MARK = "trajectory:loaded";

/** A download link for the raw file: an archive entry has none of its own (the archive is the download). */
function rawUrlOf(url: string): string | null {
  return url.includes(".zip#") ? url.slice(0, url.indexOf("#")) : url;
}

function context(
  basics: RunBasics | null,
  verdict: RunVerdict | null,
  submitText: string | null,
  facts: RunPatchFacts | null,
  patchAt: (ref: string) => { url: string; local?: boolean } | null,
): AnalysisContext {
  const ctx = analysisContextOf({
    focusTaskId: basics?.header?.focus_task_id ?? null,
    schedule: basics?.schedule ?? [],
    workspaces: basics?.workspaces ?? [],
    verdictTests: verdict?.tests ?? null,
    annotations: basics?.annotations ?? [],
    submitText,
  });
  if (!facts) return ctx;
  // The final patch is the cross-task detector's evidence too: the worker reads it beside the trajectory.
  const at = facts.patch !== null && ctx.focusTaskId !== null ? patchAt(facts.patch) : null;
  const patch =
    at !== null && basics
      ? {
          ...at,
          taint: taintInputOf(
            ctx.focusTaskId!,
            facts.files,
            basics.schedule.map((r) => ({ task_id: r.task_id, text: r.text })),
            ctx.workspaces,
          ),
        }
      : null;
  return { ...ctx, stages: facts.stages, patch };
}

/** `contextShards`: the release's run-context shard count (release.json), null when the build wrote none. */
export function useRunTrajectory(
  runId: string | null,
  submitText: string | null,
  contextShards: number | null = null,
): RunTrajectory {
  const source = useReleaseSource();
  const loaded = useAsync<RunTrajectory, [string, string, string | null, number | null]>(
    runId === null ? null : [source.key, runId, submitText, contextShards],
    ([, id, text, shards], { signal, partial }) => loadRun(source, id, text, shards, signal, partial),
  );
  return loaded.value ?? EMPTY;
}

/**
 * Every arrival is shown at once (`show`); the promise settles when nothing more is on its way. The worker is
 * ended when the inputs change or the view goes (`signal`).
 */
async function loadRun(
  source: ReleaseSource,
  runId: string,
  submitText: string | null,
  contextShards: number | null,
  signal: AbortSignal,
  show: (s: RunTrajectory) => void,
): Promise<RunTrajectory> {
  const releaseId = source.releaseId;
  const early = adoptEarlyLoad(releaseId, runId);
  const worker = early?.worker ?? new TrajectoryWorker();
  signal.addEventListener("abort", () => worker.terminate());
  let state: RunTrajectory = { ...EMPTY, worker, ...(early?.preview ? { rows: early.preview, partial: true } : {}) };
  const set = (next: RunTrajectory) => {
    state = next;
    if (!signal.aborted) show(state);
  };
  const patch = (p: Partial<RunTrajectory>) => set({ ...state, ...p });
  if (early?.preview) performance.mark(PREVIEW_MARK);
  set(state);
  worker.onSubagents = (summary) => patch({ summary });
  worker.onPreview = (rows: StepRow[]) => {
    if (signal.aborted) return;
    performance.mark(PREVIEW_MARK);
    if (!(state.rows && !state.partial)) patch({ rows, partial: true });
  };

  let basics: RunBasics | null = null;
  let verdict: RunVerdict | null = null;
  let facts: RunPatchFacts | null = null;
  let loaded = false;
  // A local run's patch is among the user's files: the worker asks for it by path, as for the trajectory.
  const patchAt = (ref: string) => {
    if (source.origin(runId) === "local") return worker.hasLocalFiles ? { url: ref, local: true } : null;
    const url = trajectoryUrl(releaseId, ref);
    return url === null ? null : { url };
  };
  // Each arrival re-runs the analysis; the load is over when the last one has answered.
  const analyses: Promise<void>[] = [];
  const analyze = () => {
    if (!loaded) return;
    analyses.push(
      worker.analyze(context(basics, verdict, submitText, facts, patchAt)).then(
        (analysis) => patch({ analysis }),
        (e: unknown) => patch({ loadError: `analysis failed: ${errorText(e)}` }),
      ),
    );
  };
  const settled = async () => {
    for (let n = 0; n < analyses.length; n++) await analyses[n];
    return state;
  };
  const loaded_ = (summary: TrajectorySummary, rows: StepRow[]) => {
    loaded = true;
    performance.mark(LOADED_MARK);
    patch({ summary, rows, partial: false, loadError: null, rawUrl: rawUrlOf(summary.url) });
    analyze();
  };

  // The focus stages (for the ledger) and the patch facts, small tables read after the run's rows.
  const loadFacts = async (read: () => Promise<RunPatchFacts>) => {
    try {
      facts = await read();
      patch({ facts });
    } catch {
      // Without them there is no ledger and no marks; the steps and the verdict are unaffected.
    }
  };
  // The final tests' verdict, after the steps: the detectors read both.
  const loadVerdict = async (read: () => Promise<RunVerdict>) => {
    try {
      verdict = await read();
      patch({ verdict });
    } catch (e) {
      patch({ verdictError: errorText(e) });
    }
    analyze();
  };

  // A local run: its rows first (they name the trajectory file), then the file, handed to the worker from
  // the files the user picked; nothing is fetched.
  const local = source.localRun(runId);
  if (local !== null) {
    let found: Awaited<typeof local>;
    try {
      found = await local;
    } catch (e) {
      patch({ basicsError: errorText(e) });
      return settled();
    }
    if (found === "gone") {
      patch({ localGone: true });
      return settled();
    }
    if (found === null) {
      patch({ loadError: "No run by that id among the local results opened on this page." });
      return settled();
    }
    const { source: rows, runId: id, files } = found;
    try {
      basics = await runBasics(rows, id);
    } catch (e) {
      patch({ basicsError: errorText(e) });
      return settled();
    }
    patch({ basics });
    const path = basics.header?.trajectory ?? null;
    if (path === null) {
      patch({ loadError: "This local run has no trajectory file." });
    } else {
      try {
        const { summary, rows: steps } = await worker.load(path, (p) => files.find(p));
        loaded = true;
        patch({ summary, rows: steps, partial: false, loadError: null });
      } catch (e) {
        const missing = e instanceof TrajectoryLoadError && e.status === 404;
        patch({
          loadError: missing
            ? `The run's trajectory ${path} is not among the files you picked.`
            : `The trajectory could not be read: ${errorText(e)}`,
        });
      }
    }
    await loadFacts(() => runPatchFacts(rows, id));
    analyze();
    await loadVerdict(() => runVerdict(rows, id));
    return settled();
  }

  // A published run: its verdict, schedule and usage come from the build's static shards, fetched beside
  // the trajectory (no DuckDB-WASM on this path); a build without them falls back to DuckDB after the file.
  const fromStatic: Promise<boolean> =
    contextShards === null
      ? Promise.resolve(false)
      : staticRunContext(releaseId, runId, contextShards).then(
          (c) => {
            basics = c.basics;
            verdict = c.verdict;
            patch({ basics, verdict });
            analyze();
            return true;
          },
          () => false,
        );
  // The run index names its trajectory (or says it has none) before DuckDB starts; the file is read while
  // the run's rows load after it.
  const located = early?.located ?? locateRun(releaseId, runId);
  const first: Promise<"loaded" | "none" | "unknown" | { error: unknown }> = (async () => {
    try {
      const found = await located;
      const path = trajectoryPathOf(runId, found);
      if (path === null) return "none";
      const url = trajectoryUrl(releaseId, path);
      if (url === null) return { error: new Error(`the run's trajectory path "${path}" is outside the release`) };
      try {
        const adopted = early ? await early.load : null;
        const { summary, rows } = adopted?.url === url ? adopted.result : await worker.load(url);
        loaded_(summary, rows);
        return "loaded";
      } catch (error) {
        return found === null && error instanceof TrajectoryLoadError && error.status === 404 ? "unknown" : { error };
      }
    } catch (error) {
      return { error };
    }
  })();
  const outcome = await first;
  if (outcome === "none") patch({ noTrajectory: true });
  else if (outcome === "unknown")
    patch({ loadError: "No such run in this release, and no trajectory file by that name." });
  else if (outcome !== "loaded") patch({ loadError: `The trajectory could not be read: ${errorText(outcome.error)}` });
  if (await fromStatic) {
    // The ledger's stages and the patch facts are not in the static shards: DuckDB-WASM reads them after
    // the verdict is shown, so nothing the page shows first waits for it.
    if ((basics as RunBasics | null)?.header) {
      await loadFacts(() => runPatchFacts(source, runId));
      analyze();
    }
    return settled();
  }
  try {
    basics = await runBasics(source, runId);
    patch({ basics });
  } catch (e) {
    patch({ basicsError: errorText(e) });
  }
  if (basics?.header) await loadFacts(() => runPatchFacts(source, runId));
  analyze();
  if (basics?.header) await loadVerdict(() => runVerdict(source, runId));
  return settled();
}
