// The detectors on every trajectory of the bundled sample release, read through the same SQL as the page.
// The sample plants both trace signatures (scripts/sample/trajectory.ts) and annotates six of them; the
// others are recorded in data/ground-truth/sample/signatures.jsonl (measured in full by `npm run bench`,
// docs/detectors.md). The detectors never see either, so agreement here is independent evidence.
import { existsSync, readFileSync } from "node:fs";
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb, type NodeDb } from "../db/node";
import { runAnnotationsQuery, runHeaderQuery, verdictTestsQuery } from "../queries/trajectory/run.sql";
import {
  toAnnotationInputs,
  toRequestInfo,
  toVerdictTests,
  trajectoryRunsSql,
  type TrajectoryRunRow,
} from "../queries/trajectory/sql";
import { readTrajectory } from "./chain";
import { detectCrossTaskInterference } from "./detect-cross-task";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { segmentSteps } from "./segment";
import { annotationTags, type SignatureTag } from "./tags";
import { runBasics } from "../queries/trajectory/run";

const DIR = "data/releases/sample";
const TRUTH = "data/ground-truth/sample/signatures.jsonl";
/** run id + signature of every planted case (near misses excluded: a tag there is a false positive). */
const planted = new Set(
  readFileSync(TRUTH, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { run_id: string; signature: string; planted: boolean })
    .filter((c) => c.planted)
    .map((c) => `${c.run_id} ${c.signature}`),
);
let db: NodeDb;
let submitText: string | null = null;
const archives = new ArchiveCache();

/**
 * Every annotated run, and every 25th other run in release order: the whole release (4,398 trajectories) is
 * the build's pass; a unit test reads a fixed, spread-out share of the unplanted ones.
 */
async function checkedRuns(): Promise<TrajectoryRunRow[]> {
  const runs = (await db.query<TrajectoryRunRow>(trajectoryRunsSql())).filter((r) => r.trajectory !== null);
  return runs.filter((r, i) => r.requirement_state_loss + r.cross_task_interference > 0 || i % 25 === 0);
}

describe.skipIf(!existsSync(`${DIR}/annotations.jsonl`))("sample release trajectories", () => {
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

  async function analyze(run: TrajectoryRunRow) {
    const t = readTrajectory(
      JSON.parse(new TextDecoder().decode(await readReleaseFile(DIR, run.trajectory!, archives))) as unknown,
    );
    const schedule = (await runBasics(db, run.run_id)).schedule.map((r) => toRequestInfo(r, submitText));
    const workspaces = Object.fromEntries(
      (await runBasics(db, run.run_id)).workspaces.map((w) => [w.workspace, w.task_id]),
    );
    const verdict = toVerdictTests(await db.run(verdictTestsQuery, run.run_id));
    const [header] = await db.run(runHeaderQuery, run.run_id);
    const segmentation = segmentSteps(t.steps, schedule);
    const input = { steps: t.steps, segmentation, focusTaskId: header!.focus_task_id, workspaces, verdict };
    const detected = [...detectCrossTaskInterference(input), ...detectRequirementStateLoss(input)].filter(
      (x) => x.strength === "strong",
    );
    const annotated = annotationTags(toAnnotationInputs(await db.run(runAnnotationsQuery, run.run_id)), t.steps);
    return { t, segmentation, detected, annotated };
  }

  const overlaps = (a: SignatureTag, b: SignatureTag) =>
    a.signature === b.signature && a.position === b.position && a.steps.some((n) => b.steps.includes(n));

  it(
    "reads every trajectory without warnings and matches every user step to its request",
    { timeout: 240_000 },
    async () => {
      const runs = await checkedRuns();
      expect(runs.length).toBeGreaterThanOrEqual(150);
      for (const run of runs) {
        const { t, segmentation } = await analyze(run);
        expect(t.warnings, run.run_id).toEqual([]);
        expect(segmentation.mismatches, run.run_id).toEqual([]);
      }
    },
  );

  it(
    "finds each annotated signature on its evidence steps, and no strong tag elsewhere",
    { timeout: 240_000 },
    async () => {
      const runs = await checkedRuns();
      const signatures = new Set<string>();
      for (const run of runs) {
        const { detected, annotated } = await analyze(run);
        for (const a of annotated) {
          expect(a.unknownStepIds, run.run_id).toBeUndefined();
          expect(
            detected.some((d) => overlaps(d, a)),
            `${run.run_id}: ${a.signature} at request ${a.position}`,
          ).toBe(true);
          signatures.add(a.signature);
        }
        for (const d of detected)
          expect(
            annotated.some((a) => overlaps(d, a)) || planted.has(`${run.run_id} ${d.signature}`),
            `${run.run_id}: unplanted ${d.note}`,
          ).toBe(true);
      }
      expect([...signatures].sort()).toEqual(["cross_task_interference", "requirement_state_loss"]);
    },
  );
});
