// Every run's trajectory read once as the viewer would (inflated, parsed, read leniently): a file that is
// unreadable, or that the reader finds no steps in, is a warning naming the run and the file or entry. Node
// only (build and CLI); one trajectory in memory at a time.
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { readTrajectory } from "../trajectory/chain";
import { parseTrajectoryText, TrajectoryParseError } from "../trajectory/parse-text";
import { READ_FORMATS, TrajectoryFormatError } from "../trajectory/native/read-log";
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
      // The viewer's own door (lib/trajectory/parse-text.ts): the same refusals, the same formats.
      let raw: unknown;
      try {
        raw = parseTrajectoryText(text, ref);
      } catch (err) {
        warn("run.trajectory_unreadable", `trajectory "${ref}" ${unreadableWords(err)}`);
        continue;
      }
      const steps = readTrajectory(raw, ref).steps.length;
      if (steps === 0) warn("run.trajectory_format", `trajectory "${ref}" has no steps the viewer can read (read are: ${READ_FORMATS})`);
      else readable++;
    }
  } finally {
    await archives.close();
  }
  return { problems, readable, bytes };
}

/** What the validator says of a trajectory the door refused: the reason, the file already named by the caller. */
export function unreadableWords(err: unknown): string {
  if (err instanceof TrajectoryParseError) return err.rule === "json.parse" ? `is not valid JSON: ${err.detail}` : `is refused: ${err.detail}`;
  if (err instanceof TrajectoryFormatError) return err.detail;
  return `could not be read: ${err instanceof Error ? err.message : String(err)}`;
}
