// npm run release:add: a submission that passes the check goes into a published release. Its
// configurations are appended to configs.jsonl with their provenance (submitted_at, submitted_by,
// report_url, and `verified` when a maintainer reproduced it), its runs to runs.jsonl, and its trajectory
// files copied. Nothing is written when the check fails or a file would be overwritten.
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { caseFold } from "../common/confusable";
import { copyInside } from "../common/inside-root-node";
import { loadRelease } from "./load-release";
import type { Config, Problem, Run } from "./schema";
import { checkSubmission, type SubmissionReport } from "./submission-check";
import type { SubmissionManifest } from "./submission-manifest";
import { loadPublished, loadSubmission } from "./submission-load";
import { archiveRef } from "./submission-trajectory";
import { validateRelease } from "./validate";

export interface Verification {
  by: string;
  at: string;
}

export interface AddOptions {
  submission: string;
  into: string;
  verified?: Verification;
}

export interface AddResult {
  report: SubmissionReport;
  /** Why nothing was written, when nothing was. */
  refused: string | null;
  configs: Config[];
  runs: number;
  files: string[];
  /** The release's problems after the addition (errors would mean a bug: the check passed). */
  after: Problem[];
}

/** The configuration as the release records it: the submitted record, its declarations kept under extra.submission. */
export function provenanceConfig(config: Config, manifest: SubmissionManifest, verified?: Verification): Config {
  const declared = manifest.configs.find((c) => c.config_id === config.config_id);
  const submission = { repeats: declared?.repeats ?? null, missing_sessions: declared?.missing ?? [] };
  return { ...config, ...(verified ? { verified: { by: verified.by, at: verified.at } } : {}), extra: { ...config.extra, submission } };
}

/** The release-relative paths to copy for a run's trajectory: the file, a run's own folder, or the archive. */
export function trajectoryCopies(ref: string): string[] {
  const zip = archiveRef(ref);
  if (zip) return [zip.archive];
  const dir = dirname(ref);
  return dir === "trajectories" || dir === "." ? [ref] : [dir];
}

/** A path of the release that differs from `path` only by case (the same file on macOS or Windows), or null. */
export function caseTwin(root: string, path: string): string | null {
  const dir = join(root, dirname(path));
  if (!existsSync(dir)) return null;
  const name = basename(path);
  const twin = readdirSync(dir).find((n) => n !== name && caseFold(n) === caseFold(name));
  return twin === undefined ? null : join(dirname(path), twin);
}

const jsonl = (records: readonly object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join("");

/** Appends lines to a record file (created when absent), after a line end if its last line has none. */
export function appendLines(path: string, text: string): void {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  appendFileSync(path, (current.length && !current.endsWith("\n") ? "\n" : "") + text);
}

export async function addSubmission(opts: AddOptions): Promise<AddResult> {
  const published = await loadPublished(opts.into);
  const loaded = await loadSubmission(opts.submission, published);
  try {
    const report = checkSubmission(loaded.input);
    const none = { report, configs: [], runs: 0, files: [], after: [] };
    const { submission, manifest } = loaded.input;
    if (!report.ok || !submission || !manifest || loaded.releaseDir === null) {
      return { ...none, refused: `the submission fails ${report.rules.filter((r) => r.status === "fail").map((r) => r.code).join(", ")}` };
    }
    const files = [...new Set(submission.runs.flatMap((r: Run) => (r.trajectory ? trajectoryCopies(r.trajectory) : [])))];
    const taken = files.filter((f) => existsSync(join(opts.into, f)));
    if (taken.length) return { ...none, refused: `${taken.length} trajectory path(s) already exist in ${opts.into}, e.g. ${taken[0]}` };
    const twins = files.map((f) => [f, caseTwin(opts.into, f)] as const).filter(([, twin]) => twin !== null);
    if (twins.length) {
      const [f, twin] = twins[0]!;
      return { ...none, refused: `${twins.length} trajectory path(s) differ from a path of ${opts.into} only by case (one file on a case-insensitive file system), e.g. ${f} and ${twin}` };
    }
    const configs = submission.configs.map((c) => provenanceConfig(c, manifest, opts.verified));
    // Regular files only: the check refused links, and copyInside refuses them again rather than copy one.
    for (const f of files) copyInside(loaded.releaseDir, f, opts.into, true);
    appendLines(join(opts.into, "configs.jsonl"), jsonl(configs));
    appendLines(join(opts.into, "runs.jsonl"), jsonl(submission.runs));
    const reloaded = await loadRelease(opts.into);
    const after = reloaded.release ? [...reloaded.problems, ...validateRelease(reloaded.release)] : reloaded.problems;
    return { report, refused: null, configs, runs: submission.runs.length, files, after };
  } finally {
    loaded.cleanup();
  }
}
