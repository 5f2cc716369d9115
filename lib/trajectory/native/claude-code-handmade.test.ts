// The hand-made Claude Code files (a rewind; a malformed line, an unknown record type and command echoes) and
// odd trees built in the test, through parseTrajectoryText then readTrajectory; the counts are worked out by
// hand in fixtures/claude-code/README.md. The real files are read in claude-code.test.ts.
import { describe, expect, it } from "vitest";
import type { Trajectory } from "../model";
import { isRequestStep } from "../segment";
import { isRecord } from "../values";
import { claudeCodeToAtif } from "./claude-code";
import { openLog, stepCounts } from "./testing";
import type { JsonlRecord } from "./types";

const DIR = "lib/trajectory/native/fixtures/claude-code";
const REWIND = `${DIR}/handmade-rewind.jsonl`;
const MALFORMED = `${DIR}/handmade-malformed.jsonl`;

const cc = (t: Trajectory, n: number) => t.steps[n - 1]!.extra!.claude_code as Record<string, unknown>;

describe("hand-made: a rewind", () => {
  const { doc, t } = openLog(REWIND);
  it("follows the branch to the last message and notes the other", () => {
    expect(t.steps.map((s) => s.source)).toEqual(["user", "agent", "agent", "user", "agent", "agent"]);
    expect(t.steps.filter(isRequestStep).map((s) => s.message)).toEqual([
      "Fix the failing test in calc.py",
      "Only fix the bug, no refactoring",
    ]);
    expect(
      t.steps.some((s) => s.message.includes("refactor the whole module") || s.message.includes("Refactoring")),
    ).toBe(false);
    expect(doc.extra.converted_from).toEqual({
      format: "claude-code",
      notes: [
        {
          code: "claude_code.off_branch",
          message:
            "2 record(s) are on another branch (a rewind or an edited message), not the one that leads to the last message (line 13): left off",
          line: 8,
        },
      ],
      skipped: { summary: 1, "file-history-snapshot": 1, "system:stop_hook_summary": 1 },
    });
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.claude_code.off_branch", "convert.skipped"]);
  });
  it("has the README's counts", () => {
    expect(stepCounts(t)).toEqual({ user: 2, agent: 4, system: 0, toolCalls: 2, results: 2, errors: 1 });
    expect(t.stepTotals).toEqual({ prompt: 4691, completion: 128, cached: 4460, cost: null, steps: 6 });
    expect(t.steps[1]!.message).toBe("Let me run the tests.");
    expect(t.steps[1]!.results.map((r) => [r.callId, r.isError])).toEqual([["tu_1", true]]);
    expect(cc(t, 2)).toMatchObject({ cwd: "/repo", git_branch: "main", lines: [3, 4], message_id: "msg_A" });
  });
});

describe("hand-made: a malformed line, records that are not records, an unknown type, command echoes", () => {
  const { doc, t } = openLog(MALFORMED);
  it("reads the rest and accounts for every line", () => {
    expect(t.steps.map((s) => [s.source, cc(t, s.n).kind ?? null])).toEqual([
      ["user", null],
      ["agent", null],
      ["system", "meta"],
      ["system", "command"],
      ["system", "command_output"],
      ["system", "orphan_tool_result"],
      ["agent", null],
      ["system", "interrupt"],
    ]);
    expect(doc.extra.converted_from).toEqual({
      format: "claude-code",
      notes: [
        { code: "jsonl.line", message: expect.stringMatching(/^not JSON \(.*\); skipped$/) as unknown, line: 2 },
        { code: "claude_code.record", message: "not a JSON object; skipped", line: 5 },
        { code: "claude_code.record", message: "record has no `type`; skipped", line: 6 },
        {
          code: "claude_code.orphan_result",
          message: "tool_result for tu_gone answers no tool call on the branch; kept as a system step",
          line: 10,
        },
        {
          code: "claude_code.block",
          message:
            "content block of type container_upload is not text, thinking or a tool call; kept in extra.claude_code.other_blocks",
          line: 12,
        },
      ],
      skipped: { "mystery-record": 1, progress: 1 },
    });
    expect(t.warnings.map((w) => w.code)).toEqual([
      "convert.jsonl.line",
      "convert.claude_code.record",
      "convert.claude_code.record",
      "convert.claude_code.orphan_result",
      "convert.claude_code.block",
      "convert.skipped",
    ]);
  });
  it("has the README's counts, the costUSD kept and both models named", () => {
    expect(stepCounts(t)).toEqual({ user: 1, agent: 2, system: 5, toolCalls: 0, results: 0, errors: 0 });
    expect(t.stepTotals).toEqual({ prompt: 46, completion: 7, cached: 20, cost: 0.00042, steps: 8 });
    expect(t.agent.model).toBe("claude-sonnet-4-5-20250929");
    expect(t.steps[6]!.model).toBe("claude-haiku-4-5-20251001");
    expect((doc.agent as Record<string, unknown>).extra).toEqual({
      models: ["claude-sonnet-4-5-20250929", "claude-haiku-4-5-20251001"],
    });
    expect(t.steps[4]!.message).toBe(
      "<local-command-stdout>Set model to \u001b[1mhaiku\u001b[22m</local-command-stdout>",
    );
  });
});

