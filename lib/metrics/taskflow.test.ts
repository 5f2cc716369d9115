// Hand-computed values. With P = {a: 1} and Q = {a: ½, b: ½}: M = {a: ¾, b: ¼},
// KL₂(P‖M) = log₂(4/3) = 0.415037…, KL₂(Q‖M) = ½·log₂(2/3) + ½·log₂(2) = 0.207519…,
// JSD₂ = ½(0.415037 + 0.207519) = 0.311278…, so S = 0.688722…
import { describe, expect, it } from "vitest";
import {
  flowCounts,
  jsd2,
  labelCounts,
  lengthBin,
  normalize,
  normalizeLabel,
  retainedLabels,
  sessionTransitions,
  tfas,
} from "./taskflow";

const JSD_HALF = 0.5 * Math.log2(4 / 3) + 0.5 * (0.5 * Math.log2(2 / 3) + 0.5);

describe("jsd2", () => {
  it("is 0 for identical distributions, also when given as unnormalized counts", () => {
    expect(jsd2({ a: 0.3, b: 0.7 }, { a: 0.3, b: 0.7 })).toBe(0);
    expect(jsd2({ a: 3, b: 7 }, { a: 0.3, b: 0.7 })).toBeCloseTo(0, 15);
  });

  it("is 1 for disjoint supports", () => {
    expect(jsd2({ a: 1 }, { b: 1 })).toBe(1);
    expect(jsd2({ a: 0.5, b: 0.5 }, { c: 0.2, d: 0.8 })).toBe(1);
    expect(jsd2({ a: 2 / 3, b: 1 / 3 }, { c: 1 })).toBe(1);
  });

  it("matches the hand-computed value and is symmetric", () => {
    expect(JSD_HALF).toBeCloseTo(0.311278, 6);
    expect(jsd2({ a: 1 }, { a: 0.5, b: 0.5 })).toBeCloseTo(0.311278124, 9);
    expect(jsd2({ a: 0.5, b: 0.5 }, { a: 1 })).toBeCloseTo(0.311278124, 9);
  });

  it("ignores zero-weight events and gives NaN when a side is empty", () => {
    expect(jsd2({ a: 1, b: 0 }, { a: 1 })).toBe(0);
    expect(jsd2({}, { a: 1 })).toBeNaN();
    expect(() => jsd2({ a: -1 }, { a: 1 })).toThrow(RangeError);
  });
});

describe("tfas", () => {
  const flow = {
    length: { "3": 0.5, "4": 0.5 },
    types: { "bug-fix": 0.6, explain: 0.4 },
    transitions: { "START>bug-fix": 1 },
  };

  it("is 100 for an identical Task Flow", () => {
    expect(tfas(flow, flow)).toEqual({ sL: 1, sT: 1, sR: 1, tfas: 100 });
  });

  it("is 0 when one component is disjoint, whatever the others", () => {
    const r = tfas(flow, { ...flow, transitions: { "START>explain": 1 } });
    expect(r).toEqual({ sL: 1, sT: 1, sR: 0, tfas: 0 });
  });

  it("is the geometric mean of the components", () => {
    // S_L = 1, S_T = S_R = 0.688722 → TFAS = 100 · 0.688722^(2/3) = 77.988
    const r = tfas(
      { length: { "1": 1 }, types: { a: 1 }, transitions: { "START>a": 1 } },
      { length: { "1": 1 }, types: { a: 0.5, b: 0.5 }, transitions: { "START>a": 0.5, "START>b": 0.5 } },
    );
    expect(r.sL).toBe(1);
    expect(r.sT).toBeCloseTo(0.688722, 6);
    expect(r.sR).toBeCloseTo(0.688722, 6);
    expect(r.tfas).toBeCloseTo(77.9883, 4);
  });
});

describe("labels, bins and transitions", () => {
  it("puts lengths in the paper's bins", () => {
    expect([0, 1, 5, 6, 10, 11, 22].map(lengthBin)).toEqual([undefined, "1", "5", "6-10", "6-10", "11+", "11+"]);
  });

  it("normalizes spelling and drops GREETING, META-QUESTION and OTHER", () => {
    expect(normalizeLabel(" META_QUESTION ")).toBe("meta-question");
    expect(retainedLabels(["GREETING", "Bug-Fix", "meta-question", "explain", "Other"])).toEqual([
      "bug-fix",
      "explain",
    ]);
  });

  it("skips dropped messages so their neighbours become adjacent, with START/END around", () => {
    expect(sessionTransitions(["bug-fix", "greeting", "explain"])).toEqual([
      ["START", "bug-fix"],
      ["bug-fix", "explain"],
      ["explain", "END"],
    ]);
    expect(sessionTransitions(["other", "greeting"])).toEqual([]);
    expect(sessionTransitions(["planning"])).toEqual([
      ["START", "planning"],
      ["planning", "END"],
    ]);
  });

  it("counts the three distributions over the filtered sessions", () => {
    const c = flowCounts([["bug-fix", "greeting", "explain"], ["new-feature"], ["OTHER"]]);
    expect(c).toEqual({
      length: { "2": 1, "1": 1 },
      types: { "bug-fix": 1, explain: 1, "new-feature": 1 },
      transitions: {
        "START>bug-fix": 1,
        "bug-fix>explain": 1,
        "explain>END": 1,
        "START>new-feature": 1,
        "new-feature>END": 1,
      },
      sessions: 2,
      messages: 3,
      dropped: 2,
      emptySessions: 1,
    });
    expect(normalize(c.length)).toEqual({ "2": 0.5, "1": 0.5 });
    expect(labelCounts([["bug-fix", "greeting"], ["GREETING"]])).toEqual({ "bug-fix": 1, greeting: 2 });
  });
});
