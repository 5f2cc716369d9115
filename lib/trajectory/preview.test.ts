import { describe, expect, it } from "vitest";
import { previewSteps } from "./preview";

const doc = JSON.stringify({
  schema_version: "ATIF-v1.6",
  notes: 'a "steps" [ tricky ] note \\ with { braces',
  extra: { steps: [{ not: "these" }] },
  steps: [
    { step_id: 1, source: "user", message: 'quote " and } brace' },
    { step_id: 2, source: "agent", message: "x", tool_calls: [{ arguments: { a: [1, { b: "]" }] } }] },
    { step_id: 3, source: "agent", message: "last" },
  ],
  final_metrics: { total_steps: 3 },
});

describe("previewSteps", () => {
  it("cuts the first complete steps out of the root object's steps array", () => {
    expect(previewSteps(doc, 10)).toEqual(JSON.parse(doc).steps);
    expect(previewSteps(doc, 2).map((s) => (s as { step_id: number }).step_id)).toEqual([1, 2]);
  });

  it("stops at the last complete step of a truncated text", () => {
    const cut = doc.slice(0, doc.indexOf('"last"'));
    expect(previewSteps(cut, 10).map((s) => (s as { step_id: number }).step_id)).toEqual([1, 2]);
    expect(previewSteps(doc.slice(0, 20), 10)).toEqual([]);
  });

  it('reads pretty-printed files and ignores a value that happens to read "steps"', () => {
    const pretty = JSON.stringify(
      { session_id: "steps", agent: { name: "a" }, steps: [{ step_id: 1 }, 7, "s"] },
      null,
      2,
    );
    expect(previewSteps(pretty, 10)).toEqual([{ step_id: 1 }, 7, "s"]);
  });

  it("finds nothing in text that is not a trajectory", () => {
    expect(previewSteps("[1,2,3]", 10)).toEqual([]);
    expect(previewSteps('{"steps": 5}', 10)).toEqual([]);
    expect(previewSteps("", 10)).toEqual([]);
  });
});
