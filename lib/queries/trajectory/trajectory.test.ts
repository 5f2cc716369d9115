// The trajectory page's SQL on real DuckDB against the hand-made release (e2e/fixtures/releases/trajcalc,
// see its EXPECTED.md), then the whole analysis (reader, segmentation, detectors) on its trajectories.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { readTrajectory } from "../../trajectory/chain";
import { detectCrossTaskInterference } from "../../trajectory/detect-cross-task";
import { detectRequirementStateLoss } from "../../trajectory/detect-state-loss";
import { segmentSteps } from "../../trajectory/segment";
import { annotationTags } from "../../trajectory/tags";
import { runAnnotationsQuery, runHeaderQuery, verdictStagesQuery, verdictTestsQuery } from "./run.sql";
import {
  toAnnotationInputs,
  toRequestInfo,
  toVerdictTests,
  trajectoryRunCountSql,
  trajectoryRunPageSql,
  trajectoryRunsSql,
  type TrajectoryRunRow,
} from "./sql";
import { runBasics } from "./run";

const DIR = "e2e/fixtures/releases/trajcalc";
const SUBMIT = "Finalize: submit your patch for the focus task.";
let db: NodeDb;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
});
afterAll(() => db?.close());

describe("run header", () => {
  it("joins the run, its configuration and its session, with usage totals", async () => {
    const [h] = await db.run(runHeaderQuery, "alpha.s-N1");
    expect(h).toMatchObject({
      display_name: "Alpha-1 / HarnessX",
      focus_task_id: "N1",
      repo: "acme/widgets",
      condition: "switched",
      task_group: "near",
      resolved: false,
      applied: true,
      failure_class: "implementation",
      trajectory: "trajectories/alpha.s-N1.json",
      tokens: 28000,
      cached_tokens: 11200,
      model_calls: 7,
      requests_run: 7,
      request_count: 7,
      // runs.jsonl: alpha's uninterrupted run of N1 is alpha.u-N1 (same repeat 0).
      matched_run_id: "alpha.u-N1",
      matched_condition: "uninterrupted",
    });
    expect(h!.cost_usd).toBeCloseTo(0.28, 9);
    expect(await db.run(runHeaderQuery, "no-such-run")).toEqual([]);
  });
});

describe("schedule", () => {
  it("lists the session's requests with flags, texts and the run's usage", async () => {
    const rows = (await runBasics(db, "beta.s-F1")).schedule;
    expect(rows.map((r) => [r.position, r.task_id, r.stage, r.workspace_switch, r.focus_return, r.ran])).toEqual([
      [0, "F1", 1, false, false, true],
      [1, "I1", 1, true, false, true],
      [2, "I2", 1, true, false, true],
      [3, "F1", 2, true, true, true],
      [4, "I3", 1, true, false, false],
      [5, "I4", 1, true, false, false],
      [6, "F1", null, true, false, false],
    ]);
    expect(rows[3]).toMatchObject({
      text: "F1 stage 2: change src/io/reader.py (requirement 2)",
      tokens: 4000,
      model_calls: 1,
    });
    expect(toRequestInfo(rows[6]!, SUBMIT)).toMatchObject({
      isSubmit: true,
      stage: null,
      text: SUBMIT,
      ran: false,
      modelCalls: null,
    });
  });

  it("names every checkout and the focus one", async () => {
    const rows = (await runBasics(db, "alpha.s-F1")).workspaces;
    expect(rows.map((r) => [r.workspace, r.task_id, r.is_focus])).toEqual([
      ["/work/w00", "F1", true],
      ["/work/w01", "I1", false],
      ["/work/w02", "I2", false],
      ["/work/w03", "I3", false],
      ["/work/w04", "I4", false],
    ]);
  });
});

describe("final focus verdict", () => {
  it("counts passed tests per kind and stage, and lists the failing one", async () => {
    const stages = await db.run(verdictStagesQuery, "alpha.s-N1");
    expect(stages.map((s) => [s.kind, s.stage, s.passed, s.total, s.failed])).toEqual([
      ["F2P", 1, 0, 1, 1],
      ["F2P", 2, 1, 1, 0],
      ["P2P", null, 1, 1, 0],
    ]);
    const tests = await db.run(verdictTestsQuery, "alpha.s-N1");
    expect(tests.filter((t) => t.status !== "passed").map((t) => t.test_id)).toEqual(["tests/test_n1.py::test_stage1"]);
  });

  it("marks every test not run when the artifact did not apply", async () => {
    const stages = await db.run(verdictStagesQuery, "alpha.s-F1");
    expect(stages.map((s) => [s.kind, s.stage, s.not_run, s.total])).toEqual([
      ["F2P", 1, 1, 1],
      ["F2P", 2, 1, 1],
      ["P2P", null, 1, 1],
    ]);
  });
});

