// The parse worker: fetches and parses the trajectory off the main thread, keeps it, and answers the page's
// questions (rows, analysis, one step's detail, search). Only same-origin paths next to the trajectory are
// ever fetched (chain.ts siblingPath); a local run's files are not fetched at all but handed over by the page.
import { fileAsker, fileRefText } from "../files/file-asks";
import { refuseBySize } from "../files/limits";
import { fileRefSize, openFileRef } from "../files/run-files";
import { analyzeTrajectory, rowsOf, summarize } from "./analyze";
import { loadTrajectory, resolveSubagentFiles } from "./chain";
import { HttpError, openRemote } from "./open-remote";
import { parseTrajectoryText } from "./parse-text";
import { patchTaintFacts, type TaintFact, type TaintInput } from "./patch-taint";
import { MAX_PATCH_BYTES, patchView } from "./patch-view";
import { stepDetail } from "./detail";
import type { Trajectory } from "./model";
import { packedTransfer, packRows } from "./packed-rows";
import { previewSteps } from "./preview";
import { readStep } from "./read-step";
import { stepRow, type StepRow } from "./rows";
import { searchSteps } from "./search";
import { WarningSink } from "./warnings";
import { concatBytes } from "../common/arrays";
import { batches } from "./batches";
import type { Analysis, WorkerRequest, WorkerResponse } from "./worker-protocol";

interface Scope {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as Scope;

let current: { url: string; trajectory: Trajectory; chars: number } | null = null;
/** Settles when the latest load has finished (either way): later questions wait for it. */
let loading: Promise<unknown> = Promise.resolve();

const PREVIEW_STEPS = 60;
const PREVIEW_AFTER_BYTES = 256 * 1024;

async function readJson(path: string, sizes: number[], onPreview?: (rows: StepRow[]) => void): Promise<unknown> {
  const body = await openRemote(path);
  const text = onPreview ? await streamText(body, onPreview) : await new Response(body).text();
  sizes.push(text.length);
  return parseTrajectoryText(text, path);
}

/** Questions to the page about a local release's files (lib/files/file-asks.ts). */
const asker = fileAsker<{ id: number }>((need) => scope.postMessage(need));

/** A local release's file: the page hands over its handle; the bytes are read (or inflated) here. */
async function readLocalJson(
  id: number,
  path: string,
  sizes: number[],
  onPreview?: (rows: StepRow[]) => void,
): Promise<unknown> {
  const ref = await asker.ask({ id }, path);
  if (!ref) throw new HttpError(404, path);
  refuseBySize(fileRefSize(ref), path);
  const stream = await openFileRef(ref);
  const text = onPreview ? await streamText(stream, onPreview) : await new Response(stream).text();
  sizes.push(text.length);
  return parseTrajectoryText(text, path);
}

/**
 * Reads the body as it arrives; once enough of it is in, the first steps go to the page as a preview. The
 * bytes are kept as bytes (outside the JS heap) and decoded once at the end, so the heap holds the text
 * one time, as `res.text()` would.
 */
async function streamText(body: ReadableStream<Uint8Array>, onPreview: (rows: StepRow[]) => void): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let previewed = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) {
      chunks.push(value);
      size += value.byteLength;
    }
    if (!previewed && !done && size >= PREVIEW_AFTER_BYTES) {
      previewed = true;
      const raw = previewSteps(new TextDecoder().decode(concatBytes(chunks, size)), PREVIEW_STEPS);
      const sink = WarningSink.create();
      if (raw.length > 0) onPreview(raw.map((r, i) => stepRow(readStep(r, i + 1, 0, sink))));
    }
    if (done) break;
  }
  const all = concatBytes(chunks, size);
  chunks.length = 0;
  return new TextDecoder().decode(all);
}

/** A local release's patch: its handle asked of the page (like the trajectory), capped like a published one. */
async function readLocalPatch(id: number, path: string): Promise<string> {
  const ref = await asker.ask({ id }, path);
  // Nothing was fetched, so no HTTP status: the run names a patch file the user did not pick.
  if (!ref) throw new Error(`${path} is not among the files you picked (the run names it as its patch)`);
  if (fileRefSize(ref) > MAX_PATCH_BYTES) throw new Error(`${path} is larger than ${MAX_PATCH_BYTES} bytes`);
  return fileRefText(ref);
}

