// SWE-agent .traj through the viewer's own reader path (loadTrajectory), on a real SWE-agent run.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadTrajectory, readTrajectory } from "./chain";
import { sweAgentToAtif } from "./swe-agent";
import { detectLogFormat, READ_FORMATS, TrajectoryFormatError } from "./native/read-log";
import { parseTrajectoryText } from "./parse-text";
import { isRequestStep } from "./segment";
import { shellCommand } from "./tools";

const TRAJ = "lib/local/fixtures/pydicom__pydicom-1458.traj";
const fromDisk = async (p: string) => JSON.parse(await readFile(p, "utf8")) as unknown;
/** The path every reader takes: the file's text through the door (parse-text.ts). */
const throughDoor = async (p: string) => parseTrajectoryText(await readFile(p, "utf8"), p);
const json = (value: unknown) => detectLogFormat({ kind: "json", value });

describe("format detection", () => {
  it("tells SWE-agent and ATIF apart and knows nothing else", async () => {
    expect(json(await fromDisk(TRAJ))).toBe("swe-agent");
    expect(json(await fromDisk("lib/trajectory/fixtures/harbor-job/trajectory.json"))).toBe("atif");
    expect(json({ schema_version: "ATIF-v1.0" })).toBe("atif");
    expect(json([{ role: "user", content: "hi" }])).toBe(null);
    expect(json({ messages: [] })).toBe(null);
    expect(json("text")).toBe(null);
  });
});

describe("a real SWE-agent run opened through loadTrajectory", () => {
  it("has the system prompt and demonstration as system steps, the issue as the one request, 12 actions", async () => {
    const t = await loadTrajectory(TRAJ, throughDoor);
    expect(t.steps.map((s) => s.source)).toEqual([
      "system",
      "system",
      "user",
      ...Array<string>(12).fill("agent"),
      "system",
    ]);
    expect(t.steps.filter(isRequestStep)).toHaveLength(1);
    expect(t.steps[2]!.message).toMatch(/^We're currently solving the following issue within our repository/);
    expect(t.steps.map((s) => s.n)).toEqual([...Array(16).keys()].map((i) => i + 1));
    expect(t.agent.name).toBe("SWE-agent");
  });

  it("turns each action into a command call answered by its observation", async () => {
    const t = await loadTrajectory(TRAJ, throughDoor);
    const first = t.steps[3]!;
    expect(first.toolCalls.map(shellCommand)).toEqual(["create reproduce_bug.py"]);
    expect(first.results[0]).toMatchObject({ callId: "swe-agent-1", pairedBy: "id" });
    expect(first.results[0]!.content).toMatch(/^\[File: \/pydicom__pydicom\/reproduce_bug\.py \(1 lines total\)\]/);
    expect(t.steps.filter((s) => s.toolCalls.length === 1)).toHaveLength(12);
  });

  it("reports SWE-agent's run totals and ends with the exit status and the submitted patch", async () => {
    const t = await loadTrajectory(TRAJ, throughDoor);
    // info.model_stats: tokens_sent 122,612, tokens_received 1,369, instance_cost 1.26719, api_calls 12.
    expect(t.reported).toEqual({ prompt: 122_612, completion: 1369, cached: 0, cost: 1.26719, steps: 16 });
    expect(t.stepTotals.prompt).toBe(0);
    const last = t.steps[15]!.message;
    expect(last).toMatch(/^SWE-agent exit status: submitted\n\nSubmitted patch:\n/);
    expect(last).toContain("diff --git a/pydicom/pixel_data_handlers/numpy_handler.py");
    expect(t.extra).toMatchObject({
      converted_from: { format: "swe-agent", notes: [], skipped: {} },
      swe_agent: { model_calls: 12, exit_status: "submitted", environment: "swe_main" },
    });
  });

  it("keeps a conversion the lenient reader reads without a warning", async () => {
    const doc = sweAgentToAtif((await fromDisk(TRAJ)) as Record<string, unknown>, "pydicom__pydicom-1458.traj");
    expect(readTrajectory(doc).warnings).toEqual([]);
  });
});

describe("other formats", () => {
  it("are refused with a message naming the formats that are read", async () => {
    const read = async (p: string) => parseTrajectoryText('[{ "role": "user", "content": "hello" }]', p);
    await expect(loadTrajectory("chat.json", read)).rejects.toThrow(TrajectoryFormatError);
    await expect(loadTrajectory("chat.json", read)).rejects.toThrow(
      `chat.json is not a trajectory format this viewer reads (it is a JSON list). Read are: ${READ_FORMATS}.`,
    );
    expect(READ_FORMATS).toBe(
      "ATIF v1.0–v1.8 (Harbor's agent/trajectory.json), SWE-agent .traj, mini-swe-agent .traj.json, Claude Code session JSONL, Codex CLI rollout JSONL, OpenHands event streams (a JSON list of events) and Inspect .eval logs",
    );
  });
});
