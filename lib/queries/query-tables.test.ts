// Every query object names exactly the tables its SQL reads (lib/db/query.ts): a browser source loads only
// those, so a table left out fails the view and one too many is fetched for nothing. Each query runs on the
// hand-computed release (e2e/fixtures/releases/handcalc) in a database that holds views of its declared tables
// only: it must run there, and must fail once any one of them is taken away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { loadDerivedNode } from "./load-derived-node";
import { loadTablesNode } from "./load-node";
import { loadTargetFilesNode } from "./taskflow/files-node";
import { openNodeDb, type NodeDb } from "../db/node";
import { STEPS_INDEX_COLUMNS } from "../trajectory/steps-index";
import * as compare from "./compare/sql";
import * as cost from "./cost/sql";
import * as costFailures from "./cost/failures.sql";
import * as costSession from "./cost/session.sql";
import * as costTasks from "./cost/tasks.sql";
import * as leaderboard from "./leaderboard/sql";
import * as localUnion from "./local/union.sql";
import type { Query } from "../db/query";
import * as prevalence from "./signatures/prevalence.sql";
import * as accuracy from "./signatures/accuracy.sql";
import * as audit from "./signatures/audit.sql";
import * as signatures from "./signatures/rates.sql";
import { STEP_INDEX_TABLES_SQL } from "./search/index-tables";
import * as stepSearch from "./search/sql";
import * as trajectory from "./trajectory/sql";
import * as runQueries from "./trajectory/run.sql";
import * as runList from "./trajectory/run-list";
import * as catalog from "./catalog/sql";
import * as profile from "./profile/sql";
import * as taskflow from "./taskflow/sql";
import * as uncertainty from "./uncertainty/sql";
import * as resumption from "./resumption/sql";

const MODULES = [
  compare,
  cost,
  costFailures,
  costSession,
  costTasks,
  leaderboard,
  localUnion,
  prevalence,
  accuracy,
  audit,
  signatures,
  stepSearch,
  trajectory,
  runQueries,
  runList,
  catalog,
  profile,
  taskflow,
  uncertainty,
  resumption,
];

// A derived query (lib/db/query.ts defineDerived) reads no table itself: its queries are each checked here.
const isQuery = (v: unknown): v is Query<unknown, unknown> =>
  typeof v === "object" && v !== null && "name" in v && "tables" in v && "sql" in v && !("compute" in v);

const QUERIES = MODULES.flatMap((m) => Object.values(m).filter(isQuery));

