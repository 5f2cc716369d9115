import { describe, expect, it } from "vitest";
import { readTrajectory } from "./chain";
import { clipText, joinedExcerpt, STEP_LIMITS, stepsIndexRows, type StepsIndexContext } from "./steps-index";
import { agent, bash, edit, schedule, user } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00" },
  { task: "B", stage: 1, workspace: "/work/w01" },
  { task: "F", stage: "submit", workspace: "/work/w00" },
]);

function ctx(plan = PLAN): StepsIndexContext {
  return {
    runId: "run-1",
    analysis: { schedule: plan, focusTaskId: "F", workspaces: WS },
  };
}

function trajectory(raw: Record<string, unknown>[]) {
  return readTrajectory({
    schema_version: "ATIF-v1.6",
    agent: { name: "t" },
    steps: raw.map((s, i) => ({ step_id: i + 1, ...s })),
  });
}

describe("stepsIndexRows", () => {
  const t = trajectory([
    agent("warm-up"),
    user("[workspace /work/w00] F1"),
    agent("look", [bash("cd /work/w00 && pytest -q", "3 passed"), edit("/work/w00/src/a.py", "x = 1", "x = 2")]),
    agent("peek", [bash("cat /work/w01/src/b.py", "B's file")]),
    user("[workspace /work/w01] B1"),
    agent("b", [bash("cd /work/w01 && ls")]),
    user("[workspace /work/w00] submit"),
    agent("f", [bash('for d in /work/w00 /work/w01; do git -C "$d" diff; done')]),
  ]);
  const rows = stepsIndexRows(t, ctx());

  it("gives every step its request, request kind and task (preamble: none)", () => {
    expect(rows.map((r) => [r.step, r.position, r.request_kind, r.task_id, r.source])).toEqual([
      [1, null, null, null, "agent"],
      [2, 0, "focus", "F", "user"],
      [3, 0, "focus", "F", "agent"],
      [4, 0, "focus", "F", "agent"],
      [5, 1, "interruption", "B", "user"],
      [6, 1, "interruption", "B", "agent"],
      [7, 2, "finalization", "F", "user"],
      [8, 2, "finalization", "F", "agent"],
    ]);
  });

  it("names the checkout a step acted in and flags another task's checkout", () => {
    expect(rows.map((r) => [r.checkout, r.other_checkout])).toEqual([
      [null, false],
      ["/work/w00", false], // a user step: the checkout its request was sent to
      ["/work/w00", false],
      ["/work/w01", true], // a focus request reading B's checkout
      ["/work/w01", false],
      ["/work/w01", false], // B's own checkout during B's request is not "other"
      ["/work/w00", false],
      ["/work/w00,/work/w01", true],
    ]);
  });

  it("lists tools, commands, edited paths and observations", () => {
    const r = rows[2]!;
    expect(r).toMatchObject({
      tools: "bash,edit",
      tool_calls: 2,
      command: "cd /work/w00 && pytest -q",
      paths: "/work/w00/src/a.py",
      message: "look",
      message_chars: 4,
      observation: "3 passed\nok",
      observation_chars: 11,
      run_id: "run-1",
    });
    expect(rows[1]).toMatchObject({
      tools: null,
      tool_calls: 0,
      command: null,
      paths: null,
      observation: null,
      observation_chars: 0,
    });
  });

  it("clips texts to the documented limits and keeps the full length", () => {
    const long = "x".repeat(5000);
    const [, , s] = stepsIndexRows(
      trajectory([
        user("[workspace /work/w00] F1"),
        agent(long, [bash(`echo ${long}`, long)]),
        agent("y".repeat(STEP_LIMITS.message)),
      ]),
      ctx(),
    );
    const r = stepsIndexRows(
      trajectory([user("[workspace /work/w00] F1"), agent(long, [bash(`echo ${long}`, long)])]),
      ctx(),
    )[1]!;
    expect(r.message!.length).toBe(STEP_LIMITS.message);
    expect(r.message!.endsWith("…")).toBe(true);
    expect(r.message_chars).toBe(5000);
    expect(r.observation!.length).toBe(STEP_LIMITS.observation);
    expect(r.observation_chars).toBe(5000);
    expect(r.command!.length).toBe(STEP_LIMITS.command);
    // exactly at the limit: kept whole
    expect(s!.message).toBe("y".repeat(STEP_LIMITS.message));
    expect(clipText("abcdef", 4)).toBe("abc…");
    expect(clipText("", 4)).toBeNull();
  });

  it("clips observations joined by newlines as clipText of the join would, without the join", () => {
    expect(joinedExcerpt(["ab", "", "cd"], 4)).toEqual({ excerpt: "ab\ncd".slice(0, 3) + "…", chars: 5 });
    expect(joinedExcerpt(["ab", "c"], 4)).toEqual({ excerpt: "ab\nc", chars: 4 });
    expect(joinedExcerpt(["", ""], 4)).toEqual({ excerpt: null, chars: 0 });
    // Every split of a few texts around the limit agrees with the plain join.
    const parts = ["", "a", "bcd", "efghij", "\n"];
    for (const a of parts)
      for (const b of parts)
        for (const c of parts)
          for (const max of [1, 3, 4, 5, 9]) {
            const join = [a, b, c].filter((t) => t !== "").join("\n");
            expect(joinedExcerpt([a, b, c], max)).toEqual({ excerpt: clipText(join, max), chars: join.length });
          }
  });

  it("numbers requests by user step when the schedule is unknown (no kind, no task)", () => {
    const r = stepsIndexRows(trajectory([user("a"), agent("b")]), {
      ...ctx(),
      analysis: { schedule: null, focusTaskId: null, workspaces: {} },
    });
    expect(r.map((x) => [x.position, x.request_kind, x.checkout])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
  });
});
