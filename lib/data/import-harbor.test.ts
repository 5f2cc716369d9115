// The Harbor importer end to end: the real job from xdotli/harbor-datagen, and Harbor-shaped jobs replaying
// seven sample runs in five layouts (lib/data/fixtures/harbor/README.md has the expected outcomes).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb } from "../db/node";
import { computeLeaderboard } from "../queries/leaderboard/model";
import { assembleRealJob, REAL_SPECS, REAL_TRIAL } from "./fixtures/harbor/real-job";
import { loadSample, PICKS, STRAY_TASK, writeJobs } from "./fixtures/harbor/make-jobs";
import { importHarbor, releaseIdFrom, type ImportResult } from "./import-harbor";
import type { Run } from "./schema";
import { releaseTables } from "./tables";

const SAMPLE = "data/releases/sample";
let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "import-harbor-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const errors = (r: ImportResult) => [...r.problems, ...r.validation].filter((p) => p.level === "error");

describe("the real Harbor job (old layout, ATIF v1.2, ctrf 10/11, reward 0)", () => {
  let result: ImportResult;
  let run: Run;
  beforeAll(async () => {
    const jobs = assembleRealJob(join(tmp, "real-jobs"));
    result = await importHarbor({ jobs, specs: REAL_SPECS, configId: "sonnet-cc", out: join(tmp, "real-out") });
    run = result.runs[0]!;
  });

  it("writes a release that validates, with the one trial as a run", () => {
    expect(result.problems).toEqual([]);
    expect(errors(result)).toEqual([]);
    expect(result.runs.map((r) => r.run_id)).toEqual(["sonnet-cc.fix-async-worker-queue.r0"]);
    expect(result.release?.runs).toHaveLength(1);
  });

  it("scores it an implementation failure with the one failing ctrf test, found under tests/", () => {
    expect(run).toMatchObject({ finalized: true, applied: true, resolved: false, failure_class: "implementation" });
    expect(run.tests).toEqual({ failed: ["tests/test_state.py::test_job_status_transitions"], missing: [] });
  });

  it("counts usage from the ATIF steps: input with cache, warm-up steps in request 0", () => {
    // 1,114,893 prompt (incl. 1,109,340 cached) + 14,550 completion = Harbor's agent_result totals.
    // 48 main-agent steps with metrics (the two sidechain warm-up steps are not model calls of the agent),
    // 33 tool calls; 22:54:26.919Z (the user step) to 22:56:36.463Z (the last step) = 129.544 s.
    expect(run.usage).toEqual([{ position: 0, tokens: 1_129_443, cached_tokens: 1_109_340, model_calls: 48, tool_calls: 33, wall_s: 129.544 }]);
    expect(run.extra?.harbor).toMatchObject({ usage_from: "atif", reward: 0, tests_from: "ctrf", trial: "fix-async-worker-queue__gPApBGF" });
  });

  it("takes the model from Harbor's agent_info, not from the trajectory (which names the wrong one)", () => {
    expect(result.config).toEqual({ config_id: "sonnet-cc", model: "claude-sonnet-4-5", harness: "claude-code", variant: "native", display_name: "claude-sonnet-4-5 / claude-code" });
  });

  it("copies the trajectory byte for byte", () => {
    const copied = readFileSync(join(tmp, "real-out", run.trajectory!), "utf8");
    expect(copied).toBe(readFileSync(join(tmp, "real-jobs", REAL_TRIAL, "agent", "trajectory.json"), "utf8"));
  });
});

