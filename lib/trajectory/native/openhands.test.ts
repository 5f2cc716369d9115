// OpenHands event streams through the browser worker's path (parseTrajectoryText, then readTrajectory), on the real
// CodeAct run and the hand-made stream in fixtures/openhands/ (README there: provenance and hand-worked counts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTrajectory } from "../chain";
import type { Trajectory } from "../model";
import { parseTrajectoryText } from "../parse-text";
import { isOpenHands, openHandsToAtif } from "./openhands";

const DIR = "lib/trajectory/native/fixtures/openhands/";
const REAL = `${DIR}basic_gui_mode.json`;
const HANDMADE = `${DIR}handmade-events.json`;

type Doc = {
  extra: { converted_from: { format: string; notes: unknown[]; skipped: Record<string, number> } };
} & Record<string, unknown>;

function open(path: string): { doc: Doc; t: Trajectory } {
  const doc = parseTrajectoryText(readFileSync(path, "utf8"), path) as Doc;
  return { doc, t: readTrajectory(doc, path) };
}

/** Another format's file, from the project's copies of the real logs. */
function other(format: string, file: string): string {
  return `lib/trajectory/native/fixtures/${format}/${file}`;
}

/** A file's JSON value; a JSON Lines file as the list of its records' values. */
function value(path: string): unknown {
  const text = readFileSync(path, "utf8");
  if (!/\.jsonl$/.test(path)) return JSON.parse(text) as unknown;
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as unknown);
}

const sources = (t: Trajectory) => t.steps.map((s) => s.source);
const ohExtra = (t: Trajectory, n: number) =>
  (t.steps[n - 1]!.extra as { openhands: Record<string, unknown> }).openhands;

describe("isOpenHands", () => {
  it("is true on both fixtures and on the server's {trajectory: [...]} wrapper", () => {
    expect(isOpenHands(value(REAL))).toBe(true);
    expect(isOpenHands(value(HANDMADE))).toBe(true);
    expect(isOpenHands({ trajectory: value(REAL) })).toBe(true);
  });

  it("is false on the other formats and on lists that are not events", () => {
    for (const f of [
      other("claude-code", "sample_main_transcript.jsonl"),
      other("codex", "sample_codex_session.jsonl"),
      other("mini-swe-agent", "astropy__astropy-12907.traj.json"),
      other("atif", "session-2025-12-05T08-00-23-404Z-ew8gut.atif.json"),
      "lib/trajectory/fixtures/harbor-job/trajectory.json",
      "lib/local/fixtures/pydicom__pydicom-1458.traj",
    ])
      expect(isOpenHands(value(f)), f).toBe(false);
    expect(isOpenHands([])).toBe(false);
    expect(isOpenHands([1, 2])).toBe(false);
    expect(isOpenHands([{ action: "run", observation: "run", id: 1 }])).toBe(false);
  });
});

