// The resumption page's URL state and labels (view.ts).
import { describe, expect, it } from "vitest";
import type { ResumptionPageData } from "./model";
import { binLabel, defaultResumptionState, parseResumptionState, serializeResumptionState, shownScope } from "./view";

const data = {
  baseline: "uninterrupted",
  conditions: ["switched"],
  edges: { requests: [1, 2, null], tokens: [0, null], switches: [2, null] },
  byCondition: {
    switched: {
      condition: "switched",
      scopes: [
        { id: "pooled", label: "pooled", returns: 0, reached: 0, series: {} },
        { id: "p", label: "P", returns: 0, reached: 0, series: {} },
      ],
      interruptions: [],
    },
  },
} as unknown as ResumptionPageData;

describe("resumption URL state", () => {
  it("defaults to the first condition, requests, pooled and requirement-state loss, written as no query", () => {
    const d = defaultResumptionState(data);
    expect(d).toEqual({
      condition: "switched",
      measure: "requests",
      scope: "pooled",
      signature: "requirement_state_loss",
    });
    expect(serializeResumptionState(d, data)).toBe("");
  });

  it("round-trips a chosen view and ignores values the release does not have", () => {
    const s = parseResumptionState("?measure=tokens&config=p&signature=cross_task_interference", data);
    expect(s).toEqual({ condition: "switched", measure: "tokens", scope: "p", signature: "cross_task_interference" });
    expect(parseResumptionState(serializeResumptionState(s, data), data)).toEqual(s);
    expect(parseResumptionState("?measure=bytes&config=zz&condition=other&signature=x", data)).toEqual(
      defaultResumptionState(data),
    );
  });

  it("falls back to the pooled scope when the chosen one is not in the condition", () => {
    const { scope } = shownScope(data, { ...defaultResumptionState(data), scope: "gone" });
    expect(scope?.id).toBe("pooled");
  });
});

describe("bin labels", () => {
  it("names single values, ranges and the open last bin", () => {
    expect(binLabel({ lo: 1, hi: 2 }, "requests")).toBe("1");
    expect(binLabel({ lo: 4, hi: 6 }, "requests")).toBe("4–5");
    expect(binLabel({ lo: 9, hi: null }, "requests")).toBe("9+");
    expect(binLabel({ lo: 5, hi: 7 }, "switches")).toBe("5–6");
    expect(binLabel({ lo: 0, hi: 5e6 }, "tokens")).toBe("0–5 M");
    expect(binLabel({ lo: 40e6, hi: null }, "tokens")).toBe("40 M+");
  });
});
