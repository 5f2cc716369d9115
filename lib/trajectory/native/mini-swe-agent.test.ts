// mini-swe-agent .traj.json through the path the browser worker takes (parseTrajectoryText, then readTrajectory):
// a real v2.3.0 run (format mini-swe-agent-1.1, native tool calls) and two hand-made files (the older
// mini-swe-agent-1 format with ```bash blocks; the v1.1 cases the real run lacks). Every count is worked out by
// hand in fixtures/mini-swe-agent/README.md.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Trajectory } from "../model";
import { parseLogText } from "../parse-text";
import { isRequestStep } from "../segment";
import { isMiniSweAgent } from "./mini-swe-agent";
import { detectLogFormat } from "./read-log";
import { openLog, stepCounts } from "./testing";

const DIR = "lib/trajectory/native/fixtures/mini-swe-agent";
const REAL = `${DIR}/astropy__astropy-12907.traj.json`;
const V1 = `${DIR}/handmade-v1-bash-blocks.traj.json`;
const EDGE = `${DIR}/handmade-v1.1-edge-cases.traj.json`;
const NEW_TASK = `${DIR}/handmade-v1.1-new-task.traj.json`;

type Raw = Record<string, unknown>;

const kind = (t: Trajectory, n: number) => (t.steps[n - 1]!.extra?.mini_swe_agent as Raw | undefined)?.kind;
const codes = (t: Trajectory) => t.warnings.map((w) => w.code);

describe("detection", () => {
  const value = (path: string): unknown => {
    const log = parseLogText(readFileSync(path, "utf8"), path);
    return log.kind === "json" ? log.value : log.records[0]!.value;
  };
  it("is mini-swe-agent for every mini-swe-agent fixture, by content", () => {
    for (const path of [REAL, V1, EDGE, NEW_TASK]) {
      expect(isMiniSweAgent(value(path)), path).toBe(true);
      expect(detectLogFormat(parseLogText(readFileSync(path, "utf8"), path)), path).toBe("mini-swe-agent");
    }
    expect(isMiniSweAgent({ messages: [], info: { mini_version: "1.0.0" } })).toBe(true);
    expect(isMiniSweAgent({ messages: [], info: {} })).toBe(false);
  });
  it("is not mini-swe-agent for the other formats", () => {
    for (const path of [
      "lib/trajectory/fixtures/harbor-job/trajectory.json",
      "lib/local/fixtures/pydicom__pydicom-1458.traj",
      "lib/trajectory/native/fixtures/inspect/handmade-sample.json",
      "lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl",
      "lib/trajectory/native/fixtures/codex/sample_codex_session.jsonl",
      "lib/trajectory/native/fixtures/openhands/basic_gui_mode.json",
      "lib/trajectory/native/fixtures/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json",
    ])
      expect(isMiniSweAgent(value(path)), path).toBe(false);
  });
});

