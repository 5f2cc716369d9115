// Typed factories for the review tests: a detector tag and a run's step rows.
import type { StepLookup } from "./verdicts";
import type { SignatureTag } from "../../trajectory/tags";
import type { ReviewContext } from "./verdicts";

export function detectorTag(id: string, steps: number[], fields: Partial<SignatureTag> = {}): SignatureTag {
  return {
    id,
    signature: "requirement_state_loss",
    position: 3,
    steps,
    note: "drops stage-1 lines",
    author: { kind: "detector", name: "requirement-state-loss detector v3" },
    origin: "detector",
    strength: "strong",
    reasons: [],
    ...fields,
  };
}

/** `n` steps of the main file with step ids 1…n, then `continued` steps of continuation 1 (ids from 1 again). */
export function stepRows(n: number, continued = 0): StepLookup {
  const rows = [
    ...Array.from({ length: n }, (_, i) => ({ n: i + 1, stepId: i + 1, file: 0 })),
    ...Array.from({ length: continued }, (_, i) => ({ n: n + i + 1, stepId: i + 1, file: 1 })),
  ];
  return { row: (k) => rows[k - 1] };
}

export function reviewContext(fields: Partial<ReviewContext> = {}): ReviewContext {
  return {
    release: "sample",
    run: "a.t.switched.r0",
    rows: stepRows(20),
    audit: null,
    reviewer: "ann",
    now: new Date("2026-12-07T10:00:00.000Z"),
    ...fields,
  };
}
