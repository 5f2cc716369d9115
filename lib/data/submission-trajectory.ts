// Reads a run's trajectory for the submission check, in every form the release format allows (a file, a
// `.json.gz`, an archive entry `trajectories/<name>.zip#<entry>`), with the project's archive reader.
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { parseFileRef } from "../archive/ref";
import { readTrajectory } from "../trajectory/chain";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { unreadableWords } from "./validate-trajectories";

/** `trajectories/a.zip#b.json` → archive and entry; anything else is a file path. */
export function archiveRef(ref: string): { archive: string; entry: string } | null {
  const r = parseFileRef(ref);
  return r.kind === "entry" ? { archive: r.archive, entry: r.entry } : null;
}

/** The trajectory's JSON text. Throws, naming the file or entry, when it cannot be read. */
export async function readRunTrajectoryText(releaseDir: string, ref: string, archives = new ArchiveCache()): Promise<string> {
  const r = parseFileRef(ref);
  const path = r.kind === "entry" ? r.archive : r.path;
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.split(/[\\/]/).includes("..")) throw new Error(`${ref} is not a path inside the release folder`);
  return new TextDecoder().decode(await readReleaseFile(releaseDir, ref, archives));
}

export type TrajectoryCheck = { status: "ok"; steps: number } | { status: "unreadable"; message: string };

/**
 * Readable = a file the project's door reads (lib/trajectory/parse-text.ts) with at least one step. Without
 * `archives`, an archive opened for the check is closed after it.
 */
export async function checkRunTrajectory(releaseDir: string, ref: string, archives?: ArchiveCache): Promise<TrajectoryCheck> {
  const own = archives ? null : new ArchiveCache();
  let text: string;
  try {
    text = await readRunTrajectoryText(releaseDir, ref, archives ?? own!);
  } catch (err) {
    return { status: "unreadable", message: `${ref} cannot be read (${err instanceof Error ? err.message : String(err)})` };
  } finally {
    await own?.close();
  }
  return trajectoryTextCheck(text, ref);
}

export function trajectoryTextCheck(text: string, ref: string): TrajectoryCheck {
  try {
    // The viewer's own door (lib/trajectory/parse-text.ts): the same refusals, the same formats.
    const steps = readTrajectory(parseTrajectoryText(text, ref), ref).steps.length;
    return steps > 0 ? { status: "ok", steps } : { status: "unreadable", message: `${ref} has no step the trajectory reader can read` };
  } catch (err) {
    return { status: "unreadable", message: `${ref} ${unreadableWords(err)}` };
  }
}