describe("annotations and the run list", () => {
  it("reads a run's annotations with their evidence step ids", async () => {
    const rows = await db.run(runAnnotationsQuery, "alpha.s-N1");
    expect(toAnnotationInputs(rows).map((a) => [a.signature, a.position, a.stepIds, a.authorKind])).toEqual([
      ["requirement_state_loss", 3, [2, 8], "human"],
      ["requirement_state_loss", 3, [8], "detector"],
    ]);
  });

  it("lists every run, its trajectory (null: none) and its tag counts", async () => {
    const rows = await db.query<TrajectoryRunRow>(trajectoryRunsSql());
    expect(
      rows.map((r) => [r.run_id, r.trajectory !== null, r.requirement_state_loss, r.cross_task_interference]),
    ).toEqual([
      ["alpha.s-F1", true, 0, 1],
      ["alpha.s-N1", true, 2, 0],
      ["alpha.u-N1", false, 0, 0],
      ["beta.s-F1", true, 0, 0],
      ["beta.s-N1", true, 0, 0],
      ["beta.u-N1", false, 0, 0],
    ]);
  });

  it("pages the runs that name a trajectory by LIMIT and OFFSET, in the list's order, with their count", async () => {
    // Four of the six runs above name a trajectory: alpha.s-F1, alpha.s-N1, beta.s-F1, beta.s-N1.
    const count = await db.query<{ runs: number }>(trajectoryRunCountSql({ withTrajectory: true }));
    expect(count).toEqual([{ runs: 4 }]);
    expect(await db.query<{ runs: number }>(trajectoryRunCountSql())).toEqual([{ runs: 6 }]);
    const page = (offset: number, limit: number) =>
      db
        .query<TrajectoryRunRow>(trajectoryRunPageSql({ withTrajectory: true }, offset, limit))
        .then((rows) => rows.map((r) => r.run_id));
    expect(await page(0, 2)).toEqual(["alpha.s-F1", "alpha.s-N1"]);
    expect(await page(1, 2)).toEqual(["alpha.s-N1", "beta.s-F1"]);
    expect(await page(2, 100)).toEqual(["beta.s-F1", "beta.s-N1"]);
    expect(await page(4, 100)).toEqual([]);
    // One configuration's runs with a trajectory: beta's two.
    const beta = await db.query<TrajectoryRunRow>(trajectoryRunsSql(["beta"], { withTrajectory: true }));
    expect(beta.map((r) => r.run_id)).toEqual(["beta.s-F1", "beta.s-N1"]);
  });
});

/** Everything the trajectory page computes for one run, from the same SQL. */
async function analyze(runId: string) {
  const raw = JSON.parse(readFileSync(`${DIR}/trajectories/${runId}.json`, "utf8")) as unknown;
  const t = readTrajectory(raw);
  const schedule = (await runBasics(db, runId)).schedule.map((r) => toRequestInfo(r, SUBMIT));
  const workspaces = Object.fromEntries((await runBasics(db, runId)).workspaces.map((w) => [w.workspace, w.task_id]));
  const verdict = toVerdictTests(await db.run(verdictTestsQuery, runId));
  const segmentation = segmentSteps(t.steps, schedule);
  const focusTaskId = (await db.run(runHeaderQuery, runId))[0]!.focus_task_id;
  const input = { steps: t.steps, segmentation, focusTaskId, workspaces, verdict };
  const annotations = annotationTags(toAnnotationInputs(await db.run(runAnnotationsQuery, runId)), t.steps);
  return {
    t,
    segmentation,
    detected: [...detectCrossTaskInterference(input), ...detectRequirementStateLoss(input)],
    annotations,
  };
}

describe("analysis of the hand-made trajectories", () => {
  it("alpha.s-N1: requirement-state loss on steps 2 and 8, as annotated", async () => {
    const a = await analyze("alpha.s-N1");
    expect(a.segmentation.mismatches).toEqual([]);
    expect(a.detected.map((t) => [t.signature, t.strength, t.position, t.steps])).toEqual([
      ["requirement_state_loss", "strong", 3, [2, 8]],
    ]);
    expect(a.annotations.map((t) => t.steps)).toEqual([[2, 8], [8]]);
  });

  it("alpha.s-F1: cross-task interference at finalization on step 14", async () => {
    const a = await analyze("alpha.s-F1");
    expect(a.segmentation.mismatches).toEqual([]);
    expect(a.detected.map((t) => [t.signature, t.position, t.steps])).toEqual([["cross_task_interference", 6, [14]]]);
  });

  it("beta.s-N1: a clean run gets no tag", async () => {
    const a = await analyze("beta.s-N1");
    expect(a.detected).toEqual([]);
    expect(a.segmentation.mismatches).toEqual([]);
  });

  it("beta.s-F1: a warm-up step, a workspace mismatch and three requests that never ran", async () => {
    const a = await analyze("beta.s-F1");
    expect(a.segmentation.segments.map((s) => [s.position, s.first, s.last])).toEqual([
      [null, 1, 1],
      [0, 2, 3],
      [1, 4, 5],
      [2, 6, 7],
      [3, 8, 9],
    ]);
    expect(a.segmentation.mismatches.map((m) => m.message)).toEqual([
      "user step 6 names workspace /work/w01; request 2 is scheduled in /work/w02",
    ]);
    expect(a.segmentation.notes).toEqual([
      "step 1 comes before the first user step (an agent warm-up?) and belongs to no request",
      "3 scheduled request(s) never ran and have no steps",
    ]);
  });
});