describe("the real CodeAct run (basic_gui_mode.json)", () => {
  it("has the request as the one user step and one agent step per model response", () => {
    const { doc, t } = open(REAL);
    expect(sources(t)).toEqual(["user", "agent", "agent", "agent", "agent", "agent"]);
    expect(t.steps[0]!.message).toMatch(/^I want to create a VueJS app that allows me to:\n/);
    expect(t.steps.map((s) => s.toolCalls.map((c) => c.name))).toEqual([
      [],
      ["execute_bash"],
      ["str_replace_editor"],
      ["str_replace_editor"],
      ["execute_bash"],
      [],
    ]);
    expect(t.steps[5]!.message).toMatch(/^I've created a complete Vue\.js todo application/);
    expect(doc.extra.converted_from.format).toBe("openhands");
    expect(doc.extra.converted_from.skipped).toEqual({
      "observation:agent_state_changed": 4,
      "action:change_agent_state": 1,
      "observation:null": 3,
    });
    expect(doc.extra.converted_from.notes).toEqual([]);
  });

  it("takes the arguments the model wrote, the thought as the message, the observation as the result", () => {
    const { t } = open(REAL);
    expect(t.steps[1]!.toolCalls[0]).toEqual({
      id: "toolu_01W9Z8jBctr8X2frZV9p1RYs",
      name: "execute_bash",
      args: { command: "mkdir -p /workspace/todo-app" },
    });
    const edit = t.steps[2]!.toolCalls[0]!.args as Record<string, unknown>;
    expect([edit.command, edit.path, String(edit.file_text).slice(0, 15)]).toEqual([
      "create",
      "/workspace/todo-app/index.html",
      "<!DOCTYPE html>",
    ]);
    expect(t.steps[2]!.message).toBe("Let's create the main HTML file:");
    expect(t.steps.flatMap((s) => s.results.map((r) => [s.n, r.callId, r.pairedBy, r.isError]))).toEqual([
      [2, "toolu_01W9Z8jBctr8X2frZV9p1RYs", "id", false],
      [3, "toolu_01YYLXwwdBLwtMmjr5Sfsieg", "id", false],
      [4, "toolu_01GpJj2ShdFjb9ZTY4CVxi9C", "id", false],
      [5, "toolu_01DwihWr4ooPZS1CGTLAWrFP", "id", true],
    ]);
    expect(t.steps[4]!.results[0]!.content).toBe("Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...");
  });

  it("counts each response's usage once, with cache reads as cached tokens, and reports no totals", () => {
    const { doc, t } = open(REAL);
    expect(t.steps.map((s) => s.metrics && [s.metrics.prompt, s.metrics.completion, s.metrics.cached])).toEqual([
      null,
      [3439, 104, 0],
      [3601, 1142, 3435],
      [4769, 693, 3595],
      [5488, 85, 4763],
      null,
    ]);
    expect(t.stepTotals).toEqual({ prompt: 17297, completion: 2024, cached: 11793, cost: null, steps: 6 });
    expect(t.reported).toBeNull();
    expect(doc.final_metrics).toBeUndefined();
    expect(t.agent).toEqual({ name: "openhands", version: "unknown", model: "claude-3-5-sonnet-20241022" });
    expect(t.steps.map((s) => s.model)).toEqual([null, ...Array<string>(4).fill("claude-3-5-sonnet-20241022"), null]);
    expect(t.sessionId).toBe("basic_gui_mode");
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
  });

  it("reads the server's {trajectory: [...]} wrapper the same way", () => {
    const events = value(REAL);
    expect(openHandsToAtif({ trajectory: events }, "x.json").atif.steps).toEqual(
      openHandsToAtif(events, "x.json").atif.steps,
    );
  });
});

describe("handmade-events: a multi-call response, failures, think, condensation, finish, totals", () => {
  it("makes the calls of one response one step, and context events system steps", () => {
    const { t } = open(HANDMADE);
    expect(sources(t)).toEqual(["user", "system", "agent", "agent", "agent", "agent", "system", "agent", "agent"]);
    expect(t.steps[2]!.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ["call_A", "execute_bash", { command: "ls /workspace/proj" }],
      ["call_B", "str_replace_editor", { command: "view", path: "/workspace/proj/calc.py" }],
    ]);
    expect(ohExtra(t, 3)).toEqual({
      event_ids: [5, 7],
      actions: ["run", "read"],
      response_id: "resp-1",
      total_calls_in_response: 2,
    });
    expect(ohExtra(t, 2)).toEqual({ event_id: 3, kind: "observation:recall", cause: 2 });
    expect(t.steps[1]!.message).toBe("Added workspace context");
  });

  it("marks a non-zero exit code and an error observation as failed calls", () => {
    const { t } = open(HANDMADE);
    expect(t.steps.flatMap((s) => s.results.map((r) => [s.n, r.callId, r.isError]))).toEqual([
      [3, "call_A", false],
      [3, "call_B", false],
      [4, "call_C", true],
      [5, "call_D", true],
      [6, "call_E", false],
    ]);
  });

  it("rebuilds arguments from the action when the response does not hold the call", () => {
    const { t } = open(HANDMADE);
    expect(t.steps[4]!.toolCalls[0]!.args).toEqual({
      path: "/workspace/proj/calc.py",
      command: "str_replace",
      old_str: "return a - b",
      new_str: "return a + b",
      impl_source: "oh_aci",
    });
    expect(t.steps[8]!.toolCalls).toEqual([{ id: "openhands-19", name: "frobnicate", args: { level: 3 } }]);
    expect(t.steps[8]!.metrics).toBeNull();
  });

  it("keeps reasoning, the condensation and the finish call", () => {
    const { t } = open(HANDMADE);
    expect([t.steps[5]!.reasoning, t.steps[5]!.message]).toEqual([
      "Maybe whitespace differs.",
      "The file may use tabs.",
    ]);
    expect(t.steps[6]!.message).toBe(
      "OpenHands condensed its history: events 5–8 are no longer shown to the model; summary:\n\nLooked at calc.py: add() subtracts.",
    );
    expect(t.steps[6]!.extra).toMatchObject({
      context_management: { kind: "condensation", forgotten_events_start_id: 5, forgotten_events_end_id: 8 },
    });
    expect(t.steps[7]!.toolCalls[0]).toEqual({
      id: "call_F",
      name: "finish",
      args: { message: "add() still subtracts; the edit failed.", task_completed: "false" },
    });
    expect(t.steps[7]!.results).toEqual([]);
  });

  it("sums usage per response and reports the last llm_metrics as the run's totals", () => {
    const { doc, t } = open(HANDMADE);
    expect(t.steps[4]!.metrics).toEqual({ prompt: 2500, completion: 90, cached: 2200, cost: null });
    expect(t.stepTotals).toEqual({ prompt: 12400, completion: 245, cached: 10600, cost: null, steps: 9 });
    expect(t.reported).toEqual({ prompt: 12400, completion: 245, cached: 10600, cost: 0.0421, steps: 9 });
    expect(doc.extra.converted_from.skipped).toEqual({
      "action:system": 1,
      "action:recall": 1,
      "observation:agent_state_changed": 2,
      "observation:null": 1,
    });
    expect(doc.extra.converted_from.notes).toEqual([
      { code: "openhands.event", message: "not an object; skipped", line: 19 },
    ]);
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.openhands.event", "convert.skipped"]);
  });
});
