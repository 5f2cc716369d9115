// Run and annotation rules: a run's outcome fields must tell one story (Switch-SWE §3.4: resolved means the
// artifact applied and every verifier test passed; the failure class follows from how far the run got),
// its usage must point at real requests, and its trajectory, when named, must be a file of the release.
import { isSafeEntryName, parseFileRef } from "../archive/ref";
import type { Annotation, Run } from "./schema";
import type { Context } from "./validate-context";
import { MAX_REFERENCE_BYTES, utf8Length } from "./build-limits";

export function checkRuns(ctx: Context): void {
  for (const run of ctx.release.runs) {
    checkOutcome(ctx, run);
    checkUsage(ctx, run);
    checkTrajectory(ctx, run);
    checkPatchRef(ctx, run);
  }
  checkAnnotations(ctx);
}

/** The failure class a run's flags imply (null when resolved). */
export function expectedFailureClass(run: Pick<Run, "resolved" | "finalized" | "applied">): Run["failure_class"] {
  if (run.resolved) return null;
  if (!run.finalized) return "incomplete";
  if (!run.applied) return "submission";
  return "implementation";
}

function checkOutcome(ctx: Context, run: Run): void {
  const notPassed = run.tests.failed.length + run.tests.missing.length + (run.tests.skipped?.length ?? 0);
  if (run.resolved && (!run.applied || !run.finalized || notPassed > 0)) {
    const why = !run.finalized ? "it was not finalized" : !run.applied ? "its artifact did not apply" : `${notPassed} test(s) did not pass`;
    ctx.error("run", run, "run.resolved_tests", `resolved is true, but ${why}`);
  } else if (!run.resolved && run.applied && notPassed === 0) {
    ctx.error("run", run, "run.resolved_tests", "resolved is false although the artifact applied and no test failed, was missing or was skipped");
  }
  const expected = expectedFailureClass(run);
  if (run.failure_class !== expected) {
    ctx.error(
      "run",
      run,
      "run.failure_class",
      `failure_class is ${JSON.stringify(run.failure_class)}, but resolved=${run.resolved}, finalized=${run.finalized}, applied=${run.applied} mean ${JSON.stringify(expected)}`,
    );
  }
}

function checkUsage(ctx: Context, run: Run): void {
  const requests = ctx.sessions.get(run.session_id)?.schedule.length;
  const seen = new Set<number>();
  for (const usage of run.usage) {
    if (seen.has(usage.position)) ctx.error("run", run, "run.usage", `usage for position ${usage.position} is given twice`);
    seen.add(usage.position);
    if (requests !== undefined && usage.position >= requests) {
      ctx.error("run", run, "run.usage", `usage for position ${usage.position}, but the session has ${requests} requests (0–${requests - 1})`);
    }
    if (usage.cached_tokens > usage.tokens) {
      ctx.error("run", run, "run.usage", `position ${usage.position}: cached_tokens ${usage.cached_tokens} exceed tokens ${usage.tokens}`);
    }
  }
}

function checkTrajectory(ctx: Context, run: Run): void {
  if (run.trajectory === undefined) {
    ctx.warning("run", run, "run.trajectory_missing", "the run has no trajectory");
    return;
  }
  if (tooLongReference(ctx, run, "trajectory", run.trajectory)) return;
  // The build copies trajectories into the site: a path leaving the release folder would publish other files.
  const ref = parseFileRef(run.trajectory);
  const relative = normalizeRelative(ref.kind === "entry" ? ref.archive : ref.path);
  if (relative === null || (ref.kind === "entry" && !isSafeEntryName(ref.entry))) {
    ctx.error("run", run, "run.trajectory_path", `trajectory "${run.trajectory}" must be a path inside the release folder (and an archive entry inside its archive)`);
    return;
  }
  if (!ctx.fileExists(relative)) {
    const what = ref.kind === "entry" ? "archive" : "file";
    ctx.warning("run", run, "run.trajectory_missing", `trajectory ${what} "${relative}" does not exist`);
    return;
  }
  const problem = ref.kind === "entry" ? ctx.entryProblem?.(relative, ref.entry) : null;
  if (problem) ctx.warning("run", run, "run.trajectory_missing", `trajectory "${run.trajectory}": ${problem}`);
}

/** The submitted patch, when named, is a file or archive entry inside the release (read later: validate-patches.ts). */
function checkPatchRef(ctx: Context, run: Run): void {
  if (run.patch === undefined || tooLongReference(ctx, run, "patch", run.patch)) return;
  const ref = parseFileRef(run.patch);
  const relative = normalizeRelative(ref.kind === "entry" ? ref.archive : ref.path);
  if (relative === null || (ref.kind === "entry" && !isSafeEntryName(ref.entry))) {
    ctx.error("run", run, "run.patch_path", `patch "${run.patch}" must be a path inside the release folder (and an archive entry inside its archive)`);
    return;
  }
  if (!ctx.fileExists(relative)) {
    ctx.warning("run", run, "run.patch_missing", `patch ${ref.kind === "entry" ? "archive" : "file"} "${relative}" does not exist`);
    return;
  }
  const problem = ref.kind === "entry" ? ctx.entryProblem?.(relative, ref.entry) : null;
  if (problem) ctx.warning("run", run, "run.patch_missing", `patch "${run.patch}": ${problem}`);
}

