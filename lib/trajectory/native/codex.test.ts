// Codex CLI rollout JSONL through the browser worker's path (parseTrajectoryText, then readTrajectory), on the real
// rollout and the hand-made ones in fixtures/codex/ (README there: provenance and the counts, worked out by hand).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Trajectory } from "../model";
import { codexToAtif, isCodex } from "./codex";
import { openLog } from "./testing";
import type { JsonlRecord } from "./types";

const DIR = "lib/trajectory/native/fixtures/codex/";
const REAL = `${DIR}sample_codex_session.jsonl`;
const COMPLETE = `${DIR}handmade-complete.jsonl`;
const COMPACTED = `${DIR}handmade-compacted.jsonl`;
const MALFORMED = `${DIR}handmade-malformed.jsonl`;

/** Another format's file, from the project's copies of the real logs. */
function other(format: string, file: string): string {
  return `lib/trajectory/native/fixtures/${format}/${file}`;
}

function records(path: string): JsonlRecord[] {
  const text = readFileSync(path, "utf8");
  if (!/\.jsonl$/.test(path)) return [{ line: 1, value: JSON.parse(text) as unknown }];
  return text
    .split("\n")
    .map((l, i) => ({ line: i + 1, raw: l.trim() }))
    .filter((r) => r.raw !== "")
    .flatMap((r) => {
      try {
        return [{ line: r.line, value: JSON.parse(r.raw) as unknown }];
      } catch {
        return [];
      }
    });
}

const sources = (t: Trajectory) => t.steps.map((s) => s.source);
const codexExtra = (t: Trajectory, n: number) => (t.steps[n - 1]!.extra as { codex: Record<string, unknown> }).codex;

describe("isCodex", () => {
  it("is true on every Codex fixture", () => {
    for (const f of [REAL, COMPLETE, COMPACTED, MALFORMED]) expect(isCodex(records(f)), f).toBe(true);
  });

  it("is false on the other formats", () => {
    for (const f of [
      other("claude-code", "sample_main_transcript.jsonl"),
      other("claude-code", "sample_agent_sidechain.jsonl"),
      other("openhands", "basic_gui_mode.json"),
      other("mini-swe-agent", "astropy__astropy-12907.traj.json"),
      other("atif", "session-2025-12-05T08-00-23-404Z-ew8gut.atif.json"),
      "lib/trajectory/fixtures/harbor-job/trajectory.json",
      "lib/local/fixtures/pydicom__pydicom-1458.traj",
    ])
      expect(isCodex(records(f)), f).toBe(false);
    expect(isCodex([])).toBe(false);
  });
});

