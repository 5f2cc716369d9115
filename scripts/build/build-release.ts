// One release → public/data/<release_id>/: Arrow IPC + Parquet per table, trajectories, and the JSON that
// the static pages render before any JavaScript runs (computed by the same lib/queries SQL as the browser).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRelease } from "../../lib/data/load-release";
import type { BuiltReleaseMeta, ReleaseIndexEntry, WrittenTable } from "../../lib/data/built";
import type { Problem } from "../../lib/data/schema";
import { releaseTables, TABLES, type TableName } from "../../lib/data/tables";
import { validateRelease } from "../../lib/data/validate";
import { lineOf } from "../../lib/data/record-lines";
import { exportHive } from "../../lib/db/export-hive-node";
import { exportTable } from "../../lib/db/export-node";
import { loadTablesNode } from "../../lib/db/load-node";
import { DERIVED_TABLES } from "../../lib/queries/derive";
import { openNodeDb } from "../../lib/db/node";
import { RUN_INDEX_SQL, runIndexFile, shardRunIndex } from "../../lib/queries/run-context/run-index";
import { PAGE_DATA } from "./page-data";
import { publishPatches, publishTrajectories } from "./publish-trajectories";
import { writeRunContexts } from "./run-context-files";
import { exportStepsShards } from "./steps-shards";
import { STEPS_TABLE } from "../../lib/queries/search/shards";
import { pushAll } from "../../lib/common/arrays";
import { PASS_TABLES, runTrajectoryPass, type PassStats } from "./trajectory-pass/pass";
import { passCacheDir } from "./trajectory-pass/cache-dir";

export interface BuildOutcome {
  problems: Problem[];
  entry: ReleaseIndexEntry | null;
  /** The trajectory pass's counts and time (null: the release did not build). */
  pass: PassStats | null;
}

export async function buildRelease(dir: string, outRoot: string): Promise<BuildOutcome> {
  const loaded = await loadRelease(dir);
  const problems = [...loaded.problems];
  if (loaded.release) pushAll(problems, validateRelease(loaded.release));
  const errors = problems.filter((p) => p.level === "error");
  if (!loaded.release || errors.length > 0) return { problems, entry: null, pass: null };
  const release = loaded.release;
  const meta = release.meta;
  const out = join(outRoot, meta.release_id);
  mkdirSync(out, { recursive: true });

  const db = await openNodeDb();
  let passStats: PassStats | null;
  let disposePass = () => {};
  try {
    await loadTablesNode(db, releaseTables(release));
    // Every trajectory read once, as the viewer reads it (unreadable ones are warnings naming the run), and
    // analysed into the derived tables. A run whose reference the validator refused is not read.
    const refused = new Set(
      problems.filter((p) => p.rule.startsWith("run.trajectory_") && p.record !== undefined).map((p) => p.record!),
    );
    const runLines = new Map(release.runs.map((r) => [r.run_id, lineOf(r)]));
    const passed = await runTrajectoryPass(db, dir, meta.submit_text ?? null, {
      cacheDir: passCacheDir(),
      skip: (id) => refused.has(id),
    });
    passStats = passed.stats;
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
    const tables: WrittenTable[] = [];
    for (const name of Object.keys(TABLES) as TableName[]) tables.push(await exportTable(db, name, out));
    for (const name of DERIVED_TABLES) tables.push(await exportTable(db, name, out));
    // The steps index is too large for one file: it leaves as per-configuration shards (steps-shards.ts).
    for (const name of PASS_TABLES.filter((t) => t !== STEPS_TABLE)) tables.push(await exportTable(db, name, out));
    await exportStepsShards(db, out);
    await exportHive(db, out);

    const trajectories = publishTrajectories(dir, meta.release_id, out);
    publishPatches(dir, out);
    const index = shardRunIndex(await db.query<{ run_id: string; trajectory: string | null }>(RUN_INDEX_SQL));
    mkdirSync(join(out, "run-index"), { recursive: true });
    index.forEach((shard, i) => writeJson(join(out, runIndexFile(i)), shard));
    const context = await writeRunContexts(db, out);

    const rules: Record<string, number> = {};
    for (const p of problems) rules[p.rule] = (rules[p.rule] ?? 0) + 1;
    const built: BuiltReleaseMeta = {
      meta,
      tables,
      trajectories,
      run_context_shards: context.shards,
      validation: { errors: 0, warnings: problems.length, rules },
    };
    writeJson(join(out, "release.json"), built);

    for (const [file, compute] of Object.entries(PAGE_DATA)) writeJson(join(out, file), await compute({ db, release }));
  } finally {
    db.close();
    disposePass();
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

function writeJson(path: string, value: unknown) {
  writeFileSync(path, JSON.stringify(value) + "\n");
}
