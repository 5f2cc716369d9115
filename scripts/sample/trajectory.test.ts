import { describe, expect, it } from "vitest";
import type { Config, RequestUsage, Run, Session, Task } from "@/lib/data/schema";
import { makeTrajectory } from "./trajectory";
import { commandOf, editsOf } from "./trajectory-edits";
import { type AtifAgentStep, type AtifStep, type AtifTrajectory } from "./trajectory-atif";
import { type TrajectoryInput } from "./trajectory-setup";
import { patchFromEdit } from "./trajectory-edits";
import { splitInt } from "./trajectory-random";

// A hand-made Click-like session: focus task A (three stages) in /work/w00 and four interruption tasks
// in /work/w01..w04, interleaved as in the paper's construction.
const t = (id: string, kind: "F2P" | "P2P", stage?: number) => ({ test_id: id, kind, ...(stage ? { stage } : {}) });
const FOCUS: Task = {
  task_id: "click-100",
  repo: "pallets/click",
  base_revision: "abc123",
  stages: [
    { stage: 1, text: "Only convert True to flag_value for non-boolean flags.", provenance: "issue" },
    { stage: 2, text: "Keep the envvar fallback when the flag is unset.", provenance: "review" },
    { stage: 3, text: "Support callable defaults, evaluated once.", provenance: "extension" },
  ],
  changed_source_files: ["src/click/core.py"],
  tests: [
    t("tests/test_options.py::test_literal_default", "F2P", 1),
    t("tests/test_options.py::test_bool_flag_prompt", "F2P", 1),
    t("tests/test_options.py::test_envvar_fallback", "F2P", 2),
    t("tests/test_options.py::test_callable_default", "F2P", 3),
    t("tests/test_options.py::test_counting", "P2P"),
    t("tests/test_basic.py::test_echo", "P2P"),
  ],
};
const other = (id: string, file: string, stages: number): Task => ({
  task_id: id,
  repo: "pallets/click",
  base_revision: "abc123",
  stages: Array.from({ length: stages }, (_, i) => ({
    stage: i + 1,
    text: `${id} request ${i + 1}.`,
    provenance: "issue" as const,
  })),
  changed_source_files: [file],
  tests: [t(`tests/test_${id}.py::test_main`, "F2P", 1), t(`tests/test_${id}.py::test_keep`, "P2P")],
});
const TASKS = new Map<string, Task>(
  [
    FOCUS,
    other("b-201", "src/click/termui.py", 2),
    other("c-202", "src/click/_compat.py", 2),
    other("d-203", "src/click/testing.py", 1),
    other("e-204", "src/click/shell_completion.py", 1),
  ].map((x) => [x.task_id, x]),
);
const WORKSPACES = {
  "/work/w00": "click-100",
  "/work/w01": "b-201",
  "/work/w02": "c-202",
  "/work/w03": "d-203",
  "/work/w04": "e-204",
};
const r = (task_id: string, stage: number | "submit", workspace: string) => ({ task_id, stage, workspace });
const SWITCHED: Session = {
  session_id: "click-100.switched",
  focus_task_id: "click-100",
  condition: "switched",
  group: "near",
  workspaces: WORKSPACES,
  schedule: [
    r("click-100", 1, "/work/w00"),
    r("b-201", 1, "/work/w01"),
    r("c-202", 1, "/work/w02"),
    r("d-203", 1, "/work/w03"),
    r("e-204", 1, "/work/w04"),
    r("click-100", 2, "/work/w00"),
    r("b-201", 2, "/work/w01"),
    r("c-202", 2, "/work/w02"),
    r("click-100", 3, "/work/w00"),
    r("click-100", "submit", "/work/w00"),
  ],
};
const SUBMIT_TEXT = "Finalize your work on this task and submit the patch.";

