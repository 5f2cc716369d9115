// Every run's trajectory read once as the viewer would (inflated, parsed, read leniently): a file that is
// unreadable, or that the reader finds no steps in, is a warning naming the run and the file or entry. Node
// only (build and CLI); one trajectory in memory at a time.
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { readTrajectory } from "../trajectory/chain";
import { asAtif } from "../trajectory/swe-agent";
import { trajectoryShapeRefusal } from "../common/json-depth";
import type { Problem, Release } from "./schema";
import { lineOf } from "./record-lines";
import { normalizeTrajectoryRef } from "./validate-runs";
import { validateRelease } from "./validate";
import { checkPatchesReadable } from "./validate-patches";

export interface ReadableCheck {
  problems: Problem[];
  /** Runs whose trajectory was read and has steps. */
  readable: number;
  /** Bytes of trajectory JSON read (inflated). */
  bytes: number;
}

/** The whole validation of a release on disk: validateRelease's rules, then every trajectory read. */
export async function validateReleaseOnDisk(release: Release): Promise<{ problems: Problem[]; trajectories: ReadableCheck }> {
  const problems = validateRelease(release);
  const flagged = new Set(problems.filter((p) => p.rule.startsWith("run.trajectory_") && p.record !== undefined).map((p) => p.record!));
  const trajectories = await checkTrajectoriesReadable(release, (runId) => !flagged.has(runId));
  for (const p of trajectories.problems) problems.push(p);
  const patchFlagged = new Set(problems.filter((p) => p.rule.startsWith("run.patch_") && p.record !== undefined).map((p) => p.record!));
  for (const p of (await checkPatchesReadable(release, (runId) => !patchFlagged.has(runId))).problems) problems.push(p);
  return { problems, trajectories };
}

export async function checkTrajectoriesReadable(release: Release, check: (runId: string) => boolean): Promise<ReadableCheck> {
  const problems: Problem[] = [];
  const archives = new ArchiveCache();
  let readable = 0;
  let bytes = 0;
  try {
    for (const run of release.runs) {
      const ref = run.trajectory === undefined ? null : normalizeTrajectoryRef(run.trajectory);
      if (ref === null || !check(run.run_id)) continue;
      const warn = (rule: string, message: string) =>
        problems.push({ level: "warning", file: "runs.jsonl", line: lineOf(run), record: run.run_id, rule, message });
      let text: string;
      try {
        const data = await readReleaseFile(release.dir, ref, archives);
        bytes += data.byteLength;
        text = new TextDecoder("utf-8", { fatal: true }).decode(data);
      } catch (err) {
        warn("run.trajectory_unreadable", `trajectory "${ref}" could not be read: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      // The viewer refuses deeper text before parsing it (lib/trajectory/parse-text.ts): the CLI says the same.
      const refusal = trajectoryShapeRefusal(text);
      if (refusal) {
        warn("run.trajectory_unreadable", `trajectory "${ref}" is refused: ${refusal.message}`);
        continue;
      }
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        warn("run.trajectory_unreadable", `trajectory "${ref}" is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      const steps = readTrajectory(asAtif(raw, ref), ref).steps.length;
      if (steps === 0) warn("run.trajectory_format", `trajectory "${ref}" has no steps the viewer can read (not ATIF v1.0–v1.8 nor a SWE-agent .traj)`);
      else readable++;
    }
  } finally {
    await archives.close();
  }
  return { problems, readable, bytes };
}
