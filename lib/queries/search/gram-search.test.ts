// The n-gram search against the SQL it replaces, both in Node on one index: the trajcalc fixture's runs and a
// generated steps table (2,800 steps whose texts mix case, accents, Greek, Turkish dotted capitals, CJK and
// emoji, enough that every field spans several blocks), split into the search's tables by index-tables.ts
// and built into the n-gram files by gram-build.ts, read back from memory. For every query and filter below
// the n-gram path must return exactly the rows (every column, in order, page by page) and the counts per
// configuration that DuckDB returns for sql.ts's statements.
import { deflateSync } from "node:zlib";
import { unzlibSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { STEPS_INDEX_COLUMNS } from "../../trajectory/steps-index";
import { sqlString } from "../../db/sql";
import { buildGrams } from "./gram-build";
import { GramSearch, gramRefusal, lookedUp } from "./gram-search";
import { gramKeys } from "./gram-codec";
import { GramStore } from "./gram-store";
import { gramInput } from "./gram-input";
import { STEP_INDEX_TABLES_SQL, type TextField } from "./index-tables";
import { textFieldsFor } from "./shards";
import {
  EMPTY_SEARCH,
  fieldsOf,
  searchByConfigSql,
  stepSearchSql,
  type HitKey,
  type SearchConfigRow,
  type StepHitRow,
  type StepSearch,
} from "./sql";

let db: NodeDb;
let files: Map<string, Uint8Array>;
let ownHays = 0;
let grams: GramSearch;

const RUNS = ["alpha.s-N1", "alpha.s-F1", "beta.s-N1", "beta.s-F1"];
const WORDS = [
  "git",
  "-C",
  "/work/w00",
  "/work/w01",
  "diff",
  "--stat",
  "status",
  "pytest",
  "-q",
  "Straße",
  "ΣΟΦΊΑ",
  "ΌΣΟΣ",
  "İstanbul",
  "DİYARBAKIR",
  "naïve",
  "日本語のテキスト",
  "emoji😀x",
  "final.patch",
  '"$d"',
  "Ünïcödé",
  "KELVIN\u212A",
  "ẞig",
];

/** A fixed sequence of pseudo-random numbers (a linear congruential generator). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

function generatedSteps(): Cell[][] {
  const pick = lcg(46);
  const phrase = (n: number) => Array.from({ length: n }, () => WORDS[pick(WORDS.length)]).join(" ");
  const rows: Cell[][] = [];
  for (const run of RUNS) {
    for (let step = 1; step <= 700; step++) {
      const kind = [null, "focus", "interruption", "finalization"][pick(4)]!;
      const tools = [null, "bash", "edit", "bash,read"][pick(4)]!;
      const command = pick(3) === 0 ? null : `${phrase(2 + pick(4))}`;
      const paths = pick(5) === 0 ? `/work/w0${pick(3)}/src/${WORDS[pick(WORDS.length)]}.py` : null;
      const message = pick(2) === 0 ? null : ["Reviewing the diff.", "Checking ΣΟΦΊΑ.", phrase(3)][pick(3)]!;
      const observation = pick(4) === 0 ? null : `${phrase(6 + pick(10))} #${step % 97}`;
      rows.push([
        run,
        step,
        kind ? pick(6) : null,
        kind,
        kind ? `T${pick(3)}` : null,
        kind ? `/work/w0${pick(3)}` : null,
        pick(4) === 0,
        pick(5) === 0 ? "user" : "agent",
        tools,
        tools ? 1 : 0,
        command,
        paths,
        message,
        (message ?? "").length,
        observation,
        (observation ?? "").length + pick(50),
      ]);
    }
  }
  return rows;
}

type Cell = string | number | boolean | null;
const lit = (v: Cell) => (v === null ? "NULL" : typeof v === "string" ? sqlString(v) : String(v));

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/trajcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await db.run(
    `CREATE TABLE steps (${Object.entries(STEPS_INDEX_COLUMNS)
      .map(([k, t]) => `${k} ${t}`)
      .join(", ")})`,
  );
  const rows = generatedSteps();
  for (let i = 0; i < rows.length; i += 400)
    await db.run(
      `INSERT INTO steps VALUES ${rows
        .slice(i, i + 400)
        .map((r) => `(${r.map(lit).join(", ")})`)
        .join(", ")}`,
    );
  for (const sql of STEP_INDEX_TABLES_SQL) await db.run(sql);
  const input = await gramInput(db);
  ownHays = input.texts.filter((t) => t.text.toLowerCase() !== t.hay).length;
  const built = buildGrams(input, (b) => deflateSync(b));
  files = built.files;
  const store = new GramStore(
    built.manifest,
    {
      read: async ({ file, start, end }) => files.get(file)!.slice(start, end),
      json: async <T>(file: string) => JSON.parse(new TextDecoder().decode(files.get(file))) as T,
    },
    // The browser's inflater (lib/source/search.ts) on what the build's zlib wrote.
    async (b, size) => unzlibSync(b, { out: new Uint8Array(size) }),
  );
  grams = new GramSearch(store);
}, 60_000);
afterAll(() => db?.close());

/** The rows the page shows: texts of the fields a search loads (the others null, as in the browser). */
function shownRows(rows: StepHitRow[], shown: readonly TextField[]): StepHitRow[] {
  return rows.map((r) => ({
    ...r,
    command: shown.includes("command") ? r.command : null,
    paths: shown.includes("paths") ? r.paths : null,
    message: shown.includes("message") ? r.message : null,
    observation: shown.includes("observation") ? r.observation : null,
  }));
}

async function both(partial: Partial<StepSearch>, after: HitKey | null = null, limit = 200) {
  const f = { ...EMPTY_SEARCH, ...partial };
  const shown = textFieldsFor(fieldsOf(f.field));
  const sql = shownRows(await db.query<StepHitRow>(stepSearchSql(f, after, limit)), shown);
  const counts = await db.query<SearchConfigRow>(searchByConfigSql(f));
  const got = await grams.search(f, shown, after, limit);
  return { sql, counts, got };
}

const QUERIES = [
  "git -c",
  "GIT -C /WORK/W01 DIFF",
  "diff --stat",
  "Straße",
  "STRASSE",
  "strasse",
  "ΣΟΦΊΑ",
  "σοφία",
  "όσος",
  "İstanbul",
  "istanbul",
  "i̇stanbul",
  "diyarbakir",
  "dİyarbakır",
  "naïve",
  "NAÏVE",
  "日本語",
  "のテキ",
  "😀x",
  "ji😀",
  "final.patch",
  '"$d" diff',
  "kelvin",
  "\u212A",
  "\u212Aelvin",
  "ẞIG",
  "ßig",
  "src/final",
  "Checking ΣΟΦΊΑ.",
  "reviewing the diff",
  " #1",
  "#42",
  "zzz",
  "pytest -q pytest -q pytest",
];

describe("the n-gram search returns what the SQL returns", () => {
  it("exercises the haystacks that JavaScript lowers otherwise than DuckDB", () => {
    expect(ownHays).toBeGreaterThan(0);
  });

  it.each(QUERIES)("%s: every field, rows and counts", async (q) => {
    for (const field of ["all", "command", "paths", "text"] as const) {
      const { sql, counts, got } = await both({ q, field });
      // A query that lowers to fewer than 3 characters (the Kelvin sign lowers to "k") is DuckDB's.
      if (gramRefusal({ ...EMPTY_SEARCH, q })) {
        expect(got).toBeNull();
        continue;
      }
      expect(got, `${q} in ${field}`).not.toBeNull();
      expect(got!.hits, `${q} in ${field}`).toEqual(sql);
      expect(got!.configs, `${q} in ${field}`).toEqual(counts);
      expect(got!.steps).toBe(counts.reduce((a, c) => a + c.matching_steps, 0));
    }
  });

  it("matches under every filter", async () => {
    const filters: Partial<StepSearch>[] = [
      { config: "beta" },
      { condition: "switched" },
      { condition: "uninterrupted" },
      { group: "G1" },
      { repo: "acme/widgets" },
      { kind: "focus" },
      { kind: "finalization" },
      { tool: "bash" },
      { tool: "read" },
      { tool: "edit", kind: "interruption" },
      { outcome: "resolved" },
      { outcome: "unresolved" },
      { other: true },
      { other: true, tool: "bash", config: "alpha", outcome: "unresolved" },
    ];
    let nonEmpty = 0;
    for (const filter of filters)
      for (const q of ["git", "ΣΟΦΊΑ", "/work/w0", "😀x d"]) {
        const { sql, counts, got } = await both({ q, ...filter });
        expect(got!.hits, `${q} ${JSON.stringify(filter)}`).toEqual(sql);
        expect(got!.configs, `${q} ${JSON.stringify(filter)}`).toEqual(counts);
        if (sql.length > 0) nonEmpty++;
      }
    // The filters select: most combinations keep some steps, and some keep none.
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it("pages exactly as the SQL does, from any (run, step)", async () => {
    for (const partial of [{ q: "git" }, { q: "diff", field: "command" as const, kind: "focus" }]) {
      let after: HitKey | null = null;
      let pages = 0;
      for (;;) {
        const { sql, got } = await both(partial, after, 23);
        expect(got!.hits).toEqual(sql);
        if (sql.length < 23) break;
        after = { run: sql[sql.length - 1]!.run, step: sql[sql.length - 1]!.step };
        pages++;
      }
      // Every run's hits span pages.
      expect(pages).toBeGreaterThan(2);
    }
    // Keys that are no hit's: a step between hits, past a run's last step, fractional and negative numbers.
    for (const after of [
      { run: 1, step: 350 },
      { run: 0, step: 10_000 },
      { run: 2.7, step: -4 },
      { run: 9, step: 0 },
    ]) {
      const { sql, got } = await both({ q: "git" }, after, 25);
      expect(got!.hits).toEqual(sql);
    }
  });

  it("looks up at most 6 trigrams of a long query, its first and last among them", () => {
    // "git -c /work/w01 diff": 21 characters, 19 trigrams; read: those at 0, 4, 7, 11, 14 and 18 (of 0…18).
    const q = "git -c /work/w01 diff";
    const at = ["git", "-c ", "/wo", "k/w", "01 ", "iff"];
    expect(lookedUp(q)).toEqual(at.flatMap((t) => gramKeys(t)).sort((a, b) => a - b));
    expect(lookedUp("abcd")).toEqual(gramKeys("abcd"));
  });

  it("leaves regular expressions and queries shorter than a trigram to DuckDB", () => {
    expect(gramRefusal({ ...EMPTY_SEARCH, q: "git", mode: "regex" })).toMatch(/regular expression/);
    expect(gramRefusal({ ...EMPTY_SEARCH, q: "gi" })).toMatch(/shorter than 3/);
    expect(gramRefusal({ ...EMPTY_SEARCH, q: "", other: true })).toMatch(/shorter than 3/);
    expect(gramRefusal({ ...EMPTY_SEARCH, q: "\ud800ab" })).toMatch(/surrogate/);
    expect(gramRefusal({ ...EMPTY_SEARCH, q: "git" })).toBeNull();
  });
});