describe("the real rollout (stops after the prompt)", () => {
  it("makes the AGENTS.md and environment_context messages system steps and the prompt the one user step", () => {
    const { doc, t } = openLog(REAL);
    expect(sources(t)).toEqual(["system", "system", "user"]);
    expect(codexExtra(t, 1)).toEqual({ cwd: "/Users/macmini/Code/homelab-migration", kind: "agents_md", role: "user" });
    expect(codexExtra(t, 2)).toMatchObject({ kind: "environment_context" });
    expect(t.steps[2]!.message).toBe(
      "can you analyse the MD files in this directory and determine if the info we have is clear enough to start planning the migration?",
    );
    expect(codexExtra(t, 3)).toEqual({ cwd: "/Users/macmini/Code/homelab-migration" });
    expect(t.steps[2]!.timestamp).toBe("2025-12-28T12:21:44.491Z");
    expect(doc.extra.converted_from.format).toBe("codex");
    expect(doc.extra.converted_from.skipped).toEqual({ "event_msg:user_message (duplicate)": 1 });
    expect(doc.extra.converted_from.notes).toEqual([]);
  });

  it("takes the session id, CLI version and model, and keeps the instructions once, outside the steps", () => {
    const { doc, t } = openLog(REAL);
    expect(t.sessionId).toBe("019b64e5-57fa-7463-b644-fba7e456f905");
    expect(t.agent).toEqual({ name: "codex", version: "0.77.0", model: "gpt-5.2-codex" });
    const codex = (doc.extra as unknown as { codex: Record<string, unknown> }).codex;
    expect(codex).toMatchObject({ originator: "codex_cli_rs", cwd: "/Users/macmini/Code/homelab-migration" });
    expect(String(codex.instructions)).toMatch(/^## Skills\n/);
    expect(t.steps[0]!.message).toContain(String(codex.instructions));
  });

  it("has no usage and reports none", () => {
    const { t } = openLog(REAL);
    expect(t.stepTotals).toEqual({ prompt: 0, completion: 0, cached: 0, cost: null, steps: 3 });
    expect(t.reported).toBeNull();
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
  });
});

describe("handmade-complete: two prompts, shell calls, apply_patch, usage", () => {
  it("makes one agent step per model call", () => {
    const { t } = openLog(COMPLETE);
    expect(sources(t)).toEqual(["system", "user", "agent", "agent", "agent", "agent", "user", "agent"]);
    expect(t.steps.map((s) => s.toolCalls.map((c) => c.name))).toEqual([
      [],
      [],
      ["shell"],
      ["apply_patch"],
      ["shell"],
      [],
      [],
      [],
    ]);
    expect(t.steps[2]!.reasoning).toBe("**Running the tests**");
    expect(codexExtra(t, 3)).toEqual({ cwd: "/repo", encrypted_reasoning_items: 1 });
    expect(t.steps[5]!.message).toBe("Fixed: add() now returns a + b; the test passes.");
  });

  it("keeps arguments as written and pairs each output with its call, exit code 1 an error", () => {
    const { t } = openLog(COMPLETE);
    expect(t.steps[2]!.toolCalls[0]!.args).toEqual({ command: ["bash", "-lc", "pytest -q"], workdir: "/repo" });
    expect(t.steps[3]!.toolCalls[0]!.args).toEqual({
      input:
        "*** Begin Patch\n*** Update File: calc.py\n@@\n def add(a, b):\n-    return a - b\n+    return a + b\n*** End Patch\n",
    });
    const results = t.steps.flatMap((s) => s.results.map((r) => [s.n, r.callId, r.isError, r.content]));
    expect(results).toEqual([
      [3, "call_1", true, "1 failed\n"],
      [4, "call_2", false, "Success. Updated the following files:\nM calc.py\n"],
      [5, "call_3", false, "Exit code: 0\nWall time: 0.3 seconds\nOutput:\n1 passed\n"],
    ]);
  });

  it("puts each last_token_usage on its model call once and the last total_token_usage in final_metrics", () => {
    const { doc, t } = openLog(COMPLETE);
    expect(t.steps.map((s) => s.metrics && [s.metrics.prompt, s.metrics.completion, s.metrics.cached])).toEqual([
      null,
      null,
      [1000, 50, 0],
      [1200, 80, 900],
      [1300, 30, 1100],
      [1400, 30, 1200],
      null,
      [1500, 30, 1300],
    ]);
    expect(t.stepTotals).toEqual({ prompt: 6400, completion: 220, cached: 4500, cost: null, steps: 8 });
    expect(t.reported).toEqual({ prompt: 6400, completion: 220, cached: 4500, cost: null, steps: 8 });
    expect(doc.extra.converted_from.skipped).toEqual({
      "event_msg:user_message (duplicate)": 2,
      "event_msg:agent_reasoning (duplicate)": 1,
      "event_msg:agent_message (duplicate)": 1,
      "event_msg:token_count (no usage)": 1,
      "event_msg:token_count (repeat)": 1,
      "event_msg:exec_command_end": 1,
    });
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
  });

  it("follows turn_context: model and cwd of the steps after it", () => {
    const { t } = openLog(COMPLETE);
    expect(t.steps.map((s) => s.model)).toEqual([
      null,
      null,
      ...Array<string>(4).fill("gpt-5-codex"),
      null,
      "gpt-5.1-codex",
    ]);
    expect(t.steps.map((s, i) => codexExtra(t, i + 1).cwd)).toEqual([
      ...Array<string>(6).fill("/repo"),
      "/repo/sub",
      "/repo/sub",
    ]);
    expect(t.agent).toEqual({ name: "codex", version: "0.46.0", model: "gpt-5-codex" });
  });
});

describe("handmade-compacted: a compaction between two prompts", () => {
  it("shows the compaction as a context-management system step with its summary", () => {
    const { doc, t } = openLog(COMPACTED);
    expect(sources(t)).toEqual(["system", "user", "agent", "system", "system", "user", "agent"]);
    const step = t.steps[3]!;
    expect(step.message).toBe(
      "Codex compacted the conversation: the history before this point was replaced by this summary:\n\n" +
        "The user asked for the repository layout; the agent answered: src/ and tests/.",
    );
    expect(step.extra).toMatchObject({ context_management: { kind: "compaction", replacement_history_items: 2 } });
    expect([codexExtra(t, 1).kind, codexExtra(t, 5).kind]).toEqual(["developer", "user_instructions"]);
    expect(doc.extra.converted_from.skipped).toEqual({});
  });

  it("marks encrypted-only reasoning instead of inventing text", () => {
    const { t } = openLog(COMPACTED);
    expect(t.steps[6]!.reasoning).toBeNull();
    expect(codexExtra(t, 7)).toEqual({ cwd: "/work", encrypted_reasoning_items: 1 });
    expect(t.stepTotals).toEqual({ prompt: 1500, completion: 60, cached: 600, cost: null, steps: 7 });
    expect(t.reported).toEqual({ prompt: 1500, completion: 60, cached: 600, cost: null, steps: 7 });
    expect(t.warnings).toEqual([]);
  });
});

describe("handmade-malformed: what cannot be read is named by line", () => {
  it("notes the bad lines and counts the unknown types", () => {
    const { doc, t } = openLog(MALFORMED);
    const notes = doc.extra.converted_from.notes as { code: string; line: number }[];
    expect(notes.map((n) => [n.code, n.line])).toEqual([
      ["jsonl.line", 2],
      ["codex.unpaired_output", 6],
      ["codex.token_count", 8],
      ["codex.record", 10],
      ["codex.payload", 11],
    ]);
    expect(doc.extra.converted_from.skipped).toEqual({ "response_item:future_item": 1, mystery: 1 });
    expect(t.warnings.map((w) => w.code)).toEqual([
      "convert.jsonl.line",
      "convert.codex.unpaired_output",
      "convert.codex.token_count",
      "convert.codex.record",
      "convert.codex.payload",
      "convert.skipped",
    ]);
  });

  it("keeps the unpaired output as a system step and reads a content-item output as text", () => {
    const { t } = openLog(MALFORMED);
    expect(sources(t)).toEqual(["user", "agent", "system"]);
    expect(t.steps[1]!.results).toMatchObject([{ callId: "call_a", isError: false, content: "a.txt\nb.txt" }]);
    expect(t.steps[2]!.message).toBe("orphan output");
    expect(codexExtra(t, 3)).toMatchObject({ kind: "unpaired_tool_output", call_id: "call_zzz" });
    expect(t.stepTotals.prompt).toBe(0);
    expect(t.reported).toEqual({ prompt: 300, completion: 12, cached: 0, cost: null, steps: 3 });
    expect(t.agent).toEqual({ name: "codex", version: "0.77.0", model: null });
  });
});

describe("model-call boundaries", () => {
  const line = (n: number, type: string, payload: Record<string, unknown>): JsonlRecord => ({
    line: n,
    value: { timestamp: `2025-01-01T00:00:0${n}Z`, type, payload },
  });
  const fc = (n: number, id: string) =>
    line(n, "response_item", { type: "function_call", name: "shell", arguments: '{"command":["ls"]}', call_id: id });
  const out = (n: number, id: string) =>
    line(n, "response_item", { type: "function_call_output", call_id: id, output: "x" });

  it("without any token_count, an output followed by a new call starts a new step", () => {
    const { atif } = codexToAtif([fc(1, "a"), out(2, "a"), fc(3, "b"), out(4, "b")], "x.jsonl");
    expect(atif.steps.map((s) => s.tool_calls?.map((c) => c.tool_call_id))).toEqual([["a"], ["b"]]);
    expect(atif.session_id).toBe("x");
  });

  it("with token_count, only token_count (or a user message) closes a model call", () => {
    const usage = { input_tokens: 10, cached_input_tokens: 0, output_tokens: 1 };
    const tc = line(5, "event_msg", {
      type: "token_count",
      info: { total_token_usage: usage, last_token_usage: usage },
    });
    const { atif } = codexToAtif([fc(1, "a"), out(2, "a"), fc(3, "b"), out(4, "b"), tc], "x.jsonl");
    expect(atif.steps.map((s) => s.tool_calls?.map((c) => c.tool_call_id))).toEqual([["a", "b"]]);
    expect(atif.steps[0]!.metrics).toEqual({ prompt_tokens: 10, completion_tokens: 1, cached_tokens: 0 });
  });
});
