// The published source's reader of the build's answers, on answers the build's own writer made for the
// hand-made release trajcalc: fetch serves the written files (as the static host does), nothing else is stubbed.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AnswerIndex } from "../data/built";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { openNodeDb, type NodeDb } from "../db/node";
import { shapeRows } from "../db/query";
import { AHEAD_KEYED, PAGES } from "../queries/pages";
import { loadTargetFilesNode } from "../queries/taskflow/files-node";
import { repoGapQuery } from "../queries/leaderboard/sql";
import { loadTablesNode } from "../queries/load-node";
import { runHeaderQuery, verdictTestsQuery } from "../queries/trajectory/run.sql";
import { writeAnswers } from "../../scripts/build/answers";
import { answerOf } from "./answers";

let db: NodeDb;
let out: string;
let index: AnswerIndex;
/** Files the page asked for, and an optional body to serve instead of the file (a broken host). */
const asked: string[] = [];
let broken: string | null = null;

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/trajcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadTargetFilesNode(db, "e2e/fixtures/releases/trajcalc");
  out = mkdtempSync(join(tmpdir(), "answers-source-"));
  index = await writeAnswers(db, AHEAD_KEYED, PAGES, release!.meta, out);
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const file = join(out, url.replace(/^\/data\/trajcalc\//, ""));
    try {
      return new Response(broken ?? readFileSync(file, "utf8"), { status: 200 });
    } catch {
      return new Response("", { status: 404 });
    }
  });
}, 60_000);
afterAll(() => {
  vi.unstubAllGlobals();
  db.close();
  rmSync(out, { recursive: true, force: true });
});

describe("answerOf", () => {
  it("reads a run's rows from its shard: the same rows as a live run", async () => {
    const rows = await answerOf("trajcalc", index, verdictTestsQuery, "alpha.s-F1");
    expect(rows).not.toBeNull();
    expect(shapeRows(verdictTestsQuery, rows!)).toEqual(await db.run(verdictTestsQuery, "alpha.s-F1"));
    expect(asked.every((u) => u.startsWith("/data/trajcalc/answers/run/"))).toBe(true);
  });

  it("answers a run the release lacks with no rows, as the engine would, without asking it", async () => {
    expect(await answerOf("trajcalc", index, runHeaderQuery, "no-such-run")).toEqual([]);
  });

  it("leaves a planned query's unplanned parameters to the engine", async () => {
    const planned = await answerOf("trajcalc", index, repoGapQuery, { baseline: "uninterrupted" });
    expect(planned).not.toBeNull();
    expect(await answerOf("trajcalc", index, repoGapQuery, { baseline: "switched" })).toBeNull();
  });

  it("leaves everything to the engine when a shard cannot be read, and reads it again next time", async () => {
    // A fresh module: the shards read above are kept for the page's life.
    vi.resetModules();
    const fresh = (await import("./answers")).answerOf;
    broken = "{not json";
    try {
      expect(await fresh("trajcalc", index, runHeaderQuery, "beta.s-N1")).toBeNull();
    } finally {
      broken = null;
    }
    expect(await fresh("trajcalc", index, runHeaderQuery, "beta.s-N1")).toHaveLength(1);
  });

  it("leaves a key the build left out of a full shard (null) to the engine; the shard's other keys still answer", async () => {
    vi.resetModules();
    const fresh = (await import("./answers")).answerOf;
    broken = JSON.stringify({ "beta.s-N1": null });
    try {
      expect(await fresh("trajcalc", index, runHeaderQuery, "beta.s-N1")).toBeNull();
      expect(await fresh("trajcalc", index, runHeaderQuery, "no-such-run")).toEqual([]);
    } finally {
      broken = null;
    }
  });
});
