// The static routes' source (answers-node.ts) on answers the build's own writer made for the hand-made release
// trajcalc: a page's model is its code run on the answer files, equal to a live run; a query the files do not
// answer stops the route with an error naming the page, the query and its parameters.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../data/load-release";
import type { ReleaseMeta } from "../data/schema";
import { releaseTables } from "../data/tables";
import { openNodeDb, type NodeDb } from "../db/node";
import { valueOf } from "../db/query";
import { leaderboardPage } from "../queries/leaderboard/page";
import { computeLeaderboard } from "../queries/leaderboard/model";
import { loadTablesNode } from "../queries/load-node";
import { pageMeta } from "../queries/page";
import { AHEAD_KEYED, PAGES } from "../queries/pages";
import { loadTargetFilesNode } from "../queries/taskflow/files-node";
import { writeAnswers } from "../../scripts/build/answers";
import { answersNodeSource, pageModelIn } from "./answers-node";

const DIR = "e2e/fixtures/releases/trajcalc";
let db: NodeDb;
let out: string;
let meta: ReleaseMeta;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  meta = release!.meta;
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadTargetFilesNode(db, DIR);
  out = mkdtempSync(join(tmpdir(), "answers-node-"));
  const answers = await writeAnswers(db, AHEAD_KEYED, PAGES, meta, out);
  writeFileSync(join(out, "release.json"), JSON.stringify({ meta, answers }));
}, 120_000);
afterAll(() => {
  db.close();
  rmSync(out, { recursive: true, force: true });
});

describe("answers-node", () => {
  it("gives every page's model as the build answered it, equal to its code run live", async () => {
    for (const page of PAGES.filter((p) => p.model)) {
      const live = await valueOf(db, page.model!, pageMeta(meta));
      expect(await pageModelIn(out, page), page.name).toEqual(JSON.parse(JSON.stringify(live)));
    }
  });

  it("refuses a query the answer files lack, naming the page, the query and its parameters", async () => {
    // A two-repository subset: the build answers one repository's subsets only.
    const scope = { repos: ["a", "b"], taskIds: [] };
    await expect(computeLeaderboard(answersNodeSource(out, "leaderboard"), pageMeta(meta), scope)).rejects.toThrow(
      /^page "leaderboard": .* has no answer for "[a-z ]+" with parameters .*s1:a,s1:b/,
    );
    await expect(pageModelIn(out, { ...leaderboardPage, model: undefined })).rejects.toThrow(
      'page "leaderboard" declares no model',
    );
  });
});
