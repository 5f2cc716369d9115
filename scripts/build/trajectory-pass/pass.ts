// The build's one pass over every trajectory of a release (docs/data-format.md, "Derived tables"): each run's
// context comes from the same SQL the trajectory page runs (lib/queries/trajectory/sql.ts, lib/queries/run-context/context.ts),
// a chunk of runs at a time; the trajectories go to worker threads one at a time each; results are cached by
// content hash (cache.ts); rows become derived tables in the build's DuckDB, taken in run order so no table
// depends on which thread finished first.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { ArchiveCache } from "../../../lib/archive/read-node";
import type { NodeDb } from "../../../lib/db/node";
import { analysisContextOf, PASS_RUNS_SQL, type PassRunRow } from "../../../lib/queries/run-context/context";
import { runContexts } from "../../../lib/queries/trajectory/run-contexts";
import { taintInputOf } from "../../../lib/trajectory/patch-taint";
import { analyzeOne } from "./analyze-one";
import { ANALYZERS } from "./analyzers";
import { PassCache } from "./cache";
import { heapBound } from "./heap-bound";
import { TableFiles } from "./tables-out";
import { RUN_ANALYSIS_COLUMNS, type PassJob, type PassProblem, type PassResult } from "./types";

export interface PassOptions {
  /** Worker threads; 1 runs in this thread (small releases, tests). Default: min(2, cores). */
  threads?: number;
  /** Where results are kept between builds; null: no cache. */
  cacheDir?: string | null;
  /** Runs left out (e.g. whose trajectory reference the validator already refused). */
  skip?: (runId: string) => boolean;
}

export interface PassStats {
  runs: number;
  analyzed: number;
  cached: number;
  unreadable: number;
  /** Trajectory JSON read (inflated), over every run analysed or looked up. */
  bytes: number;
  ms: number;
  rows: Record<string, number>;
}

export interface PassOutcome {
  stats: PassStats;
  problems: (PassProblem & { runId: string })[];
  /**
   * Removes the files behind the bulky tables (views over Parquet, tables-out.ts): call once those tables
   * are exported. Left undone, they go when the process exits.
   */
  dispose(): void;
}

async function jobsFor(
  db: NodeDb,
  releaseDir: string,
  runs: readonly PassRunRow[],
  submitText: string | null,
): Promise<PassJob[]> {
  // The ledger's stages and the final patch's taint input are the detectors' evidence beside the trace.
  const contexts = await runContexts(db, runs);
  return runs.map((r) => {
    const c = contexts.get(r.run_id)!;
    const analysis = analysisContextOf({
      focusTaskId: r.focus_task_id,
      schedule: c.schedule,
      workspaces: c.workspaces,
      verdictTests: c.verdict,
      annotations: [],
      submitText,
    });
    const taint = taintInputOf(
      r.focus_task_id,
      c.taskFiles,
      c.schedule.map((q) => ({ task_id: q.task_id, text: q.text })),
      analysis.workspaces,
    );
    return {
      releaseDir,
      ref: r.trajectory,
      patch: r.patch === null ? null : { ref: r.patch, taint },
      ctx: {
        runId: r.run_id,
        configId: r.config_id,
        condition: r.condition,
        taskGroup: r.task_group,
        focusTaskId: r.focus_task_id,
        repo: r.repo,
        resolved: r.resolved,
        analysis: { ...analysis, stages: c.stages },
      },
    };
  });
}

interface Runner {
  run(job: PassJob): Promise<PassResult>;
  close(): Promise<void>;
}

function inlineRunner(cacheDir: string | null): Runner {
  const archives = new ArchiveCache();
  const cache = new PassCache(cacheDir);
  return { run: (job) => analyzeOne(job, archives, cache), close: () => archives.close() };
}

/** One worker thread: jobs run one at a time there, answered in the order sent. */
function threadRunner(cacheDir: string | null): Runner {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { cacheDir } });
  const pending: { resolve: (r: PassResult) => void; reject: (e: Error) => void }[] = [];
  let dead: Error | null = null;
  const fail = (e: Error) => {
    dead = e;
    for (const p of pending.splice(0)) p.reject(e);
  };
  worker.on("message", (m: { type: "result"; result: PassResult } | { type: "failed"; message: string }) => {
    const p = pending.shift();
    if (m.type === "result") p?.resolve(m.result);
    else p?.reject(new Error(m.message));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`trajectory pass worker exited with code ${code}`)));
  return {
    run(job) {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        pending.push({ resolve, reject });
        worker.postMessage({ type: "job", job });
      });
    },
    async close() {
      if (dead) return;
      await new Promise<void>((resolve) => {
        worker.removeAllListeners("exit");
        worker.once("exit", () => resolve());
        worker.postMessage({ type: "done" });
      });
    },
  };
}

