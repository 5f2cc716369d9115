// One Inspect AI sample through the path the browser worker takes (parseTrajectoryText, then readTrajectory): the
// real sample of ais-decoder.eval (Codex CLI bridged into Inspect: no tool events, condensed model inputs, 51
// attachments), read out of the zstd-compressed zip with the project's archive reader, and a hand-made sample with
// the event kinds the real one lacks. Every count is worked out by hand in fixtures/inspect/README.md.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveCache, readReleaseFile } from "../../archive/read-node";
import type { Trajectory } from "../model";
import { parseLogText } from "../parse-text";
import { isRequestStep } from "../segment";
import { isInspectSample } from "./inspect-sample";
import { detectLogFormat } from "./read-log";
import { openText, stepCounts } from "./testing";

const DIR = "lib/trajectory/native/fixtures/inspect";
const ENTRY = "ais-decoder.eval#samples/1_epoch_1.json";
const HANDMADE = `${DIR}/handmade-sample.json`;

type Raw = Record<string, unknown>;

let realText = "";
const archives = new ArchiveCache();
beforeAll(async () => {
  realText = new TextDecoder().decode(await readReleaseFile(DIR, ENTRY, archives));
});
afterAll(() => archives.close());

const kind = (t: Trajectory, n: number) => (t.steps[n - 1]!.extra?.inspect as Raw | undefined)?.kind;

describe("detection", () => {
  const value = (path: string): unknown => {
    const log = parseLogText(readFileSync(path, "utf8"), path);
    return log.kind === "json" ? log.value : log.records[0]!.value;
  };
  it("is an Inspect sample for the real entry and the hand-made one, by content", () => {
    expect(isInspectSample(JSON.parse(realText))).toBe(true);
    expect(detectLogFormat(parseLogText(realText, ENTRY))).toBe("inspect");
    expect(isInspectSample(value(HANDMADE))).toBe(true);
    expect(isInspectSample({ events: [], messages: [] })).toBe(false);
  });
  it("is not an Inspect sample for the other formats", () => {
    for (const path of [
      "lib/trajectory/fixtures/harbor-job/trajectory.json",
      "lib/local/fixtures/pydicom__pydicom-1458.traj",
      "lib/trajectory/native/fixtures/mini-swe-agent/astropy__astropy-12907.traj.json",
      "lib/trajectory/native/fixtures/mini-swe-agent/handmade-v1-bash-blocks.traj.json",
      "lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl",
      "lib/trajectory/native/fixtures/codex/sample_codex_session.jsonl",
      "lib/trajectory/native/fixtures/openhands/basic_gui_mode.json",
      "lib/trajectory/native/fixtures/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json",
    ])
      expect(isInspectSample(value(path)), path).toBe(false);
  });
});

