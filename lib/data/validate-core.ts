// The release validator without any file system: everything a release must satisfy beyond its zod schemas
// (docs/data-format.md, "Rule codes"). It never throws and never stops at the first problem. Node callers use
// lib/data/validate.ts; the browser (local results) calls this with the files it was given.
import type { Problem, Release } from "./schema";
import { createContext, type TrajectoryStepIds } from "./validate-context";
import { checkIdLimits } from "./validate-id-limits";
import { checkIdText } from "./validate-ids";
import { checkNames } from "./validate-names";
import { checkPairs } from "./validate-pairs";
import { checkIds, checkRefs, checkRelease } from "./validate-refs";
import { checkRuns } from "./validate-runs";
import { checkSchedules } from "./validate-schedule";
import { checkBuildSizes } from "./validate-sizes";
import { checkTasks } from "./validate-tasks";

export interface ValidateOptions {
  /** Whether a file exists at this path relative to the release folder. */
  fileExists: (relativePath: string) => boolean;
  /** Why an archive's entry cannot be read, or null when it is there; without it only the archive is looked up. */
  entryProblem?: (archive: string, entry: string) => string | null;
  /**
   * Reads a trajectory's step ids, so that annotations are checked against the steps they name. Only callers
   * that hold the files offer it (the Node validator); the browser's local results do not read trajectories.
   */
  trajectoryStepIds?: TrajectoryStepIds;
}

export function validateReleaseWith(release: Release, opts: ValidateOptions): Problem[] {
  const ctx = createContext(release, opts.fileExists, opts.trajectoryStepIds, opts.entryProblem);
  checkRelease(ctx);
  checkIds(ctx);
  checkIdText(ctx);
  checkIdLimits(ctx);
  checkNames(ctx);
  checkRefs(ctx);
  checkTasks(ctx);
  checkSchedules(ctx);
  checkPairs(ctx);
  checkRuns(ctx);
  checkBuildSizes(ctx);
  return ctx.problems;
}

export const isError = (p: Problem): boolean => p.level === "error";
