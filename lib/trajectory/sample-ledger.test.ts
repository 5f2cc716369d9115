// The requirement ledger and the final patch's marks on the bundled sample's planted runs (App. E.2 and E.3
// shapes, scripts/sample/trajectory.ts), read through the same SQL as the trajectory page
// (lib/queries/trajectory/sql.ts, lib/queries/trajectory/patch.sql.ts). The browser tests read the same runs off the page.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb, type NodeDb } from "../db/node";
import {
  focusStagesQuery,
  runHeaderQuery,
  runPatchQuery,
  sessionTaskFilesQuery,
  verdictTestsQuery,
} from "../queries/trajectory/run.sql";
import { toRequestInfo, toVerdictTests } from "../queries/trajectory/sql";
import { analyzeTrajectory } from "./analyze";
import { readTrajectory } from "./chain";
import { requirementLedger } from "./ledger";
import { patchTaintFacts, taintInputOf } from "./patch-taint";
import { patchView } from "./patch-view";
import { segmentSteps } from "./segment";
import { runBasics } from "../queries/trajectory/run";

const DIR = "data/releases/sample";
const E2 = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0";
const E2_PAIR = "deepseek-v4.1-flash-opencode.pallets__click-2644.uninterrupted.r0";
const E3 = "kimi-k3-kimicode.getmoto__moto-7343.switched.r0";
let db: NodeDb;
let submitText: string | null = null;
const archives = new ArchiveCache();

async function facts(runId: string) {
  const schedule = (await runBasics(db, runId)).schedule;
  const ws = (await runBasics(db, runId)).workspaces;
  const workspaces = Object.fromEntries(ws.map((w) => [w.workspace, w.task_id]));
  const focus = ws.find((w) => w.is_focus)!.task_id;
  const [row] = await db.run(runPatchQuery, runId);
  const [header] = await db.run(runHeaderQuery, runId);
  const files = await db.run(sessionTaskFilesQuery, header!.session_id);
  const stages = (await db.run(focusStagesQuery, header!.session_id)).map((s) => s.stage);
  return { schedule, workspaces, focus, patch: row!.patch, files, stages };
}

