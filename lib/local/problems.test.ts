// The problem report the local-results worker hands the page: counts by rule and the printed lines in the
// validator's order, worked out by hand for a few problems and for 50,000.
import { describe, expect, it } from "vitest";
import type { Problem } from "../data/schema";
import { isErrorLine, problemCount, problemLines, problemReport } from "./problems";

const warn = (line: number, rule = "run.trajectory_missing"): Problem => ({
  level: "warning",
  file: "runs.jsonl",
  line,
  record: `r-${line}`,
  rule,
  message: "the run has no trajectory",
});

describe("problemReport", () => {
  it("counts each rule, errors first then the most frequent, and prints the lines in file and line order", () => {
    const problems: Problem[] = [
      warn(3),
      { level: "error", file: "sessions.jsonl", line: 2, record: "s-1", rule: "schedule.projection", message: "m" },
      warn(1),
      warn(2, "run.patch_missing"),
      { level: "error", file: "release.json", rule: "json.parse", message: "not JSON" },
    ];
    const r = problemReport(problems);
    expect([r.errors, r.warnings]).toEqual([2, 3]);
    expect(r.byRule).toEqual([
      { level: "error", rule: "json.parse", count: 1 },
      { level: "error", rule: "schedule.projection", count: 1 },
      { level: "warning", rule: "run.trajectory_missing", count: 2 },
      { level: "warning", rule: "run.patch_missing", count: 1 },
    ]);
    expect(problemLines(r, 0, 5)).toEqual([
      "error release.json json.parse: not JSON",
      "error sessions.jsonl:2 [session s-1] schedule.projection: m",
      "warning runs.jsonl:1 [run r-1] run.trajectory_missing: the run has no trajectory",
      "warning runs.jsonl:2 [run r-2] run.patch_missing: the run has no trajectory",
      "warning runs.jsonl:3 [run r-3] run.trajectory_missing: the run has no trajectory",
    ]);
    expect(problemLines(r, 0, 5).map(isErrorLine)).toEqual([true, true, false, false, false]);
    // A page cut out of the text: lines 2–3, and past the end only what there is.
    expect(problemLines(r, 2, 4)).toEqual([
      "warning runs.jsonl:1 [run r-1] run.trajectory_missing: the run has no trajectory",
      "warning runs.jsonl:2 [run r-2] run.patch_missing: the run has no trajectory",
    ]);
    expect(problemLines(r, 4, 200)).toEqual([
      "warning runs.jsonl:3 [run r-3] run.trajectory_missing: the run has no trajectory",
    ]);
    expect(problemLines(r, 7, 9)).toEqual([]);
  });

  it("reports 50,000 warnings of one rule as one count and 50,000 lines, the last line last", () => {
    const r = problemReport(Array.from({ length: 50_000 }, (_, i) => warn(50_000 - i)));
    expect(r.byRule).toEqual([{ level: "warning", rule: "run.trajectory_missing", count: 50_000 }]);
    expect([r.errors, r.warnings, problemCount(r)]).toEqual([0, 50_000, 50_000]);
    expect(problemLines(r, 0, 1)).toEqual([
      "warning runs.jsonl:1 [run r-1] run.trajectory_missing: the run has no trajectory",
    ]);
    // The last page of 200: lines 49,800–49,999, the last one runs.jsonl:50000.
    const last = problemLines(r, 49_800, 50_000);
    expect([last.length, last[0], last[199]]).toEqual([
      200,
      "warning runs.jsonl:49801 [run r-49801] run.trajectory_missing: the run has no trajectory",
      "warning runs.jsonl:50000 [run r-50000] run.trajectory_missing: the run has no trajectory",
    ]);
  });

  it("prints lines up to the text limit and counts the rest", () => {
    // Each line is 80 characters (8 + 13 + 10 + 24 + 25): a limit of 200 prints two of three (160).
    const r = problemReport([warn(1), warn(2), warn(3)], 200);
    expect(problemLines(r, 0, 1)[0]).toHaveLength(80);
    expect([problemCount(r), r.unprinted, r.warnings]).toEqual([2, 1, 3]);
    expect(r.byRule).toEqual([{ level: "warning", rule: "run.trajectory_missing", count: 3 }]);
  });

  it("reports no problem as empty", () => {
    const r = problemReport([]);
    expect([r.errors, r.warnings, r.byRule, r.text, problemCount(r), r.unprinted, problemLines(r, 0, 200)]).toEqual([
      0,
      0,
      [],
      "",
      0,
      0,
      [],
    ]);
  });
});