// Usage lines chosen to hit the edge cases: one model call with several tool calls, calls without tools,
// more tool calls than model calls, a long request, and all-cached-but-output tokens.
const U: [number, number, number, number, number, number][] = [
  // tokens, cached, model_calls, tool_calls, wall_s, cost
  [120_000, 90_000, 5, 6, 80, 0.42],
  [40_000, 30_000, 1, 3, 20, 0.11],
  [60_000, 50_000, 3, 0, 15, 0.15],
  [300_000, 280_000, 12, 20, 400, 0.9],
  [25_000, 24_990, 2, 1, 10, 0.05],
  [90_000, 70_000, 4, 4, 60, 0.3],
  [70_000, 60_000, 3, 2, 30, 0.2],
  [50_000, 45_000, 2, 2, 25, 0.12],
  [150_000, 120_000, 6, 7, 120, 0.5],
  [80_000, 75_000, 4, 5, 40, 0.18],
];
const usage = (n = U.length): RequestUsage[] =>
  U.slice(0, n).map(([tokens, cached_tokens, model_calls, tool_calls, wall_s, cost_usd], position) => ({
    position,
    tokens,
    cached_tokens,
    model_calls,
    tool_calls,
    wall_s,
    cost_usd,
  }));

const config = (harness: string, reasoning?: string): Config => ({
  config_id: "cfg",
  model: "DeepSeek-V4.1-Flash",
  harness,
  harness_version: "1.2.3",
  variant: "native",
  display_name: "x",
  ...(reasoning ? { reasoning } : {}),
});
const run = (over: Partial<Run> = {}): Run => ({
  run_id: "cfg__click-100.switched__0",
  config_id: "cfg",
  session_id: SWITCHED.session_id,
  repeat: 0,
  finalized: true,
  applied: true,
  resolved: true,
  failure_class: null,
  tests: { failed: [], missing: [] },
  usage: usage(),
  ...over,
});
const input = (over: Partial<TrajectoryInput> = {}): TrajectoryInput => ({
  run: run(),
  session: SWITCHED,
  config: config("OpenCode", "high"),
  tasks: TASKS,
  submitText: SUBMIT_TEXT,
  scenario: "normal",
  seed: 7,
  ...over,
});

const agentSteps = (steps: AtifStep[]) => steps.filter((s): s is AtifAgentStep => s.source === "agent");
/** The agent steps answering each user step, in order. */
function byRequest(tr: AtifTrajectory): AtifAgentStep[][] {
  const groups: AtifAgentStep[][] = [];
  for (const s of tr.steps) {
    if (s.source === "user") groups.push([]);
    else groups[groups.length - 1]!.push(s);
  }
  return groups;
}
const requestOfStep = (tr: AtifTrajectory, stepId: number) =>
  byRequest(tr).findIndex((g) => g.some((s) => s.step_id === stepId));
const lines = (text: string) => text.split("\n");

