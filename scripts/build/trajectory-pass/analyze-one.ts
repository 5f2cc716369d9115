// One job of the trajectory pass: read the run's trajectory (plain, .gz or archive entry, with its
// continuation and subagent files) and its submitted patch, look its results up in the cache, else parse it
// with the viewer's reader and run every analyzer (the patch's taint findings in the analysis context). Runs in a
// worker thread (worker.ts) or, for small releases and tests, inline.
import { readReleaseFile, type ArchiveCache } from "../../../lib/archive/read-node";
import { loadTrajectory } from "../../../lib/trajectory/chain";
import { errorText } from "../../../lib/trajectory/error-text";
import { parseTrajectoryText } from "../../../lib/trajectory/parse-text";
import { READ_FORMATS } from "../../../lib/trajectory/native/read-log";
import { unreadableWords } from "../../../lib/data/validate-trajectories";
import { patchTaintFacts, type TaintFact } from "../../../lib/trajectory/patch-taint";
import { MAX_PATCH_BYTES } from "../../../lib/trajectory/patch-view";
import { cacheKey, sha256, type CacheEntry, type PassCache } from "./cache";
import { ANALYZERS, VERSIONS_KEY } from "./analyzers";
import type { PassJob, PassProblem, PassResult } from "./types";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function unreadable(job: PassJob, err: unknown, hash: string | null, bytes: number): PassResult {
  const message = errorText(err);
  return {
    runId: job.ctx.runId,
    analysis: {
      run_id: job.ctx.runId,
      readable: false,
      error: message,
      steps: 0,
      tool_calls: 0,
      warnings: 0,
      bytes,
      content_hash: hash,
    },
    tables: {},
    problem: { rule: "run.trajectory_unreadable", message: `trajectory "${job.ref}" ${unreadableWords(err)}` },
    cached: false,
  };
}

async function stillValid(job: PassJob, entry: CacheEntry, archives: ArchiveCache): Promise<boolean> {
  for (const [ref, hash] of Object.entries(entry.files)) {
    try {
      if (sha256(await readReleaseFile(job.releaseDir, ref, archives)) !== hash) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The run's patch, read like the trajectory (plain file or archive entry), and its taint findings. An
 * unreadable or oversized patch is no evidence (the validator reports it: lib/data/validate-patches.ts).
 */
async function readPatch(
  job: PassJob,
  archives: ArchiveCache,
): Promise<{ hash: string | null; facts: TaintFact[] | null }> {
  if (!job.patch) return { hash: null, facts: null };
  let data: Uint8Array;
  try {
    data = await readReleaseFile(job.releaseDir, job.patch.ref, archives);
  } catch (err) {
    return { hash: `unreadable: ${errorText(err)}`, facts: null };
  }
  const hash = sha256(data);
  if (data.byteLength > MAX_PATCH_BYTES) return { hash, facts: null };
  return { hash, facts: patchTaintFacts(new TextDecoder().decode(data), job.patch.taint) };
}

export async function analyzeOne(job: PassJob, archives: ArchiveCache, cache: PassCache): Promise<PassResult> {
  const runId = job.ctx.runId;
  let main: Uint8Array;
  try {
    main = await readReleaseFile(job.releaseDir, job.ref, archives);
  } catch (err) {
    return unreadable(job, err, null, 0);
  }
  const hash = sha256(main);
  const patch = await readPatch(job, archives);
  // The patch's hash and its taint input join the key: a changed submission re-runs the detectors.
  const key = cacheKey(hash, { ctx: job.ctx, patch: job.patch, patchHash: patch.hash }, VERSIONS_KEY);
  const hit = cache.get(key);
  if (hit && (await stillValid(job, hit, archives))) {
    return {
      runId,
      analysis: { run_id: runId, ...hit.analysis },
      tables: hit.tables,
      problem: hit.problem,
      cached: true,
    };
  }

  const files: Record<string, string> = {};
  let bytes = main.byteLength;
  const readJson = async (path: string): Promise<unknown> => {
    if (path === job.ref) return parseTrajectoryText(utf8.decode(main), job.ref);
    const data = await readReleaseFile(job.releaseDir, path, archives);
    files[path] = sha256(data);
    bytes += data.byteLength;
    return parseTrajectoryText(utf8.decode(data), path);
  };
  let trajectory;
  try {
    trajectory = await loadTrajectory(job.ref, readJson);
  } catch (err) {
    return unreadable(job, err, hash, bytes);
  }
  const steps = trajectory.steps.length;
  const problem: PassProblem | null =
    steps === 0
      ? {
          rule: "run.trajectory_format",
          message: `trajectory "${job.ref}" has no steps the viewer can read (read are: ${READ_FORMATS})`,
        }
      : null;
  const tables: Record<string, string> = {};
  if (steps > 0) {
    const ctx = { ...job.ctx, analysis: { ...job.ctx.analysis, patchTaint: patch.facts } };
    for (const a of ANALYZERS) {
      try {
        const rows = a.rows(trajectory, ctx);
        if (rows.length > 0) tables[a.table] = rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
      } catch (err) {
        throw new Error(
          `trajectory pass: analyzer for ${a.table} failed on run ${runId} (${job.ref}): ${errorText(err)}`,
          { cause: err },
        );
      }
    }
  }
  const analysis = {
    readable: steps > 0,
    error: problem?.message ?? null,
    steps,
    tool_calls: trajectory.steps.reduce((n, s) => n + s.toolCalls.length, 0),
    warnings: trajectory.warnings.length,
    bytes,
    content_hash: hash,
  };
  cache.set(key, { files, analysis, tables, problem });
  return { runId, analysis: { run_id: runId, ...analysis }, tables, problem, cached: false };
}
