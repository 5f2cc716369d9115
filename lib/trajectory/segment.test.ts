import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadTrajectory } from "./chain";
import { segmentSteps } from "./segment";
import { agent, schedule, steps, user } from "./testing";

const PLAN = schedule([
  { task: "A", stage: 1, workspace: "/work/w00", modelCalls: 2 },
  { task: "B", stage: 1, workspace: "/work/w01", modelCalls: 1 },
  { task: "A", stage: 2, workspace: "/work/w00", modelCalls: 1 },
  { task: "A", stage: "submit", workspace: "/work/w00", modelCalls: 1 },
]);

describe("segmentSteps", () => {
  it("opens a request at each user step, in schedule order", () => {
    const s = steps([
      user("[workspace /work/w00] A1"),
      agent("a"),
      agent("b"),
      user("[workspace /work/w01] B1"),
      agent("c"),
      user("[workspace /work/w00] A2"),
      agent("d"),
      user("[workspace /work/w00] submit"),
      agent("e"),
    ]);
    const seg = segmentSteps(s, PLAN);
    expect(seg.segments.map((x) => [x.position, x.userStep, x.first, x.last])).toEqual([
      [0, 1, 1, 3],
      [1, 4, 4, 5],
      [2, 6, 6, 7],
      [3, 8, 8, 9],
    ]);
    expect([...seg.segmentOf]).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
    expect(seg.mismatches).toEqual([]);
  });

  it("reports a workspace the step names that the schedule does not, and wrong model-call counts", () => {
    const s = steps([user("[workspace /work/w00] A1"), agent("a"), user("[workspace /work/w02] B1"), agent("c")]);
    const seg = segmentSteps(s, PLAN);
    expect(seg.mismatches.map((m) => [m.kind, m.position, m.step])).toEqual([
      ["workspace", 1, 3],
      ["missing_user_step", 2, null],
      ["missing_user_step", 3, null],
      ["model_calls", 0, 1],
    ]);
  });

  it("reports extra user steps, and a request_position that disagrees with the order", () => {
    const plan = PLAN.slice(0, 1);
    const s = steps([
      user("A1", { request_position: 0 }),
      agent("a"),
      agent("b"),
      user("again", { request_position: 0 }),
      agent("c"),
    ]);
    const seg = segmentSteps(s, plan);
    expect(seg.segments.map((x) => x.position)).toEqual([0, null]);
    expect(seg.mismatches.map((m) => m.kind)).toEqual(["extra_user_step"]);
    const swapped = segmentSteps(steps([user("B", { request_position: 1, task_id: "B" }), agent("x")]), PLAN);
    expect(swapped.mismatches.map((m) => m.kind)).toEqual([
      "task",
      "request_position",
      "missing_user_step",
      "missing_user_step",
      "missing_user_step",
      "model_calls",
    ]);
  });

  it("does not count requests that never ran as missing, and skips copied context", () => {
    const plan = schedule([
      { task: "A", stage: 1, workspace: "/w", modelCalls: 1 },
      { task: "A", stage: 2, workspace: "/w", ran: false, modelCalls: null },
    ]);
    const s = steps([user("A1"), agent("a"), { ...user("A1 again"), is_copied_context: true }]);
    const seg = segmentSteps(s, plan);
    expect(seg.segments).toHaveLength(1);
    expect(seg.mismatches).toEqual([]);
    expect(seg.notes).toEqual(["1 scheduled request(s) never ran and have no steps"]);
  });

  it("puts the harbor trajectory's warm-up agent steps before the first request", async () => {
    const t = await loadTrajectory(
      "harbor-job/trajectory.json",
      async (p) => JSON.parse(await readFile(`lib/trajectory/fixtures/${p}`, "utf8")) as unknown,
    );
    const seg = segmentSteps(t.steps, null);
    expect(seg.segments.map((x) => [x.position, x.first, x.last])).toEqual([
      [null, 1, 2],
      [0, 3, 51],
    ]);
    expect(seg.notes[0]).toBe("steps 1–2 come before the first user step (an agent warm-up?) and belong to no request");
  });
});

describe("segmentSteps by the schedule's texts (a converted native log)", () => {
  const TEXTS = schedule([
    { task: "A", stage: 1, workspace: "/work/w00", text: "Add the parser for A." },
    { task: "B", stage: 1, workspace: "/work/w01", text: "Fix the   cache of B." },
    { task: "A", stage: 2, workspace: "/work/w00", text: "Now make A stream." },
  ]);

  it("opens a request only at the step carrying its text; a typed nudge stays in the request before it", () => {
    const s = steps([
      user("Add the parser for A."),
      agent("a"),
      user("please continue"),
      agent("b"),
      user("[workspace /work/w01]\nFix the cache\nof B."),
      agent("c"),
      user("Now make A stream."),
      agent("d"),
    ]);
    const seg = segmentSteps(s, TEXTS, true);
    expect(seg.segments.map((x) => [x.position, x.userStep, x.first, x.last])).toEqual([
      [0, 1, 1, 4],
      [1, 5, 5, 6],
      [2, 7, 7, 8],
    ]);
    expect(seg.mismatches).toEqual([]);
    expect(seg.notes).toContain(
      "user step 3 carries no scheduled request's text (typed besides the schedule): it stays within the request before it",
    );
    // Read by order (ATIF), the nudge would have been request 1 and everything after shifted.
    expect(segmentSteps(s, TEXTS).segments.map((x) => x.position)).toEqual([0, 1, 2, null]);
  });

  it("a request whose text never appears is reported as run without a user step", () => {
    const s = steps([user("Add the parser for A."), agent("a"), user("Now make A stream."), agent("d")]);
    const seg = segmentSteps(s, TEXTS, true);
    expect(seg.segments.map((x) => x.position)).toEqual([0, 2]);
    expect(seg.mismatches.map((m) => [m.kind, m.position])).toEqual([["missing_user_step", 1]]);
  });

  it("reads by order when no step carries any scheduled text", () => {
    const s = steps([user("one"), agent("a"), user("two"), agent("b")]);
    expect(segmentSteps(s, TEXTS, true).segments.map((x) => x.position)).toEqual([0, 1]);
  });
});
