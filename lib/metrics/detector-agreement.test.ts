import { describe, expect, it } from "vitest";
import { agreementOf, confusionOf, rateOf } from "./detector-agreement";

const pairs = (detector: boolean, human: boolean, times: number) =>
  Array.from({ length: times }, () => ({ detector, human }));

describe("confusionOf", () => {
  it("counts each (run, signature) pair in one cell", () => {
    const all = [
      ...pairs(true, true, 7),
      ...pairs(true, false, 1),
      ...pairs(false, true, 3),
      ...pairs(false, false, 9),
    ];
    expect(confusionOf(all)).toEqual({ tp: 7, fp: 1, fn: 3, tn: 9 });
    expect(confusionOf([])).toEqual({ tp: 0, fp: 0, fn: 0, tn: 0 });
  });
});

describe("agreementOf", () => {
  it("gives precision and recall with Wilson intervals, sensitivity and specificity", () => {
    // precision 7/8: centre (7 + 1.920729)/(8 + 3.841459) = 0.753347, half 1.959964·√(7·1/8 + 0.960365)/11.841459
    // = 0.224235 → [0.529112, 0.977583]; recall 7/10: centre 0.644493, half 0.247715 → [0.396778, 0.892209]
    const a = agreementOf({ tp: 7, fp: 1, fn: 3, tn: 9 });
    expect(a).toMatchObject({ tp: 7, fp: 1, fn: 3, tn: 9, n: 20, sensitivity: 0.7, specificity: 0.9 });
    expect(a.precision).toMatchObject({ k: 7, n: 8, value: 0.875 });
    expect(a.precision.lo).toBeCloseTo(0.529112, 6);
    expect(a.precision.hi).toBeCloseTo(0.977583, 6);
    expect(a.recall).toMatchObject({ k: 7, n: 10, value: 0.7 });
    expect(a.recall.lo).toBeCloseTo(0.396778, 6);
    expect(a.recall.hi).toBeCloseTo(0.892209, 6);
  });

  it("leaves a rate unknown, never 0, when its denominator is 0", () => {
    // The detector tagged nothing: no precision. Humans found nothing: no recall, no sensitivity.
    const none = agreementOf({ tp: 0, fp: 0, fn: 2, tn: 5 });
    expect(none.precision).toEqual({ k: 0, n: 0, value: null, lo: null, hi: null });
    expect(none.recall.value).toBe(0);
    expect(agreementOf({ tp: 0, fp: 3, fn: 0, tn: 5 })).toMatchObject({
      recall: { value: null, lo: null, hi: null },
      sensitivity: null,
      specificity: 0.625,
    });
    expect(agreementOf({ tp: 4, fp: 0, fn: 1, tn: 0 }).specificity).toBeNull();
    expect(rateOf(0, 0).value).toBeNull();
  });
});
