// The page's side of the parse worker: one worker per trajectory view, requests answered by promises.
// Browser only (the component creates it in an effect).
import { answerFileNeed, type FindFile } from "../files/file-asks";
import type { StepDetail } from "./detail";
import { StepRows } from "./packed-rows";
import type { SearchResult } from "./search";
import type { SignatureTag } from "./tags";
import type { TaintInput } from "./patch-taint";
import type { PatchView } from "./patch-view";
import type { Analysis, AnalysisContext, TrajectorySummary, WorkerRequest, WorkerResponse } from "./worker-protocol";

/** How the page words a parse worker that died (e2e/worker-crash.spec.ts reads it). */
export const CRASHED = "the trajectory reader ran out of memory or crashed";

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void };

export class TrajectoryLoadError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** Strips the request id from a request type: the client numbers requests itself. */
type Req = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

let workers = 0;

export class TrajectoryWorker {
  /** Tells this page's workers apart (what a view's async inputs name the worker by). */
  readonly id = ++workers;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  /** The analysis tags received ahead of their answer, by request (worker-protocol.ts "analysis-tags"). */
  private readonly tagBatches = new Map<number, SignatureTag[][]>();
  /** Called when the subagent files referenced by the trajectory have been read. */
  onSubagents: ((summary: TrajectorySummary) => void) | null = null;
  /** Called with the first steps while the rest of the file is still arriving. */
  onPreview: ((rows: StepRows) => void) | null = null;

  constructor() {
    this.worker = new Worker(new URL("./parse.worker.ts", import.meta.url));
    this.worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
      const msg = e.data;
      if (msg.type === "subagents") {
        this.onSubagents?.(msg.summary);
        return;
      }
      if (msg.type === "preview") {
        this.onPreview?.(new StepRows(msg.rows));
        return;
      }
      if (msg.type === "need") {
        answerFileNeed(this.files, msg.ask, msg.path, (answer) =>
          this.worker.postMessage(answer satisfies WorkerRequest),
        );
        return;
      }
      if (msg.type === "analysis-tags") {
        this.tagBatches.set(msg.id, [...(this.tagBatches.get(msg.id) ?? []), msg.tags]);
        return;
      }
      const p = this.pending.get(msg.id);
      const earlier = this.tagBatches.get(msg.id);
      this.tagBatches.delete(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === "analysis" && earlier) msg.analysis.tags = [...earlier.flat(), ...msg.analysis.tags];
      if (msg.type === "error") p.reject(new TrajectoryLoadError(msg.message, msg.status));
      else p.resolve(msg);
    };
    // A worker that dies (out of memory, most likely: an allocation it does not catch) fires `error`; it is
    // ended, every pending and later question gets a sentence the page shows in the view, and the page stays.
    // (A V8 heap exhausted inside a worker ends Chromium's whole renderer, which no handler survives: the
    // limits before parsing are what prevent that, docs/local-results.md.)
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.die(`${CRASHED}: ${e.message || "no message from the browser"}; the rest of the page still works`);
    };
    this.worker.onmessageerror = () =>
      this.failAll(
        "the trajectory reader's answer could not be received (too large or too deeply nested to pass to the page)",
      );
  }

  /** Set once the worker has died: every question is then answered with it at once. */
  private dead: string | null = null;

  private die(message: string): void {
    this.dead = message;
    this.worker.terminate();
    this.failAll(message);
  }

  private failAll(message: string): void {
    for (const p of this.pending.values()) p.reject(new TrajectoryLoadError(message, undefined));
    this.pending.clear();
  }

  private ask(req: Req): Promise<WorkerResponse> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.dead !== null) return reject(new TrajectoryLoadError(this.dead, undefined));
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  /** For a local release: finds its files by path (below the release folder) when the worker asks. */
  private files: FindFile | null = null;

  /** A published trajectory by URL (fetched), or with `files` a local one by its path below the release folder. */
  async load(url: string, files?: FindFile): Promise<{ summary: TrajectorySummary; rows: StepRows }> {
    this.files = files ?? null;
    const r = await this.ask(files ? { type: "load", url, local: true } : { type: "load", url });
    if (r.type !== "loaded") throw new Error(`unexpected answer ${r.type}`);
    return { summary: r.summary, rows: new StepRows(r.rows) };
  }

  async analyze(context: AnalysisContext): Promise<Analysis> {
    const r = await this.ask({ type: "analyze", context });
    if (r.type !== "analysis") throw new Error(`unexpected answer ${r.type}`);
    return r.analysis;
  }

  async detail(n: number, limit: number): Promise<StepDetail | null> {
    const r = await this.ask({ type: "detail", n, limit });
    if (r.type !== "detail") throw new Error(`unexpected answer ${r.type}`);
    return r.detail;
  }

  async search(query: string): Promise<SearchResult> {
    const r = await this.ask({ type: "search", query });
    if (r.type !== "search") throw new Error(`unexpected answer ${r.type}`);
    return r.result;
  }

  /** Whether the loaded trajectory came from a local release's files (its other files can be read too). */
  get hasLocalFiles(): boolean {
    return this.files !== null;
  }

  /**
   * The run's submitted patch, parsed and marked against the session's tasks (lib/trajectory/patch-view.ts);
   * `local`: a path below the local release whose trajectory this worker loaded.
   */
  async patch(url: string, taint: TaintInput | null, local = false): Promise<PatchView> {
    const r = await this.ask(local ? { type: "patch", url, taint, local } : { type: "patch", url, taint });
    if (r.type !== "patch") throw new Error(`unexpected answer ${r.type}`);
    return r.patch;
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error("closed"));
    this.pending.clear();
  }
}
