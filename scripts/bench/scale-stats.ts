// Issue 45's statistics at N× the sample: what the rank intervals, the uncertainty page and the resumption page add
// to the scaled release's data build. The build's own output is loaded back into DuckDB in Node (every top-level
// Parquet table it wrote), and each piece is timed in this one process, alternated so machine load falls on
// both sides alike:
// - rank intervals: attaching them to the leaderboard's model built from the same rows (what the build's
//   leaderboard page's model pays for them);
// - the two pages: their models (lib/queries/<feature>/page.ts), as the build runs them.
// Each is set against the scaled build's wall time, measured in the same bench run (scale.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltReleaseMeta } from "../../lib/data/built";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import { sqlString } from "../../lib/db/sql";
import { leaderboardModel, type LeaderboardMeta } from "../../lib/queries/leaderboard/model";
import { attachRanks } from "../../lib/queries/leaderboard/ranks";
import { configsQuery, resolutionQueryFor, taskScoresQuery } from "../../lib/queries/leaderboard/sql";
import { pageMeta, type Page } from "../../lib/queries/page";
import { resumptionPage } from "../../lib/queries/resumption/page";
import { ensureSignatureTablesSql } from "../../lib/queries/signatures/tables";
import { uncertaintyPage } from "../../lib/queries/uncertainty/page";
import type { Budget } from "./speed";
import { median } from "./stats";

/** The pages issue 45 added, timed as the build runs them. */
const ISSUE_45_PAGES: readonly Page<unknown, never>[] = [uncertaintyPage, resumptionPage];
/** Alternations of the rank-interval timing (each builds the model twice). */
const RANK_ROUNDS = 3;

async function loadBuiltTables(db: NodeDb, built: string): Promise<void> {
  for (const file of readdirSync(built).filter((f) => f.endsWith(".parquet"))) {
    const name = file.slice(0, -".parquet".length);
    await db.run(`CREATE OR REPLACE TABLE "${name}" AS SELECT * FROM read_parquet(${sqlString(join(built, file))})`);
  }
}

const seconds = async (f: () => unknown): Promise<number> => {
  const t0 = performance.now();
  await f();
  return (performance.now() - t0) / 1000;
};

/** Seconds the rank intervals add to the leaderboard's model (median), and the model's own without them. */
async function rankSeconds(db: NodeDb, meta: LeaderboardMeta): Promise<{ added: number; model: number }> {
  const [configs, rates, scores] = await Promise.all([
    db.run(configsQuery),
    db.run(resolutionQueryFor({}), {}),
    db.run(taskScoresQuery, {}),
  ]);
  const without: number[] = [];
  const ranks: number[] = [];
  for (let i = 0; i < RANK_ROUNDS; i++) {
    const t0 = performance.now();
    const model = await leaderboardModel(meta, {}, configs, rates, scores, { ranks: false });
    without.push((performance.now() - t0) / 1000);
    ranks.push(await seconds(() => attachRanks(model, scores)));
  }
  return { added: median(ranks), model: median(without) };
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export async function benchScaleStatistics(
  built: string,
  buildSeconds: number,
  factor: number,
): Promise<{ markdown: string; budgets: Budget[] }> {
  const { meta } = JSON.parse(readFileSync(join(built, "release.json"), "utf8")) as BuiltReleaseMeta;
  const db = await openNodeDb();
  try {
    await loadBuiltTables(db, built);
    const ranks = await rankSeconds(db, {
      groups: meta.groups,
      conditions: meta.conditions,
      baseline: meta.baseline_condition,
    });
    const pages: { file: string; s: number }[] = [];
    for (const sql of ensureSignatureTablesSql()) await db.run(sql);
    for (const page of ISSUE_45_PAGES)
      pages.push({ file: page.name, s: await seconds(() => db.run(page.model!, pageMeta(meta))) });
    const added = ranks.added + pages.reduce((s, p) => s + p.s, 0);
    const budgets: Budget[] = [
      {
        name: `scale ×${factor}: rank intervals' share of the data build`,
        value: `${pct(ranks.added, buildSeconds)} (${ranks.added.toFixed(1)} s of ${buildSeconds.toFixed(0)} s)`,
        limit: "≤ 20%",
        ok: ranks.added <= 0.2 * buildSeconds,
      },
      {
        name: `scale ×${factor}: rank intervals + uncertainty + resumption pages' share of the data build`,
        value: `${pct(added, buildSeconds)} (${added.toFixed(1)} s)`,
        limit: "≤ 20%",
        ok: added <= 0.2 * buildSeconds,
      },
    ];
    const rows = [
      `| leaderboard model without ranks | ${ranks.model.toFixed(2)} s | ${pct(ranks.model, buildSeconds)} |`,
      `| rank intervals and tie groups (attached to that model, median of ${RANK_ROUNDS}) | ${ranks.added.toFixed(2)} s | ${pct(ranks.added, buildSeconds)} |`,
      ...pages.map((p) => `| ${p.file} page (its model, once) | ${p.s.toFixed(2)} s | ${pct(p.s, buildSeconds)} |`),
    ];
    const markdown = `### Issue 45's statistics at ×${factor}

The scaled build's own Parquet tables loaded back into DuckDB in Node, each piece timed in one process and set
against that build's wall time (${buildSeconds.toFixed(0)} s) from the same bench run (scripts/bench/scale-stats.ts).

| piece | seconds | share of the ×${factor} data build |
| --- | ---: | ---: |
${rows.join("\n")}
`;
    return { markdown, budgets };
  } finally {
    db.close();
  }
}
