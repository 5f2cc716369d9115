// One release → public/data/<release_id>/: Arrow IPC + Parquet per table, trajectories, and the answers the static
// pages render before any JavaScript runs (each page's model, computed by the same lib/queries code as the browser).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRelease } from "../../lib/data/load-release";
import type { BuiltReleaseMeta, ReleaseIndexEntry, WrittenTable } from "../../lib/data/built";
import type { Problem } from "../../lib/data/schema";
import { releaseTableParts, TABLES } from "../../lib/data/tables";
import { validateRelease } from "../../lib/data/validate";
import { lineOf } from "../../lib/data/record-lines";
import { exportHive } from "../../lib/db/export-hive-node";
import { exportTable } from "../../lib/db/export-node";
import { loadTablesNode } from "../../lib/queries/load-node";
import { DERIVED_TABLES } from "../../lib/queries/derive";
import { openNodeDb } from "../../lib/db/node";
import { publishPatches, publishTrajectories } from "./publish-trajectories";
import { writeAnswers } from "./answers";
import { AHEAD_KEYED, PAGES } from "../../lib/queries/pages";
import { loadTargetFilesNode } from "../../lib/queries/taskflow/files-node";
import { exportStepsShards } from "./steps-shards";
import { STEPS_TABLE } from "../../lib/queries/search/shards";
import { pushAll } from "../../lib/common/arrays";
import { PASS_TABLES, runTrajectoryPass, type PassStats } from "./trajectory-pass/pass";
import { passCacheDir } from "./trajectory-pass/cache-dir";
import { phaseLog } from "./phase-log";
import { addDetectorAccuracy } from "./detector-accuracy";
import { loadFixtureDerived } from "./fixture-derived";

/**
 * DuckDB's memory for one release's build (DATA_DB_MEMORY overrides). The database is a temporary file, so its
 * tables are compressed and what does not fit is read back from disk: the build's peak stays within issue 19's
 * 8 GB at 100× the sample (docs/scale.md) with the JavaScript heap beside it.
 */
const BUILD_DB_MEMORY = process.env.DATA_DB_MEMORY ?? "3GB";

export interface BuildOutcome {
  problems: Problem[];
  entry: ReleaseIndexEntry | null;
  /** The trajectory pass's counts and time (null: the release did not build). */
  pass: PassStats | null;
}

export async function buildRelease(dir: string, outRoot: string): Promise<BuildOutcome> {
  const phase = phaseLog(dir);
  const loaded = await loadRelease(dir);
  phase("loaded");
  const problems = [...loaded.problems];
  if (loaded.release) pushAll(problems, validateRelease(loaded.release));
  phase("validated");
  const errors = problems.filter((p) => p.level === "error");
  if (!loaded.release || errors.length > 0) return { problems, entry: null, pass: null };
  const meta = loaded.release.meta;
  const runLines = new Map(loaded.release.runs.map((r) => [r.run_id, lineOf(r)]));
  const out = join(outRoot, meta.release_id);
  mkdirSync(out, { recursive: true });

  const work = mkdtempSync(join(tmpdir(), "switch-swe-build-"));
  const db = await openNodeDb({ file: join(work, "release.duckdb"), memoryLimit: BUILD_DB_MEMORY });
  let passStats: PassStats | null;
  let disposePass = () => {};
  try {
    await loadTablesNode(db, releaseTableParts(loaded.release));
    await loadTargetFilesNode(db, dir);
    // The records are in DuckDB now, and nothing below reads them: at scale they are most of the heap.
    loaded.release = null;
    phase("tables in DuckDB");
    // Every trajectory read once, as the viewer reads it (unreadable ones are warnings naming the run), and
    // analysed into the derived tables. A run whose reference the validator refused is not read.
    const refused = new Set(
      problems.filter((p) => p.rule.startsWith("run.trajectory_") && p.record !== undefined).map((p) => p.record!),
    );
    const passed = await runTrajectoryPass(db, dir, meta.submit_text ?? null, {
      cacheDir: passCacheDir(),
      skip: (id) => refused.has(id),
    });
    passStats = passed.stats;
    phase("trajectory pass");
    disposePass = () => passed.dispose();
    for (const p of passed.problems) {
      problems.push({
        level: "warning",
        file: "runs.jsonl",
        line: runLines.get(p.runId),
        record: p.runId,
        rule: p.rule,
        message: p.message,
      });
    }
    // A test fixture's hand-set tags in place of the pass's, in a test build only (fixture-derived.ts).
    const handSet = await loadFixtureDerived(db, dir);
    if (handSet.length > 0) console.log(`  hand-set derived tables (test build): ${handSet.join(", ")}`);
    // The detectors' measured accuracy goes with the tags it speaks for (detector-accuracy.ts).
    await addDetectorAccuracy(db);
    const tables: WrittenTable[] = [];
    // The steps index is too large for one file: it leaves as per-configuration shards (steps-shards.ts).
    const passTables = PASS_TABLES.filter((t) => t !== STEPS_TABLE);
    for (const name of [...Object.keys(TABLES), ...DERIVED_TABLES, ...passTables, "detector_accuracy"])
      tables.push(await exportTable(db, name, out));
    phase("tables exported");
    await exportStepsShards(db, out, phase);
    phase("steps shards");
    await exportHive(db, out);
    phase("hive parquet");

    const trajectories = publishTrajectories(dir, meta.release_id, out);
    publishPatches(dir, out);
    phase("trajectories");
    const answers = await writeAnswers(db, AHEAD_KEYED, PAGES, meta, out);
    phase("answers");

    const rules: Record<string, number> = {};
    for (const p of problems) rules[p.rule] = (rules[p.rule] ?? 0) + 1;
    const built: BuiltReleaseMeta = {
      meta,
      tables,
      trajectories,
      answers,
      validation: { errors: 0, warnings: problems.length, rules },
    };
    writeFileSync(join(out, "release.json"), JSON.stringify(built) + "\n");
  } finally {
    db.close();
    disposePass();
    rmSync(work, { recursive: true, force: true });
  }
  return {
    problems,
    pass: passStats,
    entry: {
      release_id: meta.release_id,
      title: meta.title,
      version: meta.version,
      benchmark: meta.benchmark,
      synthetic: meta.synthetic,
    },
  };
}