describe("a real mini-swe-agent 2.3.0 run (astropy__astropy-12907)", () => {
  const { doc, t } = openLog<"mini_swe_agent">(REAL);
  const raw = JSON.parse(readFileSync(REAL, "utf8")) as { messages: Raw[]; info: Raw };

  it("has the system prompt, the task as the one request, 64 model calls and the exit", () => {
    expect(stepCounts(t)).toEqual({ system: 2, user: 1, agent: 64, toolCalls: 64, results: 63, errors: 15 });
    expect(t.steps.map((s) => s.source)).toEqual(["system", "user", ...Array<string>(64).fill("agent"), "system"]);
    expect(t.steps.filter(isRequestStep).map((s) => s.n)).toEqual([2]);
    expect(t.steps[1]!.message).toMatch(/^<pr_description>\nConsider the following PR description:\nModeling's/);
    expect(t.agent).toEqual({ name: "mini-swe-agent", version: "2.3.0", model: "deepseek/deepseek-chat" });
    expect(t.sessionId).toBe("astropy__astropy-12907");
  });

  it("pairs each tool message with the call that made it, by id", () => {
    const first = t.steps[2]!;
    expect(first.toolCalls).toEqual([
      {
        id: "call_00_KVNoGhlWmTJUowwDsUa74968",
        name: "bash",
        args: { command: 'cd /testbed && find . -path "*/separable*" -type f | head -20' },
      },
    ]);
    expect(first.results).toEqual([
      {
        callId: "call_00_KVNoGhlWmTJUowwDsUa74968",
        pairedBy: "id",
        content: "<returncode>0</returncode>\n<output>\n./astropy/modeling/separable.py\n</output>",
        subagents: [],
        isError: false,
      },
    ]);
    expect(first.model).toBe("deepseek-v4-flash");
    expect(first.timestamp).toBe(new Date(((raw.messages[2]!.extra as Raw).timestamp as number) * 1000).toISOString());
    // The submitting call's output never comes back: the run ends with the exit message instead.
    expect(t.steps[65]!.toolCalls[0]!.args).toEqual({
      command: "cd /testbed && echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && cat patch.txt",
    });
    expect(t.steps[65]!.results).toEqual([]);
  });

  it("reads each response's usage and cost, and the run's cost from info.model_stats", () => {
    expect(t.steps[2]!.metrics).toEqual({ prompt: 1689, completion: 76, cached: 1664, cost: 0.00008551199999999999 });
    expect(t.stepTotals).toEqual({
      prompt: 1_111_619,
      completion: 17_133,
      cached: 1_093_760,
      cost: 0.04282165999999999,
      steps: 67,
    });
    expect(t.reported).toEqual({ ...t.stepTotals, cost: 0.04282165999999999 });
    expect(doc.final_metrics?.extra).toEqual({
      mini_swe_agent: { api_calls: 64, token_totals: "sum of 64 responses' usage (the log reports none)" },
    });
  });

  it("ends with the exit status and both patches, the agent's and info's rewritten one", () => {
    const exit = raw.messages[129]!.extra as Raw;
    const last = t.steps[66]!;
    expect(last.message).toBe(
      `mini-swe-agent exit status: Submitted\n\nSubmitted patch:\n${exit.submission as string}\n\ninfo.submission differs:\n${raw.info.submission as string}`,
    );
    expect(kind(t, 67)).toBe("exit");
    expect(doc.extra.mini_swe_agent).toMatchObject({
      exit_status: "Submitted",
      submission: exit.submission,
      info_submission: raw.info.submission,
      info_extra: { patch_repair: { rounds_used: 2, success: false } },
    });
  });

  it("says what it could not take over as it is, and skips nothing", () => {
    expect(doc.extra.converted_from.format).toBe("mini-swe-agent");
    expect(doc.extra.converted_from.skipped).toEqual({});
    expect(codes(t)).toEqual(["convert.mini_swe_agent.submission_differs", "convert.mini_swe_agent.model_differs"]);
    expect(t.warnings[1]!.message).toContain(
      'info.config.model.model_name is "deepseek/deepseek-chat", the responses name "deepseek-v4-flash" (64 responses)',
    );
  });
});

describe("the older mini-swe-agent-1 format (hand-made)", () => {
  const { doc, t } = openLog<"mini_swe_agent">(V1);

  it("takes the one ```bash block as the action and the next user message as its output", () => {
    expect(stepCounts(t)).toEqual({ system: 3, user: 1, agent: 4, toolCalls: 3, results: 3, errors: 1 });
    expect(t.steps.map((s) => s.source)).toEqual([
      "system",
      "user",
      "agent",
      "agent",
      "system",
      "agent",
      "agent",
      "system",
    ]);
    expect(t.steps[2]!.toolCalls).toEqual([
      { id: "mini-swe-agent-3", name: "bash", args: { command: "cat hello.py" } },
    ]);
    expect(t.steps[2]!.results[0]).toMatchObject({ callId: "mini-swe-agent-3", pairedBy: "id", isError: false });
    expect(t.steps[5]!.results[0]).toMatchObject({ callId: "mini-swe-agent-7", isError: true });
    expect(t.steps[1]!.timestamp).toBe("2025-06-15T15:06:40.500Z");
  });

  it("makes a reply with two blocks no action and the harness's answer a system step", () => {
    expect(t.steps[3]!.toolCalls).toEqual([]);
    expect(t.steps[4]!.message).toBe("Please always provide EXACTLY ONE action in triple backticks, found 2 actions.");
    expect(kind(t, 5)).toBe("harness_message");
  });

  it("keeps thinking blocks as reasoning, the submission as the last output, and closes with info's exit", () => {
    const patch = (JSON.parse(readFileSync(V1, "utf8")) as { info: { submission: string } }).info.submission;
    expect(t.steps[6]!.reasoning).toBe("The sed worked; only my import check was wrong.");
    expect(t.steps[6]!.results[0]!.content).toBe(patch);
    expect(t.steps[7]!.message).toBe(`mini-swe-agent exit status: Submitted\n\nSubmitted patch:\n${patch}`);
    expect(doc.extra.mini_swe_agent.submission).toBe(patch);
  });

  it("sums the usage (cache writes kept in metrics.extra) and reports info's cost", () => {
    expect((doc.steps[2]!.metrics as Raw).extra).toEqual({ cache_creation_input_tokens: 1100 });
    expect(t.stepTotals).toEqual({ prompt: 5400, completion: 220, cached: 3800, cost: null, steps: 8 });
    expect(t.reported).toEqual({ prompt: 5400, completion: 220, cached: 3800, cost: 0.0123, steps: 8 });
    expect(t.warnings).toEqual([]);
    expect(doc.extra.converted_from).toEqual({ format: "mini-swe-agent", notes: [], skipped: {} });
  });
});

describe("mini-swe-agent-1.1 cases the real run lacks (hand-made)", () => {
  const { doc, t } = openLog<"mini_swe_agent">(EDGE);

  it("reads format errors, a person's interruption, an unpaired result and a limits exit", () => {
    expect(stepCounts(t)).toEqual({ system: 4, user: 2, agent: 3, toolCalls: 3, results: 2, errors: 1 });
    expect(t.steps.map((s) => kind(t, s.n) ?? s.source)).toEqual([
      "system_prompt",
      "user",
      "agent",
      "unparsed_response",
      "format_error",
      "user_interruption",
      "agent",
      "unpaired_tool_result",
      "exit",
    ]);
    expect(t.steps.filter(isRequestStep).map((s) => s.message)).toEqual([
      "Make the tests pass.",
      "Please also run the tests.",
    ]);
    expect(t.steps[8]!.message).toBe("mini-swe-agent exit status: LimitsExceeded\n\nNo patch was submitted.");
  });

  it("keeps reasoning, the billed response of a format error, and unparsable arguments as text", () => {
    expect(t.steps[2]!.reasoning).toBe("I should look around first.");
    expect((doc.steps[2]!.metrics as Raw).extra).toEqual({ reasoning_tokens: 32 });
    expect(t.steps[3]!.message).toBe("I think I am done.");
    expect(t.steps[3]!.metrics).toEqual({ prompt: 600, completion: 10, cached: 500, cost: 0.1 });
    expect(t.steps[6]!.toolCalls.map((c) => c.args)).toEqual([{ command: "pytest -q" }, "not json"]);
    expect(t.steps[6]!.results).toMatchObject([{ callId: "call_b", isError: true }]);
  });

  it("counts the unknown role, notes the unpaired result, and totals match info", () => {
    expect(doc.extra.converted_from.skipped).toEqual({ "role:note": 1 });
    expect(doc.extra.converted_from.notes).toEqual([
      {
        code: "mini_swe_agent.tool_result_unpaired",
        message: 'tool message answers call "call_zzz", which no assistant message made; shown as a system step',
        line: 9,
      },
      {
        code: "mini_swe_agent.model_differs",
        message:
          'info.config.model.model_name is "openai/gpt-5-mini", the responses name "gpt-5-mini-2025-08-07" (3 responses)',
      },
    ]);
    expect(codes(t)).toEqual([
      "convert.mini_swe_agent.tool_result_unpaired",
      "convert.mini_swe_agent.model_differs",
      "convert.skipped",
    ]);
    expect({ ...t.stepTotals, cost: Number(t.stepTotals.cost!.toFixed(6)) }).toEqual({
      prompt: 1800,
      completion: 90,
      cached: 1500,
      cost: 0.5,
      steps: 9,
    });
    expect(t.reported).toEqual({ prompt: 1800, completion: 90, cached: 1500, cost: 0.5, steps: 9 });
  });
});

describe("a new task typed in the interactive agent (hand-made)", () => {
  const { doc, t } = openLog<"mini_swe_agent">(NEW_TASK);

  it("makes the UserNewTask message a request, its text as written", () => {
    expect(stepCounts(t)).toEqual({ system: 2, user: 2, agent: 4, toolCalls: 4, results: 2, errors: 0 });
    expect(t.steps.map((s) => `${s.source}:${String(kind(t, s.n))}`).join(" ")).toBe(
      "system:system_prompt user:undefined agent:undefined agent:undefined user:user_new_task agent:undefined " +
        "agent:undefined system:exit",
    );
    expect(t.steps.filter(isRequestStep).map((s) => [s.n, s.message])).toEqual([
      [2, "Fix the typo in greet() in hello.py."],
      [5, "The user added a new task: Also make greet() take a name and greet it."],
    ]);
    expect(t.steps[4]!.timestamp).toBeNull();
  });

  it("leaves the first submit call unanswered and goes on to the second task's exit", () => {
    expect(
      t.steps.map((s) => s.toolCalls.map((c) => c.id).join() + "/" + s.results.map((r) => r.callId).join()),
    ).toEqual(["/", "/", "call_1/call_1", "call_2/", "/", "call_3/call_3", "call_4/", "/"]);
    expect(t.steps[7]!.message).toMatch(/^mini-swe-agent exit status: Submitted\n\nSubmitted patch:\ndiff --git/);
  });

  it("sums usage and cost to info's totals, with nothing skipped or noted", () => {
    expect({ ...t.stepTotals, cost: Number(t.stepTotals.cost!.toFixed(6)) }).toEqual({
      prompt: 3800,
      completion: 180,
      cached: 2400,
      cost: 0.018,
      steps: 8,
    });
    expect(t.reported).toEqual({ prompt: 3800, completion: 180, cached: 2400, cost: 0.018, steps: 8 });
    expect(doc.extra.converted_from).toEqual({ format: "mini-swe-agent", notes: [], skipped: {} });
    expect(t.warnings).toEqual([]);
  });
});
