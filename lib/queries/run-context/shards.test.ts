// The batched run context shards (lib/queries/run-context/shards.ts) against the per-run trajectory SQL it replaces on the
// trajectory page, on real DuckDB over the hand-made release e2e/fixtures/releases/trajcalc (EXPECTED.md there).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../../db/load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import {
  runContexts,
  runContextShardCount,
  scheduleOf,
  sessionContexts,
  stagesOf,
  testsOf,
  workspacesOf,
  type RunContextEntry,
  type SessionContextEntry,
} from "./shards";
import {
  runAnnotationsSql,
  runHeaderSql,
  runScheduleSql,
  runWorkspacesSql,
  verdictStagesSql,
  verdictTestsSql,
} from "../trajectory/sql";

const DIR = "e2e/fixtures/releases/trajcalc";
let db: NodeDb;
let runs: Map<string, RunContextEntry>;
let sessions: Map<string, SessionContextEntry>;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await db.run(`CREATE TEMP TABLE context_runs AS SELECT run_id FROM runs`);
  sessions = await sessionContexts(db);
  runs = await runContexts(db);
});
afterAll(() => db?.close());

describe("batched run context", () => {
  it("has the known answers of the fixture", () => {
    const alpha = runs.get("alpha.s-N1")!;
    // runs.jsonl: alpha's uninterrupted run of N1 is alpha.u-N1 (same repeat 0); 7 requests, 28,000 tokens.
    expect(alpha.header).toMatchObject({
      matched_run_id: "alpha.u-N1",
      matched_condition: "uninterrupted",
      tokens: 28000,
      request_count: 7,
    });
    const beta = runs.get("beta.s-F1")!;
    const schedule = scheduleOf(sessions.get(beta.header.session_id)!, beta);
    // beta.s-F1 ran the first four requests of its seven (EXPECTED.md).
    expect(schedule.map((r) => r.ran)).toEqual([true, true, true, true, false, false, false]);
    expect(schedule[3]).toMatchObject({
      text: "F1 stage 2: change src/io/reader.py (requirement 2)",
      tokens: 4000,
      model_calls: 1,
    });
  });

  it("gives every run exactly the rows of the per-run SQL", async () => {
    const ids = (await db.query<{ run_id: string }>(`SELECT run_id FROM runs ORDER BY run_id`)).map((r) => r.run_id);
    expect(ids.length).toBeGreaterThan(3);
    expect([...runs.keys()]).toEqual(ids);
    for (const id of ids) {
      const run = runs.get(id)!;
      const session = sessions.get(run.header.session_id)!;
      expect(run.header).toEqual((await db.query(runHeaderSql(id)))[0]);
      expect(scheduleOf(session, run)).toEqual(await db.query(runScheduleSql(id)));
      expect(workspacesOf(session, run)).toEqual(await db.query(runWorkspacesSql(id)));
      expect(stagesOf(run)).toEqual(await db.query(verdictStagesSql(id)));
      expect(testsOf(session, run)).toEqual(await db.query(verdictTestsSql(id)));
      expect(run.annotations).toEqual(await db.query(runAnnotationsSql(id)));
    }
  });

  it("keeps about 64 runs a shard", () => {
    expect(runContextShardCount(10)).toBe(64);
    expect(runContextShardCount(4096)).toBe(64);
    expect(runContextShardCount(4097)).toBe(128);
    // 440,000 runs: 8,192 shards of ~54 runs.
    expect(runContextShardCount(440_000)).toBe(8192);
  });
});
