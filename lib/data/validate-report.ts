// How problems are printed by `npm run data:validate` and the build: one line each, in file order, so a
// producer can jump from the line to the record.
import { markInvisible } from "../common/unicode";
import type { Problem } from "./schema";

const FILE_ORDER = ["release.json", "tasks.jsonl", "sessions.jsonl", "configs.jsonl", "runs.jsonl", "annotations.jsonl"];

const KIND_OF_FILE: Record<string, string> = {
  "tasks.jsonl": "task",
  "sessions.jsonl": "session",
  "configs.jsonl": "config",
  "runs.jsonl": "run",
  "annotations.jsonl": "annotation",
};

/**
 * `error sessions.jsonl:12 [session s-001] schedule.projection: …`. Invisible characters of the record's id and
 * the message are printed as ⟦U+202E⟧: a bidi override must not reorder the line in a terminal.
 */
export function formatProblem(p: Problem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
  const record = p.record === undefined ? "" : ` [${KIND_OF_FILE[p.file] ?? "record"} ${p.record}]`;
  return markInvisible(`${p.level} ${where}${record} ${p.rule}: ${p.message}`);
}

/** Stable order: by file as listed in the format, then line, keeping the checks' order within a line. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const rank = (file: string) => {
    const i = FILE_ORDER.indexOf(file);
    return i < 0 ? FILE_ORDER.length : i;
  };
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.file) - rank(b.p.file) || (a.p.line ?? 0) - (b.p.line ?? 0) || a.i - b.i)
    .map(({ p }) => p);
}

export function summarize(problems: readonly Problem[], dir: string): string {
  const errors = problems.filter((p) => p.level === "error").length;
  const warnings = problems.length - errors;
  const verdict = errors > 0 ? "INVALID" : "valid";
  return `${dir}: ${verdict}, ${errors} error(s), ${warnings} warning(s)`;
}