/** The run's patch, read once per page (the tab and the detectors both ask for it). */
const patchTexts = new Map<string, Promise<string>>();
function patchText(url: string, local: { id: number } | null): Promise<string> {
  const key = `${local ? "local" : "url"}:${url}`;
  let p = patchTexts.get(key);
  if (!p) {
    p = local
      ? readLocalPatch(local.id, url)
      : openRemote(url, MAX_PATCH_BYTES).then((body) => new Response(body).text());
    p.catch(() => patchTexts.delete(key));
    patchTexts.set(key, p);
  }
  return p;
}

/** The patch's taint findings for the detectors; an unreadable patch is no evidence (the tab says why). */
async function patchFactsOf(
  patch: { url: string; taint: TaintInput; local?: boolean },
  id: number,
): Promise<TaintFact[] | null> {
  try {
    return patchTaintFacts(await patchText(patch.url, patch.local ? { id } : null), patch.taint);
  } catch {
    return null;
  }
}

/** How many tags cross to the page in one message. */
const TAGS_PER_MESSAGE = 4_000;

/** The analysis, its tags in batches ahead of it (worker-protocol.ts "analysis-tags"); the answer carries the last. */
function postAnalysis(id: number, analysis: Analysis): void {
  const parts = batches(analysis.tags, TAGS_PER_MESSAGE);
  const last = parts.pop() ?? [];
  for (const tags of parts) scope.postMessage({ type: "analysis-tags", id, tags } satisfies WorkerResponse);
  scope.postMessage({ type: "analysis", id, analysis: { ...analysis, tags: last } } satisfies WorkerResponse);
}

async function handle(msg: WorkerRequest): Promise<void> {
  switch (msg.type) {
    case "load": {
      const sizes: number[] = [];
      let first = true;
      const read = (p: string) => {
        const preview = first
          ? (rows: StepRow[]) => {
              const packed = packRows(rows);
              scope.postMessage({ type: "preview", id: msg.id, rows: packed }, packedTransfer(packed));
            }
          : undefined;
        first = false;
        return msg.local ? readLocalJson(msg.id, p, sizes, preview) : readJson(p, sizes, preview);
      };
      current = null;
      const trajectory = await loadTrajectory(msg.url, read, { subagentFiles: false });
      const chars = sizes.reduce((a, b) => a + b, 0);
      current = { url: msg.url, trajectory, chars };
      const rows = packRows(rowsOf(trajectory));
      scope.postMessage(
        { type: "loaded", id: msg.id, summary: summarize(trajectory, msg.url, chars), rows },
        packedTransfer(rows),
      );
      const hasFileRefs = trajectory.steps.some((s) => s.results.some((r) => r.subagents.length > 0));
      // Subagent files are read in the background: the steps do not wait for them.
      if (hasFileRefs) {
        resolveSubagentFiles(trajectory, msg.url, read).then(
          () => scope.postMessage({ type: "subagents", id: msg.id, summary: summarize(trajectory, msg.url, chars) }),
          () => undefined,
        );
      }
      return;
    }
    case "analyze": {
      if (!current) throw new Error("no trajectory loaded");
      const { patch, ...context } = msg.context;
      const analysis = analyzeTrajectory(current.trajectory, {
        ...context,
        patchTaint: patch ? await patchFactsOf(patch, msg.id) : (context.patchTaint ?? null),
      });
      postAnalysis(msg.id, analysis);
      return;
    }
    case "detail": {
      const step = current?.trajectory.steps[msg.n - 1];
      scope.postMessage({ type: "detail", id: msg.id, detail: step ? stepDetail(step, msg.limit) : null });
      return;
    }
    case "search": {
      if (!current) throw new Error("no trajectory loaded");
      scope.postMessage({ type: "search", id: msg.id, result: searchSteps(current.trajectory.steps, msg.query) });
      return;
    }
    case "patch": {
      const text = await patchText(msg.url, msg.local ? { id: msg.id } : null);
      scope.postMessage({ type: "patch", id: msg.id, patch: patchView(text, msg.taint) });
      return;
    }
    case "file":
      return;
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  // The page's answer to a question of a load in progress: answered at once, not queued behind that load.
  if (msg.type === "file") {
    asker.settle(msg);
    return;
  }
  // A load runs alone; every other question waits until the trajectory it asks about is in. The patch is
  // another file: it is read at once, beside the trajectory.
  const run =
    msg.type === "load"
      ? (loading = handle(msg))
      : msg.type === "patch"
        ? handle(msg)
        : loading.then(
            () => handle(msg),
            () => handle(msg),
          );
  run.catch((err: unknown) => {
    const status = err instanceof HttpError ? err.status : undefined;
    scope.postMessage({
      type: "error",
      id: msg.id,
      message: err instanceof Error ? err.message : String(err),
      ...(status !== undefined ? { status } : {}),
    });
  });
};