/** A reference longer than a path may be (its row would carry it into the build's tables whole); not echoed. */
function tooLongReference(ctx: Context, run: Run, field: "trajectory" | "patch", ref: string): boolean {
  const bytes = utf8Length(ref);
  if (bytes <= MAX_REFERENCE_BYTES) return false;
  ctx.error("run", run, `run.${field}_path`, `${field} reference is ${bytes} bytes, longer than a path may be (${MAX_REFERENCE_BYTES} bytes)`);
  return true;
}

/** The reference with its file part normalized, or null when it leaves the release folder. */
export function normalizeTrajectoryRef(ref: string): string | null {
  const r = parseFileRef(ref);
  const path = normalizeRelative(r.kind === "entry" ? r.archive : r.path);
  if (path === null) return null;
  return r.kind === "entry" ? (isSafeEntryName(r.entry) ? `${path}#${r.entry}` : null) : path;
}

/** Each annotated run's trajectory is read once; its step ids, or null when it is not checked. */
function stepIdsOf(ctx: Context, run: Run, cache: Map<string, Set<number> | null>): Set<number> | null {
  if (cache.has(run.run_id)) return cache.get(run.run_id)!;
  let ids: Set<number> | null = null;
  const relative = run.trajectory === undefined ? null : normalizeTrajectoryRef(run.trajectory);
  const ref = relative === null ? null : parseFileRef(relative);
  const present = ref !== null && ctx.fileExists(ref.kind === "entry" ? ref.archive : ref.path) && (ref.kind !== "entry" || !ctx.entryProblem?.(ref.archive, ref.entry));
  // A missing or misplaced trajectory is reported by checkTrajectory already.
  if (ctx.trajectoryStepIds && relative !== null && present) {
    const read = ctx.trajectoryStepIds(relative);
    if (read instanceof Set) ids = read;
    else ctx.warning("run", run, "run.trajectory_unreadable", `trajectory "${run.trajectory}" could not be read (${read.unreadable}); its annotations are not checked against it`);
  }
  cache.set(run.run_id, ids);
  return ids;
}

function checkAnnotations(ctx: Context): void {
  const stepIds = new Map<string, Set<number> | null>();
  for (const annotation of ctx.release.annotations) {
    const annotated = ctx.runs.get(annotation.run_id);
    const ids = annotated ? stepIdsOf(ctx, annotated, stepIds) : null;
    const unknown = ids ? annotation.step_ids.filter((id) => !ids.has(id)) : [];
    if (unknown.length > 0) {
      ctx.error(
        "annotation",
        annotation,
        "annotation.step_ids",
        `annotation on run ${annotation.run_id} names step id(s) ${unknown.join(", ")}, which the main file of trajectory "${annotated!.trajectory}" does not have`,
      );
    }
    checkAuditStratum(ctx, annotation);
    if (annotation.position === undefined) continue;
    const run = ctx.runs.get(annotation.run_id);
    const requests = run ? ctx.sessions.get(run.session_id)?.schedule.length : undefined;
    if (requests !== undefined && annotation.position >= requests) {
      ctx.error(
        "annotation",
        annotation,
        "annotation.position",
        `annotation on run ${annotation.run_id} points at request ${annotation.position}, but the session has ${requests} requests`,
      );
    }
  }
}

/**
 * An audit review's stratum is its run's own (lib/metrics/audit-sample.ts, stratumKey: `<config_id>/<condition>`):
 * the audit model counts a review in the stratum it names, so a wrong one (a crafted review link) would move the
 * precision, recall and corrected prevalence the signatures page shows.
 */
function checkAuditStratum(ctx: Context, annotation: Annotation): void {
  const audit = annotation.review?.audit;
  const run = ctx.runs.get(annotation.run_id);
  const condition = run ? ctx.sessions.get(run.session_id)?.condition : undefined;
  if (!audit || !run || condition === undefined) return;
  const own = `${run.config_id}/${condition}`;
  if (audit.stratum !== own)
    ctx.error("annotation", annotation, "annotation.audit_stratum", `review.audit.stratum is not the stratum of run ${run.run_id}, "${own}"`);
}

/** The path with "." and ".." resolved, or null when it is absolute or leaves the release folder. */
function normalizeRelative(path: string): string | null {
  if (/^([/\\]|[A-Za-z]:)/.test(path)) return null;
  const parts: string[] = [];
  for (const part of path.split(/[/\\]+/)) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}