describe("the real sample of ais-decoder.eval (Codex CLI inside Inspect)", () => {
  const read = () => openText<"inspect">(realText, ENTRY);

  it("has the system prompts, the injected context, the task as the one request, 9 agent calls, the grading", () => {
    const { t } = read();
    expect(stepCounts(t)).toEqual({ system: 5, user: 1, agent: 9, toolCalls: 13, results: 13, errors: 0 });
    expect(t.steps.map((s) => kind(t, s.n) ?? s.source)).toEqual([
      "system_prompt",
      "system_prompt",
      "injected_context",
      "sample_input",
      ...Array<string>(9).fill("agent"),
      "scorer_model_call",
      "score",
    ]);
    expect(t.steps[2]!.message).toMatch(/^<environment_context>\n {2}<cwd>\/root<\/cwd>/);
    expect(t.steps.filter(isRequestStep).map((s) => s.message)).toEqual([
      "Write a Nodes.js Typescript utility that decodes AIS messages.",
    ]);
    expect(t.agent).toEqual({ name: "inspect:inspect_swe/codex_cli", version: "unknown", model: "openai/gpt-5.4" });
    expect(t.sessionId).toBe("inspect:1:1");
  });

  it("answers each call with the tool message of a later model input, attachments resolved", () => {
    const { t } = read();
    const first = t.steps[4]!;
    expect(first.toolCalls.map((c) => [c.id, c.name])).toEqual([
      ["call_d99enA1njlOng3f7zIJYaf1l", "exec_command"],
      ["call_Ll0jmgUEJ7YFXuIGMlBQOiYB", "exec_command"],
      ["call_EQQ1V6TKetyDlCeX1ilIp8ZY", "exec_command"],
    ]);
    expect(first.toolCalls[0]!.args).toEqual({
      cmd: "pwd",
      workdir: "/root",
      yield_time_ms: 1000,
      max_output_tokens: 2000,
    });
    expect(first.results.map((r) => [r.callId, r.pairedBy])).toEqual(first.toolCalls.map((c) => [c.id, "id"]));
    expect(first.results[0]!.content).toBe(
      "Chunk ID: 307408\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\n/root\n",
    );
    expect(first.message).toMatch(/^I’m going to inspect the workspace first/);
    expect(t.steps[11]!.results.map((r) => r.content)).toEqual(["Plan updated"]);
    expect(JSON.stringify(t.steps)).not.toContain("attachment://");
  });

  it("counts input tokens as input + cache reads, the grader's call included, equal to model_usage", () => {
    const { t } = read();
    expect(t.steps[4]!.metrics).toEqual({ prompt: 10_390, completion: 216, cached: 4096, cost: null });
    expect(t.steps[13]!.metrics).toEqual({ prompt: 467, completion: 118, cached: 0, cost: null });
    expect(t.stepTotals).toEqual({ prompt: 122_882, completion: 5574, cached: 114_816, cost: null, steps: 15 });
    expect(t.reported).toEqual(t.stepTotals);
  });

  it("closes with the scorer's call and the score, and keeps sample.scores", () => {
    const { doc, t } = read();
    expect(t.steps[13]!.extra).toMatchObject({ inspect: { kind: "scorer_model_call", scorer: "model_graded_qa" } });
    expect(t.steps[14]!.message).toMatch(/^Score \(model_graded_qa\): I\n\nExplanation:\nThe task is to assess/);
    expect(doc.extra.inspect).toMatchObject({
      sample_id: 1,
      epoch: 1,
      sample_uuid: "FQMJHF9fjh9uuawawK9aDt",
      scores: { model_graded_qa: { value: "I" } },
      solvers: ["inspect_swe/codex_cli"],
      sample_init: { id: 1, target: "" },
    });
  });

  it("counts every event it does not show, and has nothing else to say", () => {
    const { doc, t } = read();
    expect(doc.extra.converted_from).toEqual({
      format: "inspect",
      notes: [],
      skipped: {
        span_begin: 15,
        sample_init: 1,
        span_end: 15,
        sandbox: 62,
        logger: 9,
        checkpoint: 9,
        store: 3,
        state: 1,
      },
    });
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
  });
});

