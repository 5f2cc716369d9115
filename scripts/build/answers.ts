// Writes public/data/<release>/answers/<space>/<shard>.json (lib/db/answers.ts): the answers of the site's queries
// for the parameters worth answering ahead of time, so a page shows them without starting DuckDB-WASM.
// - Keyed queries (lib/db/query.ts `ahead`): every key of their space, a batch of shards at a time, each batch by
//   one run of the query's own SQL over the batch's keys; memory stays one batch at any release size.
// - Pages (lib/queries/pages.ts): each page model's default state (a derived query: its value is the answer's one
//   row) and each page's cheap interactions, computed by the view's own code on a source that records every query
//   it runs and the raw rows it got.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerIndex } from "../../lib/data/built";
import {
  answerFile,
  answerKey,
  answerShard,
  answerShardCount,
  answerSpace,
  fitShard,
  type AnswerShard,
} from "../../lib/db/answers";
import { EXPORT_FILE_CAP_BYTES } from "../../lib/data/build-limits";
import type { NodeDb } from "../../lib/db/node";
import { keyedRows, shapeRows, type Ahead, type ParamsOf, type Query, type QuerySource } from "../../lib/db/query";
import { sqlString } from "../../lib/db/sql";
import type { Row } from "../../lib/db/types";
import type { ReleaseMeta } from "../../lib/data/schema";
import { pageMeta, type Page } from "../../lib/queries/page";
import { ensureSignatureTablesSql } from "../../lib/queries/signatures/tables";

/** Keys per batch: a batch's rows stay a few hundred MB at most at 100× the sample. */
const BATCH_KEYS = 20_000;

type AnyQuery = Query<never, unknown>;

/** A shard within the export's cap; the keys it left out are answered by the engine on the page (fitShard). */
function writeShard(out: string, space: string, shard: number, entries: AnswerShard): void {
  const { text, left } = fitShard(entries, EXPORT_FILE_CAP_BYTES);
  writeFileSync(join(out, answerFile(space, shard)), text);
  if (left.length > 0)
    console.log(
      `  answers/${space}/${shard}.json: ${left.length} key(s) left to the browser's engine (the file would pass 20 MiB)`,
    );
}

