// A trial's ATIF trajectory: read through the project's lenient reader (continuations counted once, copied
// context skipped), copied into the release with every file it references, or, for a multi-step trial whose
// steps each wrote a trajectory, merged into one file so that the k-th user step is the k-th request.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadTrajectory } from "../trajectory/chain";
import type { Trajectory } from "../trajectory/model";
import { isRequestStep } from "../trajectory/segment";
import { isRecord } from "../trajectory/values";

export interface ReadTrajectory {
  trajectory: Trajectory;
  /** Every file read (main first), relative to the main file's folder. */
  files: string[];
  /** The raw JSON of the chain's files, in chain order (continuations after the main file). */
  raw: unknown[];
}

/** Reads `dir/name` and what it references; throws only when the main file cannot be read or parsed. */
export async function readTrajectoryFiles(dir: string, name = "trajectory.json"): Promise<ReadTrajectory> {
  const files: string[] = [];
  const rawByFile = new Map<string, unknown>();
  const readJson = async (path: string) => {
    const value = JSON.parse(readFileSync(join(dir, path), "utf8")) as unknown;
    files.push(path);
    rawByFile.set(path, value);
    return value;
  };
  const trajectory = await loadTrajectory(name, readJson);
  return { trajectory, files, raw: trajectory.files.map((f) => rawByFile.get(f)) };
}

/**
 * Copies a trajectory into `<release>/trajectories/`. A lone file becomes `<run_id>.json`; a file that
 * references others (continuations, subagent files) goes with them into `<run_id>/`, names unchanged, so
 * every relative reference still resolves. Returns the run's `trajectory` path.
 */
export function copyTrajectory(srcDir: string, read: ReadTrajectory, releaseDir: string, runId: string): string {
  const [main, ...rest] = read.files;
  if (main === undefined) throw new Error("no trajectory file was read");
  if (rest.length === 0) {
    mkdirSync(join(releaseDir, "trajectories"), { recursive: true });
    copyFileSync(join(srcDir, main), join(releaseDir, "trajectories", `${runId}.json`));
    return `trajectories/${runId}.json`;
  }
  for (const f of read.files) {
    const to = join(releaseDir, "trajectories", runId, f);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(srcDir, f), to);
  }
  return `trajectories/${runId}/${main}`;
}

export interface StepTrajectory {
  /** The scheduled position this Harbor step ran. */
  position: number;
  name: string | null;
  instruction: string | null;
  read: ReadTrajectory;
}

/**
 * One ATIF document from the per-step trajectories of a multi-step trial: steps concatenated and numbered
 * 1..n, each request opened by its user step. A step file without a user step (some harnesses leave the
 * instruction out) gets one, marked `extra.inserted_by_importer`, carrying Harbor's instruction when known.
 * Subagent files referenced from step folders are not carried over (their references stay, unresolved).
 */
export function mergeStepTrajectories(parts: readonly StepTrajectory[], note: string): Record<string, unknown> {
  const steps: Record<string, unknown>[] = [];
  let first: Record<string, unknown> | null = null;
  const totals = { total_prompt_tokens: 0, total_completion_tokens: 0, total_cached_tokens: 0 };
  let cost: number | null = null;
  for (const part of parts) {
    const docs = part.read.raw.filter(isRecord);
    first ??= docs[0] ?? null;
    if (!part.read.trajectory.steps.some(isRequestStep)) {
      steps.push({
        step_id: 0,
        source: "user",
        message: part.instruction ?? `(request ${part.position}: Harbor recorded no instruction for step ${part.name ?? part.position + 1})`,
        extra: { inserted_by_importer: true, request_position: part.position },
      });
    }
    for (const doc of docs) {
      for (const s of Array.isArray(doc.steps) ? doc.steps : []) steps.push(isRecord(s) ? { ...s } : { source: "system", message: JSON.stringify(s) });
    }
    const t = part.read.trajectory.stepTotals;
    totals.total_prompt_tokens += t.prompt;
    totals.total_completion_tokens += t.completion;
    totals.total_cached_tokens += t.cached;
    if (t.cost !== null) cost = (cost ?? 0) + t.cost;
  }
  steps.forEach((s, i) => (s.step_id = i + 1));
  return {
    schema_version: (first?.schema_version) ?? "ATIF-v1.6",
    session_id: first?.session_id ?? null,
    agent: first?.agent ?? { name: "unknown", version: "unknown" },
    notes: note,
    steps,
    final_metrics: { ...totals, ...(cost !== null ? { total_cost_usd: cost } : {}), total_steps: steps.length },
  };
}

export function writeMergedTrajectory(doc: Record<string, unknown>, releaseDir: string, runId: string): string {
  mkdirSync(join(releaseDir, "trajectories"), { recursive: true });
  writeFileSync(join(releaseDir, "trajectories", `${runId}.json`), `${JSON.stringify(doc)}\n`);
  return `trajectories/${runId}.json`;
}
