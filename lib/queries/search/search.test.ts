// Step search on real DuckDB: the trajcalc fixture release's runs, sessions and configs, and a hand-made
// steps table of exactly the index's columns (lib/trajectory/steps-index.ts), split into the search's tables
// by lib/queries/search/index-tables.ts. Expected hits are worked out
// row by row in the comments.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { STEPS_INDEX_COLUMNS } from "../../trajectory/steps-index";
import {
  EMPTY_SEARCH,
  SEARCH_TOOLS_SQL,
  searchByConfigSql,
  stepSearchSql,
  type HitKey,
  type SearchConfigRow,
  type StepHitRow,
  type StepSearch,
} from "./sql";
import { sqlString } from "../../db/sql";
import { STEP_INDEX_TABLES_SQL, stepsViewSql } from "./index-tables";
import { searchFiles, type StepsManifest } from "./shards";

let db: NodeDb;

// run_id, step, position, kind, task, checkout, other, source, tools, command, paths, message, observation
const STEPS: [
  string,
  number,
  number | null,
  string | null,
  string | null,
  string | null,
  boolean,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
][] = [
  ["alpha.s-N1", 3, 0, "focus", "N1", "/work/w00", false, "agent", "bash", "git -C /work/w00 diff", null, null, null],
  [
    "alpha.s-N1",
    5,
    1,
    "interruption",
    "I1",
    "/work/w01",
    false,
    "agent",
    "bash",
    "cd /work/w01 && ls",
    null,
    null,
    null,
  ],
  [
    "alpha.s-N1",
    8,
    2,
    "focus",
    "N1",
    "/work/w01",
    true,
    "agent",
    "bash",
    "cat /work/w01/x.py",
    null,
    null,
    "def x(): pass",
  ],
  [
    "alpha.s-F1",
    2,
    5,
    "finalization",
    "F1",
    "/work/w00,/work/w01",
    true,
    "agent",
    "bash",
    'for d in /work/w00 /work/w01; do git -C "$d" diff; done',
    null,
    null,
    null,
  ],
  ["alpha.s-F1", 3, 5, "finalization", "F1", "/work/w00", false, "agent", null, null, null, "Git Diff reviewed", null],
  ["beta.s-N1", 4, 0, "focus", "N1", "/work/w00", false, "agent", "edit", null, "/work/w00/src/a.py", null, "ok"],
  [
    "beta.s-F1",
    2,
    5,
    "finalization",
    "F1",
    "/work/w00",
    false,
    "agent",
    "bash",
    "git -C /work/w00 diff --stat",
    null,
    null,
    null,
  ],
];

const lit = (v: string | number | boolean | null) =>
  v === null ? "NULL" : typeof v === "string" ? sqlString(v) : String(v);

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/trajcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await db.run(
    `CREATE TABLE steps (${Object.entries(STEPS_INDEX_COLUMNS)
      .map(([k, t]) => `${k} ${t}`)
      .join(", ")})`,
  );
  for (const [run, step, pos, kind, task, checkout, other, source, tools, command, paths, message, obs] of STEPS) {
    const m = message ?? "";
    const o = obs ?? "";
    await db.run(
      `INSERT INTO steps VALUES (${[run, step, pos, kind, task, checkout, other, source, tools, tools ? 1 : 0, command, paths, message, m.length, obs, o.length].map(lit).join(", ")})`,
    );
  }
  // The search reads the tables the build derives from `steps` (the same SQL as scripts/build/steps-shards.ts).
  for (const sql of STEP_INDEX_TABLES_SQL) await db.run(sql);
});
afterAll(() => db?.close());

const search = (f: Partial<StepSearch>) => db.query<StepHitRow>(stepSearchSql({ ...EMPTY_SEARCH, ...f }));
const hits = async (f: Partial<StepSearch>) => (await search(f)).map((r) => `${r.run_id}#${r.step}`);
const byConfig = async (f: Partial<StepSearch>) =>
  (await db.query<SearchConfigRow>(searchByConfigSql({ ...EMPTY_SEARCH, ...f }))).map((r) => [
    r.config_id,
    r.matching_runs,
    r.matching_steps,
    r.runs,
  ]);

