// OpenHands event streams through the browser worker's path (parseTrajectoryText, then readTrajectory), on the real
// CodeAct run, the hand-made streams in fixtures/openhands/ (README there: provenance and hand-worked counts) and
// the nativecalc release's oh.s-F1 (its last reply's usage exists only in the running totals).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ToolCall, Trajectory } from "../model";
import { isOpenHands, openHandsToAtif } from "./openhands";
import { openLog } from "./testing";

const DIR = "lib/trajectory/native/fixtures/openhands/";
const REAL = `${DIR}basic_gui_mode.json`;
const HANDMADE = `${DIR}handmade-events.json`;
const TOTALS = `${DIR}handmade-running-totals.json`;
const OH_F1 = "e2e/fixtures/releases/nativecalc/trajectories/oh.s-F1.json";

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
/** Each step's tokens and cost: "prompt/completion/cached $cost", "-" without metrics. */
const usage = (t: Trajectory) =>
  t.steps
    .map((s) =>
      s.metrics ? `${s.metrics.prompt}/${s.metrics.completion}/${s.metrics.cached} $${s.metrics.cost}` : "-",
    )
    .join(", ");
/** Each step's calls joined by "+", the steps by " ". */
const calls = (t: Trajectory, f: (c: ToolCall) => string) => t.steps.map((s) => s.toolCalls.map(f).join("+")).join(" ");
const results = (t: Trajectory) =>
  t.steps.flatMap((s) => s.results.map((r) => `${s.n}:${r.callId}:${r.isError}`)).join(" ");
const codes = (t: Trajectory) => t.warnings.map((w) => w.code).join(" ");
/** Step totals with the cost rounded (a sum of floats), as the README gives them. */
const totals = (t: Trajectory) => ({ ...t.stepTotals, cost: Number(t.stepTotals.cost?.toFixed(9) ?? NaN) });
const SINCE = "since the previous event that carried them";
const lost = (step: number, event: number, why: string, line: number) => ({
  code: "openhands.usage_unrecovered",
  message: `agent step ${step} (event ${event}) has no usage of its own and ${why}: its usage is not counted`,
  line,
});
const ohExtra = (t: Trajectory, n: number) =>
  (t.steps[n - 1]!.extra as { openhands: Record<string, unknown> }).openhands;

describe("isOpenHands", () => {
  it("is true on both fixtures and on the server's {trajectory: [...]} wrapper", () => {
    expect(isOpenHands(value(REAL))).toBe(true);
    expect(isOpenHands(value(HANDMADE))).toBe(true);
    expect(isOpenHands(value(TOTALS))).toBe(true);
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
    const { doc, t } = openLog(REAL);
    expect(sources(t)).toEqual(["user", "agent", "agent", "agent", "agent", "agent"]);
    expect(t.steps[0]!.message).toMatch(/^I want to create a VueJS app that allows me to:\n/);
    expect(calls(t, (c) => c.name)).toBe(" execute_bash str_replace_editor str_replace_editor execute_bash ");
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
    const { t } = openLog(REAL);
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
    expect(results(t)).toBe(
      "2:toolu_01W9Z8jBctr8X2frZV9p1RYs:false 3:toolu_01YYLXwwdBLwtMmjr5Sfsieg:false " +
        "4:toolu_01GpJj2ShdFjb9ZTY4CVxi9C:false 5:toolu_01DwihWr4ooPZS1CGTLAWrFP:true",
    );
    expect(t.steps.flatMap((s) => s.results.map((r) => r.pairedBy))).toEqual(["id", "id", "id", "id"]);
    expect(t.steps[4]!.results[0]!.content).toBe("Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...");
  });

  it("counts each response's usage once, with cache reads as cached tokens, and reports no totals", () => {
    const { doc, t } = openLog(REAL);
    expect(usage(t)).toBe("-, 3439/104/0 $null, 3601/1142/3435 $null, 4769/693/3595 $null, 5488/85/4763 $null, -");
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
    const { t } = openLog(HANDMADE);
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
      cost_from: "llm_metrics.accumulated_cost",
    });
    expect(ohExtra(t, 2)).toEqual({ event_id: 3, kind: "observation:recall", cause: 2 });
    expect(t.steps[1]!.message).toBe("Added workspace context");
  });

  it("marks a non-zero exit code and an error observation as failed calls", () => {
    const { t } = openLog(HANDMADE);
    expect(results(t)).toBe("3:call_A:false 3:call_B:false 4:call_C:true 5:call_D:true 6:call_E:false");
  });

  it("rebuilds arguments from the action when the response does not hold the call", () => {
    const { t } = openLog(HANDMADE);
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
    const { t } = openLog(HANDMADE);
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
    const { doc, t } = openLog(HANDMADE);
    expect(t.steps[4]!.metrics).toEqual({ prompt: 2500, completion: 90, cached: 2200, cost: null });
    // Only resp-1 is alone between two running totals (zero, then id 5's); id 16's cover resp-2 to resp-5.
    expect(t.steps.map((s) => s.metrics?.cost ?? null)).toEqual([null, null, 0.0101, ...Array<null>(6).fill(null)]);
    expect(t.stepTotals).toEqual({ prompt: 12400, completion: 245, cached: 10600, cost: 0.0101, steps: 9 });
    expect(t.reported).toEqual({ prompt: 12400, completion: 245, cached: 10600, cost: 0.0421, steps: 9 });
    expect(doc.extra.converted_from.skipped).toEqual({
      "action:system": 1,
      "action:recall": 1,
      "observation:agent_state_changed": 2,
      "observation:null": 1,
    });
    expect(doc.extra.converted_from.notes).toEqual([
      { code: "openhands.event", message: "not an object; skipped", line: 19 },
      lost(9, 19, "its event carries no running totals", 20),
    ]);
    expect(codes(t)).toBe(
      "convert.openhands.event convert.openhands.usage_unrecovered convert.skipped totals.final_metrics_differ",
    );
  });
});

