// TFAS of the bundled sample release against its two targets (data/releases/sample/taskflow/, copied from
// data/taskflow/ by the generator), on real DuckDB through the build's own path (loadTargetFilesNode +
// the page's model).
//
// The expected scores were recomputed outside the project's code by a short Python script (not in the repository) that reads
// sessions.jsonl and the two target files only: it checks no request or stage carries an intent, labels
// each request from the schedule (submit → focus-finalization; stage 1 → focus-/interruption-initial by
// whether the task is the session's focus task; later stages → *-follow-up), counts per condition the
// length bins (1..5, 6-10, 11+), labels and START/label…/END transitions, and takes S = 1 − JSD₂ with
// both sides normalized, TFAS = 100·∛(S_L·S_T·S_R). Its output, to full precision, is what is asserted.
// Why the shape of the answer is right:
// - swe-bench-pro-single: its labels are intents (new-feature, bug-fix, refactor) and the sample has only
//   derived labels, and every sample session has ≥ 3 requests while the target is all length 1, so all
//   three supports are disjoint: every S is exactly 0 in both conditions.
// - switch-swe-example: the target is one 12-request session (bin 11+). Every switched session has
//   ≥ 11 requests (S_L = 1); no uninterrupted one does (S_L = 0, so TFAS = 0 whatever S_T and S_R are).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { valueOf } from "../../db/query";
import { pageMeta } from "../page";
import { loadTargetFilesNode } from "./files-node";
import type { TaskFlowModel } from "./model";
import { taskFlowPage } from "./page";

const SAMPLE = "data/releases/sample";
let db: NodeDb;
let model: TaskFlowModel;

beforeAll(async () => {
  const { release, problems } = await loadRelease(SAMPLE);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadTargetFilesNode(db, SAMPLE);
  model = await valueOf(db, taskFlowPage.model!, pageMeta(release!.meta));
});
afterAll(() => db?.close());

const score = (condition: string, file: string) => {
  const s = model.conditions.find((c) => c.condition === condition)!.scores.find((x) => x.file === file)!;
  return [s.sL, s.sT, s.sR, s.tfas];
};

describe("sample release, Task Flow against its targets", () => {
  it("uses both targets, in file order, with no problem", () => {
    expect(model.targets.map((t) => t.file)).toEqual(["swe-bench-pro-single.json", "switch-swe-example.json"]);
    expect(model.targetProblems).toEqual([]);
  });

  it("labels every request from the schedule: 1,003 uninterrupted and 4,495 switched messages, none dropped", () => {
    const u = model.conditions.find((c) => c.condition === "uninterrupted")!;
    const s = model.conditions.find((c) => c.condition === "switched")!;
    expect([u.sessions, u.messages, u.flow.dropped, u.sources]).toEqual([
      200,
      1003,
      0,
      { request: 0, stage: 0, derived: 1003 },
    ]);
    expect([s.sessions, s.messages, s.flow.dropped, s.sources]).toEqual([
      200,
      4495,
      0,
      { request: 0, stage: 0, derived: 4495 },
    ]);
    expect(u.flow.length).toEqual({ "3": 8, "4": 49, "5": 85, "6-10": 58 });
    expect(s.flow.length).toEqual({ "11+": 200 });
    expect(s.flow.types).toEqual({
      "focus-initial": 200,
      "interruption-initial": 800,
      "focus-follow-up": 603,
      "interruption-follow-up": 2692,
      "focus-finalization": 200,
    });
  });

  it("scores 0 in every component against SWE-Bench Pro single prompts (disjoint supports)", () => {
    expect(score("uninterrupted", "swe-bench-pro-single.json")).toEqual([0, 0, 0, 0]);
    expect(score("switched", "swe-bench-pro-single.json")).toEqual([0, 0, 0, 0]);
  });

  it("scores switched 92.9 and uninterrupted 0 against the §3.1 example switched schedule", () => {
    const [sL, sT, sR, tfas] = score("switched", "switch-swe-example.json");
    expect(sL).toBe(1);
    expect(sT).toBeCloseTo(0.9451182253658871, 12);
    expect(sR).toBeCloseTo(0.8482021019126995, 12);
    expect(tfas).toBeCloseTo(92.89560356632505, 10);
    const [uL, uT, uR, uTfas] = score("uninterrupted", "switch-swe-example.json");
    expect(uL).toBe(0);
    expect(uT).toBeCloseTo(0.5370989204844367, 12);
    expect(uR).toBeCloseTo(0.32841084600932235, 12);
    expect(uTfas).toBe(0);
  });
});
