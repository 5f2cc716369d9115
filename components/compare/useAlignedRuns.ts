"use client";
// Loads the two runs of the two-pane view: their schedules and verdicts through the release source (the
// trajectory page's queries), then both trajectories in the alignment worker, which returns the step rows, the aligned
// requests and the first divergence. A local run is read from the local release that holds it (the release
// source finds it): its rows from that release's schema, its file handed to the worker from the files the user picked.
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { paneRun, runPatchFacts, type PaneRun, type RunPatchFacts } from "@/lib/queries/trajectory/run";
import type { AlignResult, PaneRequest } from "@/lib/trajectory/align-protocol";
import { AlignWorker } from "@/lib/trajectory/align-client";
import type { FindFile } from "@/lib/files/file-asks";
import type { ReleaseSource } from "@/lib/source";
import { trajectoryUrl } from "@/lib/trajectory/url-state";

export interface AlignedRuns {
  left: PaneRun | null;
  right: PaneRun | null;
  /** Each side's patch reference, session task files and focus stages (the matched pair's ledgers and patches). */
  leftFacts: RunPatchFacts | null;
  rightFacts: RunPatchFacts | null;
  result: AlignResult | null;
  error: string | null;
}

const NO_RUN: PaneRun = { header: null, schedule: [], verdict: null };
const EMPTY: AlignedRuns = { left: null, right: null, leftFacts: null, rightFacts: null, result: null, error: null };

interface Loaded {
  run: PaneRun;
  req: PaneRequest;
  files?: FindFile;
  facts: RunPatchFacts | null;
}

/** The facts, and the ledger request they make possible; none when the tables cannot say. */
async function factsOf(
  read: () => Promise<RunPatchFacts>,
): Promise<{ facts: RunPatchFacts | null; ledger?: PaneRequest["ledger"] }> {
  try {
    const facts = await read();
    return {
      facts,
      ...(facts.focusTaskId !== null
        ? { ledger: { focusTaskId: facts.focusTaskId, stages: facts.stages, workspaces: facts.workspaces } }
        : {}),
    };
  } catch {
    return { facts: null };
  }
}

async function loadSide(src: ReleaseSource, runId: string | null, submitText: string | null): Promise<Loaded> {
  if (runId === null) return { run: NO_RUN, req: { url: null, schedule: [], verdict: null }, facts: null };
  const local = src.localRun(runId);
  if (local === null) {
    const run = await paneRun(src, runId, submitText);
    const url = run.header?.trajectory ? trajectoryUrl(src.releaseId, run.header.trajectory) : null;
    const { facts, ledger } = run.header
      ? await factsOf(() => runPatchFacts(src, runId, run.header!.session_id))
      : { facts: null, ledger: undefined };
    return { run, req: { url, schedule: run.schedule, verdict: run.verdict, ...(ledger ? { ledger } : {}) }, facts };
  }
  const found = await local;
  if (found === "gone")
    throw new Error("the local results this run is from are no longer open on this page; open them again");
  if (found === null) throw new Error(`no run ${src.shownId(runId)} among the local results opened on this page`);
  const run = await paneRun(found.source, found.runId, submitText);
  const files = found.files;
  const sessionId = run.header?.session_id;
  const { facts, ledger } = sessionId
    ? await factsOf(() => runPatchFacts(found.source, found.runId, sessionId))
    : { facts: null, ledger: undefined };
  return {
    run,
    req: {
      url: run.header?.trajectory ?? null,
      userFiles: true,
      schedule: run.schedule,
      verdict: run.verdict,
      ...(ledger ? { ledger } : {}),
    },
    files: (p) => files.find(p),
    facts,
  };
}

export function useAlignedRuns(
  leftRun: string | null,
  rightRun: string | null,
  submitText: string | null,
): AlignedRuns {
  const source = useReleaseSource();
  const aligned = useAsync<AlignedRuns, [string, string | null, string | null, string | null]>(
    leftRun === null && rightRun === null ? null : [source.key, leftRun, rightRun, submitText],
    async ([, l, r, text], { signal, partial }) => {
      // Ended when the inputs change or the view goes (the signal aborts).
      const worker = new AlignWorker();
      signal.addEventListener("abort", () => worker.terminate());
      let sides: Omit<AlignedRuns, "result" | "error"> = EMPTY;
      try {
        const left = await loadSide(source, l, text);
        const right = await loadSide(source, r, text);
        sides = { left: left.run, right: right.run, leftFacts: left.facts, rightFacts: right.facts };
        if (!signal.aborted) partial({ ...sides, result: null, error: null });
        const result = await worker.align(left.req, right.req, { left: left.files, right: right.files });
        return { ...sides, result, error: null };
      } catch (e) {
        return { ...sides, result: null, error: String(e) };
      }
    },
  );
  return aligned.value ?? EMPTY;
}
