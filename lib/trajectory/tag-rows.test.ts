import { describe, expect, it } from "vitest";
import { readTrajectory } from "./chain";
import { signatureTagRows } from "./tag-rows";
import { splitDetectorName } from "./tags";
import { agent, bash, schedule, user } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00", text: "Add `parse_header()`" },
  { task: "B", stage: 1, workspace: "/work/w01", text: "Fix the config" },
  { task: "F", stage: "submit", workspace: "/work/w00", text: "Finalize" },
]);

function trajectory(raw: Record<string, unknown>[]) {
  return readTrajectory({
    schema_version: "ATIF-v1.6",
    agent: { name: "test" },
    steps: raw.map((s, i) => ({ step_id: i + 1, ...s })),
  });
}

describe("signatureTagRows", () => {
  it("writes one row per detector tag, with its evidence steps and the detector's name and version apart", () => {
    const t = trajectory([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("cd /work/w00 && pytest -q")]),
      user("[workspace /work/w01] B1"),
      agent("b", [bash("cd /work/w01 && ls")]),
      user("[workspace /work/w00] submit"),
      agent("f", [bash('for d in /work/w00 /work/w01; do git -C "$d" diff; done > /tmp/final.patch')]),
    ]);
    const annotations = [
      {
        signature: "cross_task_interference" as const,
        position: 2,
        stepIds: [6],
        note: "by hand",
        authorKind: "human" as const,
        authorName: "A",
      },
    ];
    const rows = signatureTagRows("run-1", t, {
      schedule: PLAN,
      focusTaskId: "F",
      workspaces: WS,
      verdict: null,
      annotations,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      run_id: "run-1",
      signature: "cross_task_interference",
      position: 2,
      first_step: 6,
      evidence_steps: "6",
      strength: "strong",
      detector: "cross-task-interference detector",
    });
    expect(rows[0]!.detector_version).toMatch(/^v\d+/);
    expect(rows[0]!.note).not.toContain("by hand");
  });

  it("writes nothing for a run the detectors find clean", () => {
    const t = trajectory([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("cd /work/w00 && pytest -q")]),
      user("[workspace /work/w00] submit"),
      agent("done"),
    ]);
    expect(
      signatureTagRows("run-2", t, {
        schedule: PLAN,
        focusTaskId: "F",
        workspaces: WS,
        verdict: null,
        annotations: [],
      }),
    ).toEqual([]);
  });

  it("splits a trailing version off a detector's name", () => {
    expect(splitDetectorName("requirement-state-loss detector v1")).toEqual({
      detector: "requirement-state-loss detector",
      version: "v1",
    });
    expect(splitDetectorName("detector v2.1")).toEqual({ detector: "detector", version: "v2.1" });
    expect(splitDetectorName("hand rules")).toEqual({ detector: "hand rules", version: "" });
  });
});
