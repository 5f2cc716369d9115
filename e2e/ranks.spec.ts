// Rank intervals and tie groups on the sample's leaderboard (docs/benchmark.md, "Ranks and ties"), read off the
// page and compared with the model the build wrote (public/data/sample/leaderboard.json); a sort keeps each tie
// group together. The statistics themselves are checked against exact enumeration in lib/metrics and on the
// hand-computed release in lib/queries/leaderboard/ranks.test.ts.
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import type { LeaderboardModel } from "../lib/queries/leaderboard/model";

const built = JSON.parse(readFileSync("public/data/sample/leaderboard.json", "utf8")) as LeaderboardModel;
const COLS = ["overall.switched", "overall.gap.switched", "near.switched", "far.gap.switched"];

function cellRank(config: string, col: string) {
  const row = built.rows.find((r) => r.config.config_id === config)!;
  const [group, kind, cond] = col.split(".") as [string, string, string | undefined];
  const cell = kind === "gap" ? row.gaps[group]![cond!] : row.rates[group]![kind];
  return cell!.rank!;
}

test("every configuration's rank interval and tie group are the build's, in every column", async ({ page }) => {
  await page.goto("/r/sample/");
  const rows = page.locator('[data-testid="leaderboard"] tbody tr[data-config]');
  await expect(rows).toHaveCount(built.rows.length);
  for (const r of built.rows) {
    const id = r.config.config_id;
    for (const col of COLS) {
      const want = cellRank(id, col);
      const shown = page.locator(`tr[data-config="${id}"] td[data-col="${col}"] [data-testid="rank"]`);
      await expect(shown, `${id} ${col}`).toHaveAttribute(
        "data-rank-text",
        `${want.lo === want.hi ? `#${want.lo}` : `#${want.lo}–${want.hi}`} · T${want.tieGroup}`,
      );
      await expect(shown).toHaveAttribute("data-rank", String(want.rank));
    }
  }
  // What the reader sees is that attribute, drawn by CSS beside the number.
  const drawn = await page
    .locator('tr[data-config] td[data-col="overall.switched"] [data-testid="rank"]')
    .first()
    .evaluate((el) => getComputedStyle(el, "::before").content);
  expect(drawn).toMatch(/^"#\d+(–\d+)? · T\d+"$/);
  // The sample's 11 configurations are not all one tie group in every column, nor all apart.
  const ties = built.rows.map((r) => cellRank(r.config.config_id, "overall.switched").tieGroup);
  expect(Math.max(...ties)).toBeGreaterThan(1);
});

test("sorting a column keeps each tie group together, best group first", async ({ page }) => {
  await page.goto("/r/sample/");
  await page.locator('th[data-col="overall.switched"] button').click();
  await expect(page).toHaveURL(/sort=overall\.switched:desc/);
  const groups = await page
    .locator('tbody tr[data-config] td[data-col="overall.switched"] [data-testid="rank"]')
    .evaluateAll((spans) => spans.map((s) => Number(s.getAttribute("data-tie"))));
  expect(groups).toEqual([...groups].sort((a, b) => a - b));
  expect(groups[0]).toBe(1);
});

test("the export carries each cell's rank interval and tie group", async ({ page }) => {
  await page.goto("/r/sample/");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const path = await (await download).path();
  const records = JSON.parse(readFileSync(path, "utf8")) as Record<string, number | string>[];
  for (const rec of records) {
    const want = cellRank(String(rec.config_id), "overall.switched");
    expect([rec.overall_switched_rank, rec.overall_switched_rank_lo, rec.overall_switched_rank_hi]).toEqual([
      want.rank,
      want.lo,
      want.hi,
    ]);
    expect(rec.overall_switched_tie_group).toBe(want.tieGroup);
  }
});
