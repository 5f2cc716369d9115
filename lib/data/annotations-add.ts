// npm run release:add -- <annotations.jsonl> --into <release dir>: annotation records (the review page's export,
// docs/data-format.md "annotations.jsonl") go into a release. Every record is checked as the release's own would
// be (schema, its run exists, its step ids are steps of the run's trajectory, its position is a request of the
// session); one invalid record refuses the whole file and nothing is written. Valid records are appended to the
// release's annotations.jsonl as the lines they were: existing lines are never rewritten or dropped, and a record
// equal to one already there (or earlier in the file) is skipped and reported.
import { lstatSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readInsideSync } from "../common/inside-root-node";
import { looksAlike } from "../common/confusable";
import { CROSS_TASK_DETECTOR } from "../trajectory/detect-cross-task";
import { STATE_LOSS_DETECTOR } from "../trajectory/detect-state-loss";
import { stableKey, type KeyPart } from "../common/stable-key";
import { readJsonlRecords, type ByteLine } from "./jsonl-records";
import { lineOf, loadRelease } from "./load-release";
import { RECORD_FILES } from "./record-files";
import type { Annotation, Problem, Release } from "./schema";
import { appendLines } from "./submission-add";
import { validateRelease } from "./validate";

const ANNOTATIONS = RECORD_FILES.annotations.file;

/** Larger than any review export; a release's whole annotation file is far smaller. */
export const MAX_ANNOTATIONS_BYTES = 64 * 1024 * 1024;

export interface SkippedLine {
  /** The line of the given file. */
  line: number;
  /** Where the same record already is: the release's annotations.jsonl, or an earlier line of the given file. */
  sameAs: { file: string; line: number | undefined };
}

export interface AnnotationsAddResult {
  /** Why nothing was written, when nothing was. */
  refused: string | null;
  /** The given file's problems (file: its path, line: its line); any error refuses the file. */
  problems: Problem[];
  /** Lines appended. */
  added: number;
  skipped: SkippedLine[];
  /** The release's annotation problems after the addition (an error would mean a bug: every record passed). */
  after: Problem[];
}

function byteLines(bytes: Uint8Array): ByteLine[] {
  const lines: ByteLine[] = [];
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl >= 0; nl = bytes.indexOf(0x0a, start)) {
    lines.push({ line: lines.length + 1, bytes: bytes.subarray(start, nl) });
    start = nl + 1;
  }
  if (start < bytes.length) lines.push({ line: lines.length + 1, bytes: bytes.subarray(start) });
  return lines;
}

async function* iterate(lines: readonly ByteLine[]): AsyncGenerator<ByteLine> {
  yield* lines;
}

/** One record's identity: the same fields and values, whatever their order or spacing on the line. */
const identity = (a: Annotation) => stableKey(a as unknown as KeyPart);

/**
 * The checks the validator makes of annotations, on these records alone, with their lines in `file`; and what it
 * says of their runs' trajectories (a trajectory it cannot read leaves the step ids unchecked: a warning there).
 */
function checkAgainstRelease(release: Release, records: Annotation[], file: string): Problem[] {
  const runs = new Set(records.map((r) => r.run_id));
  const problems = validateRelease({ ...release, annotations: records });
  const ofRuns = problems
    .filter((p) => p.rule.startsWith("run.trajectory") && p.record !== undefined && runs.has(p.record))
    .map((p) => ({ ...p, level: "warning" as const }));
  const own = problems.filter((p) => p.file === ANNOTATIONS).map((p) => ({ ...p, file }));
  return [...own.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)), ...ofRuns];
}

/**
 * Names a reviewer may not sign with: the release's own annotators (authors of its annotations that are no review),
 * its judges and detectors, the detectors whose tags its reviews judged, and this site's detectors. A review signed
 * with one would pass for the release's own labels or a machine's.
 */
function reservedNames(release: Release): { name: string; whose: string }[] {
  const names: { name: string; whose: string }[] = [
    { name: STATE_LOSS_DETECTOR, whose: "this site's state-loss detector" },
    { name: CROSS_TASK_DETECTOR, whose: "this site's cross-task detector" },
  ];
  for (const a of release.annotations) {
    const line = `line ${lineOf(a) ?? "?"} of ${ANNOTATIONS}`;
    if (a.author.name && (a.author.kind !== "human" || !a.review))
      names.push({ name: a.author.name, whose: `the release's own ${a.author.kind === "human" ? "annotator" : a.author.kind} (${line})` });
    if (a.review?.detector) names.push({ name: a.review.detector, whose: `a detector its reviews judged (${line})` });
  }
  return names;
}

/**
 * What release:add asks of a reviewer's records beyond the release's own rules: written by a person (the review
 * page exports kind "human"; a judge's or detector's tags come from the release's producer or the build), under a
 * name that is not the release's own annotator's, a judge's or a detector's. Messages name the line and the field,
 * never the record's text.
 */