describe("step search", () => {
  it("matches literals case-insensitively in every field", async () => {
    // "git diff" is only in alpha.s-F1#3's message ("Git Diff reviewed"); the commands have "-C <dir>" between.
    expect(await hits({ q: "git diff" })).toEqual(["alpha.s-F1#3"]);
    expect(await hits({ q: ".py", field: "paths" })).toEqual(["beta.s-N1#4"]);
    expect(await hits({ q: ".py", field: "command" })).toEqual(["alpha.s-N1#8"]);
    expect(await hits({ q: "PASS", field: "text" })).toEqual(["alpha.s-N1#8"]);
  });

  it("matches regular expressions and counts matching runs per configuration", async () => {
    const f = { q: "git -C \\S+ diff", mode: "regex" as const, field: "command" as const };
    expect(await hits(f)).toEqual(["alpha.s-F1#2", "alpha.s-N1#3", "beta.s-F1#2"]);
    // alpha: 2 runs with a trajectory, both match (one step each); beta: 2 runs, beta.s-F1 matches.
    expect(await byConfig(f)).toEqual([
      ["alpha", 2, 2, 2],
      ["beta", 1, 1, 2],
    ]);
    expect(await byConfig({ ...f, kind: "finalization" })).toEqual([
      ["alpha", 1, 1, 2],
      ["beta", 1, 1, 2],
    ]);
  });

  it("filters by request kind, other checkout, tool, outcome, condition and repository", async () => {
    expect(await hits({ kind: "focus", other: true })).toEqual(["alpha.s-N1#8"]);
    expect(await hits({ tool: "edit" })).toEqual(["beta.s-N1#4"]);
    expect(await hits({ tool: "bash", config: "beta" })).toEqual(["beta.s-F1#2"]);
    // beta.s-N1 is the only resolved run with a trajectory: alpha has none in scope, beta one.
    expect(await byConfig({ q: "diff", outcome: "resolved" })).toEqual([["beta", 0, 0, 1]]);
    expect(await hits({ q: "ok", outcome: "resolved" })).toEqual(["beta.s-N1#4"]);
    expect(await byConfig({ condition: "uninterrupted" })).toEqual([]);
    expect(await hits({ repo: "acme/widgets", q: "ls" })).toEqual(["alpha.s-N1#5"]);
    expect(await hits({ repo: "other/repo" })).toEqual([]);
  });

  it("escapes the query as a string literal and lists the tools", async () => {
    expect(await hits({ q: "'; DROP TABLE steps; --" })).toEqual([]);
    expect((await db.query<{ tool: string }>(SEARCH_TOOLS_SQL)).map((r) => r.tool)).toEqual(["bash", "edit"]);
  });

  it("pages through the hits in (run, step) order: pages of two give the whole list once", async () => {
    // "diff" matches 4 commands and 1 message: alpha.s-F1#2, alpha.s-F1#3 (message), alpha.s-N1#3, beta.s-F1#2
    // (runs are numbered in configuration then run id order: alpha.s-F1 < alpha.s-N1 < beta.s-F1).
    const f = { ...EMPTY_SEARCH, q: "diff" };
    const all = ["alpha.s-F1#2", "alpha.s-F1#3", "alpha.s-N1#3", "beta.s-F1#2"];
    const page = (after: HitKey | null) => db.query<StepHitRow>(stepSearchSql(f, after, 2));
    const first = await page(null);
    expect(first.map((r) => `${r.run_id}#${r.step}`)).toEqual(all.slice(0, 2));
    // alpha.s-F1 has both its hits on this page; the counts are of the run's hits in all, on any page.
    expect(first.map((r) => r.run_steps)).toEqual([2, 2]);
    const last = first[first.length - 1]!;
    const second = await page({ run: last.run, step: last.step });
    expect(second.map((r) => `${r.run_id}#${r.step}`)).toEqual(all.slice(2));
    expect((await page({ run: first[0]!.run, step: 2 })).map((r) => [r.run_id, r.run_steps])).toEqual([
      ["alpha.s-F1", 2],
      ["alpha.s-N1", 1],
    ]);
    const l2 = second[second.length - 1]!;
    expect(await page({ run: l2.run, step: l2.step })).toEqual([]);
  });

  it("returns the run's facts beside each hit", async () => {
    const [r] = await search({ q: "/work/w00/src/a.py" });
    expect(r).toMatchObject({
      run_id: "beta.s-N1",
      config_id: "beta",
      condition: "switched",
      focus_task_id: "N1",
      repo: "acme/widgets",
      resolved: true,
      step: 4,
      request_kind: "focus",
    });
  });
});

describe("the search's tables", () => {
  it("hold each distinct text once and give back the flat table exactly (the console's steps view)", async () => {
    // Of the 7 steps, 5 have a command, all different (alpha.s-F1#3 and beta.s-N1#4 have none); one message
    // ("Git Diff reviewed"), two observations ("def x(): pass", "ok"), one edited path.
    const texts = await db.query<{ field: string; n: number }>(
      "SELECT field, count(*)::INTEGER AS n FROM step_texts GROUP BY field ORDER BY field",
    );
    expect(texts).toEqual([
      { field: "command", n: 5 },
      { field: "message", n: 1 },
      { field: "observation", n: 2 },
      { field: "paths", n: 1 },
    ]);
    await db.run(stepsViewSql("steps_again"));
    const diff = await db.query<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM ((SELECT * FROM steps EXCEPT ALL SELECT * FROM steps_again)
        UNION ALL (SELECT * FROM steps_again EXCEPT ALL SELECT * FROM steps))`,
    );
    expect(diff[0]!.n).toBe(0);
    expect((await db.query<{ n: number }>("SELECT count(*)::INTEGER AS n FROM steps_again"))[0]!.n).toBe(STEPS.length);
  });

  it("a search loads the texts it shows and those it matches in, and its configurations' shards", () => {
    const f = (file: string) => ({ file, rows: 1, bytes: 1 });
    const m: StepsManifest = {
      table: "steps",
      rows: 2,
      shards: [
        { ...f("steps/00.arrow"), config_id: "alpha" },
        { ...f("steps/01.arrow"), config_id: "beta" },
      ],
      texts: (["command", "paths", "message", "observation"] as const).map((field) => ({
        ...f(`steps/texts-${field}.arrow`),
        field,
      })),
      runs: f("steps/runs.arrow"),
      contexts: f("steps/contexts.arrow"),
      tools: [],
      parquetBytes: 0,
      grams: null,
    };
    const files = (configs: string[], matched: Parameters<typeof searchFiles>[2]) =>
      searchFiles(m, configs, matched).files.map((x) => x.file);
    expect(files(["beta"], ["command"])).toEqual([
      "steps/runs.arrow",
      "steps/contexts.arrow",
      "steps/texts-command.arrow",
      "steps/texts-paths.arrow",
      "steps/texts-message.arrow",
      "steps/01.arrow",
    ]);
    expect(files([], ["message", "observation"])).toContain("steps/texts-observation.arrow");
    expect(files([], ["command"]).filter((x) => /^steps\/\d+\.arrow$/.test(x))).toHaveLength(2);
  });
});