describe("makeTrajectory: shape", () => {
  for (const harness of ["OpenCode", "Claude Code", "Codex"]) {
    it(`${harness}: the k-th user step is the k-th scheduled request, in its checkout`, () => {
      const { trajectory } = makeTrajectory(input({ config: config(harness) }));
      const users = trajectory.steps.filter((s) => s.source === "user");
      expect(users).toHaveLength(10);
      expect(users[0]!.message).toBe("[workspace /work/w00] Only convert True to flag_value for non-boolean flags.");
      expect(users[1]!.message).toBe("[workspace /work/w01] b-201 request 1.");
      expect(users[8]!.message).toBe("[workspace /work/w00] Support callable defaults, evaluated once.");
      expect(users[9]!.message).toBe(`[workspace /work/w00] ${SUBMIT_TEXT}`);
      users.forEach((u, k) => {
        expect(u.extra.request_position).toBe(k);
        expect(u.extra.workspace).toBe(SWITCHED.schedule[k]!.workspace);
      });
      expect(trajectory.steps.map((s) => s.step_id)).toEqual(trajectory.steps.map((_, i) => i + 1));
      expect(trajectory.schema_version).toBe("ATIF-v1.6");
      expect(trajectory.session_id).toBe("cfg__click-100.switched__0");
      expect(trajectory.agent).toEqual({
        name: harness.toLowerCase().replace(" ", "-"),
        version: "1.2.3",
        model_name: "DeepSeek-V4.1-Flash",
      });
    });

    it(`${harness}: each request's steps add up to its usage line`, () => {
      const { trajectory } = makeTrajectory(input({ config: config(harness) }));
      const groups = byRequest(trajectory);
      U.forEach(([tokens, cached, calls, tools, , cost], p) => {
        const g = groups[p]!;
        expect(g).toHaveLength(calls);
        expect(g.reduce((a, s) => a + s.metrics.prompt_tokens + s.metrics.completion_tokens, 0)).toBe(tokens);
        expect(g.reduce((a, s) => a + s.metrics.cached_tokens, 0)).toBe(cached);
        expect(g.reduce((a, s) => a + (s.tool_calls?.length ?? 0), 0)).toBe(tools);
        expect(g.reduce((a, s) => a + (s.metrics.cost_usd ?? 0), 0)).toBeCloseTo(cost, 6);
        for (const s of g) {
          expect(s.metrics.cached_tokens).toBeLessThanOrEqual(s.metrics.prompt_tokens);
          expect(s.observation?.results.map((o) => o.source_call_id) ?? []).toEqual(
            s.tool_calls?.map((c) => c.tool_call_id) ?? [],
          );
        }
      });
      expect(trajectory.final_metrics.total_prompt_tokens + trajectory.final_metrics.total_completion_tokens).toBe(
        985_000,
      );
      expect(trajectory.final_metrics.total_cached_tokens).toBe(844_990);
      expect(trajectory.final_metrics.total_cost_usd).toBeCloseTo(2.93, 6);
      expect(trajectory.final_metrics.total_steps).toBe(10 + 42);
    });

    it.each(["normal", "cross_task_interference", "requirement_state_loss"] as const)(
      `${harness}, %s: every edit stays in the active checkout`,
      (scenario) => {
        const { trajectory } = makeTrajectory(input({ config: config(harness), scenario }));
        let edits = 0;
        byRequest(trajectory).forEach((g, p) => {
          const ws = SWITCHED.schedule[p]!.workspace;
          for (const call of g.flatMap((s) => s.tool_calls ?? [])) {
            for (const e of editsOf(call)) {
              edits++;
              expect(e.file_path.startsWith(`${ws}/`)).toBe(true);
            }
          }
        });
        // Every substantive request that had at least one tool call made its stage edit (8 of 9 here).
        expect(edits).toBeGreaterThanOrEqual(8);
      },
    );
  }

  it("timestamps start at the fixed base and never go backwards", () => {
    const { trajectory } = makeTrajectory(input());
    expect(trajectory.steps[0]!.timestamp).toBe("2026-05-01T09:00:00.000Z");
    const ms = trajectory.steps.map((s) => Date.parse(s.timestamp));
    ms.slice(1).forEach((m, i) => expect(m).toBeGreaterThanOrEqual(ms[i]!));
    // The second request starts after the first one's 80 s of wall time.
    expect(Date.parse(trajectory.steps[6]!.timestamp) - ms[0]!).toBeGreaterThan(80_000);
  });

  it("a run that ended early has no user step after its last usage position", () => {
    const { trajectory } = makeTrajectory(
      input({
        run: run({ usage: usage(5), finalized: false, resolved: false, applied: false, failure_class: "incomplete" }),
      }),
    );
    const users = trajectory.steps.filter((s) => s.source === "user");
    expect(users).toHaveLength(5);
    expect(users.map((u) => u.extra.request_position)).toEqual([0, 1, 2, 3, 4]);
    expect(trajectory.steps[trajectory.steps.length - 1]!.source).toBe("agent");
    expect(trajectory.notes).toContain("ended after request 5 of 10");
  });

  it("is deterministic in the seed", () => {
    const a = JSON.stringify(makeTrajectory(input({ scenario: "requirement_state_loss" })));
    expect(JSON.stringify(makeTrajectory(input({ scenario: "requirement_state_loss" })))).toBe(a);
    expect(JSON.stringify(makeTrajectory(input({ scenario: "requirement_state_loss", seed: 8 })))).not.toBe(a);
  });

  it("local test runs never show a test passing that the final verdict reports failing", () => {
    const failed = "tests/test_options.py::test_callable_default";
    const { trajectory } = makeTrajectory(
      input({
        run: run({ resolved: false, failure_class: "implementation", tests: { failed: [failed], missing: [] } }),
      }),
    );
    const passingRuns = agentSteps(trajectory.steps)
      .flatMap((s) =>
        (s.tool_calls ?? []).map((c, i) => ({ cmd: commandOf(c) ?? "", out: s.observation!.results[i]!.content })),
      )
      .filter((x) => x.cmd.includes("pytest") && / passed in /.test(x.out) && !x.out.includes("failed"));
    expect(passingRuns.length).toBeGreaterThan(0);
    for (const x of passingRuns) expect(x.cmd).not.toContain("test_callable_default");
  });

  it("stays small for a long, tool-heavy run", () => {
    const long: Session = {
      ...SWITCHED,
      schedule: Array.from({ length: 22 }, (_, i) => SWITCHED.schedule[i % 9]!).concat([
        r("click-100", "submit", "/work/w00"),
      ]),
    };
    const heavy = long.schedule.map((_, position) => ({
      position,
      tokens: 3_000_000,
      cached_tokens: 2_500_000,
      model_calls: 15,
      tool_calls: 20,
      wall_s: 900,
    }));
    const { trajectory } = makeTrajectory(input({ session: long, run: run({ usage: heavy }) }));
    expect(agentSteps(trajectory.steps)).toHaveLength(23 * 15);
    expect(trajectory.final_metrics.total_cost_usd).toBeUndefined();
    expect(JSON.stringify(trajectory).length).toBeLessThan(300_000);
  });
});