/**
 * Runs `jobs` over the runners with at most `depth` jobs waiting at each (a worker holds one trajectory;
 * the others wait as contexts), handing results to `take` in job order whatever order they finish in.
 */
async function runInOrder(
  jobs: readonly PassJob[],
  runners: readonly Runner[],
  depth: number,
  take: (r: PassResult) => void,
): Promise<void> {
  const done = new Map<number, PassResult>();
  let next = 0;
  let out = 0;
  const flush = () => {
    for (let r = done.get(out); r !== undefined; r = done.get(out)) {
      done.delete(out++);
      take(r);
    }
  };
  await Promise.all(
    runners.map(async (runner) => {
      const inFlight: Promise<void>[] = [];
      const send = () => {
        const i = next++;
        inFlight.push(
          runner.run(jobs[i]!).then((r) => {
            done.set(i, r);
            flush();
          }),
        );
      };
      while (next < jobs.length && inFlight.length < depth) send();
      while (inFlight.length > 0) {
        await inFlight.shift();
        if (next < jobs.length) send();
      }
    }),
  );
}

const SMALL_RELEASE = 32;

export async function runTrajectoryPass(
  db: NodeDb,
  releaseDir: string,
  submitText: string | null,
  opts: PassOptions = {},
): Promise<PassOutcome> {
  const started = performance.now();
  let threads = opts.threads ?? Math.min(2, availableParallelism());
  const cacheDir = opts.cacheDir ?? null;
  const all = (await db.query<PassRunRow>(PASS_RUNS_SQL)).filter((r) => !(opts.skip?.(r.run_id) ?? false));
  // Starting a thread costs more than a few trajectories take.
  if (opts.threads === undefined && all.length < SMALL_RELEASE) threads = 1;
  const out = new TableFiles({
    run_analysis: RUN_ANALYSIS_COLUMNS,
    ...Object.fromEntries(ANALYZERS.map((a) => [a.table, a.columns])),
  });
  const stats: PassStats = { runs: all.length, analyzed: 0, cached: 0, unreadable: 0, bytes: 0, ms: 0, rows: {} };
  const problems: PassOutcome["problems"] = [];
  const take = (r: PassResult) => {
    out.add("run_analysis", JSON.stringify(r.analysis) + "\n");
    for (const a of ANALYZERS) out.add(a.table, r.tables[a.table] ?? "");
    if (r.cached) stats.cached++;
    else stats.analyzed++;
    if (!r.analysis.readable) stats.unreadable++;
    stats.bytes += r.analysis.bytes;
    if (r.problem) problems.push({ runId: r.runId, ...r.problem });
  };

  // The main thread's garbage (contexts, results on their way to the files) is bounded too, between chunks.
  const boundHeap = heapBound(64 * 1024 * 1024);
  const runners =
    threads <= 1 ? [inlineRunner(cacheDir)] : Array.from({ length: threads }, () => threadRunner(cacheDir));
  try {
    const chunk = 256; // runs whose contexts are fetched together
    // The next chunk's contexts are fetched while this chunk's trajectories are analysed.
    let contexts = jobsFor(db, releaseDir, all.slice(0, chunk), submitText);
    for (let i = 0; i < all.length; i += chunk) {
      const queue = await contexts;
      if (i + chunk < all.length) contexts = jobsFor(db, releaseDir, all.slice(i + chunk, i + 2 * chunk), submitText);
      await runInOrder(queue, runners, threads <= 1 ? 1 : 2, take);
      boundHeap();
    }
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
  const bulky = new Set(ANALYZERS.filter((a) => a.bulky).map((a) => a.table));
  stats.rows = await out.load(db, bulky);
  stats.ms = performance.now() - started;
  return { stats, problems, dispose: () => out.dispose() };
}

/** The derived tables a build with the registry writes (the export list). */
export const PASS_TABLES: readonly string[] = ["run_analysis", ...ANALYZERS.map((a) => a.table)];
