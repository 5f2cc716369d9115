// The trajectory pass on real DuckDB over the hand-made trajcalc release (e2e/fixtures/releases/trajcalc,
// EXPECTED.md): 4 trajectories of 15, 14, 9 and 14 steps; the detectors find requirement-state loss in
// alpha.s-N1 (request 3, steps 2 and 8) and cross-task interference in alpha.s-F1 (request 6, step 14), and
// nothing in beta's runs. A second pass over the same files analyses nothing; a changed file is analysed again.
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../../lib/data/load-release";
import { releaseTables } from "../../../lib/data/tables";
import { loadTablesNode } from "../../../lib/queries/load-node";
import { openNodeDb } from "../../../lib/db/node";
import { runTrajectoryPass, type PassOptions } from "./pass";

const tmp = mkdtempSync(join(tmpdir(), "pass-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = join(tmp, "trajcalc");
cpSync("e2e/fixtures/releases/trajcalc", dir, { recursive: true });
const cacheDir = join(tmp, "cache");

async function pass(opts: PassOptions = {}) {
  const { release } = await loadRelease(dir);
  const db = await openNodeDb();
  try {
    await loadTablesNode(db, releaseTables(release!));
    const outcome = await runTrajectoryPass(db, dir, release!.meta.submit_text ?? null, {
      cacheDir,
      threads: 1,
      ...opts,
    });
    const analysis = await db.query(
      "SELECT run_id, readable, steps, warnings, error IS NULL AS ok FROM run_analysis ORDER BY rowid",
    );
    const tags = await db.query(
      "SELECT run_id, signature, position, first_step, evidence_steps, strength FROM signature_tags ORDER BY rowid",
    );
    // The steps index is a view over the pass's Parquet: read what the test needs before its files go.
    const steps = (await db.query<{ n: number }>("SELECT count(*)::INTEGER AS n FROM steps"))[0]!.n;
    outcome.dispose();
    return { ...outcome, analysis, tags, steps };
  } finally {
    db.close();
  }
}

const TAGS = [
  {
    run_id: "alpha.s-F1",
    signature: "cross_task_interference",
    position: 6,
    first_step: 14,
    evidence_steps: "14",
    strength: "strong",
  },
  {
    run_id: "alpha.s-N1",
    signature: "requirement_state_loss",
    position: 3,
    first_step: 2,
    evidence_steps: "2,8",
    strength: "strong",
  },
];

describe("the trajectory pass", () => {
  it("reads every trajectory once and writes run_analysis and the detectors' tags", async () => {
    const first = await pass();
    expect(first.stats).toMatchObject({ runs: 4, analyzed: 4, cached: 0, unreadable: 0 });
    expect(first.analysis).toEqual([
      { run_id: "alpha.s-F1", readable: true, steps: 15, warnings: 0, ok: true },
      { run_id: "alpha.s-N1", readable: true, steps: 14, warnings: 0, ok: true },
      { run_id: "beta.s-F1", readable: true, steps: 9, warnings: 0, ok: true },
      { run_id: "beta.s-N1", readable: true, steps: 14, warnings: 0, ok: true },
    ]);
    expect(first.tags).toEqual(TAGS);
    // One steps-index row per step: 15 + 14 + 9 + 14, read through the view over the pass's Parquet.
    expect(first.steps).toBe(52);
    expect(first.problems).toEqual([]);
  });

  it("takes an unchanged trajectory from the cache, and analyses a changed one again", async () => {
    const again = await pass();
    expect(again.stats).toMatchObject({ analyzed: 0, cached: 4 });
    expect(again.tags).toEqual(TAGS);
    writeFileSync(join(dir, "trajectories/beta.s-F1.json"), "{ not json");
    const changed = await pass();
    expect(changed.stats).toMatchObject({ analyzed: 1, cached: 3, unreadable: 1 });
    expect(changed.analysis[2]).toEqual({ run_id: "beta.s-F1", readable: false, steps: 0, warnings: 0, ok: false });
    expect(changed.problems).toHaveLength(1);
    expect(changed.problems[0]).toMatchObject({ runId: "beta.s-F1", rule: "run.trajectory_unreadable" });
    expect(changed.problems[0]!.message).toContain("trajectories/beta.s-F1.json");
    expect(changed.tags).toEqual(TAGS);
  });

  it("gives the same tables from two worker threads, with no cache", async () => {
    const threaded = await pass({ threads: 2, cacheDir: null });
    expect(threaded.stats).toMatchObject({ runs: 4, analyzed: 4, cached: 0 });
    expect(threaded.tags).toEqual(TAGS);
    expect(threaded.analysis.map((r) => r.run_id)).toEqual(["alpha.s-F1", "alpha.s-N1", "beta.s-F1", "beta.s-N1"]);
  });

  it("analyses a run again when its patch changes (the patch's hash is in the cache key)", async () => {
    // beta.s-F1 was made unreadable above: unreadable results are never cached, so it is analysed every time.
    const before = await pass();
    expect(before.stats).toMatchObject({ analyzed: 1, cached: 3 });
    appendFileSync(join(dir, "patches/alpha.s-N1.diff"), " # a changed submission\n");
    const after = await pass();
    expect(after.stats).toMatchObject({ analyzed: 2, cached: 2 });
    expect(after.tags).toEqual(TAGS);
  });
});
