import { describe, expect, it } from "vitest";
import type { StepHitRow } from "../queries/search/sql";
import { STEP_LIMITS } from "../trajectory/steps-index";
import { CELL_CHARS } from "./result-bounds";
import { boundHit, BoundedHits } from "./search-bounds";

/**
 * A hit whose exported record, command aside, costs 33 characters: run_id "r1" 2, config_id, display_name,
 * condition, task_group, focus_task_id 1 each (7), repo null 1, resolved "true" 4, step 1, position,
 * request_kind, task_id, checkout null 1 each (17), other_checkout "false" 5, source "agent" 5, tools, paths,
 * message, observation null 1 each, message_chars and observation_chars 0 1 each (33).
 */
function hit(step: number, command: string): StepHitRow {
  return {
    run: 0,
    run_steps: 9,
    run_id: "r1",
    config_id: "c",
    display_name: "C",
    condition: "u",
    task_group: "g",
    focus_task_id: "t",
    repo: null,
    resolved: true,
    step,
    position: null,
    request_kind: null,
    task_id: null,
    checkout: null,
    other_checkout: false,
    source: "agent",
    tools: null,
    command,
    paths: null,
    message: null,
    observation: null,
    message_chars: 0,
    observation_chars: 0,
  };
}

describe("search hits under the bounds", () => {
  it("the steps index's clipped texts are never cut again", () => {
    for (const limit of Object.values(STEP_LIMITS)) expect(limit).toBeLessThanOrEqual(CELL_CHARS);
    expect(boundHit(hit(1, "c".repeat(STEP_LIMITS.command))).command).toBe("c".repeat(STEP_LIMITS.command));
  });

  it("a text past CELL_CHARS (a tool name from a trajectory) is cut with its length", () => {
    const h = boundHit({ ...hit(1, "ls"), tools: "t".repeat(CELL_CHARS + 5) });
    expect(h.tools).toBe(`${"t".repeat(CELL_CHARS)}… (truncated: 20,005 characters)`);
    expect(h.command).toBe("ls");
  });

  it("an export of hits of 100 characters under a total of 250 keeps two and stops", () => {
    const c = "x".repeat(67);
    const out = new BoundedHits(250);
    expect(out.add([hit(1, c), hit(2, c)])).toBe(true);
    expect(out.add([hit(3, c), hit(4, c)])).toBe(false);
    expect(out.stopped).toBe(true);
    expect(out.records.map((r) => r.step)).toEqual([1, 2]);
    // The paging keys are not exported.
    expect(Object.keys(out.records[0]!)).not.toContain("run");
    expect(Object.keys(out.records[0]!)).not.toContain("run_steps");
    // Exactly 250 fits: a hit of 50 after two of 100.
    const exact = new BoundedHits(250);
    expect(exact.add([hit(1, c), hit(2, c), hit(3, "y".repeat(17))])).toBe(true);
    expect(exact.records).toHaveLength(3);
  });
});