describe("handmade-running-totals: usage and cost from the running totals (llm_metrics)", () => {
  const { doc, t } = openLog(TOTALS);

  it("reads the steps, calls and failures as usual", () => {
    expect(sources(t).join(" ")).toBe("user agent agent agent system agent agent user agent agent");
    expect(calls(t, (c) => c.id)).toBe(" toolu_1  toolu_2a+toolu_2b  toolu_3    openhands-14");
    expect(results(t)).toBe("2:toolu_1:false 4:toolu_2a:true 4:toolu_2b:false 6:toolu_3:true");
    expect(t.steps[9]!.toolCalls[0]!.args).toEqual({
      final_thought: "add() fixed; pytest-cov is missing from the environment.",
      task_completed: "partial",
      outputs: {},
    });
  });

  it("gives a reply without tool_call_metadata the growth of the totals, and every lone response its cost", () => {
    expect(usage(t)).toBe(
      "-, 1000/50/600 $0.005, 1200/80/900 $0.007, 1400/90/1100 $0.008, -, 1500/60/1200 $null, -, -, -, 1300/70/1100 $0.007",
    );
    const from = (n: number) => `${String(ohExtra(t, n).usage_from)} ${String(ohExtra(t, n).cost_from)}`;
    expect([2, 3, 10].map(from)).toEqual([
      "undefined llm_metrics.accumulated_cost",
      ...Array<string>(2).fill("llm_metrics.accumulated_token_usage llm_metrics.accumulated_cost"),
    ]);
    const steps = doc.steps as { metrics?: { extra?: { cache_creation_input_tokens?: number } } }[];
    expect(steps.map((s) => s.metrics?.extra?.cache_creation_input_tokens ?? 0)).toEqual([
      0, 0, 0, 200, 0, 0, 0, 0, 0, 150,
    ]);
  });

  it("notes the replies whose usage cannot be read, and reports the last totals", () => {
    expect(doc.extra.converted_from.notes).toEqual([
      lost(7, 11, `the running totals ${SINCE} also cover 1 other model response`, 12),
      lost(9, 13, `the running totals did not grow ${SINCE}`, 14),
    ]);
    expect(totals(t)).toEqual({ prompt: 6400, completion: 350, cached: 4900, cost: 0.027, steps: 10 });
    expect(t.reported).toEqual({ prompt: 8600, completion: 470, cached: 6200, cost: 0.047, steps: 10 });
    expect(doc.extra.converted_from.skipped).toEqual({ "observation:agent_state_changed": 1 });
    expect(codes(t)).toBe(
      `${"convert.openhands.usage_unrecovered ".repeat(2)}convert.skipped totals.final_metrics_differ`,
    );
  });

  it("takes nothing from totals that went down", () => {
    const reply = (id: number, prompt: number, cost: number) => ({
      ...{ id, source: "agent", action: "message", args: { content: `reply ${id}` } },
      llm_metrics: {
        accumulated_cost: cost,
        accumulated_token_usage: { prompt_tokens: prompt, completion_tokens: 10 },
      },
    });
    const { atif, notes } = openHandsToAtif([reply(1, 500, 0.02), reply(2, 400, 0.01)], "down.json");
    expect(atif.steps[0]!.metrics).toEqual({ prompt_tokens: 500, completion_tokens: 10, cost_usd: 0.02 });
    expect(atif.steps[1]!.metrics).toBeUndefined();
    expect(notes).toEqual([lost(2, 2, `the running totals went down ${SINCE}`, 2)]);
  });
});

describe("nativecalc oh.s-F1: the last reply's usage only in the running totals", () => {
  const { doc, t } = openLog(OH_F1);

  it("recovers step 15's usage and gives every agent step its cost; the steps add up to the totals", () => {
    expect(sources(t).join(" ")).toBe(`${"user agent ".repeat(7)}agent`);
    expect(t.steps[14]!.message).toBe("Submitted /tmp/final.patch with the changes of all five workspaces.");
    expect(t.steps[14]!.metrics).toEqual({ prompt: 6300, completion: 700, cached: 2800, cost: 0.07 });
    expect(t.steps.filter((s) => s.source === "agent").map((s) => s.metrics?.cost)).toEqual([
      0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.07,
    ]);
    expect(totals(t)).toEqual({ prompt: 31500, completion: 3500, cached: 14000, cost: 0.35, steps: 15 });
    expect(t.reported).toEqual({ prompt: 31500, completion: 3500, cached: 14000, cost: 0.35, steps: 15 });
    expect(doc.extra.converted_from.notes).toEqual([]);
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
  });
});
