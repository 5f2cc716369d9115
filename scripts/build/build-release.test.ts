// The data build on real DuckDB: byte-identical output for the same input, and readable Arrow + Parquet.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { afterAll, describe, expect, it } from "vitest";
import { openNodeDb } from "../../lib/db/node";
import { buildRelease } from "./build-release";
import { answerFile, answerShard, type AnswerShard } from "../../lib/db/answers";
import type { BuiltReleaseMeta } from "../../lib/data/built";
import { computeLeaderboard } from "../../lib/queries/leaderboard/model";
import { leaderboardPage } from "../../lib/queries/leaderboard/page";
import { runListPage } from "../../lib/queries/trajectory/page";
import { answersNodeSource, pageModelIn } from "../../lib/source/answers-node";

const DIR = "e2e/fixtures/releases/handcalc";
const tmp: string[] = [];
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

function files(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length + 1)] = readFileSync(p);
    }
  };
  walk(dir);
  return out;
}

async function build(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), "build-test-"));
  tmp.push(out);
  const { entry, problems } = await buildRelease(DIR, out);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  expect(entry?.release_id).toBe("handcalc");
  return join(out, "handcalc");
}

describe("data build", () => {
  it("writes byte-identical output when run twice", async () => {
    const a = files(await build());
    const b = files(await build());
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(Object.keys(a)).toContain("runs.parquet");
    // Hive-partitioned Parquet per configuration, the answers of the run and session spaces, the repository breakdown.
    for (const f of [
      "hive/task_cells/config_id=alpha/data_0.parquet",
      "hive/runs/config_id=gamma/data_0.parquet",
      "answers/run/0.json",
      "answers/session/0.json",
      "answers/config/0.json",
      // The planned answers: the breakdown by repository, the pairs' counts, the histogram bars' tasks.
      "answers/repository-gaps/0.json",
      "answers/compare-table/0.json",
      "answers/task-cost-bin/0.json",
    ]) {
      expect(Object.keys(a)).toContain(f);
    }
    const answers = (JSON.parse(a["release.json"]!.toString()) as BuiltReleaseMeta).answers!;
    for (const [space, shards] of Object.entries(answers))
      expect(
        Object.keys(a).filter((f) => f.startsWith(`answers/${space}/`)),
        space,
      ).toHaveLength(shards);
    for (const name of Object.keys(a)) expect(a[name]!.equals(b[name]!), name).toBe(true);
  });

  it("answers the one-repository leaderboard: the release's only repository gives the whole release's numbers", async () => {
    const out = await build();
    const whole = await pageModelIn(out, leaderboardPage);
    const meta = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
    const scope = { repos: ["acme/widgets"], taskIds: [] };
    // Read from the answer files alone, as the page does: a query they do not answer fails the test.
    const repo = await computeLeaderboard(answersNodeSource(out, "leaderboard"), meta, scope, {
      configs: whole.rows.map((r) => r.config),
    });
    // EXPECTED.md: beta 75.0 uninterrupted (3/4), 25.0 switched (1/4), gap 50.0, McNemar (2, 0) p = 0.5.
    const beta = repo.rows.find((r) => r.config.config_id === "beta")!;
    expect(beta.rates.overall!.uninterrupted).toMatchObject({ value: 75, resolved: 3, n: 4 });
    expect(beta.rates.overall!.switched).toMatchObject({ value: 25, resolved: 1, n: 4 });
    expect(beta.gaps.overall!.switched).toMatchObject({ value: 50, baselineOnly: 2, conditionOnly: 0, p: 0.5 });
    expect(repo.rows).toEqual(whole.rows);
  });

  it("writes Arrow IPC and Parquet with the same rows, usage totals derived", async () => {
    const out = await build();
    const arrow = tableFromIPC(readFileSync(join(out, "runs.arrow")));
    expect(arrow.numRows).toBe(23);
    const gammaSF1 = arrow
      .toArray()
      .map((r) => r.toJSON())
      .find((r) => r.run_id === "gamma.s-F1")!;
    // ended after 4 requests: 1000+2000+3000+4000 tokens, 4 × 2 model calls
    expect([Number(gammaSF1.tokens), gammaSF1.model_calls, gammaSF1.requests_run, gammaSF1.failure_class]).toEqual([
      10000,
      8,
      4,
      "incomplete",
    ]);
    const db = await openNodeDb();
    try {
      const [row] = await db.query<{ n: number; tokens: number }>(
        `SELECT COUNT(*)::INT AS n, SUM(tokens)::DOUBLE AS tokens FROM read_parquet('${join(out, "runs.parquet")}')`,
      );
      // 12 uninterrupted runs × 6,000 + 10 full switched runs × 28,000 + gamma.s-F1 10,000
      expect(row).toEqual({ n: 23, tokens: 12 * 6000 + 10 * 28000 + 10000 });
    } finally {
      db.close();
    }
  });
  it("writes the run list as an index and each configuration's runs as an answer, in the list's order", async () => {
    const out = await build();
    const index = await pageModelIn(out, runListPage);
    // EXPECTED.md: alpha and gamma ran all 8 sessions, beta 7 (its far switched run is missing); no trajectories.
    expect(index.configs.map((c) => [c.config_id, c.runs, c.with_trajectory])).toEqual([
      ["alpha", 8, 0],
      ["beta", 7, 0],
      ["gamma", 8, 0],
    ]);
    expect([index.runs, index.with_trajectory, index.conditions]).toEqual([23, 0, ["uninterrupted", "switched"]]);
    const shards = (JSON.parse(readFileSync(join(out, "release.json"), "utf8")) as { answers: Record<string, number> })
      .answers.config!;
    const lists = index.configs.map(({ config_id }) => {
      const file = join(out, answerFile("config", answerShard(config_id, shards)));
      const shard = JSON.parse(readFileSync(file, "utf8")) as AnswerShard;
      return shard[config_id]!["configuration runs"] as { run_id: string; config_id: string }[];
    });
    expect(lists.map((l) => [...new Set(l.map((r) => r.config_id))])).toEqual([["alpha"], ["beta"], ["gamma"]]);
    expect(lists.map((l) => l.length)).toEqual([8, 7, 8]);
    // Fewer runs than a page: the index's first page is the whole list, the configurations one after another.
    expect(index.first.map((r) => r.run_id)).toEqual(lists.flat().map((r) => r.run_id));
  });
});
