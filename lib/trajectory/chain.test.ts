// The reader on every real trajectory we have (lib/trajectory/fixtures, third-party files, their sources in
// lib/trajectory/fixtures/README.md).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTrajectory, readTrajectory, siblingPath } from "./chain";

const DIR = "lib/trajectory/fixtures";
const fromDisk = async (path: string) => JSON.parse(await readFile(join(DIR, path), "utf8")) as unknown;

describe("claude-code v1.7 failed run", () => {
  it("reads all 40 steps with reasoning, tool calls paired by id and the reported totals", async () => {
    const t = await loadTrajectory("atif/claude-code-v1.7-failed-run.json", fromDisk);
    expect(t.schemaVersion).toBe("ATIF-v1.7");
    expect(t.steps).toHaveLength(40);
    expect(t.steps[0]!.source).toBe("user");
    expect(t.steps[2]!.reasoning).toMatch(/^Now let me understand the full picture/);
    const paired = t.steps.flatMap((s) => s.results).filter((r) => r.pairedBy === "id");
    expect(paired.length).toBeGreaterThan(20);
    expect(t.reported).toMatchObject({ prompt: 4013056, completion: 9685, cached: 3896650, steps: 40 });
    expect(t.reported!.cost).toBeCloseTo(3.1485112, 6);
    expect(t.warnings).toEqual([]);
  });
});

describe("harbor job trajectory (ATIF v1.2)", () => {
  it("starts with agent steps, marks sidechains and keeps extra", async () => {
    const t = await loadTrajectory("harbor-job/trajectory.json", fromDisk);
    expect(t.schemaVersion).toBe("ATIF-v1.2");
    expect(t.steps).toHaveLength(51);
    expect(t.steps.slice(0, 3).map((s) => s.source)).toEqual(["agent", "agent", "user"]);
    expect(t.steps.slice(0, 3).map((s) => s.sidechain)).toEqual([true, true, false]);
    expect(t.steps[5]!.extra?.tool_use_name).toBe("Glob");
    expect(t.steps[5]!.metrics).toEqual({ prompt: 14978, completion: 121, cached: 14976, cost: null });
    expect(t.reported).toMatchObject({ prompt: 1114893, completion: 14550, cached: 1109340, cost: null, steps: 51 });
  });
});

