// One release → public/data/<release_id>/: Arrow IPC + Parquet per table, trajectories, and the JSON that
// the static pages render before any JavaScript runs (computed by the same lib/queries SQL as the browser).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRelease } from "../../lib/data/load-release";
import type { BuiltReleaseMeta, ReleaseIndexEntry, WrittenTable } from "../../lib/data/built";
import type { Problem } from "../../lib/data/schema";
import { releaseTables, TABLES, type TableName } from "../../lib/data/tables";
import { validateReleaseOnDisk } from "../../lib/data/validate-trajectories";
import { exportTable } from "../../lib/db/export-node";
import { loadTablesNode } from "../../lib/db/load-node";
import { DERIVED_TABLES } from "../../lib/queries/derive";
import { openNodeDb } from "../../lib/db/node";
import { RUN_INDEX_SQL, runIndexFile, shardRunIndex } from "../../lib/queries/run-index";
import { PAGE_DATA } from "./page-data";
import { publishPatches, publishTrajectories } from "./publish-trajectories";
import { pushAll } from "../../lib/data/arrays";

export async function buildRelease(dir: string, outRoot: string): Promise<{ problems: Problem[]; entry: ReleaseIndexEntry | null }> {
  const loaded = await loadRelease(dir);
  const problems = [...loaded.problems];
  const checked = loaded.release ? await validateReleaseOnDisk(loaded.release) : null;
  pushAll(problems, checked?.problems ?? []);
  const errors = problems.filter((p) => p.level === "error");
  if (!loaded.release || errors.length > 0) return { problems, entry: null };
  const release = loaded.release;
  const meta = release.meta;
  const out = join(outRoot, meta.release_id);
  mkdirSync(out, { recursive: true });

  const db = await openNodeDb();
  try {
    await loadTablesNode(db, releaseTables(release));
    const tables: WrittenTable[] = [];
    for (const name of Object.keys(TABLES) as TableName[]) tables.push(await exportTable(db, name, out));
    for (const name of DERIVED_TABLES) tables.push(await exportTable(db, name, out));

    const trajectories = publishTrajectories(dir, meta.release_id, out);
    publishPatches(dir, out);
    const index = shardRunIndex(await db.query<{ run_id: string; trajectory: string | null }>(RUN_INDEX_SQL));
    mkdirSync(join(out, "run-index"), { recursive: true });
    index.forEach((shard, i) => writeJson(join(out, runIndexFile(i)), shard));

    const rules: Record<string, number> = {};
    for (const p of problems) rules[p.rule] = (rules[p.rule] ?? 0) + 1;
    const built: BuiltReleaseMeta = {
      meta, tables, trajectories,
      validation: { errors: 0, warnings: problems.length, rules },
    };
    writeJson(join(out, "release.json"), built);

    for (const [file, compute] of Object.entries(PAGE_DATA)) writeJson(join(out, file), await compute({ db, release }));
  } finally {
    db.close();
  }
  return {
    problems,
    entry: { release_id: meta.release_id, title: meta.title, version: meta.version, benchmark: meta.benchmark, synthetic: meta.synthetic },
  };
}

function writeJson(path: string, value: unknown) {
  writeFileSync(path, JSON.stringify(value) + "\n");
}
