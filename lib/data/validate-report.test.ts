import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MALFORMED_DIR, MINIMAL_DIR } from "./fixtures/minimal";
import type { Problem } from "./schema";
import { formatProblem, sortProblems, summarize } from "./validate-report";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("formatProblem", () => {
  it("prints level, file:line, [kind id], rule and message", () => {
    const p: Problem = { level: "error", file: "sessions.jsonl", line: 12, record: "s-001", rule: "schedule.projection", message: "differs" };
    expect(formatProblem(p)).toBe("error sessions.jsonl:12 [session s-001] schedule.projection: differs");
    expect(formatProblem({ level: "warning", file: "release.json", rule: "release.baseline", message: "m" })).toBe("warning release.json release.baseline: m");
  });

  it("prints an id's and a message's invisible characters as ⟦U+…⟧, so a bidi override cannot reorder the line", () => {
    const p: Problem = { level: "error", file: "configs.jsonl", line: 3, record: "gpt\u202e5", rule: "id.invisible", message: "a\u200bb" };
    expect(formatProblem(p)).toBe("error configs.jsonl:3 [config gpt⟦U+202E⟧5] id.invisible: a⟦U+200B⟧b");
  });

  it("sorts by file in format order, then line", () => {
    const mk = (file: string, line?: number): Problem => ({ level: "error", file, line, rule: "r", message: "" });
    const sorted = sortProblems([mk("runs.jsonl", 2), mk("tasks.jsonl", 9), mk("runs.jsonl", 1), mk("release.json")]);
    expect(sorted.map((p) => `${p.file}:${p.line ?? ""}`)).toEqual(["release.json:", "tasks.jsonl:9", "runs.jsonl:1", "runs.jsonl:2"]);
  });

  it("summarizes counts", () => {
    expect(summarize([{ level: "warning", file: "runs.jsonl", rule: "r", message: "" }], "d")).toBe("d: valid, 0 error(s), 1 warning(s)");
  });
});

describe("npm run data:validate", () => {
  const cli = (dir: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/validate-release.ts", dir], { cwd: ROOT, encoding: "utf8" });

  it("exits 1 and prints every error of the malformed release", () => {
    const out = cli(MALFORMED_DIR);
    expect(out.status).toBe(1);
    const errors = out.stdout.split("\n").filter((l) => l.startsWith("error "));
    expect(errors.map((l) => l.slice(0, l.indexOf(":", l.indexOf("]"))))).toEqual([
      "error configs.jsonl:3 [config c-3] schema.unknown_field",
      "error runs.jsonl:4 [run r-3] json.parse",
      "error runs.jsonl:5 [run r-4] ref.config",
      "error runs.jsonl:6 [run r-5] schema.type",
    ]);
    expect(out.stdout).toContain("INVALID, 4 error(s), 4 warning(s)");
  });

  it("exits 0 when only warnings remain", () => {
    const out = cli(MINIMAL_DIR);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("valid, 0 error(s), 7 warning(s)");
  });
});