describe("continuation chain (linear history)", () => {
  it("follows continued_trajectory_ref and counts the run's totals once", async () => {
    const t = await loadTrajectory("atif/linear-history/trajectory.json", fromDisk);
    expect(t.files).toEqual(["atif/linear-history/trajectory.json", "atif/linear-history/trajectory.cont-1.json"]);
    expect(t.steps).toHaveLength(13);
    expect(t.steps.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(t.steps[5]!).toMatchObject({ file: 1, stepId: 1, copied: true });
    // Step metrics: 682 + 750 + 820 in the first file, 1700 + 3 × 850 in the continuation (copied steps carry none).
    expect(t.stepTotals.prompt).toBe(6502);
    // The continuation's final_metrics already cover the whole run: 7802, not 2252 + 7802.
    expect(t.reported).toMatchObject({ prompt: 7802, completion: 1030 });
    expect(t.reported!.cost).toBeCloseTo(0.029805, 9);
  });

  it("shows the first file and a warning when the continuation is missing", async () => {
    const t = await loadTrajectory("atif/linear-history/trajectory.json", (p) =>
      p.endsWith("cont-1.json") ? Promise.reject(new Error("404")) : fromDisk(p),
    );
    expect(t.steps).toHaveLength(5);
    expect(t.warnings.map((w) => w.code)).toContain("chain.missing");
  });
});

describe("context summarization with subagent file references", () => {
  it("reads the system step's three references, loads the one file that exists and warns about two", async () => {
    const t = await loadTrajectory("atif/context-summarization/trajectory.json", fromDisk);
    const refs = t.steps[4]!.results.flatMap((r) => r.subagents);
    expect(t.steps[4]!.source).toBe("system");
    expect(refs.map((r) => r.path)).toEqual([
      "trajectory.summarization-1-summary.json",
      "trajectory.summarization-1-questions.json",
      "trajectory.summarization-1-answers.json",
    ]);
    expect(t.steps[4]!.results[0]!.pairedBy).toBeNull();
    const loaded = t.subagents.filter((s) => s.trajectory !== null);
    expect(loaded.map((s) => s.key)).toEqual(["trajectory.summarization-1-summary.json"]);
    expect(loaded[0]!.trajectory!.steps.map((s) => s.copied)).toEqual([true, true, true, false, false]);
    expect(t.warnings.filter((w) => w.code === "subagent.missing")).toHaveLength(2);
    // Tool calls without source_call_id in results would be paired by position; here every result names its call.
    expect(t.steps[1]!.results[0]).toMatchObject({ callId: "call_0_1", pairedBy: "id" });
  });

  it("reads the referenced subagent file on its own", async () => {
    const t = await loadTrajectory("atif/context-summarization/trajectory.summarization-1-summary.json", fromDisk);
    expect(t.steps).toHaveLength(5);
    expect(t.stepTotals.prompt).toBe(500);
    expect(t.reported).toMatchObject({ prompt: 500, completion: 200 });
  });
});

describe("lenient reading of hand-made documents", () => {
  it("accepts content parts, string arguments, numeric strings and positional results", () => {
    const t = readTrajectory({
      schema_version: "ATIF-v1.6",
      agent: { name: "x", version: "1" },
      steps: [
        {
          step_id: 1,
          source: "user",
          message: [
            { type: "text", text: "hello" },
            { type: "image", source: { media_type: "image/png", path: "a.png" } },
          ],
        },
        {
          step_id: 2,
          source: "agent",
          message: "ok",
          tool_calls: [
            { tool_call_id: "a", function_name: "bash", arguments: '{"command":"ls"}' },
            { tool_call_id: "b", function_name: "bash", arguments: {} },
          ],
          observation: { results: [{ content: "out-a" }, { content: [{ type: "text", text: "out-b" }] }] },
          metrics: { prompt_tokens: "100", completion_tokens: 5 },
        },
      ],
    });
    expect(t.steps[0]!.message).toBe("hello\n[image image/png a.png]");
    expect(t.steps[1]!.toolCalls[0]!.args).toEqual({ command: "ls" });
    expect(t.steps[1]!.results.map((r) => [r.callId, r.pairedBy, r.content])).toEqual([
      ["a", "position", "out-a"],
      ["b", "position", "out-b"],
    ]);
    expect(t.stepTotals).toMatchObject({ prompt: 100, completion: 5 });
    expect(t.warnings).toEqual([]);
  });

  it("turns a broken document into warnings, never an exception", () => {
    const t = readTrajectory({ schema_version: "ATIF-v9", steps: [42, { source: "robot", message: { weird: true } }] });
    expect(t.steps).toHaveLength(2);
    expect(t.warnings.map((w) => w.code).sort()).toEqual([
      "file.agent",
      "file.version",
      "step.id",
      "step.message_shape",
      "step.not_object",
      "step.source",
    ]);
    expect(readTrajectory("not json").warnings.map((w) => w.code)).toEqual(["file.not_object"]);
  });

  it("caps repeated warnings", () => {
    const steps = Array.from({ length: 50 }, () => ({ source: "agent", message: "x" }));
    const t = readTrajectory({ schema_version: "ATIF-v1.5", agent: {}, steps });
    expect(t.warnings.filter((w) => w.code === "step.id")).toHaveLength(20);
    expect(t.warnings.at(-1)).toEqual({ code: "warnings.capped", message: '30 more "step.id" warnings not listed' });
  });

  it("reads embedded subagents (v1.7 subagent_trajectories)", () => {
    const t = readTrajectory({
      schema_version: "ATIF-v1.7",
      agent: { name: "p" },
      steps: [
        {
          step_id: 1,
          source: "agent",
          message: "delegating",
          observation: { results: [{ subagent_trajectory_ref: [{ trajectory_id: "sub-1" }] }] },
        },
      ],
      subagent_trajectories: [
        {
          trajectory_id: "sub-1",
          schema_version: "ATIF-v1.7",
          agent: { name: "s" },
          steps: [{ step_id: 1, source: "agent", message: "child" }],
        },
      ],
    });
    expect(t.subagents.map((s) => [s.key, s.origin, s.trajectory?.steps[0]?.message])).toEqual([
      ["sub-1", "embedded", "child"],
    ]);
  });
});

describe("siblingPath", () => {
  it("resolves plain relative names and refuses URLs and parent paths", () => {
    expect(siblingPath("trajectories/run.json", "run.cont-1.json")).toBe("trajectories/run.cont-1.json");
    expect(siblingPath("trajectories/run.json", "./sub/a.json")).toBe("trajectories/sub/a.json");
    expect(siblingPath("trajectories/run.json", "https://example.com/a.json")).toBeNull();
    expect(siblingPath("trajectories/run.json", "javascript:alert(1)")).toBeNull();
    expect(siblingPath("trajectories/run.json", "../secret.json")).toBeNull();
    expect(siblingPath("trajectories/run.json", "/etc/passwd")).toBeNull();
  });
});