describe("lenient on odd trees", () => {
  const rec = (line: number, value: Record<string, unknown>): JsonlRecord => ({
    line,
    value: { sessionId: "s", timestamp: "2026-01-01T00:00:00Z", ...value },
  });
  it("stops at a cycle and reads each record once", () => {
    const out = claudeCodeToAtif(
      [
        rec(1, { type: "user", uuid: "a", parentUuid: "b", message: { role: "user", content: "hi" } }),
        rec(2, {
          type: "assistant",
          uuid: "b",
          parentUuid: "a",
          message: { id: "m", content: [{ type: "text", text: "yo" }] },
        }),
      ],
      "cycle.jsonl",
    );
    expect(out.atif.steps.map((s) => [s.source, s.message])).toEqual([
      ["user", "hi"],
      ["agent", "yo"],
    ]);
    // Issue 58: the cycle is said. The branch ends at a (line 1), b's child after the last message, and is
    // walked up a → b; b's parent a closes the cycle, so the note is on b (line 2).
    expect(out.notes).toEqual([
      {
        code: "claude_code.parent_cycle",
        message:
          "the parent a of this record leads back to line 1: the parents form a cycle, so the branch is read once around it, from here",
        line: 2,
      },
    ]);
  });
  it("says where the branch starts when a parent is missing, and notes records it cannot read", () => {
    const out = claudeCodeToAtif(
      [
        rec(1, { type: "user", uuid: "a", parentUuid: "gone", message: { role: "user", content: "hi" } }),
        rec(2, { type: "assistant", uuid: "b", parentUuid: "a" }),
        { line: 3, value: null },
      ],
      "missing.jsonl",
    );
    expect(out.atif.steps.map((s) => s.source)).toEqual(["user"]);
    expect(out.notes.map((n) => [n.code, n.line])).toEqual([
      ["claude_code.record", 3],
      ["claude_code.parent_missing", 1],
      ["claude_code.record", 2],
    ]);
    expect(isRecord(out.atif.agent) && out.atif.agent.version).toBe("unknown");
  });
  it("reads every record in file order when no message leads a branch", () => {
    const out = claudeCodeToAtif(
      [
        rec(1, {
          type: "system",
          subtype: "compact_boundary",
          uuid: "x",
          parentUuid: null,
          content: "Conversation compacted",
        }),
        rec(2, { type: "system", subtype: "turn_duration", uuid: "y", parentUuid: "x" }),
      ],
      "no-messages.jsonl",
    );
    expect(out.atif.steps.map((s) => [s.source, s.message])).toEqual([["system", "Conversation compacted"]]);
    expect(out.skipped).toEqual({ "system:turn_duration": 1 });
    expect(out.notes.map((n) => n.code)).toEqual(["claude_code.no_messages"]);
  });
});
