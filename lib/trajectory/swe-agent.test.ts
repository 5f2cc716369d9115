// SWE-agent .traj through the viewer's own reader path (loadTrajectory), on a real SWE-agent run.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadTrajectory, readTrajectory } from "./chain";
import { detectTrajectoryFormat, READ_FORMATS, sweAgentToAtif, TrajectoryFormatError } from "./swe-agent";
import { isRequestStep } from "./segment";
import { shellCommand } from "./tools";

const TRAJ = "lib/local/fixtures/pydicom__pydicom-1458.traj";
const fromDisk = async (p: string) => JSON.parse(await readFile(p, "utf8")) as unknown;

describe("format detection", () => {
  it("tells SWE-agent and ATIF apart and knows nothing else", async () => {
    expect(detectTrajectoryFormat(await fromDisk(TRAJ))).toBe("swe-agent");
    expect(detectTrajectoryFormat(await fromDisk("lib/trajectory/fixtures/harbor-job/trajectory.json"))).toBe("atif");
    expect(detectTrajectoryFormat({ schema_version: "ATIF-v1.0" })).toBe("atif");
    expect(detectTrajectoryFormat([{ role: "user", content: "hi" }])).toBe("unknown");
    expect(detectTrajectoryFormat({ messages: [] })).toBe("unknown");
    expect(detectTrajectoryFormat("text")).toBe("unknown");
  });
});

describe("a real SWE-agent run opened through loadTrajectory", () => {
  it("has the system prompt and demonstration as system steps, the issue as the one request, 12 actions", async () => {
    const t = await loadTrajectory(TRAJ, fromDisk);
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
    const t = await loadTrajectory(TRAJ, fromDisk);
    const first = t.steps[3]!;
    expect(first.toolCalls.map(shellCommand)).toEqual(["create reproduce_bug.py"]);
    expect(first.results[0]).toMatchObject({ callId: "swe-agent-1", pairedBy: "id" });
    expect(first.results[0]!.content).toMatch(/^\[File: \/pydicom__pydicom\/reproduce_bug\.py \(1 lines total\)\]/);
    expect(t.steps.filter((s) => s.toolCalls.length === 1)).toHaveLength(12);
  });

  it("reports SWE-agent's run totals and ends with the exit status and the submitted patch", async () => {
    const t = await loadTrajectory(TRAJ, fromDisk);
    // info.model_stats: tokens_sent 122,612, tokens_received 1,369, instance_cost 1.26719, api_calls 12.
    expect(t.reported).toEqual({ prompt: 122_612, completion: 1369, cached: 0, cost: 1.26719, steps: 16 });
    expect(t.stepTotals.prompt).toBe(0);
    const last = t.steps[15]!.message;
    expect(last).toMatch(/^SWE-agent exit status: submitted\n\nSubmitted patch:\n/);
    expect(last).toContain("diff --git a/pydicom/pixel_data_handlers/numpy_handler.py");
    expect(t.extra).toMatchObject({
      converted_from: "swe-agent",
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
    const read = async () => [{ role: "user", content: "hello" }];
    await expect(loadTrajectory("chat.json", read)).rejects.toThrow(TrajectoryFormatError);
    await expect(loadTrajectory("chat.json", read)).rejects.toThrow(
      `chat.json is not a trajectory format this viewer reads (it is a JSON list). Read are: ${READ_FORMATS}.`,
    );
    expect(READ_FORMATS).toBe("ATIF v1.0–v1.8 (Harbor's agent/trajectory.json, one file per run) and SWE-agent .traj");
  });
});