describe("event kinds the real sample lacks (hand-made)", () => {
  const read = () => openText<"inspect">(readFileSync(HANDMADE, "utf8"), HANDMADE);

  it("takes the later user message as a second request and tool events as results", () => {
    const { t } = read();
    expect(stepCounts(t)).toEqual({ system: 3, user: 2, agent: 4, toolCalls: 4, results: 4, errors: 1 });
    expect(t.steps.map((s) => kind(t, s.n) ?? s.source)).toEqual([
      "system_prompt",
      "sample_input",
      "agent",
      "later_request",
      "agent",
      "tool_without_model_call",
      "agent",
      "error",
      "score",
    ]);
    expect(t.steps[2]!.results).toMatchObject([{ callId: "t1", content: "1 failed", isError: true }]);
    expect(t.steps[4]!.results).toMatchObject([{ callId: "t2", content: "1.0", isError: false }]);
    // The last call's result comes after the last model event: it is read from sample.messages.
    expect(t.steps[6]!.results).toMatchObject([{ callId: "t3", content: "submitted", isError: false }]);
    expect(t.steps[5]!.toolCalls).toEqual([{ id: "t9", name: "bash", args: { cmd: "ls" } }]);
    expect(t.steps[8]!.message).toBe("Score (check): 1\n\nExplanation:\nall tests pass");
    expect(t.agent).toEqual({ name: "inspect:basic_agent", version: "unknown", model: "anthropic/claude-x" });
    expect(t.sessionId).toBe("inspect:hm-1:2");
  });

  it("reads reasoning parts, resolves attachments in arguments and leaves an unknown one as written", () => {
    const { t } = read();
    expect(t.steps[2]!.reasoning).toBe("The test probably fails on division.");
    expect(t.steps[4]!.reasoning).toBe("Plan the fix.");
    expect(t.steps[4]!.toolCalls[0]!.args).toEqual({ code: "print(1/1)" });
    expect(t.steps[4]!.message).toBe("Patching calc.py: attachment://deadbeefdeadbeefdeadbeefdeadbeef");
  });

  it("adds cache writes to the prompt, and leaves model_usage and the steps' sum both when they differ", () => {
    const { doc, t } = read();
    expect(t.steps[2]!.metrics).toEqual({ prompt: 1100, completion: 20, cached: 0, cost: 0.01 });
    expect((doc.steps[2]!.metrics as Raw).extra).toEqual({
      input_tokens: 100,
      input_tokens_cache_write: 1000,
      total_tokens: 1120,
    });
    expect(t.stepTotals).toEqual({ prompt: 3660, completion: 55, cached: 2500, cost: 0.012, steps: 9 });
    expect(t.reported).toEqual({ prompt: 3960, completion: 65, cached: 2500, cost: 0.012, steps: 9 });
  });

  it("notes the call-less tool event, the error and the unresolved attachment; counts the rest", () => {
    const { doc, t } = read();
    expect(doc.extra.converted_from.skipped).toEqual({ span_begin: 1, sample_init: 1, sandbox: 1, info: 1 });
    expect(doc.extra.converted_from.notes).toEqual([
      {
        code: "inspect.tool_without_model_call",
        message: 'tool event "t9" answers a call no model event made; a step is made for it',
        line: 8,
      },
      { code: "inspect.error", message: "the sample ended with an error: RuntimeError: sandbox went away", line: 11 },
      {
        code: "inspect.attachment_unresolved",
        message: "attachment://deadbeefdeadbeefdeadbeefdeadbeef is not in the sample's attachments; left as written",
      },
    ]);
    expect(t.warnings.map((w) => w.code)).toEqual([
      "convert.inspect.tool_without_model_call",
      "convert.inspect.error",
      "convert.inspect.attachment_unresolved",
      "convert.skipped",
      "totals.final_metrics_differ",
    ]);
    expect(doc.extra.inspect).toMatchObject({ sample_init: { files: ["calc.py"], sandbox: { type: "docker" } } });
  });
});

describe("a sample logged without model events", () => {
  it("takes its messages as the conversation, without usage, and says so", () => {
    const sample = {
      id: 7,
      epoch: 1,
      input: "Say hi.",
      events: [{ event: "span_begin", id: "s", type: "solver", name: "generate" }],
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Say hi." },
        {
          role: "assistant",
          content: "Checking.",
          tool_calls: [{ id: "c1", function: "bash", arguments: { cmd: "echo hi" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "hi" },
      ],
    };
    const { doc, t } = openText<"inspect">(JSON.stringify(sample), "inline.json");
    expect(t.steps.map((s) => kind(t, s.n) ?? s.source)).toEqual(["system_prompt", "sample_input", "agent"]);
    expect(t.steps[2]!.results).toMatchObject([{ callId: "c1", content: "hi", isError: false }]);
    expect(t.stepTotals).toEqual({ prompt: 0, completion: 0, cached: 0, cost: null, steps: 3 });
    expect(t.reported).toBeNull();
    expect(doc.extra.converted_from).toEqual({
      format: "inspect",
      notes: [
        {
          code: "inspect.no_model_events",
          message: "the sample has no model events: steps are its messages, without usage",
        },
      ],
      skipped: { span_begin: 1 },
    });
  });
});
