"use client";
// Loads one run's trajectory and everything beside it through the release source (lib/source): the run's
// header names its file, which the worker reads while the rest of the run's rows arrive (for a published run
// they come from the build's answer files, one small file for the run and one for its session). The steps are
// shown as soon as they are parsed; the analysis (tags, ledger) runs once, when the steps and all the run's rows
// are in, so a tag appears in its final form.
import { looseLog } from "@/lib/local";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { ReleaseSource } from "@/lib/source";
import { analysisContextOf } from "@/lib/queries/run-context/context";
import {
  runBasics,
  runPatchFacts,
  runVerdict,
  type RunBasics,
  type RunPatchFacts,
  type RunVerdict,
} from "@/lib/queries/trajectory/run";
import type { StepRows } from "@/lib/trajectory/packed-rows";
import { errorText } from "@/lib/trajectory/error-text";
import { taintInputOf } from "@/lib/trajectory/patch-taint";
import { looseLogId, trajectoryUrl } from "@/lib/trajectory/url-state";
import { TrajectoryLoadError, TrajectoryWorker } from "@/lib/trajectory/worker-client";
import type { Analysis, AnalysisContext, TrajectorySummary } from "@/lib/trajectory/worker-protocol";
import type { FindFile } from "@/lib/files/file-asks";

export interface RunTrajectory {
  worker: TrajectoryWorker | null;
  summary: TrajectorySummary | null;
  /** The steps' rows, read back one at a time (lib/trajectory/packed-rows.ts). */
  rows: StepRows | null;
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
  return /\.(zip|eval)#/i.test(url) ? url.slice(0, url.indexOf("#")) : url;
}

/** Where a run's rows are read: the view's source, or the local release that holds the run. */
type RowSource = Pick<ReleaseSource, "run">;

type PatchAt = (ref: string) => { url: string; local?: boolean } | null;

