// Task Flow labels from SQL on real DuckDB against benchmark-mini (EXPECTED.md, "Task Flow").
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeDb } from "../../db/node";
import { BENCHMARK_MINI, openBenchmarkMini } from "../benchmark-fixture";
import { computeTaskFlow, type TaskFlowModel } from "./model";
import { flowShares, parseTaskFlowState, serializeTaskFlowState } from "./view";

const TARGET = "uninterrupted-mini.json";
let db: NodeDb;
let model: TaskFlowModel;

beforeAll(async () => {
  ({ db } = await openBenchmarkMini());
  const json: unknown = JSON.parse(readFileSync(`${BENCHMARK_MINI}/taskflow/${TARGET}`, "utf8"));
  model = await computeTaskFlow(
    db,
    ["uninterrupted", "switched"],
    [
      { file: TARGET, json },
      { file: "bad.json", json: { name: "x" } },
    ],
  );
});
afterAll(() => db?.close());

const cond = (c: string) => model.conditions.find((x) => x.condition === c)!;

describe("Task Flow labels", () => {
  it("takes the request's intent, then the stage's, else derives the label", async () => {
    const rows = await db.query<{ label: string; source: string }>(
      "SELECT label, source FROM (" +
        (await import("./sql")).TASKFLOW_LABELS_SQL +
        ") WHERE session_id = 's-A' ORDER BY position",
    );
    expect(rows.map((r) => `${r.label}/${r.source}`)).toEqual([
      "new-feature/stage",
      "interruption-initial/derived",
      "planning/request",
      "interruption-initial/derived",
      "interruption-follow-up/derived",
      "bug-fix/stage",
      "OTHER/request",
    ]);
    expect(cond("switched").sources).toEqual({ request: 2, stage: 2, derived: 12 });
  });

  it("counts the switched distributions after dropping OTHER", () => {
    const s = cond("switched");
    expect([s.sessions, s.messages, s.flow.sessions, s.flow.messages, s.flow.dropped]).toEqual([3, 16, 3, 15, 1]);
    expect(s.flow.length).toEqual({ "6-10": 1, "5": 1, "4": 1 });
    expect(s.flow.types).toEqual({
      "new-feature": 1,
      "interruption-initial": 6,
      planning: 1,
      "interruption-follow-up": 1,
      "bug-fix": 1,
      "focus-initial": 2,
      "focus-follow-up": 1,
      "focus-finalization": 2,
    });
    const t = s.flow.transitions;
    expect(Object.values(t).reduce((a, b) => a + b, 0)).toBe(18);
    expect(
      Object.entries(t)
        .filter(([, n]) => n === 2)
        .map(([k]) => k)
        .sort(),
    ).toEqual([
      "START>focus-initial",
      "focus-finalization>END",
      "focus-initial>interruption-initial",
      "interruption-initial>interruption-initial",
    ]);
    expect(t["bug-fix>END"]).toBe(1);
    expect(s.labels.other).toBe(1);
  });

  it("scores 100 against the uninterrupted flow itself and 0 for switched (disjoint length bins)", () => {
    expect(model.targets.map((t) => t.file)).toEqual([TARGET]);
    expect(model.targetProblems.map((p) => p.split(":").slice(0, 2).join(":"))).toEqual([
      "bad.json: length",
      "bad.json: types",
      "bad.json: transitions",
    ]);
    const u = cond("uninterrupted").scores[0]!;
    expect(u.tfas).toBeCloseTo(100, 9);
    const s = cond("switched").scores[0]!;
    expect(s.sL).toBe(0);
    expect(s.tfas).toBe(0);
    expect(s.sT).toBeCloseTo(0.7146, 4);
    expect(s.sR).toBeCloseTo(0.4909, 4);
  });

  it("builds the Sankey per user step", () => {
    const k = cond("switched").sankey;
    expect(k.steps).toBe(7);
    expect(k.nodes.filter((n) => n.step === 1)).toEqual([{ step: 1, label: "interruption-initial", count: 3 }]);
    expect(k.links.filter((l) => l.step === 0)).toEqual([
      { step: 0, from: "focus-initial", to: "interruption-initial", count: 2 },
      { step: 0, from: "new-feature", to: "interruption-initial", count: 1 },
    ]);
  });
});

describe("Task Flow page view", () => {
  it("gives each distribution as shares beside the target's", () => {
    const v = flowShares(model, "switched", TARGET)!;
    expect(v.length.map((r) => [r.key, r.observed, r.target])).toEqual([
      ["1", 0, 0],
      ["2", 0, 1 / 3],
      ["3", 0, 2 / 3],
      ["4", 1 / 3, 0],
      ["5", 1 / 3, 0],
      ["6-10", 1 / 3, 0],
      ["11+", 0, 0],
    ]);
    // 15 retained messages; OTHER follows, marked, as its share of all 16 messages
    expect(v.labels[0]).toEqual({ key: "interruption-initial", observed: 6 / 15, target: 0 });
    expect(v.labels.at(-1)).toEqual({
      key: "other",
      observed: 1 / 16,
      target: null,
      note: "dropped for TFAS; share of all messages",
    });
    expect(v.transitions).toHaveLength(15);
    // the two edges with the largest target share (2/11) come first, ties by name
    expect(v.transitions.slice(0, 2)).toEqual([
      { key: "focus-finalization>END", observed: 2 / 18, target: 2 / 11 },
      { key: "START>focus-initial", observed: 2 / 18, target: 2 / 11 },
    ]);
    expect(flowShares(model, "switched", null)!.length.every((r) => r.target === null)).toBe(true);
  });

  it("keeps the chosen condition, target and steps in the URL", () => {
    const d = parseTaskFlowState("", model, "uninterrupted");
    expect(d).toEqual({ condition: "switched", target: TARGET, steps: 5 });
    expect(serializeTaskFlowState(d, model, "uninterrupted")).toBe("");
    const s = { condition: "uninterrupted", target: TARGET, steps: 8 };
    expect(parseTaskFlowState(serializeTaskFlowState(s, model, "uninterrupted"), model, "uninterrupted")).toEqual(s);
    expect(parseTaskFlowState("?condition=nope&steps=-2", model, "uninterrupted")).toEqual(d);
  });
});
