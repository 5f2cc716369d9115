// The planted cases (trajectory-plants.ts): the committed ground truth is what the generator writes today,
// every form and near miss is there in all three tool styles, and a planted trajectory still matches its
// run's usage line request by request (a plant replaces actions one for one).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GROUND_TRUTH, groundTruth, planSample, type GroundTruthRecord, type SamplePlan } from "./generate";
import { PLANT_COUNTS } from "./plant-selection";
import { SUBMIT_TEXT } from "./texts";
import { makeTrajectory } from "./trajectory";
import { FORMS } from "./trajectory-plants";

const ROOT = join(import.meta.dirname, "..", "..");
let plan: SamplePlan;
let truth: GroundTruthRecord[];

beforeAll(() => {
  plan = planSample();
  truth = groundTruth(plan);
}, 120_000);

describe("sample ground truth", () => {
  it("is committed as the generator writes it, outside the release", () => {
    expect(GROUND_TRUTH.startsWith("data/releases/")).toBe(false);
    const committed = readFileSync(join(ROOT, GROUND_TRUTH), "utf8");
    expect(committed).toBe(truth.map((r) => JSON.stringify(r)).join("\n") + "\n");
    expect(existsSync(join(ROOT, "data", "releases", "sample", "signatures.jsonl"))).toBe(false);
  });

  it("has every form in the planned number of runs, in Claude-Code, Codex and plain tool styles", () => {
    for (const [form, count] of Object.entries(PLANT_COUNTS)) {
      const rows = truth.filter((r) => r.form === form);
      // The paper's examples add three annotated runs each to their forms.
      expect(rows.length, form).toBe(count + (form === "rsl-e2-restructure" || form === "cti-e3-loop" ? 3 : 0));
      expect(new Set(rows.map((r) => r.tool_style)), form).toEqual(new Set(["claude-code", "codex", "plain"]));
      for (const r of rows) {
        expect(r.planted, form).toBe(FORMS[r.form as keyof typeof FORMS].planted);
        expect(r.evidence_steps.length > 0, `${r.run_id} ${form}`).toBe(r.planted);
      }
    }
    const planted = (sig: string) => truth.filter((r) => r.planted && r.signature === sig).length;
    expect(planted("requirement_state_loss")).toBe(42);
    expect(planted("cross_task_interference")).toBe(30);
    expect(truth.filter((r) => !r.planted)).toHaveLength(24);
    // Only switched runs carry plants.
    expect(truth.every((r) => r.run_id.includes(".switched."))).toBe(true);
  });

  it("keeps each planted run's requests matching its usage line", () => {
    const planted = new Set(truth.filter((_, i) => i % 4 === 0).map((r) => r.run_id));
    for (const job of plan.jobs.filter((j) => planted.has(j.run.run_id))) {
      const { trajectory } = makeTrajectory({ ...job, tasks: plan.tasksById, submitText: SUBMIT_TEXT });
      const perRequest = new Map<number, { calls: number; tools: number }>();
      let position = -1;
      for (const s of trajectory.steps) {
        if (s.source === "user") position = s.extra.request_position;
        else {
          const r = perRequest.get(position) ?? { calls: 0, tools: 0 };
          r.calls++;
          r.tools += s.tool_calls?.length ?? 0;
          perRequest.set(position, r);
        }
      }
      for (const u of job.run.usage) {
        expect(perRequest.get(u.position) ?? { calls: 0, tools: 0 }, `${job.run.run_id} request ${u.position}`).toEqual(
          { calls: u.model_calls, tools: u.tool_calls },
        );
      }
    }
  });

  it("evidence steps are agent steps with a tool call", () => {
    const byRun = new Map(truth.map((r) => [r.run_id, r]));
    for (const job of plan.jobs.filter((j) => byRun.has(j.run.run_id)).slice(0, 40)) {
      const { trajectory } = makeTrajectory({ ...job, tasks: plan.tasksById, submitText: SUBMIT_TEXT });
      for (const n of byRun.get(job.run.run_id)!.evidence_steps) {
        const s = trajectory.steps[n - 1]!;
        expect(s.source === "agent" && (s.tool_calls?.length ?? 0) > 0, `${job.run.run_id} step ${n}`).toBe(true);
      }
    }
  });
});