describe("makeTrajectory: cross-task interference (paper App. E.3)", () => {
  const ALL = "for d in /work/w00 /work/w01 /work/w02 /work/w03 /work/w04;";

  it("diffs all five workspaces at finalization and points the evidence at it", () => {
    const { trajectory, evidence } = makeTrajectory(
      input({
        scenario: "cross_task_interference",
        run: run({ applied: false, resolved: false, failure_class: "submission" }),
      }),
    );
    expect(evidence).toHaveLength(1);
    const ev = evidence[0]!;
    expect(ev.signature).toBe("cross_task_interference");
    expect(ev.position).toBe(9);
    const finalization = byRequest(trajectory)[9]!;
    const loopSteps = finalization.filter((s) =>
      (s.tool_calls ?? []).some((c) => commandOf(c)?.startsWith(ALL) && commandOf(c)?.includes('git -C "$d" diff')),
    );
    expect(loopSteps.length).toBeGreaterThan(0);
    for (const s of loopSteps) expect(ev.stepIds).toContain(s.step_id);
    for (const id of ev.stepIds) expect(requestOfStep(trajectory, id)).toBe(9);
    // The observations show another task's change, made earlier in /work/w01.
    const seen = finalization.flatMap((s) => s.observation?.results.map((o) => o.content) ?? []).join("\n");
    expect(seen).toContain("src/click/termui.py");
    expect(ev.note).toContain("/work/w01/src/click/termui.py");
    // No commands of the focus-only kind here: the submission is the combined patch.
    expect(finalization[finalization.length - 1]!.message).toContain("all five workspaces");
  });

  it("a normal run's finalization looks only at the focus checkout", () => {
    const { trajectory, evidence } = makeTrajectory(input());
    expect(evidence).toEqual([]);
    const cmds = byRequest(trajectory)[9]!
      .flatMap((s) => s.tool_calls ?? [])
      .map((c) => commandOf(c) ?? "");
    expect(cmds).toContain("git -C /work/w00 diff");
    for (const c of cmds) expect(c).not.toMatch(/for d in/);
  });

  it("refuses a run that never reached finalization", () => {
    expect(() => makeTrajectory(input({ scenario: "cross_task_interference", run: run({ usage: usage(9) }) }))).toThrow(
      /finalization/,
    );
  });
});