/** The keys of a space in a temporary table `answer_shards (answer_key, shard)`, and each key's shard. */
async function shardKeys(db: NodeDb, ahead: Ahead): Promise<{ shardOf: Map<string, number>; shards: number }> {
  const keys = (await db.query<{ answer_key: string }>(`${ahead.keys} ORDER BY 1`)).map((r) => r.answer_key);
  const shards = answerShardCount(keys.length, ahead.keysPerShard);
  const tmp = mkdtempSync(join(tmpdir(), "switch-swe-answers-"));
  try {
    const file = join(tmp, "keys.jsonl");
    writeFileSync(file, keys.map((k) => JSON.stringify({ answer_key: k, shard: answerShard(k, shards) })).join("\n"));
    await db.run(
      `CREATE OR REPLACE TEMP TABLE answer_shards AS SELECT * FROM read_json(${sqlString(file)}, format = 'newline_delimited', columns = {'answer_key': 'VARCHAR', 'shard': 'INTEGER'})`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { shardOf: new Map(keys.map((k) => [k, answerShard(k, shards)])), shards };
}

/** Raw rows by key (an answer file holds what DuckDB gave; the reader shapes them as a live run would). */
async function rawRowsByKey(db: NodeDb, query: AnyQuery): Promise<Map<string, Row[]>> {
  const { name, tables, sql, ahead } = query as unknown as Query<string, Row>;
  return keyedRows(db, { name, tables, sql, ahead: ahead! }, "answer_keys");
}

async function writeKeyedSpace(db: NodeDb, space: string, queries: AnyQuery[], out: string): Promise<number> {
  const ahead = queries[0]!.ahead!;
  const { shardOf, shards } = await shardKeys(db, ahead);
  mkdirSync(join(out, "answers", space), { recursive: true });
  const batchKeys = ahead.keysPerBatch ?? BATCH_KEYS;
  const perBatch = Math.max(1, Math.floor((batchKeys * shards) / Math.max(1, shardOf.size)));
  for (let first = 0; first < shards; first += perBatch) {
    const last = Math.min(shards, first + perBatch) - 1;
    await db.run(
      `CREATE OR REPLACE TEMP TABLE answer_keys AS SELECT answer_key FROM answer_shards WHERE shard BETWEEN ${first} AND ${last}`,
    );
    const files: AnswerShard[] = Array.from({ length: last - first + 1 }, () => ({}));
    // Only rows are written: the space holds every key, so a reader takes a key or query it lacks as no rows.
    for (const query of queries)
      for (const [key, rows] of await rawRowsByKey(db, query))
        (files[shardOf.get(key)! - first]![key] ??= {})[query.name] = rows;
    files.forEach((entries, i) => writeShard(out, space, first + i, entries));
  }
  await db.run(`DROP TABLE IF EXISTS answer_keys; DROP TABLE answer_shards`);
  return shards;
}

/** Every keyed query by space, each space's queries sharing one key list. */
function keyedSpaces(queries: readonly AnyQuery[]): Map<string, AnyQuery[]> {
  const spaces = new Map<string, AnyQuery[]>();
  for (const q of queries) {
    const list = spaces.get(q.ahead!.space) ?? [];
    const [first] = list;
    if (first && (first.ahead!.keys !== q.ahead!.keys || first.ahead!.keysPerShard !== q.ahead!.keysPerShard))
      throw new Error(`answers: "${q.name}" names other keys than "${list[0]!.name}" in space ${q.ahead!.space}`);
    spaces.set(q.ahead!.space, [...list, q]);
  }
  return spaces;
}

/**
 * A source that runs every query in the build's DuckDB and keeps the raw rows of those a page asked. A derived
 * query's value is kept as its one row; what its code asked is not (a page reads the value, never its parts).
 */
export function recordingSource(db: NodeDb): { source: QuerySource; spaces: Map<string, AnswerShard> } {
  const spaces = new Map<string, AnswerShard>();
  const source: QuerySource = {
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      // A derived query's one row is its value, as the page's source reads it back.
      const raw = query.compute
        ? ((await db.run(query, ...params)) as Row[])
        : await db.query<Row>(query.sql(params[0] as P));
      // Keyed queries are answered for every key by their space; a plan's run of one adds nothing.
      if (!query.ahead) {
        const q = query as unknown as AnyQuery;
        const space = spaces.get(answerSpace(q)) ?? {};
        spaces.set(answerSpace(q), space);
        (space[answerKey(q, params[0])] ??= {})[query.name] = raw;
      }
      return shapeRows(query, [...raw]);
    },
  };
  return { source, spaces };
}

/** A planned space's shards: about 64 KB of JSON each. */
const PLANNED_SHARD_BYTES = 64 * 1024;

function writePlannedSpace(out: string, space: string, entries: AnswerShard): number {
  const keys = Object.keys(entries).sort();
  const bytes = keys.reduce((n, k) => n + JSON.stringify(entries[k]).length, 0);
  const shards = Math.max(1, Math.min(keys.length, Math.ceil(bytes / PLANNED_SHARD_BYTES)));
  const files: AnswerShard[] = Array.from({ length: shards }, () => ({}));
  for (const k of keys) files[answerShard(k, shards)]![k] = entries[k]!;
  mkdirSync(join(out, "answers", space), { recursive: true });
  files.forEach((f, i) => writeShard(out, space, i, f));
  return shards;
}

export async function writeAnswers(
  db: NodeDb,
  keyed: readonly AnyQuery[],
  pages: readonly Page<unknown, never>[],
  meta: ReleaseMeta,
  out: string,
): Promise<AnswerIndex> {
  rmSync(join(out, "answers"), { recursive: true, force: true });
  const index: AnswerIndex = {};
  for (const [space, queries] of keyedSpaces(keyed)) index[space] = await writeKeyedSpace(db, space, queries, out);
  // A release the trajectory pass did not analyse answers its signature panels as unknown, not as an error.
  for (const sql of ensureSignatureTablesSql()) await db.run(sql);
  const recorder = recordingSource(db);
  await answerPages(recorder.source, pages, meta);
  // Sorted: a plan's queries run concurrently, and the index is written byte-identical every time.
  for (const [space, entries] of [...recorder.spaces].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (index[space]) throw new Error(`answers: space ${space} is both keyed and planned`);
    index[space] = writePlannedSpace(out, space, entries);
  }
  return index;
}

/** Every page's default state and cheap interactions, asked of `src` as the pages ask them. */
export async function answerPages(src: QuerySource, pages: readonly Page<unknown, never>[], meta: ReleaseMeta) {
  const m = pageMeta(meta);
  for (const page of pages) {
    if (page.model) await src.run(page.model, m);
    await page.ahead?.(src, m);
  }
}
