// Reads a run's trajectory for the submission check: `.json`, `.json.gz` (node:zlib), and archive entries
// `trajectories/<name>.zip#<entry>`, which this checker does not open (it reports them, warning level).
import { readFileSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { gunzipSync } from "node:zlib";
import { readTrajectory } from "../trajectory/chain";
import { asAtif } from "../trajectory/swe-agent";

export type TrajectoryText = { kind: "text"; text: string } | { kind: "archive"; archive: string; entry: string };

/** `trajectories/a.zip#b.json` → archive and entry; anything else is a file path. */
export function archiveRef(ref: string): { archive: string; entry: string } | null {
  const m = /^(.*\.zip)#(.+)$/i.exec(ref);
  return m ? { archive: m[1]!, entry: m[2]! } : null;
}

/** The trajectory's JSON text, or the archive entry it names (not read here). Throws when the file cannot be read. */
export function readRunTrajectoryText(releaseDir: string, ref: string): TrajectoryText {
  const zip = archiveRef(ref);
  if (zip) return { kind: "archive", ...zip };
  if (isAbsolute(ref) || normalize(ref).startsWith("..")) throw new Error(`${ref} is not a path inside the release folder`);
  const bytes = readFileSync(join(releaseDir, ref));
  const text = /\.gz$/i.test(ref) ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return { kind: "text", text };
}

export type TrajectoryCheck = { status: "ok"; steps: number } | { status: "unreadable"; message: string } | { status: "archive"; message: string };

/** Readable = JSON that the project's lenient reader (lib/trajectory/chain.ts) finds at least one step in. */
export function checkRunTrajectory(releaseDir: string, ref: string): TrajectoryCheck {
  let read: TrajectoryText;
  try {
    read = readRunTrajectoryText(releaseDir, ref);
  } catch (err) {
    return { status: "unreadable", message: `${ref} cannot be read (${err instanceof Error ? err.message : String(err)})` };
  }
  if (read.kind === "archive") return { status: "archive", message: `${ref}: archive entry, not checked here (archive entry)` };
  return trajectoryTextCheck(read.text, ref);
}

export function trajectoryTextCheck(text: string, ref: string): TrajectoryCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    return { status: "unreadable", message: `${ref} is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  try {
    const steps = readTrajectory(asAtif(raw, ref), ref).steps.length;
    return steps > 0 ? { status: "ok", steps } : { status: "unreadable", message: `${ref} has no step the trajectory reader can read` };
  } catch (err) {
    return { status: "unreadable", message: err instanceof Error ? err.message : String(err) };
  }
}
