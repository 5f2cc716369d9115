// A local release's problems as the page receives them: counted by rule and printed as `npm run data:validate`
// prints them, in its order, by the local-results worker. A release can have a problem per record (50,000 runs
// missing their trajectory are 50,000 warnings): passed to the page as objects, or even as one string each, they
// took longer to unpack on its thread than it may be busy, and they stayed in its heap for every collection to
// walk. So the lines are one text with the offsets where each begins, and a view cuts out the page it shows.
import type { Problem } from "../data/schema";
import { formatProblem, sortProblems } from "../data/validate-report";

export interface RuleCount {
  level: Problem["level"];
  rule: string;
  count: number;
}

export interface ProblemReport {
  errors: number;
  warnings: number;
  /** How many problems each rule raised: errors first, then the most frequent, then by rule. */
  byRule: RuleCount[];
  /** Every problem, one line each (`error runs.jsonl:12 [run r-1] ref.session: …`), in the validator's order. */
  text: string;
  /** Where line i of `text` begins, and after the last line its length: one entry more than there are lines. */
  starts: Uint32Array;
  /** Problems counted but not printed, past TEXT_LIMIT characters of lines. */
  unprinted: number;
}

/**
 * Characters of lines printed at most (one JavaScript string holds ~500 million): a release at the record files'
 * size limit with a problem per record would print more than that.
 */
export const TEXT_LIMIT = 64 * 1024 * 1024;

export function problemReport(problems: readonly Problem[], textLimit = TEXT_LIMIT): ProblemReport {
  const counts = new Map<string, RuleCount>();
  let errors = 0;
  for (const p of problems) {
    if (p.level === "error") errors++;
    const key = `${p.level} ${p.rule}`;
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { level: p.level, rule: p.rule, count: 1 });
  }
  const byRule = [...counts.values()].sort(
    (a, b) =>
      Number(b.level === "error") - Number(a.level === "error") ||
      b.count - a.count ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  const lines: string[] = [];
  let length = 0;
  for (const p of sortProblems(problems)) {
    const line = formatProblem(p);
    if (length + line.length > textLimit) break;
    lines.push(line);
    length += line.length;
  }
  const starts = new Uint32Array(lines.length + 1);
  for (let i = 0; i < lines.length; i++) starts[i + 1] = starts[i]! + lines[i]!.length;
  const text = lines.join("");
  return {
    errors,
    warnings: problems.length - errors,
    byRule,
    text,
    starts,
    unprinted: problems.length - lines.length,
  };
}

/** How many lines the report holds. */
export function problemCount(report: ProblemReport): number {
  return report.starts.length - 1;
}

/** Lines [from, to) of the report (clamped to the lines there are). */
export function problemLines(report: ProblemReport, from: number, to: number): string[] {
  const end = Math.min(to, problemCount(report));
  const out: string[] = [];
  for (let i = Math.max(0, from); i < end; i++) out.push(report.text.slice(report.starts[i], report.starts[i + 1]));
  return out;
}

/** Whether a report line is an error's (formatProblem begins each line with the level). */
export function isErrorLine(line: string): boolean {
  return line.startsWith("error ");
}
