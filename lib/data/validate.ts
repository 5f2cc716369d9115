// The release validator for a release on disk (build, CLI, tests): lib/data/validate-core.ts with the
// trajectory files looked up in the release folder, and annotated runs' trajectories read for their step ids.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Problem, Release } from "./schema";
import { readTrajectory } from "../trajectory/chain";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { asAtif } from "../trajectory/swe-agent";
import { validateReleaseWith } from "./validate-core";

export { isError } from "./validate-core";

export function validateRelease(release: Release): Problem[] {
  return validateReleaseWith(release, {
    fileExists: (relativePath) => {
      try {
        return statSync(join(release.dir, relativePath)).isFile();
      } catch {
        return false;
      }
    },
    // Annotated runs only: the trajectory's main file, as the explorer matches annotation step ids (tags.ts).
    trajectoryStepIds: (relativePath) => {
      try {
        // The viewer's own parse: a file nested too deep is unreadable here as it is there (json.too_deep).
        const raw = parseTrajectoryText(readFileSync(join(release.dir, relativePath), "utf8"), relativePath);
        const steps = readTrajectory(asAtif(raw, relativePath), relativePath).steps;
        return new Set(steps.filter((s) => s.file === 0 && s.stepId !== null).map((s) => s.stepId!));
      } catch (err) {
        return { unreadable: err instanceof Error ? err.message : String(err) };
      }
    },
  });
}
