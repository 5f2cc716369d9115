// Usage a producer got wrong is named, never summed silently. Trajectories are built here; the working:
// steps 1–3 are agent steps with prompt/completion 100/10, 200/20 and (step 2 broken) -500/30; the negative
// prompt is left out, so the steps add up to 100+0+200 = 300 prompt and 10+30+20 = 60 completion tokens.
import { describe, expect, it } from "vitest";
import { loadTrajectory, readTrajectory } from "./chain";

const step = (n: number, metrics: Record<string, number>) => ({
  step_id: n,
  source: "agent",
  message: `step ${n}`,
  metrics,
});
const doc = (steps: unknown[], extra: Record<string, unknown> = {}) => ({
  schema_version: "ATIF-v1.6",
  session_id: "s",
  agent: { name: "a", version: "1" },
  steps,
  ...extra,
});

describe("negative token counts and costs", () => {
  it("are warned about per step and left out of the step totals", () => {
    const t = readTrajectory(
      doc([
        step(1, { prompt_tokens: 100, completion_tokens: 10, cost_usd: 0.5 }),
        step(2, { prompt_tokens: -500, completion_tokens: 30, cost_usd: -2 }),
        step(3, { prompt_tokens: 200, completion_tokens: 20 }),
      ]),
    );
    expect(t.stepTotals).toMatchObject({ prompt: 300, completion: 60, cost: 0.5 });
    expect(t.steps[1]!.metrics).toEqual({ prompt: null, completion: 30, cached: null, cost: null });
    expect(t.warnings.filter((w) => w.code === "step.metrics_negative").map((w) => [w.step, w.message])).toEqual([
      [2, "step 2: prompt_tokens is -500, negative; not counted in any total"],
      [2, "step 2: cost_usd is -2, negative; not counted in any total"],
    ]);
  });
  it("in final_metrics are warned about and not used", () => {
    const t = readTrajectory(
      doc([step(1, { prompt_tokens: 100, completion_tokens: 10 })], {
        final_metrics: { total_prompt_tokens: 100, total_completion_tokens: 10, total_cost_usd: -1 },
      }),
      "t.json",
    );
    expect(t.reported).toMatchObject({ prompt: 100, completion: 10, cost: null });
    expect(t.warnings.map((w) => w.code)).toEqual(["file.final_metrics_negative"]);
    expect(t.warnings[0]!.message).toBe("t.json: final_metrics.total_cost_usd is -1, negative; not used");
  });
});

describe("final_metrics that disagree with the steps", () => {
  it("keep both figures and add one warning naming both", () => {
    const t = readTrajectory(
      doc(
        [
          step(1, { prompt_tokens: 100, completion_tokens: 10 }),
          step(2, { prompt_tokens: 200, completion_tokens: 20 }),
        ],
        { final_metrics: { total_prompt_tokens: 999, total_completion_tokens: 30 } },
      ),
    );
    expect(t.stepTotals).toMatchObject({ prompt: 300, completion: 30 });
    expect(t.reported).toMatchObject({ prompt: 999, completion: 30 });
    expect(t.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        "totals.final_metrics_differ",
        "final_metrics say 999 prompt + 30 completion tokens (0 cached), the steps add up to 300 prompt + 30 completion tokens (0 cached); both are shown, neither is corrected",
      ],
    ]);
  });
  it("say nothing when they agree", () => {
    const t = readTrajectory(
      doc([step(1, { prompt_tokens: 100, completion_tokens: 10 })], {
        final_metrics: { total_prompt_tokens: 100, total_completion_tokens: 10 },
      }),
    );
    expect(t.warnings).toEqual([]);
  });
});

describe("a single file that continues elsewhere", () => {
  it("says the continuation was not read (the local single-file summary reads one file)", () => {
    const t = readTrajectory(
      doc([step(1, { prompt_tokens: 1, completion_tokens: 1 })], {
        continued_trajectory_ref: "trajectory.cont-1.json",
      }),
      "trajectory.json",
    );
    expect(t.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        "chain.not_followed",
        'trajectory.json continues in "trajectory.cont-1.json", which was not read; steps and totals cover this file only',
      ],
    ]);
  });
  it("is followed by the viewer's loader, which then has no such warning", async () => {
    const files: Record<string, unknown> = {
      "t/trajectory.json": doc([step(1, { prompt_tokens: 1, completion_tokens: 1 })], {
        continued_trajectory_ref: "trajectory.cont-1.json",
      }),
      "t/trajectory.cont-1.json": doc([step(2, { prompt_tokens: 2, completion_tokens: 2 })]),
    };
    const t = await loadTrajectory("t/trajectory.json", async (p) => files[p]);
    expect(t.steps).toHaveLength(2);
    expect(t.stepTotals).toMatchObject({ prompt: 3, completion: 3 });
    expect(t.warnings.filter((w) => w.code === "chain.not_followed")).toEqual([]);
  });
});