const baseline = "uninterrupted";
const pair = { a: "alpha", b: "beta", condition: "switched", baseline, gapCondition: "switched" };
const bins = { lo: 0, width: 1000, count: 10 };
const RUN = "alpha.s-N1";
const SESSION = "s-N1";
/** Parameters each query is run with, by name (a new query without an entry fails the first test). */
const PARAMS: Record<string, unknown> = {
  configs: undefined,
  repositories: undefined,
  resolution: { repos: ["acme/widgets"] },
  "resolution of a task subset": { repos: ["acme/widgets"], taskIds: ["N1", "F2"] },
  "task scores": {},
  "configuration task repeats": "alpha",
  "task repeats": undefined,
  "focus returns": { baseline },
  "interruption completion": { baseline },
  "repository gaps": { baseline },
  "compare table": { pair },
  "compare pairs": { pair },
  "compare runs": { a: "alpha", b: "beta" },
  "compare cost": { baseline, a: "alpha", b: "beta" },
  "compare signatures": { a: "alpha", b: "beta" },
  "cost scopes": { baseline },
  "cost failures": undefined,
  "session usage": { baseline, pick: { configId: "alpha", sessionId: "s-N1", repeat: 0 } },
  sessions: undefined,
  "default session": { baseline },
  "task cost range": { baseline, mode: "cached" },
  "task cost histogram": { baseline, mode: "uncached", bins },
  "task cost summary": { baseline, mode: "cached" },
  "task cost bin": { baseline, mode: "cached", bins, sel: { configId: "alpha", condition: "switched", bin: 1 } },
  "signature rates": {},
  prevalence: {},
  "prevalence pairs": { baseline },
  "prevalence outcomes": { outcome: "resolved" },
  "cell runs": {
    configId: "alpha",
    condition: "switched",
    grp: "overall",
    signature: "requirement_state_loss",
    strength: "strong",
  },
  detectors: undefined,
  "detector accuracy": undefined,
  "annotation authors": undefined,
  "detector agreement": undefined,
  "detector audit": undefined,
  "detector tagged share": undefined,
  "run header": RUN,
  "run usage": RUN,
  "session requests": SESSION,
  "session workspaces": SESSION,
  "run annotations": RUN,
  "verdict stages": RUN,
  "verdict tests": RUN,
  "trajectory run page": { offset: 1, limit: 2 },
  "trajectory run count": undefined,
  "run patch": RUN,
  "session task files": SESSION,
  "focus stages": SESSION,
  "step search": { search: { ...stepSearch.EMPTY_SEARCH, q: "git" }, after: { run: 1, step: 2 }, limit: 10 },
  // A step-level filter: without one the counts need no step_contexts (the query names the tables of any search).
  "search by configuration": { search: { ...stepSearch.EMPTY_SEARCH, q: "git", kind: "focus" }, configs: ["a"] },
  "unmatched local runs": ["local:alpha", "beta"],
  "catalog tasks": undefined,
  "catalog scores": undefined,
  "task stages": undefined,
  "task requests": undefined,
  "task runs": undefined,
  "task titles": undefined,
  "profile totals": undefined,
  "profile medians": undefined,
  "profile distributions": undefined,
  "profile repositories": undefined,
  "task flow labels": undefined,
  "task flow targets": undefined,
  "configuration runs": "alpha",
  "run list configurations": undefined,
  "run list first page": undefined,
};

let db: NodeDb;
let views = 0;

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/handcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadDerivedNode(db, "lib/queries/fixtures/signature-prevalence");
  await loadTargetFilesNode(db, "e2e/fixtures/releases/handcalc");
  const cols = Object.entries(STEPS_INDEX_COLUMNS).map(([k, t]) => `"${k}" ${t}`);
  await db.run(`CREATE TABLE steps (${cols.join(", ")})`);
  // The search's own tables, derived from the (empty) steps index as the build derives them.
  for (const sql of STEP_INDEX_TABLES_SQL) await db.run(sql);
});
afterAll(() => db?.close());

/** Runs the query's SQL in a database of views over `tables` only; the error message, or null when it ran. */
async function runWith(q: Query<unknown, unknown>, tables: readonly string[]): Promise<string | null> {
  const name = `only_${++views}`;
  await db.run(`ATTACH ':memory:' AS ${name}`);
  for (const t of tables) await db.run(`CREATE VIEW ${name}.main.${t} AS SELECT * FROM memory.main.${t}`);
  await db.run(`USE ${name}`);
  try {
    await db.query(q.sql(PARAMS[q.name]));
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await db.run("USE memory");
    await db.run(`DETACH ${name}`);
  }
}

describe("query objects", () => {
  it("are all here, each with parameters to run with", () => {
    expect(QUERIES.length).toBe(Object.keys(PARAMS).length);
    for (const q of QUERIES) expect(Object.keys(PARAMS), q.name).toContain(q.name);
  });

  it.each(QUERIES.map((q) => [q.name, q] as const))("%s runs with only the tables it names", async (_, q) => {
    expect(await runWith(q, q.tables)).toBeNull();
  });

  it.each(QUERIES.map((q) => [q.name, q] as const))("%s needs every table it names", async (_, q) => {
    for (const t of q.tables)
      expect(
        await runWith(
          q,
          q.tables.filter((x) => x !== t),
        ),
        `${q.name} without ${t}`,
      ).toMatch(/Catalog Error.*does not exist/);
  });
});