async function ledgerOf(runId: string, trajectory: string) {
  const f = await facts(runId);
  const t = readTrajectory(
    JSON.parse(new TextDecoder().decode(await readReleaseFile(DIR, trajectory, archives))) as unknown,
  );
  const schedule = f.schedule.map((r) => toRequestInfo(r, submitText));
  const verdict = toVerdictTests(await db.run(verdictTestsQuery, runId));
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

/** The trajectory page's analysis of a run (analyze.ts): the ledger, then the detectors with the patch's taint. */
async function analysisOf(runId: string) {
  const f = await facts(runId);
  const [ref] = await db.query<{ trajectory: string }>(`SELECT trajectory FROM runs WHERE run_id = '${runId}'`);
  const t = readTrajectory(
    JSON.parse(new TextDecoder().decode(await readReleaseFile(DIR, ref!.trajectory, archives))) as unknown,
  );
  const text = f.patch ? new TextDecoder().decode(await readReleaseFile(DIR, f.patch, archives)) : null;
  const requests = f.schedule.map((r) => ({ task_id: r.task_id, text: r.text }));
  const a = analyzeTrajectory(t, {
    schedule: f.schedule.map((r) => toRequestInfo(r, submitText)),
    focusTaskId: f.focus,
    workspaces: f.workspaces,
    verdict: toVerdictTests(await db.run(verdictTestsQuery, runId)),
    annotations: [],
    stages: f.stages,
    patchTaint: text === null ? null : patchTaintFacts(text, taintInputOf(f.focus, f.files, requests, f.workspaces)),
  });
  const strong = (sig: string) => a.tags.filter((x) => x.signature === sig && x.strength === "strong");
  const taskOf = (n: number) => a.segments[a.segmentOf[n - 1]!]?.request?.taskId ?? null;
  return {
    ledger: a.ledger!,
    rsl: strong("requirement_state_loss"),
    cti: strong("cross_task_interference"),
    taskOf,
    focus: f.focus,
  };
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

  // One source of truth (ledger.ts and detect-state-loss.ts read one replay, line-replay.ts): on these planted
  // runs and near misses (data/ground-truth/sample/signatures.jsonl), the stages the ledger calls lost are the
  // stages the detector tags, with the planted steps (the stage's edit, the removal) among the tag's steps,
  // except where a later focus request asks to replace the earlier behaviour (lost, not tagged).
  it.each([
    ["rsl-e2-restructure", E2, [3, 353]],
    ["rsl-sed", "claude-opus-5-claude-code.pallets__flask-5839.switched.r0", [3, 251]],
    ["rsl-git-checkout", "gemini-3.7-flash-gemini-cli.python-attrs__attrs-1476.switched.r0", [3, 74]],
    ["rsl-cp-restore", "claude-opus-5-claude-code.tox-dev__tox-3487.switched.r0", [5, 95]],
    ["rsl-heredoc", "glm-5.3-opencode-router.astropy__astropy-17363.switched.r0", [4, 315]],
    ["rsl-overwrite", "claude-opus-5-claude-code.pypa__packaging-868.switched.r0", [5, 295]],
    ["rsl-substitute", "claude-opus-5-claude-code.psf__requests-6809.switched.r0", [4, 251]],
    ["nm-rsl-restored", "claude-opus-5-claude-code.psf__requests-6819.switched.r0", null],
    ["nm-rsl-refactor", "claude-opus-5-claude-code.encode__httpx-3479.switched.r0", null],
    // Codex's apply_patch adds the helper module before it removes the old lines: moved, not lost.
    ["nm-rsl-refactor (codex)", "gpt-5.6-sol-medium-codex.agronholm__anyio-887.switched.r0", null],
    ["nm-rsl-refactor (codex, 2)", "gpt-5.6-sol-medium-codex.pallets__flask-5744.switched.r0", null],
    ["nm-rsl-requested-replace", "claude-opus-5-claude-code.encode__httpx-3499.switched.r0", "excused"],
    ["uninterrupted pair of E.2", E2_PAIR, null],
  ] as const)("ledger and detector agree: %s", async (_form, runId, planted) => {
    const { ledger, rsl } = await analysisOf(runId);
    const lost = ledger.filter((r) => r.status === "lost").map((r) => r.stage);
    const tagged = ledger
      .filter((r) =>
        rsl.some((t) =>
          t.reasons.some((x) => x.kind === "earlier-stage-lines" && r.edits.some((e) => e.step === x.step)),
        ),
      )
      .map((r) => r.stage);
    if (planted === null) {
      expect(lost).toEqual([]);
      expect(rsl).toEqual([]);
    } else if (planted === "excused") {
      // The ledger says lines were rewritten: lost, or kept because the verdict passes the stage (v4).
      expect(ledger.some((r) => r.changes.length > 0)).toBe(true);
      expect(rsl).toEqual([]);
    } else {
      expect(lost.length).toBeGreaterThan(0);
      expect(tagged).toEqual(lost);
      expect(rsl.some((t) => planted.every((n) => t.steps.includes(n)))).toBe(true);
      const row = ledger.find((r) => r.edits.some((e) => e.step === planted[0]))!;
      expect(row.status).toBe("lost");
      expect(row.changes.map((c) => c.step)).toContain(planted[1]);
    }
  });

  it("E.3 (moto-7343 switched): the patch's foreign files join the finalization's tag with the steps that wrote them", async () => {
    const { cti, taskOf, focus } = await analysisOf(E3);
    expect(cti).toHaveLength(1);
    expect(cti[0]!.position).toBe(19);
    // The planted loop (steps 359, 360) stays; the patch adds the edits that wrote the other tasks' lines,
    // each in an interruption's request (14 steps, in the checkouts of the four other tasks).
    expect(cti[0]!.steps).toEqual(expect.arrayContaining([359, 360]));
    const patchSteps = [
      ...new Set(cti[0]!.reasons.filter((r) => r.kind === "patch-foreign-file").map((r) => r.step)),
    ].sort((a, b) => a - b);
    expect(patchSteps).toEqual([46, 58, 96, 108, 121, 158, 175, 195, 207, 219, 235, 279, 291, 298]);
    expect(patchSteps.every((n) => taskOf(n) !== null && taskOf(n) !== focus)).toBe(true);
    expect(patchSteps.every((n) => cti[0]!.steps.includes(n))).toBe(true);
  });
});