describe("Harbor-shaped jobs replaying sample runs", () => {
  const sample = loadSample(SAMPLE);
  let result: ImportResult;
  const imported = (runId: string) => {
    const session = sample.runs.get(runId)!.session_id;
    return result.runs.find((r) => r.session_id === session)!;
  };
  beforeAll(async () => {
    const { mapping } = await writeJobs(SAMPLE, join(tmp, "jobs"));
    result = await importHarbor({
      jobs: join(tmp, "jobs"), specs: SAMPLE, configId: "my-agent", out: join(tmp, "mine"), mapping,
      config: { display_name: "My agent / Harbor" },
    });
  });

  it("imports the seven trials into a release that validates, and leaves the stray trial out", () => {
    expect(errors(result)).toEqual([]);
    expect(result.trials).toBe(8);
    expect(result.runs).toHaveLength(7);
    expect(result.problems.map((p) => [p.rule, p.record])).toEqual([["harbor.unmatched", expect.stringMatching(new RegExp(`^${STRAY_TASK}__`))]]);
    // Only the two runs replayed without any trajectory lack one.
    expect(result.validation.map((p) => p.rule)).toEqual(["run.trajectory_missing", "run.trajectory_missing"]);
  });

  it("reproduces every replayed run's outcome and per-test lists", () => {
    for (const pick of PICKS) {
      const want = sample.runs.get(pick.runId)!;
      const got = imported(pick.runId);
      expect({ id: pick.runId, ...pick5(got) }).toEqual({ id: pick.runId, ...pick5(want) });
    }
  });

  it("reproduces usage exactly from ATIF, whole or one file per step", () => {
    for (const pick of PICKS.filter((p) => p.layout === "atif-new" || p.layout === "atif-old" || p.layout === "steps-atif")) {
      const want = sample.runs.get(pick.runId)!.usage;
      const got = imported(pick.runId).usage;
      expect(got.map(({ wall_s: _w, cost_usd: _c, ...u }) => u)).toEqual(want.map(({ wall_s: _w, cost_usd: _c, ...u }) => u));
      got.forEach((u, i) => {
        expect(u.wall_s).toBeCloseTo(want[i]!.wall_s, 1);
        expect(u.cost_usd).toBeCloseTo(want[i]!.cost_usd!, 6);
      });
    }
  });

  it("takes tokens per request from step_results when there is no trajectory, with no call counts", () => {
    const want = sample.runs.get("deepseek-v4.1-flash-opencode.pallets__click-2660.switched.r0")!.usage;
    const got = imported("deepseek-v4.1-flash-opencode.pallets__click-2660.switched.r0");
    expect(got.usage.map((u) => [u.position, u.tokens, u.cached_tokens, u.model_calls, u.tool_calls])).toEqual(want.map((u) => [u.position, u.tokens, u.cached_tokens, 0, 0]));
    expect(got.extra?.harbor).toMatchObject({ usage_from: "step_results", exception: "AgentTimeoutError" });
  });

  it("puts agent_result totals on the last request that ran, and says so", () => {
    const want = sample.runs.get("deepseek-v4.1-flash-opencode.pallets__click-2685.uninterrupted.r0")!.usage;
    const got = imported("deepseek-v4.1-flash-opencode.pallets__click-2685.uninterrupted.r0");
    const tokens = want.reduce((a, u) => a + u.tokens, 0);
    const cached = want.reduce((a, u) => a + u.cached_tokens, 0);
    expect(got.usage).toHaveLength(1);
    expect(got.usage[0]).toMatchObject({ position: 4, tokens, cached_tokens: cached, model_calls: 0, tool_calls: 0 });
    expect(got.usage[0]!.cost_usd).toBeUndefined(); // old Harbor: cost_usd null
    expect(got.extra?.harbor).toMatchObject({ usage_from: "agent_result", trial: expect.stringMatching(/^replay-7__/) });
  });

  it("merges per-step trajectories into one file whose k-th user step is the k-th request", () => {
    const run = imported("deepseek-v4.1-flash-opencode-router.pallets__flask-5818.switched.r0");
    const doc = JSON.parse(readFileSync(join(tmp, "mine", run.trajectory!), "utf8")) as { steps: { step_id: number; source: string; extra?: { request_position?: number } }[] };
    const users = doc.steps.filter((s) => s.source === "user");
    expect(users.map((s) => s.extra?.request_position)).toEqual([...Array(28).keys()]);
    expect(doc.steps.map((s) => s.step_id)).toEqual(doc.steps.map((_, i) => i + 1));
  });

  it("gives the configuration the hand-computed resolution (README.md)", async () => {
    const db = await openNodeDb();
    try {
      await loadTablesNode(db, releaseTables(result.release!, { local: true }));
      const model = await computeLeaderboard(db, { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" });
      const row = model.rows[0]!;
      expect(row.config).toMatchObject({ config_id: "my-agent", display_name: "My agent / Harbor", is_local: true });
      const cell = (g: string) => [row.rates[g]!.uninterrupted!.value, row.rates[g]!.switched!.value, row.gaps[g]!.switched!.value];
      expect(cell("overall")).toEqual([1, 0.5, 0.5]);
      expect(cell("near")).toEqual([1, 1, 0]);
      expect(cell("far")).toEqual([1, 0, 1]);
    } finally {
      db.close();
    }
  });
});

describe("trajectory files that reference others", () => {
  it("are copied together into a folder of the run, names unchanged", async () => {
    const jobs = assembleRealJob(join(tmp, "chain-jobs"));
    const agentDir = join(jobs, REAL_TRIAL, "agent");
    cpSync("lib/trajectory/fixtures/atif/linear-history/trajectory.json", join(agentDir, "trajectory.json"));
    cpSync("lib/trajectory/fixtures/atif/linear-history/trajectory.cont-1.json", join(agentDir, "trajectory.cont-1.json"));
    const result = await importHarbor({ jobs, specs: REAL_SPECS, configId: "c", out: join(tmp, "chain-out") });
    const run = result.runs[0]!;
    expect(run.trajectory).toBe("trajectories/c.fix-async-worker-queue.r0/trajectory.json");
    expect(existsSync(join(tmp, "chain-out", "trajectories", "c.fix-async-worker-queue.r0", "trajectory.cont-1.json"))).toBe(true);
    expect(errors(result)).toEqual([]);
  });
});

describe("the output folder", () => {
  it("is never a folder that holds something other than an earlier import", async () => {
    const out = join(tmp, "precious");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "keep me");
    const jobs = assembleRealJob(join(tmp, "jobs-2"));
    await expect(importHarbor({ jobs, specs: REAL_SPECS, configId: "c", out })).rejects.toThrow(/not empty and was not written by import:harbor/);
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("keep me");
  });

  it("names the release after the folder unless told otherwise", () => {
    expect(releaseIdFrom("/x/My Agent_Run/")).toBe("my-agent-run");
  });
});

function pick5(r: Run) {
  return { finalized: r.finalized, applied: r.applied, resolved: r.resolved, failure_class: r.failure_class, tests: r.tests };
}
