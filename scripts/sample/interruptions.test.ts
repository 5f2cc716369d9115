// The sample's interruption-task outcomes (interruptions.ts, docs/resumption.md "The sample's interruption
// outcomes"): every switched run of the four planned configurations and no other run, one outcome per
// interruption task of the session, completion in the planned range and falling as switched focus resolution rises.
import { beforeAll, describe, expect, it } from "vitest";
import type { Run, Session } from "../../lib/data/schema";
import { planSample, type SamplePlan } from "./generate";
import { INTERRUPTION_PLANS } from "./interruptions";

let plan: SamplePlan;
let sessionOf: Map<string, Session>;

beforeAll(() => {
  plan = planSample();
  sessionOf = new Map(plan.sessions.map((s) => [s.session_id, s]));
});

const completion = (runs: Run[]) => {
  const all = runs.flatMap((r) => r.interruption_outcomes ?? []);
  return all.filter((o) => o.resolved).length / all.length;
};

describe("sample interruption outcomes", () => {
  it("are listed on every switched run of the planned configurations and nowhere else", () => {
    const planned = Object.keys(INTERRUPTION_PLANS);
    expect(planned).toHaveLength(4);
    for (const run of plan.runs) {
      const want = planned.includes(run.config_id) && sessionOf.get(run.session_id)!.condition === "switched";
      expect(run.interruption_outcomes !== undefined, run.run_id).toBe(want);
    }
  });

  it("name each interruption task of the session once, in order of first request, as the last key", () => {
    for (const run of plan.runs.filter((r) => r.interruption_outcomes)) {
      const session = sessionOf.get(run.session_id)!;
      const others = [...new Set(session.schedule.map((q) => q.task_id).filter((t) => t !== session.focus_task_id))];
      expect(run.interruption_outcomes!.map((o) => o.task_id)).toEqual(others);
      expect(Object.keys(run).at(-1)).toBe("interruption_outcomes");
    }
  });

  it("leave an interruption task whose last request never ran unresolved", () => {
    let checked = 0;
    for (const run of plan.runs.filter((r) => r.interruption_outcomes && !r.finalized)) {
      const session = sessionOf.get(run.session_id)!;
      const ran = new Set(run.usage.map((u) => u.position));
      for (const o of run.interruption_outcomes!) {
        const last = session.schedule.findLastIndex((q) => q.task_id === o.task_id);
        if (!ran.has(last)) {
          expect(o.resolved, `${run.run_id} ${o.task_id}`).toBe(false);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("complete 70–90% per configuration, less where switched focus resolution is higher", () => {
    const rate = (id: string) => completion(plan.runs.filter((r) => r.config_id === id && r.interruption_outcomes));
    for (const id of Object.keys(INTERRUPTION_PLANS)) {
      expect(rate(id), id).toBeGreaterThan(0.7);
      expect(rate(id), id).toBeLessThan(0.9);
    }
    // Switched focus resolution: GLM 43.0 > DeepSeek 31.5 (docs/benchmark.md); interruptions the other way round.
    expect(rate("deepseek-v4.1-flash-opencode")).toBeGreaterThan(rate("glm-5.3-opencode"));
  });
});