function context(
  rows: Pick<RunTrajectory, "basics" | "verdict" | "facts">,
  submitText: string | null,
  patchAt: PatchAt,
): AnalysisContext {
  const { basics, verdict, facts } = rows;
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

export function useRunTrajectory(runId: string | null, submitText: string | null): RunTrajectory {
  const source = useReleaseSource();
  const loaded = useAsync<RunTrajectory, [string, string, string | null]>(
    runId === null ? null : [source.key, runId, submitText],
    ([, id, text], { signal, partial }) => loadRun(source, id, text, signal, partial),
  );
  return loaded.value ?? EMPTY;
}

/** The run's header, schedule, checkouts and annotations; null when they cannot be read (the page says why). */
async function loadBasics(
  rows: RowSource | null,
  runId: string,
  patch: (p: Partial<RunTrajectory>) => void,
): Promise<RunBasics | null> {
  if (rows === null) return { header: null, schedule: [], workspaces: [], annotations: [] };
  try {
    return await runBasics(rows, runId);
  } catch (e) {
    patch({ basicsError: errorText(e) });
    return null;
  }
}

/** The verdict and the ledger's facts of a run the release has (its header names the session). */
async function loadVerdictAndFacts(
  rows: RowSource | null,
  runId: string,
  basics: RunBasics | null,
  patch: (p: Partial<RunTrajectory>) => void,
): Promise<Pick<RunTrajectory, "basics" | "verdict" | "facts">> {
  const header = basics?.header;
  if (!header || rows === null) return { basics, verdict: null, facts: null };
  const [verdict, facts] = await Promise.all([
    runVerdict(rows, runId).catch((e: unknown) => {
      patch({ verdictError: errorText(e) });
      return null;
    }),
    // Without them there is no ledger and no marks; the steps and the verdict are unaffected.
    runPatchFacts(rows, runId, header.session_id).catch(() => null),
  ]);
  return { basics, verdict, facts };
}

/**
 * Where the run's rows and file are: the published release, the local release that holds the run, or an agent
 * log opened without a release (no rows: no schedule, verdict or ledger; `path` names its file).
 */
type Target =
  { rows: RowSource | null; runId: string; files: FindFile | null; path?: string } | { stop: Partial<RunTrajectory> };

async function targetOf(source: ReleaseSource, runId: string): Promise<Target> {
  const loose = looseLogId(runId);
  if (loose) {
    const log = looseLog(loose.key, loose.index);
    if (log === null) return { stop: { localGone: true } };
    return { rows: null, runId, files: (p) => log.files.find(p), path: log.path };
  }
  const local = source.localRun(runId);
  if (local === null) return { rows: source, runId, files: null };
  try {
    const found = await local;
    if (found === "gone") return { stop: { localGone: true } };
    if (found === null)
      return { stop: { loadError: "No run by that id among the local results opened on this page." } };
    return { rows: found.source, runId: found.runId, files: (p) => found.files.find(p) };
  } catch (e) {
    return { stop: { basicsError: errorText(e) } };
  }
}

/** Why a trajectory could not be shown, as the page says it. */
function loadErrorOf(error: unknown, path: string, local: boolean, knownRun: boolean): string {
  if (local && error instanceof TrajectoryLoadError && error.status === 404)
    return `The run's trajectory ${path} is not among the files you picked.`;
  if (!knownRun && error instanceof TrajectoryLoadError && error.status === 404)
    return "No such run in this release, and no trajectory file by that name.";
  return `The trajectory could not be read: ${errorText(error)}`;
}

/**
 * Every arrival is shown at once (`show`); the promise settles when nothing more is on its way. The worker is
 * ended when the inputs change or the view goes (`signal`).
 */
async function loadRun(
  source: ReleaseSource,
  runId: string,
  submitText: string | null,
  signal: AbortSignal,
  show: (s: RunTrajectory) => void,
): Promise<RunTrajectory> {
  const worker = new TrajectoryWorker();
  signal.addEventListener("abort", () => worker.terminate());
  let state: RunTrajectory = { ...EMPTY, worker };
  const patch = (p: Partial<RunTrajectory>) => {
    state = { ...state, ...p };
    if (!signal.aborted) show(state);
  };
  patch({});
  worker.onSubagents = (summary) => patch({ summary });
  worker.onPreview = (rows: StepRows) => {
    if (signal.aborted) return;
    performance.mark(PREVIEW_MARK);
    if (!(state.rows && !state.partial)) patch({ rows, partial: true });
  };
  const target = await targetOf(source, runId);
  if ("stop" in target) {
    patch(target.stop);
    return state;
  }
  // The header names the file: the worker reads it while the verdict and the ledger's facts arrive.
  const basics = loadBasics(target.rows, target.runId, patch);
  const steps = loadSteps(worker, source.releaseId, target, basics, patch);
  const all = await loadVerdictAndFacts(target.rows, target.runId, await basics, patch);
  patch(all);
  if (!(await steps)) return state;
  // A local run's patch is among the user's files: the worker asks for it by path, as for the trajectory.
  const patchAt: PatchAt = (ref) => {
    if (target.files) return worker.hasLocalFiles ? { url: ref, local: true } : null;
    const url = trajectoryUrl(source.releaseId, ref);
    return url === null ? null : { url };
  };
  try {
    patch({ analysis: await worker.analyze(context(all, submitText, patchAt)) });
  } catch (e) {
    patch({ loadError: `analysis failed: ${errorText(e)}` });
  }
  return state;
}

/**
 * The run's file, read by the worker as soon as the header names it. A run the release does not know may still
 * publish a file by its name (`trajectories/<run_id>.json`). True when the steps are in.
 */
async function loadSteps(
  worker: TrajectoryWorker,
  releaseId: string,
  target: Exclude<Target, { stop: Partial<RunTrajectory> }>,
  loaded: Promise<RunBasics | null>,
  patch: (p: Partial<RunTrajectory>) => void,
): Promise<boolean> {
  const basics = await loaded;
  if (!basics) return false;
  const header = basics.header;
  const local = target.files !== null;
  const path = target.path ?? (header ? header.trajectory : local ? null : `trajectories/${target.runId}.json`);
  if (path === null) {
    patch(local ? { loadError: "This local run has no trajectory file." } : { noTrajectory: true });
    return false;
  }
  const url = local ? path : trajectoryUrl(releaseId, path);
  if (url === null) {
    patch({
      loadError: `The trajectory could not be read: the run's trajectory path "${path}" is outside the release`,
    });
    return false;
  }
  try {
    const { summary, rows: steps } = await worker.load(url, target.files ?? undefined);
    performance.mark(LOADED_MARK);
    patch({ summary, rows: steps, partial: false, loadError: null, rawUrl: local ? null : rawUrlOf(summary.url) });
    return true;
  } catch (e) {
    patch({ loadError: loadErrorOf(e, path, local, header !== null) });
    return false;
  }
}
