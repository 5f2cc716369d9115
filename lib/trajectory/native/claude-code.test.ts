// Claude Code session JSONL through the path the browser worker takes (parseTrajectoryText, then readTrajectory),
// on a real session, its real subagent file and a hand-made session linked to it; every count is worked out by
// hand in fixtures/claude-code/README.md. The other hand-made files are read in claude-code-handmade.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadTrajectory } from "../chain";
import type { Trajectory } from "../model";
import { parseLogText, parseTrajectoryText } from "../parse-text";
import { isRequestStep } from "../segment";
import { claudeCodeSubagentFile, isClaudeCode } from "./claude-code";
import { detectLogFormat } from "./read-log";
import { openLog, stepCounts } from "./testing";
import type { JsonlRecord } from "./types";

const DIR = "lib/trajectory/native/fixtures/claude-code";
const MAIN = `${DIR}/sample_main_transcript.jsonl`;
const SIDECHAIN = `${DIR}/sample_agent_sidechain.jsonl`;
const REWIND = `${DIR}/handmade-rewind.jsonl`;
const MALFORMED = `${DIR}/handmade-malformed.jsonl`;
const TASK = `${DIR}/linked/handmade-task-session.jsonl`;
const SESSION = "c45af7b1-cb7c-4e51-93db-8cbb250a877a";

const cc = (t: Trajectory, n: number) => t.steps[n - 1]!.extra!.claude_code as Record<string, unknown>;

describe("detection", () => {
  const records = (path: string): JsonlRecord[] => {
    const log = parseLogText(readFileSync(path, "utf8"), path);
    return log.kind === "jsonl" ? log.records : [{ line: 1, value: log.value }];
  };
  it("is Claude Code for every Claude Code fixture", () => {
    for (const path of [MAIN, SIDECHAIN, REWIND, MALFORMED, TASK, `${DIR}/linked/agent-af1ff21.jsonl`]) {
      expect(isClaudeCode(records(path)), path).toBe(true);
      expect(detectLogFormat(parseLogText(readFileSync(path, "utf8"), path)), path).toBe("claude-code");
    }
  });
  it("is not Claude Code for the other formats", () => {
    for (const path of [
      "lib/trajectory/fixtures/harbor-job/trajectory.json",
      "lib/trajectory/native/fixtures/codex/sample_codex_session.jsonl",
      "lib/trajectory/native/fixtures/openhands/basic_gui_mode.json",
      "lib/trajectory/native/fixtures/mini-swe-agent/astropy__astropy-12907.traj.json",
      "lib/trajectory/native/fixtures/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json",
      "lib/local/fixtures/pydicom__pydicom-1458.traj",
    ])
      expect(isClaudeCode(records(path)), path).toBe(false);
  });
});

describe("the real main transcript (Claude Code 2.0.76)", () => {
  const { doc, t } = openLog(MAIN);
  it("has the README's counts", () => {
    expect(stepCounts(t)).toEqual({ user: 5, agent: 12, system: 5, toolCalls: 10, results: 10, errors: 2 });
    expect(t.stepTotals).toEqual({ prompt: 231864, completion: 1480, cached: 223265, cost: null, steps: 22 });
    expect(t.reported).toBeNull();
    // The reader's account (notes, skipped types) is shown as warnings by read-file.ts.
    expect(t.warnings.map((w) => w.code)).toEqual(["convert.skipped"]);
    expect(doc.extra.converted_from).toEqual({
      format: "claude-code",
      notes: [],
      skipped: { "file-history-snapshot": 10, "system:stop_hook_summary": 5 },
    });
    expect(t.steps.filter(isRequestStep).map((s) => s.message)).toEqual([
      "can you run a command ls -la ",
      "ok can you create a hello_world.py file and add a minimal code in it? ",
      "can you read it back with Read tool? ",
      "can you run `cat nonexistent.txt`",
      "do something requiring multiple tools in one turn, ",
    ]);
  });
  it("names the session, the version and the model", () => {
    expect(t.sessionId).toBe(SESSION);
    expect(t.agent).toEqual({ name: "claude-code", version: "2.0.76", model: "claude-haiku-4-5-20251001" });
  });
  it("merges the lines of one message into one agent step, its usage counted once (the last line's)", () => {
    const step = t.steps[1]!;
    expect(cc(t, 2).lines).toEqual([3, 4]);
    expect(step.reasoning).toMatch(/^The user is asking me to run the command `ls -la`/);
    expect(step.toolCalls).toEqual([
      {
        id: "toolu_01BYfGNktE4d25hZnxHwFh2s",
        name: "Bash",
        args: { command: "ls -la", description: "List files and directories in current directory" },
        // The record's cwd, lifted by the door to extra.cwd: where the call ran.
        cwd: "/workspace",
      },
    ]);
    expect(step.metrics).toEqual({ prompt: 17904, completion: 8, cached: 12834, cost: null });
    expect(doc.steps[1]!.metrics).toMatchObject({ extra: { cache_creation_input_tokens: 5061 } });
    // msg_01…xTLt8Y: three lines, output_tokens 3, 3, 993.
    expect(cc(t, 14).lines).toEqual([36, 37, 38]);
    expect(t.steps[13]!.metrics).toEqual({ prompt: 19280, completion: 993, cached: 19258, cost: null });
  });
  it("puts each result on the step that made the call, errors marked", () => {
    const multi = t.steps[14]!;
    expect(multi.toolCalls.map((c) => c.name)).toEqual(["Read", "Bash", "Bash"]);
    expect(multi.results.map((r) => [r.callId, r.pairedBy, r.isError])).toEqual([
      ["toolu_0121Xkn9uW9TJCnTjQjc656P", "id", false],
      ["toolu_018vFotHvxxm3NcDcXDk1wSh", "id", true],
      ["toolu_01MV7Z6p51X7jX276ddEU4zf", "id", false],
    ]);
    expect(multi.results[1]!.content).toBe("Exit code 127\n/bin/bash: line 1: python: command not found");
    expect(t.steps[10]!.results.map((r) => r.isError)).toEqual([true]);
  });
  it("reads across the compact boundary, and keeps the compaction, summary and command echoes as system steps", () => {
    expect(t.steps.slice(17).map((s) => [s.source, cc(t, s.n).kind])).toEqual([
      ["system", "compact_boundary"],
      ["system", "compact_summary"],
      ["system", "meta"],
      ["system", "command"],
      ["system", "command_output"],
    ]);
    expect(t.steps[17]!.message).toBe("Conversation compacted (manual compaction, 21558 tokens before)");
    expect(t.steps[17]!.extra!.context_management).toEqual({
      kind: "compaction",
      trigger: "manual",
      pre_tokens: 21558,
    });
    expect(t.steps[18]!.extra!.context_management).toEqual({ kind: "summary" });
    expect(t.steps[18]!.message).toMatch(/^This session is being continued from a previous conversation/);
    expect(t.steps[21]!.message).toContain(
      "<local-command-stdout>\u001b[2mCompacted (ctrl+o to see full summary)\u001b[22m",
    );
  });
  it("keeps cwd on every step", () => {
    expect(t.steps.map((s) => cc(t, s.n).cwd)).toEqual(Array<string>(22).fill("/workspace"));
  });
});

