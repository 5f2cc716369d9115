// The build's one pass over every trajectory of a release (docs/data-format.md, "Derived tables"): each run's
// context comes from the same SQL the trajectory page runs (lib/queries/trajectory.ts, lib/queries/run-context.ts),
// a chunk of runs at a time; the trajectories go to worker threads one at a time each; results are cached by
// content hash (cache.ts); rows become derived tables in the build's DuckDB.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { ArchiveCache } from "../../../lib/archive/read-node";
import type { NodeDb } from "../../../lib/db/node";
import { analysisContextOf, PASS_RUNS_SQL, runsIn, type PassRunRow } from "../../../lib/queries/run-context";
import {
  scheduleSql,
  verdictTestsWhereSql,
  workspacesSql,
  type ScheduleRow,
  type VerdictTestRow,
  type WorkspaceRow,
} from "../../../lib/queries/trajectory";
import {
  focusStagesWhereSql,
  sessionTaskFilesWhereSql,
  type FocusStageRow,
  type SessionTaskFileRow,
} from "../../../lib/queries/run-patch";
import { taintInputOf } from "../../../lib/trajectory/patch-taint";
import { analyzeOne } from "./analyze-one";
import { ANALYZERS, versionsKey } from "./analyzers";
import { PassCache } from "./cache";
import { TableFiles } from "./tables-out";
import { RUN_ANALYSIS_COLUMNS, type PassAnalyzer, type PassJob, type PassProblem, type PassResult } from "./types";

export interface PassOptions {
  /** Worker threads; 1 runs in this thread (small releases, tests). Default: min(2, cores). */
  threads?: number;
  /** Where results are kept between builds; null: no cache. */
  cacheDir?: string | null;
  /** Runs left out (e.g. whose trajectory reference the validator already refused). */
  skip?: (runId: string) => boolean;
  /** Instead of the registry (only with threads = 1: workers load the registry). */
  analyzers?: readonly PassAnalyzer[];
  /** Runs whose contexts are fetched together. */
  chunk?: number;
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
}

function groupBy<T extends { run_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) (out.get(r.run_id) ?? out.set(r.run_id, []).get(r.run_id)!).push(r);
  return out;
}

async function jobsFor(
  db: NodeDb,
  releaseDir: string,
  runs: readonly PassRunRow[],
  submitText: string | null,
): Promise<PassJob[]> {
  const ids = runs.map((r) => r.run_id);
  const schedule = groupBy(await db.query<ScheduleRow>(scheduleSql(runsIn(ids))));
  const workspaces = groupBy(await db.query<WorkspaceRow>(workspacesSql(runsIn(ids))));
  const verdict = groupBy(await db.query<VerdictTestRow>(verdictTestsWhereSql(runsIn(ids, "run_id"))));
  // The ledger's stages and the final patch's taint input: the detectors' evidence beside the trace.
  const stages = groupBy(await db.query<FocusStageRow & { run_id: string }>(focusStagesWhereSql(runsIn(ids))));
  const taskFiles = groupBy(
    await db.query<SessionTaskFileRow & { run_id: string }>(sessionTaskFilesWhereSql(runsIn(ids))),
  );
  return runs.map((r) => {
    const analysis = analysisContextOf({
      focusTaskId: r.focus_task_id,
      schedule: schedule.get(r.run_id) ?? [],
      workspaces: workspaces.get(r.run_id) ?? [],
      verdictTests: verdict.get(r.run_id) ?? [],
      annotations: [],
      submitText,
    });
    const taint = taintInputOf(
      r.focus_task_id,
      taskFiles.get(r.run_id) ?? [],
      (schedule.get(r.run_id) ?? []).map((q) => ({ task_id: q.task_id, text: q.text })),
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
        analysis: { ...analysis, stages: (stages.get(r.run_id) ?? []).map((s) => s.stage) },
      },
    };
  });
}

interface Runner {
  run(job: PassJob): Promise<PassResult>;
  close(): Promise<void>;
}

function inlineRunner(cacheDir: string | null, analyzers: readonly PassAnalyzer[]): Runner {
  const archives = new ArchiveCache();
  const cache = new PassCache(cacheDir);
  const versions = versionsKey(analyzers);
  return { run: (job) => analyzeOne(job, archives, cache, analyzers, versions), close: () => archives.close() };
}

/** One worker thread, one job at a time. */
function threadRunner(cacheDir: string | null): Runner {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { workerData: { cacheDir } });
  let pending: { resolve: (r: PassResult) => void; reject: (e: Error) => void } | null = null;
  let dead: Error | null = null;
  const fail = (e: Error) => {
    dead = e;
    pending?.reject(e);
    pending = null;
  };
  worker.on(
    "message",
    (m: { type: "result"; result: PassResult } | { type: "failed"; runId: string; message: string }) => {
      const p = pending;
      pending = null;
      if (m.type === "result") p?.resolve(m.result);
      else p?.reject(new Error(m.message));
    },
  );
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`trajectory pass worker exited with code ${code}`)));
  return {
    run(job) {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
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

const SMALL_RELEASE = 32;

export async function runTrajectoryPass(
  db: NodeDb,
  releaseDir: string,
  submitText: string | null,
  opts: PassOptions = {},
): Promise<PassOutcome> {
  const started = performance.now();
  let threads = opts.threads ?? Math.min(2, availableParallelism());
  const analyzers = opts.analyzers ?? ANALYZERS;
  if (opts.analyzers && threads > 1) throw new Error("trajectory pass: custom analyzers run in one thread only");
  const cacheDir = opts.cacheDir ?? null;
  const all = (await db.query<PassRunRow>(PASS_RUNS_SQL)).filter((r) => !(opts.skip?.(r.run_id) ?? false));
  // Starting a thread costs more than a few trajectories take.
  if (opts.threads === undefined && all.length < SMALL_RELEASE) threads = 1;
  const out = new TableFiles({
    run_analysis: RUN_ANALYSIS_COLUMNS,
    ...Object.fromEntries(analyzers.map((a) => [a.table, a.columns])),
  });
  const stats: PassStats = { runs: all.length, analyzed: 0, cached: 0, unreadable: 0, bytes: 0, ms: 0, rows: {} };
  const problems: PassOutcome["problems"] = [];
  const take = (r: PassResult) => {
    out.add("run_analysis", [r.analysis]);
    for (const a of analyzers) out.add(a.table, r.tables[a.table] ?? []);
    if (r.cached) stats.cached++;
    else stats.analyzed++;
    if (!r.analysis.readable) stats.unreadable++;
    stats.bytes += r.analysis.bytes;
    if (r.problem) problems.push({ runId: r.runId, ...r.problem });
  };

  const runners =
    threads <= 1 ? [inlineRunner(cacheDir, analyzers)] : Array.from({ length: threads }, () => threadRunner(cacheDir));
  try {
    const chunk = opts.chunk ?? 256;
    for (let i = 0; i < all.length; i += chunk) {
      const queue = await jobsFor(db, releaseDir, all.slice(i, i + chunk), submitText);
      let next = 0;
      await Promise.all(
        runners.map(async (runner) => {
          while (next < queue.length) take(await runner.run(queue[next++]!));
        }),
      );
    }
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
  stats.rows = await out.load(db);
  stats.ms = performance.now() - started;
  return { stats, problems };
}

/** The derived tables a build with the registry writes (the export list). */
export const PASS_TABLES: readonly string[] = ["run_analysis", ...ANALYZERS.map((a) => a.table)];
