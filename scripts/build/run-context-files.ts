// Writes public/data/<release>/run-context/*.json and session-context/*.json (lib/queries/run-context/context.ts):
// the trajectory page's verdict, schedule and usage per run without DuckDB-WASM. Runs go through in batches
// of shards (one batched query per part and batch), so memory stays bounded by a batch, not the release.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NodeDb } from "../../lib/db/node";
import {
  runContextFile,
  runContextJson,
  runContextShard,
  runContextShardCount,
  SESSION_CONTEXT_SHARDS,
  sessionContextFile,
  sessionContexts,
  sessionContextShard,
  type SessionContextShard,
} from "../../lib/queries/run-context/shards";
import { sqlString } from "../../lib/queries/sql";

/** Runs per batch: a batch's rows (tests dominate: ~30 a run) stay a few hundred MB at most. */
const BATCH_RUNS = 20_000;

export async function writeRunContexts(db: NodeDb, out: string): Promise<{ shards: number }> {
  const ids = (await db.query<{ run_id: string }>(`SELECT run_id FROM runs ORDER BY run_id`)).map((r) => r.run_id);
  const shards = runContextShardCount(ids.length);
  const tmp = mkdtempSync(join(tmpdir(), "switch-swe-context-"));
  try {
    const file = join(tmp, "run_shards.jsonl");
    writeFileSync(
      file,
      ids.map((id) => JSON.stringify({ run_id: id, shard: runContextShard(id, shards) })).join("\n") + "\n",
    );
    await db.run(
      `CREATE OR REPLACE TEMP TABLE run_shards AS SELECT * FROM read_json(${sqlString(file)}, format = 'newline_delimited', columns = {'run_id': 'VARCHAR', 'shard': 'INTEGER'})`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const sessionEntries = await sessionContexts(db);
  mkdirSync(join(out, "run-context"), { recursive: true });
  const perBatch = Math.max(1, Math.floor((BATCH_RUNS * shards) / Math.max(1, ids.length)));
  for (let first = 0; first < shards; first += perBatch) {
    const last = Math.min(shards, first + perBatch) - 1;
    await db.run(
      `CREATE OR REPLACE TEMP TABLE context_runs AS SELECT run_id FROM run_shards WHERE shard BETWEEN ${first} AND ${last}`,
    );
    // Entries stay JSON text from DuckDB to the file (lib/queries/run-context/context.ts, RUN_CONTEXT_SQL).
    const files: string[][] = Array.from({ length: last - first + 1 }, () => []);
    for (const { run_id, entry } of await runContextJson(db))
      files[runContextShard(run_id, shards) - first]!.push(`${JSON.stringify(run_id)}:${entry}`);
    files.forEach((parts, i) => writeFileSync(join(out, runContextFile(first + i)), `{${parts.join(",")}}\n`));
  }
  await db.run(`DROP TABLE context_runs; DROP TABLE run_shards`);

  mkdirSync(join(out, "session-context"), { recursive: true });
  const sessions: SessionContextShard[] = Array.from({ length: SESSION_CONTEXT_SHARDS }, () => ({}));
  for (const [id, entry] of sessionEntries) sessions[sessionContextShard(id)]![id] = entry;
  sessions.forEach((shard, i) => writeFileSync(join(out, sessionContextFile(i)), JSON.stringify(shard) + "\n"));
  return { shards };
}
