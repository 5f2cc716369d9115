// The planted set: generated into a temporary folder, the release passes the project's validator with no error,
// and every ground-truth line points at steps that exist, in the request it names.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../lib/data/load-release";
import { validateReleaseOnDisk } from "../../lib/data/validate-trajectories";
import type { Problem, Release } from "../../lib/data/schema";
import { generate, type TruthLine } from "./release";

const dir = mkdtempSync(join(tmpdir(), "planted-"));
const releaseDir = join(dir, "release");
const truthFile = join(dir, "truth.jsonl");
let release: Release;
let problems: Problem[];
let truth: TruthLine[];

interface Step {
  step_id: number;
  source: string;
  tool_calls?: unknown[];
}

beforeAll(async () => {
  generate(releaseDir, truthFile);
  const loaded = await loadRelease(releaseDir);
  release = loaded.release!;
  problems = [...loaded.problems, ...(await validateReleaseOnDisk(release)).problems];
  truth = readFileSync(truthFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as TruthLine);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The position (request) of each step: the k-th user step opens position k-1. */
function positions(steps: Step[]): Map<number, number> {
  const out = new Map<number, number>();
  let position = -1;
  for (const s of steps) {
    if (s.source === "user") position++;
    out.set(s.step_id, position);
  }
  return out;
}

describe("the planted release", () => {
  it("passes the validator with no error", () => {
    expect(release).toBeTruthy();
    expect(problems.filter((p) => p.level === "error")).toEqual([]);
  });

  it("is synthetic and has three configurations, one per tool style", () => {
    expect(release.meta.release_id).toBe("planted");
    expect(release.meta.synthetic).toBe(true);
    expect(release.configs.map((c) => c.harness).sort()).toEqual(["Claude Code", "Codex", "OpenHands"]);
  });

  it("numbers steps from 1 and has one user step per scheduled request that ran", () => {
    for (const run of release.runs) {
      const steps = JSON.parse(readFileSync(join(releaseDir, run.trajectory!), "utf8")).steps as Step[];
      expect(steps.map((s) => s.step_id)).toEqual(steps.map((_, i) => i + 1));
      expect(steps.filter((s) => s.source === "user").length).toBe(run.usage.length);
      const calls = new Map<number, number>();
      for (const [id, position] of positions(steps))
        calls.set(position, (calls.get(position) ?? 0) + (steps[id - 1]!.tool_calls?.length ?? 0));
      for (const u of run.usage)
        expect(u.tool_calls, `${run.run_id} position ${u.position}`).toBe(calls.get(u.position));
    }
  });

  it("fails an earlier stage's F2P test in every planted loss run", () => {
    const runs = new Map(release.runs.map((r) => [r.run_id, r]));
    const sessions = new Map(release.sessions.map((s) => [s.session_id, s]));
    const tasks = new Map(release.tasks.map((t) => [t.task_id, t]));
    for (const line of truth.filter((l) => l.planted && l.signature === "requirement_state_loss")) {
      const run = runs.get(line.run_id)!;
      const session = sessions.get(run.session_id)!;
      const stage = session.schedule[line.position]!.stage as number;
      const stageOf = new Map(tasks.get(session.focus_task_id)!.tests.map((t) => [t.test_id, t.stage ?? 0]));
      expect(run.failure_class, line.run_id).toBe("implementation");
      expect(
        run.tests.failed.some((id) => (stageOf.get(id) ?? 99) < stage),
        line.run_id,
      ).toBe(true);
    }
  });

  it("points every ground-truth line at existing steps of the named request", () => {
    const runs = new Map(release.runs.map((r) => [r.run_id, r]));
    for (const line of truth) {
      const run = runs.get(line.run_id);
      expect(run, line.run_id).toBeTruthy();
      const steps = JSON.parse(readFileSync(join(releaseDir, run!.trajectory!), "utf8")).steps as Step[];
      const at = positions(steps);
      for (const id of line.evidence_steps) expect(at.has(id), `${line.run_id} step ${id}`).toBe(true);
      if (line.evidence_steps.length === 0) continue;
      // The last evidence step (the later, conflicting or interfering one) lies in the named request; a loss's
      // earlier step (the state it loses) lies in that request or before it.
      const last = Math.max(...line.evidence_steps);
      expect(at.get(last), `${line.run_id} ${line.form}`).toBe(line.position);
      for (const id of line.evidence_steps) expect(at.get(id)!).toBeLessThanOrEqual(line.position);
      if (line.signature === "cross_task_interference") {
        for (const id of line.evidence_steps) expect(at.get(id), `${line.run_id} ${line.form}`).toBe(line.position);
      }
    }
  });

  it("covers every form in all three tool styles, two runs each, and keeps forms out of the release text", () => {
    const byForm = new Map<string, TruthLine[]>();
    for (const line of truth.filter(
      (l) => l.form !== "clean" && !(l.signature === "requirement_state_loss" && l.form.startsWith("int-")),
    )) {
      byForm.set(line.form, [...(byForm.get(line.form) ?? []), line]);
    }
    expect(
      [...byForm.values()].filter((ls) => ls[0]!.planted && ls[0]!.signature === "requirement_state_loss").length,
    ).toBeGreaterThanOrEqual(8);
    expect(
      [...byForm.values()].filter((ls) => ls[0]!.planted && ls[0]!.signature === "cross_task_interference").length,
    ).toBeGreaterThanOrEqual(8);
    for (const [form, lines] of byForm) {
      for (const style of ["claude-code", "codex", "openhands"])
        expect(lines.filter((l) => l.tool_style === style).length, form).toBe(2);
    }
    const text =
      readFileSync(join(releaseDir, "runs.jsonl"), "utf8") + readFileSync(join(releaseDir, "tasks.jsonl"), "utf8");
    for (const form of byForm.keys()) expect(text.includes(form)).toBe(false);
  });
});