describe("the real subagent file", () => {
  const { doc, t } = openLog(SIDECHAIN);
  it("reads as its own trajectory, every step a sidechain step", () => {
    expect(stepCounts(t)).toEqual({ user: 1, agent: 1, system: 0, toolCalls: 0, results: 0, errors: 0 });
    expect(t.steps.map((s) => s.sidechain)).toEqual([true, true]);
    expect(t.steps.filter(isRequestStep)).toEqual([]);
    expect(t.stepTotals).toEqual({ prompt: 728, completion: 152, cached: 0, cost: null, steps: 2 });
    expect(t.agent).toEqual({ name: "claude-code", version: "2.0.76", model: "claude-haiku-4-5-20251001" });
    expect(t.extra!.claude_code).toEqual({ agent_id: "af1ff21", parent_session_id: SESSION, sidechain: true });
    expect(doc.extra.converted_from).toEqual({ format: "claude-code", notes: [], skipped: {} });
    expect(t.warnings).toEqual([]);
  });
});

describe("hand-made: a Task call linked to the real subagent file", () => {
  const { doc, t } = openLog(TASK);
  it("writes the subagent reference on the Task result that names agentId af1ff21, and nothing on the one that does not", () => {
    expect(claudeCodeSubagentFile("af1ff21")).toBe("agent-af1ff21.jsonl");
    const results = doc.steps[1]!.observation as { results: Record<string, unknown>[] };
    expect(results.results[0]!.subagent_trajectory_ref).toEqual([
      { session_id: SESSION, trajectory_path: "agent-af1ff21.jsonl", extra: { agent_id: "af1ff21" } },
    ]);
    expect(t.steps[1]!.results[0]!.subagents).toEqual([
      { sessionId: SESSION, trajectoryId: null, path: "agent-af1ff21.jsonl", summary: null },
    ]);
    expect(t.steps[4]!.toolCalls.map((c) => c.name)).toEqual(["Task"]);
    expect(t.steps[4]!.results[0]!.subagents).toEqual([]);
    expect(stepCounts(t)).toEqual({ user: 2, agent: 4, system: 0, toolCalls: 2, results: 2, errors: 0 });
    expect(t.stepTotals).toEqual({ prompt: 20869, completion: 73, cached: 20600, cost: null, steps: 6 });
    expect(doc.extra.converted_from).toEqual({ format: "claude-code", notes: [], skipped: {} });
    expect(t.warnings).toEqual([]);
  });
  it("opens the agent file next to the session file as the subagent's trajectory", async () => {
    const readJson = (path: string) => Promise.resolve(parseTrajectoryText(readFileSync(path, "utf8"), path));
    const loaded = await loadTrajectory(TASK, readJson);
    expect(loaded.subagents.map((s) => [s.key, s.origin, s.path, s.error])).toEqual([
      ["agent-af1ff21.jsonl", "file", "agent-af1ff21.jsonl", null],
    ]);
    const sub = loaded.subagents[0]!.trajectory!;
    expect(sub.steps.map((s) => [s.source, s.sidechain])).toEqual([
      ["user", true],
      ["agent", true],
    ]);
    expect(sub.stepTotals).toMatchObject({ prompt: 728, completion: 152 });
    expect(loaded.warnings).toEqual([]);
  });
});
