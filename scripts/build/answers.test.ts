// Every answer the build writes ahead of time equals a live DuckDB run of the same query with the same
// parameters: on the hand-made releases for every key, and on the bundled sample for every keyed query over a
// spread of its keys (every 23rd, so every shard is read), and for every declared page (lib/queries/pages.ts) its
// model's default state and every answer of its cheap interactions. A new page is covered by its declaration.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { answerFile, answerKey, answerShard, answerSpace, type AnswerShard } from "../../lib/db/answers";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import { shapeRows, type Query } from "../../lib/db/query";
import type { AnswerIndex } from "../../lib/data/built";
import type { ReleaseMeta } from "../../lib/data/schema";
import { AHEAD_KEYED, PAGES } from "../../lib/queries/pages";
import { pageMeta } from "../../lib/queries/page";
import { loadTablesNode } from "../../lib/queries/load-node";
import { loadTargetFilesNode } from "../../lib/queries/taskflow/files-node";
import { answerPages, recordingSource, writeAnswers } from "./answers";

type AnyQuery = Query<never, unknown>;

interface Built {
  db: NodeDb;
  out: string;
  index: AnswerIndex;
  meta: ReleaseMeta;
}

async function build(dir: string): Promise<Built> {
  const loaded = await loadRelease(dir);
  const db = await openNodeDb();
  await loadTablesNode(db, releaseTables(loaded.release!));
  await loadTargetFilesNode(db, dir);
  const out = mkdtempSync(join(tmpdir(), "answers-test-"));
  const meta = loaded.release!.meta;
  const index = await writeAnswers(db, AHEAD_KEYED, PAGES, meta, out);
  return { db, out, index, meta };
}

/** The rows a shard holds for this query and parameters, undefined when it names none. */
function rawAnswer(b: Built, query: AnyQuery, params: unknown): unknown[] | undefined {
  const space = answerSpace(query);
  const key = answerKey(query, params);
  const file = join(b.out, answerFile(space, answerShard(key, b.index[space]!)));
  const shard = JSON.parse(readFileSync(file, "utf8")) as AnswerShard;
  const rows = shard[key]?.[query.name];
  return rows && shapeRows(query, rows);
}

/** What the published source answers from the files: a keyed space's shards hold every key, so none is no rows. */
function answered(b: Built, query: AnyQuery, params: unknown): unknown[] | undefined {
  return rawAnswer(b, query, params) ?? (query.ahead ? [] : undefined);
}

async function keysOf(db: NodeDb, query: AnyQuery): Promise<string[]> {
  return (await db.query<{ answer_key: string }>(`${query.ahead!.keys} ORDER BY 1`)).map((r) => r.answer_key);
}

async function expectKeyedAnswers(b: Built, every: number): Promise<number> {
  let checked = 0;
  for (const query of AHEAD_KEYED) {
    const keys = (await keysOf(b.db, query)).filter((_, i) => i % every === 0);
    expect(keys.length, query.name).toBeGreaterThan(0);
    for (const key of keys) {
      const live = await b.db.run(query as Query<string, unknown>, key);
      expect(answered(b, query, key), `${query.name} ${key}`).toEqual(live);
      checked++;
    }
  }
  return checked;
}

/** Every page model's default state, against its code run again on DuckDB (as JSON: what the page reads). */
async function expectPageModels(b: Built): Promise<number> {
  let checked = 0;
  for (const page of PAGES.filter((p) => p.model)) {
    const [live] = await b.db.run(page.model!, pageMeta(b.meta));
    expect(live, page.name).toBeDefined();
    expect(answered(b, page.model!, pageMeta(b.meta)), page.name).toEqual([JSON.parse(JSON.stringify(live))]);
    checked++;
  }
  return checked;
}

/** Every answer a page's cheap interactions write, against the query run again with the parameters they gave it. */
async function expectPlannedAnswers(b: Built): Promise<void> {
  const asked: { query: AnyQuery; params: unknown }[] = [];
  const recorder = recordingSource(b.db);
  const spy = {
    run<P, R>(query: Query<P, R>, ...params: [P] extends [void] ? [] : [P]): Promise<R[]> {
      if (!query.ahead && !query.compute) asked.push({ query, params: params[0] });
      return recorder.source.run(query, ...params);
    },
  };
  await answerPages(spy, PAGES, b.meta);
  for (const { query, params } of asked) {
    const live = shapeRows(query, await b.db.query(query.sql(params as never)));
    expect(answered(b, query, params), query.name).toEqual(live);
  }
}

for (const [name, dir, every] of [
  ["trajcalc", "e2e/fixtures/releases/trajcalc", 1],
  ["handcalc", "e2e/fixtures/releases/handcalc", 1],
  ["the sample", "data/releases/sample", 23],
] as const) {
  describe(`answers ahead of time: ${name}`, () => {
    let b: Built;
    beforeAll(async () => {
      b = await build(dir);
    }, 120_000);
    afterAll(() => {
      b.db.close();
      rmSync(b.out, { recursive: true, force: true });
    });

    it("every keyed query's answer equals a live run, for every key it checks", async () => {
      expect(await expectKeyedAnswers(b, every)).toBeGreaterThan(0);
    }, 120_000);

    it("every declared page's model answers its default state as a live run computes it", async () => {
      expect(await expectPageModels(b)).toBe(PAGES.filter((p) => p.model).length);
    }, 120_000);

    it("every answer of the pages' cheap interactions equals a live run", async () => {
      await expectPlannedAnswers(b);
    }, 120_000);

    it("writes exactly the shards its index names", () => {
      for (const [space, shards] of Object.entries(b.index))
        expect(readdirSync(join(b.out, "answers", space)).length, space).toBe(shards);
    });
  });
}

it("a keyed space holds every key: an id the release lacks is absent from its shard, and live runs say nothing of it", async () => {
  const b = await build("e2e/fixtures/releases/trajcalc");
  try {
    const header = AHEAD_KEYED.find((q) => q.name === "run header")!;
    expect(rawAnswer(b, header, "no-such-run")).toBeUndefined();
    for (const query of AHEAD_KEYED) expect(await b.db.run(query as Query<string, unknown>, "no-such-run")).toEqual([]);
    const [some] = await keysOf(b.db, header);
    expect(answered(b, header, some)).toHaveLength(1);
  } finally {
    b.db.close();
    rmSync(b.out, { recursive: true, force: true });
  }
});
