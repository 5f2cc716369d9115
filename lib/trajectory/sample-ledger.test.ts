// The requirement ledger and the final patch's marks on the bundled sample's planted runs (App. E.2 and E.3
// shapes, scripts/sample/trajectory.ts), read through the same SQL as the trajectory page
// (lib/queries/trajectory.ts, lib/queries/run-patch.ts). The browser tests read the same runs off the page.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { loadTablesNode } from "../db/load-node";
import { openNodeDb, type NodeDb } from "../db/node";
import {
  focusStagesSql,
  runPatchSql,
  sessionTaskFilesSql,
  type FocusStageRow,
  type RunPatchRow,
  type SessionTaskFileRow,
} from "../queries/run-patch";
import {
  runScheduleSql,
  runWorkspacesSql,
  toRequestInfo,
  toVerdictTests,
  verdictTestsSql,
  type ScheduleRow,
  type VerdictTestRow,
  type WorkspaceRow,
} from "../queries/trajectory";
import { readTrajectory } from "./chain";
import { requirementLedger } from "./ledger";
import { taintInputOf } from "./patch-taint";
import { patchView } from "./patch-view";
import { segmentSteps } from "./segment";

const DIR = "data/releases/sample";
const E2 = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0";
const E2_PAIR = "deepseek-v4.1-flash-opencode.pallets__click-2644.uninterrupted.r0";
const E3 = "kimi-k3-kimicode.getmoto__moto-7343.switched.r0";
let db: NodeDb;
let submitText: string | null = null;
const archives = new ArchiveCache();

async function facts(runId: string) {
  const schedule = await db.query<ScheduleRow>(runScheduleSql(runId));
  const ws = await db.query<WorkspaceRow>(runWorkspacesSql(runId));
  const workspaces = Object.fromEntries(ws.map((w) => [w.workspace, w.task_id]));
  const focus = ws.find((w) => w.is_focus)!.task_id;
  const [row] = await db.query<RunPatchRow>(runPatchSql(runId));
  const files = await db.query<SessionTaskFileRow>(sessionTaskFilesSql(runId));
  const stages = (await db.query<FocusStageRow>(focusStagesSql(runId))).map((s) => s.stage);
  return { schedule, workspaces, focus, patch: row!.patch, files, stages };
}

async function ledgerOf(runId: string, trajectory: string) {
  const f = await facts(runId);
  const t = readTrajectory(
    JSON.parse(new TextDecoder().decode(await readReleaseFile(DIR, trajectory, archives))) as unknown,
  );
  const schedule = f.schedule.map((r) => toRequestInfo(r, submitText));
  const verdict = toVerdictTests(await db.query<VerdictTestRow>(verdictTestsSql(runId)));
  return requirementLedger({
    steps: t.steps,
    segmentation: segmentSteps(t.steps, schedule),
    schedule,
    focusTaskId: f.focus,
    stages: f.stages,
    workspaces: f.workspaces,
    verdict,
  });
}

async function patchOf(runId: string) {
  const f = await facts(runId);
  const text = new TextDecoder().decode(await readReleaseFile(DIR, f.patch!, archives));
  return patchView(
    text,
    taintInputOf(
      f.focus,
      f.files,
      f.schedule.map((r) => ({ task_id: r.task_id, text: r.text })),
      f.workspaces,
    ),
  );
}

describe.skipIf(!existsSync(`${DIR}/patches`))("the sample's planted runs: ledger and final patch", () => {
  beforeAll(async () => {
    const { release } = await loadRelease(DIR);
    submitText = release!.meta.submit_text ?? null;
    db = await openNodeDb();
    await loadTablesNode(db, releaseTables(release!));
  });
  afterAll(async () => {
    db?.close();
    await archives.close();
  });

  it("E.2 (click-2644 switched): stage 1 lost at step 353, the step the annotation names; later stages kept", async () => {
    const rows = await ledgerOf(E2, `trajectories/deepseek-v4.1-flash-opencode.switched.zip#${E2}.json`);
    expect(rows.map((r) => r.status)).toEqual(["lost", "kept", "kept", "kept"]);
    expect(rows[0]!.edits.map((e) => e.step)).toEqual([3]);
    expect(rows[0]!.changes.map((c) => [c.step, c.kind, c.stage])).toEqual([[353, "reverted", 4]]);
    expect(rows[0]!.tests).toEqual({ passed: 0, total: 4, notRun: 0 });
    const pair = await ledgerOf(E2_PAIR, `trajectories/deepseek-v4.1-flash-opencode.uninterrupted.zip#${E2_PAIR}.json`);
    expect(pair.map((r) => r.status)).toEqual(["kept", "kept", "kept", "kept"]);
  });

  it("E.2's patch keeps to the focus file and lacks the stage-1 lines", async () => {
    const view = await patchOf(E2);
    expect(view.problems).toEqual([]);
    expect(view.taint!.files.map((f) => [f.path, f.mark])).toEqual([
      ["CHANGES.rst", "unmarked"],
      ["src/click/core.py", "focus"],
    ]);
  });

  it("E.3 (moto-7343 switched): the combined patch carries the other checkouts' files, marked", async () => {
    const view = await patchOf(E3);
    expect(view.problems).toEqual([]);
    const marks = view.taint!.files.map((f) => [f.path, f.mark, f.tasks.join(",")]);
    // The loop prints every checkout's diff in checkout order, paths relative to each checkout: four files of
    // the interruption tasks (each task's changed source files, tasks.jsonl), five changelogs, then the focus file.
    expect(marks.filter(([, m]) => m === "other_task")).toEqual([
      ["moto/iam/responses.py", "other_task", "getmoto__moto-7573,getmoto__moto-7670,getmoto__moto-7612"],
      ["moto/iam/responses.py", "other_task", "getmoto__moto-7573,getmoto__moto-7670,getmoto__moto-7612"],
      ["moto/iam/models.py", "other_task", "getmoto__moto-7645,getmoto__moto-7612"],
      ["moto/iam/models.py", "other_task", "getmoto__moto-7645,getmoto__moto-7612"],
    ]);
    expect(marks.filter(([, m]) => m === "focus").map(([p]) => p)).toEqual(["moto/iam/policy_validation.py"]);
    expect(marks).toHaveLength(10);
  });
});
