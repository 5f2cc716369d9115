// The release validator for a release on disk (build, CLI, tests): lib/data/validate-core.ts with the
// trajectory files looked up in the release folder (archive entries in the directories loadRelease read), and
// annotated runs' trajectories read for their step ids.
import { lstatSync } from "node:fs";
import { readInsideSync, resolveInside } from "../common/inside-root-node";
import { gunzipSync } from "node:zlib";
import { entryProblem, readEntrySync } from "../archive/index-node";
import { MAX_ENTRY_BYTES } from "../archive/limits";
import { parseFileRef } from "../archive/ref";
import type { Problem, Release } from "./schema";
import { readTrajectory } from "../trajectory/chain";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { validateReleaseWith } from "./validate-core";

export { isError } from "./validate-core";

/** A release file's text by reference (plain, .gz or archive entry), synchronously; throws naming it. */
export function readRefSync(release: Release, ref: string): string {
  const r = parseFileRef(ref);
  if (r.kind === "entry") {
    const index = release.archives?.get(r.archive);
    const problem = entryProblem(index, r.archive, r.entry);
    if (problem !== null || !index || "error" in index) throw new Error(problem ?? `archive "${r.archive}" was not indexed`);
    return new TextDecoder().decode(readEntrySync(resolveInside(release.dir, r.archive), r.entry, index.entries.get(r.entry)!));
  }
  const bytes = readInsideSync(release.dir, r.path);
  return (r.kind === "gzip" ? gunzipSync(bytes, { maxOutputLength: MAX_ENTRY_BYTES }) : bytes).toString("utf8");
}

export function validateRelease(release: Release): Problem[] {
  return validateReleaseWith(release, {
    fileExists: (relativePath) => {
      try {
        // A link is not a file of the release (loadRelease reports it as path.link).
        return lstatSync(resolveInside(release.dir, relativePath)).isFile();
      } catch {
        return false;
      }
    },
    entryProblem: (archive, entry) => entryProblem(release.archives?.get(archive), archive, entry),
    // Annotated runs only: the trajectory's main file, as the explorer matches annotation step ids (tags.ts).
    trajectoryStepIds: (relativePath) => {
      try {
        // The viewer's own parse: a file nested too deep is unreadable here as it is there (json.too_deep).
        const raw = parseTrajectoryText(readRefSync(release, relativePath), relativePath);
        const steps = readTrajectory(raw, relativePath).steps;
        return new Set(steps.filter((s) => s.file === 0 && s.stepId !== null).map((s) => s.stepId!));
      } catch (err) {
        return { unreadable: err instanceof Error ? err.message : String(err) };
      }
    },
  });
}