function reviewerProblems(release: Release, records: Annotation[], file: string): Problem[] {
  const reserved = reservedNames(release);
  const problems: Problem[] = [];
  for (const r of records) {
    const at = { level: "error" as const, file, line: lineOf(r) };
    if (r.author.kind !== "human")
      problems.push({ ...at, rule: "annotation.author_kind", message: `author.kind is "${r.author.kind}": release:add takes reviews written by people (kind "human"); a judge's or detector's tags come from the release's producer or the build` });
    const name = r.author.name?.trim();
    const taken = name ? reserved.find((x) => looksAlike(x.name.trim(), name)) : undefined;
    if (taken) problems.push({ ...at, rule: "annotation.author_name", message: `author.name is (or looks like) the name of ${taken.whose}; sign reviews with the reviewer's own name` });
  }
  return problems;
}

/** The most annotations one run may hold after an addition (docs/trajectory-explorer.md, "Review"). */
export const MAX_ANNOTATIONS_PER_RUN = 5_000;

/**
 * `annotation.per_run_limit`: a run that would hold more than MAX_ANNOTATIONS_PER_RUN annotations (the release's
 * and the new ones, repeats skipped) is an error at the line of its first record past the limit.
 */
function perRunLimit(release: Release, kept: readonly Annotation[], file: string): Problem[] {
  const held = new Map<string, number>();
  for (const a of release.annotations) held.set(a.run_id, (held.get(a.run_id) ?? 0) + 1);
  const problems: Problem[] = [];
  for (const r of kept) {
    const count = (held.get(r.run_id) ?? 0) + 1;
    held.set(r.run_id, count);
    if (count !== MAX_ANNOTATIONS_PER_RUN + 1) continue;
    const message = `run ${r.run_id} would hold more than ${MAX_ANNOTATIONS_PER_RUN} annotations (the release's and this file's); this is the first past the limit`;
    problems.push({ level: "error", file, line: lineOf(r), record: r.run_id, rule: "annotation.per_run_limit", message });
  }
  return problems;
}

function refusal(file: string, problems: Problem[]): string {
  const first = problems.find((p) => p.level === "error")!;
  const count = problems.filter((p) => p.level === "error").length;
  return `${file}:${first.line ?? "?"} breaks ${first.rule}${count > 1 ? ` (and ${count - 1} more)` : ""}`;
}

/** Records not already in the release (nor earlier in the file), and the lines skipped for being so. */
function newRecords(release: Release, records: Annotation[], file: string) {
  const seen = new Map<string, SkippedLine["sameAs"]>();
  for (const a of release.annotations) seen.set(identity(a), { file: ANNOTATIONS, line: lineOf(a) });
  const kept: Annotation[] = [];
  const skipped: SkippedLine[] = [];
  for (const r of records) {
    const same = seen.get(identity(r));
    if (same) skipped.push({ line: lineOf(r)!, sameAs: same });
    else {
      seen.set(identity(r), { file, line: lineOf(r) });
      kept.push(r);
    }
  }
  return { kept, skipped };
}

export async function addAnnotations(opts: { file: string; into: string }): Promise<AnnotationsAddResult> {
  const none = { added: 0, skipped: [], after: [] };
  // The file itself, never what a link names (a link could hand over any file of the machine): lstat, then a read
  // that refuses links (lib/common/inside-root-node.ts); the folder it is in may be reached through links.
  const info = lstatSync(opts.file);
  if (!info.isFile())
    return { ...none, problems: [], refused: `${opts.file} is ${info.isSymbolicLink() ? "a symbolic link (path.link)" : "not a regular file (path.special)"}; release:add reads a regular file only` };
  if (info.size > MAX_ANNOTATIONS_BYTES)
    return { ...none, problems: [], refused: `${opts.file} is ${info.size} bytes, more than ${MAX_ANNOTATIONS_BYTES} an annotation file may be` };
  const loaded = await loadRelease(opts.into);
  if (!loaded.release) return { ...none, problems: loaded.problems, refused: `${opts.into} is not a release that loads` };
  const lines = byteLines(readInsideSync(dirname(opts.file), basename(opts.file)));
  const problems: Problem[] = [];
  const records = await readJsonlRecords(iterate(lines), { ...RECORD_FILES.annotations, file: opts.file }, problems);
  problems.push(...checkAgainstRelease(loaded.release, records, opts.file));
  const { kept, skipped } = newRecords(loaded.release, records, opts.file);
  // A line already in the release is skipped, not added: only what would be added is held to a reviewer's rules.
  problems.push(...reviewerProblems(loaded.release, kept, opts.file));
  problems.push(...perRunLimit(loaded.release, kept, opts.file));
  if (problems.some((p) => p.level === "error")) return { ...none, problems, refused: refusal(opts.file, problems) };
  if (kept.length > 0) {
    const text = kept.map((r) => `${new TextDecoder().decode(lines[lineOf(r)! - 1]!.bytes).replace(/\r$/, "").replace(/^\uFEFF/, "")}\n`);
    appendLines(join(opts.into, ANNOTATIONS), text.join(""));
  }
  const reloaded = await loadRelease(opts.into);
  const after = reloaded.release ? validateRelease(reloaded.release) : reloaded.problems;
  return { refused: null, problems, added: kept.length, skipped, after: after.filter((p) => p.file === ANNOTATIONS) };
}
