import { describe, expect, it } from "vitest";
import { sankeyOf } from "./taskflow-sankey";
import { parseTaskFlowTarget } from "./taskflow-target";

describe("parseTaskFlowTarget", () => {
  it("normalizes spelling, drops the excluded labels and renormalizes", () => {
    const { target, problems } = parseTaskFlowTarget(
      {
        name: "t",
        length: { "3": 0.25, "6-10": 0.75 },
        types: { "BUG-FIX": 0.5, GREETING: 0.25, Explain: 0.25 },
        transitions: { "START>BUG-FIX": 0.4, "BUG-FIX>OTHER": 0.2, "bug-fix>explain": 0.2, "explain>end": 0.2 },
      },
      "t.json",
    );
    expect(problems).toEqual([]);
    expect(target).toEqual({
      name: "t",
      length: { "3": 0.25, "6-10": 0.75 },
      types: { "bug-fix": 0.5 / 0.75, explain: 0.25 / 0.75 },
      transitions: { "START>bug-fix": 0.5, "bug-fix>explain": 0.25, "explain>END": 0.25 },
    });
  });

  it("reports a distribution that does not sum to 1, an unknown bin and a malformed edge", () => {
    const { target, problems } = parseTaskFlowTarget(
      { name: "t", length: { "7": 1 }, types: { a: 0.5 }, transitions: { "a-b": 0.5, "END>a": 0.5 } },
      "t.json",
    );
    expect(target).toBeNull();
    expect(problems).toEqual([
      "t.json: types sums to 0.5000, not 1",
      't.json: length bin "7" is not one of 1, 2, 3, 4, 5, 6-10, 11+',
      't.json: transition "a-b" is not "FROM>TO"',
      't.json: transition "END>a" leaves END or enters START',
    ]);
  });

  it("reports schema problems with their path", () => {
    expect(parseTaskFlowTarget({ name: "t", length: {}, types: {} }, "t.json").problems[0]).toMatch(
      /^t\.json: transitions: /,
    );
  });
});

describe("sankeyOf", () => {
  it("counts labels per step and links between consecutive steps, up to maxSteps", () => {
    const s = sankeyOf([["a", "b", "c"], ["a", "c"], ["B"]], 2);
    expect(s.steps).toBe(2);
    expect(s.nodes).toEqual([
      { step: 0, label: "a", count: 2 },
      { step: 0, label: "b", count: 1 },
      { step: 1, label: "b", count: 1 },
      { step: 1, label: "c", count: 1 },
    ]);
    expect(s.links).toEqual([
      { step: 0, from: "a", to: "b", count: 1 },
      { step: 0, from: "a", to: "c", count: 1 },
    ]);
  });
});