describe("makeTrajectory: requirement-state loss (paper App. E.2)", () => {
  const lost = run({
    resolved: false,
    failure_class: "implementation",
    tests: {
      failed: ["tests/test_options.py::test_literal_default", "tests/test_options.py::test_bool_flag_prompt"],
      missing: [],
    },
  });

  for (const harness of ["OpenCode", "Codex"]) {
    it(`${harness}: the later focus edit removes the lines the first focus stage added`, () => {
      const { trajectory, evidence } = makeTrajectory(
        input({ scenario: "requirement_state_loss", run: lost, config: config(harness) }),
      );
      expect(evidence).toHaveLength(1);
      const ev = evidence[0]!;
      expect(ev.signature).toBe("requirement_state_loss");
      expect(ev.position).toBe(8);
      expect(ev.stepIds).toHaveLength(2);
      const [addId, lossId] = ev.stepIds as [number, number];
      expect(requestOfStep(trajectory, addId)).toBe(0);
      expect(requestOfStep(trajectory, lossId)).toBe(8);
      const stepEdits = (id: number) =>
        agentSteps(trajectory.steps)
          .find((s) => s.step_id === id)!
          .tool_calls!.flatMap(editsOf);
      const added = stepEdits(addId).flatMap((e) =>
        lines(e.new_string).filter((l) => !lines(e.old_string).includes(l)),
      );
      expect(added.length).toBeGreaterThan(0);
      const loss = stepEdits(lossId).find((e) => added.every((l) => lines(e.old_string).includes(l)))!;
      expect(loss).toBeDefined();
      expect(loss.file_path).toBe("/work/w00/src/click/core.py");
      for (const l of added) expect(lines(loss.new_string)).not.toContain(l);
      expect(ev.note).toContain("stage-1 lines");
      expect(ev.note).toContain("tests/test_options.py::test_literal_default");
    });
  }

  it("needs two focus stages that ran", () => {
    expect(() => makeTrajectory(input({ scenario: "requirement_state_loss", run: run({ usage: usage(5) }) }))).toThrow(
      /two focus stages/,
    );
  });
});

describe("helpers", () => {
  it("splitInt keeps the total exactly", () => {
    expect(splitInt(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitInt(7, [0, 0])).toEqual([4, 3]);
    expect(splitInt(100, [1, 3])).toEqual([25, 75]);
  });

  it("an apply_patch edit reads back as the same edit", () => {
    const edit = { file_path: "/work/w03/src/m.py", old_string: "a\nb\nc", new_string: "a\nx\ny\nc" };
    const patch = patchFromEdit(edit);
    expect(patch).toBe("*** Begin Patch\n*** Update File: /work/w03/src/m.py\n@@\n a\n-b\n+x\n+y\n c\n*** End Patch");
    expect(editsOf({ tool_call_id: "c1", function_name: "apply_patch", arguments: { input: patch } })).toEqual([edit]);
  });

  it("usage with tokens but no model call is refused", () => {
    const bad = usage();
    bad[2] = { ...bad[2]!, model_calls: 0 };
    expect(() => makeTrajectory(input({ run: run({ usage: bad }) }))).toThrow(/without any model call/);
  });
});
