// Rank intervals and tie groups on the sample's leaderboard (docs/benchmark.md, "Ranks and ties"), read off the
// page and compared with the model the build answered (e2e/page-models.ts); a sort keeps each tie
// group together. The statistics themselves are checked against exact enumeration in lib/metrics and on the
// hand-computed release in lib/queries/leaderboard/ranks.test.ts.
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { builtModel } from "./page-models";
import { leaderboardPage } from "../lib/queries/leaderboard/page";

const built = builtModel("sample", leaderboardPage);
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
      // Point rank first, then the 95% interval in brackets, then the tie group.
      await expect(shown, `${id} ${col}`).toHaveAttribute(
        "data-rank-text",
        `#${want.rank} [${want.lo}–${want.hi}] · T${want.tieGroup}`,
      );
      await expect(shown).toHaveAttribute("data-rank", String(want.rank));
    }
  }
  // What the reader sees is that attribute, drawn by CSS beside the number.
  const drawn = await page
    .locator('tr[data-config] td[data-col="overall.switched"] [data-testid="rank"]')
    .first()
    .evaluate((el) => getComputedStyle(el, "::before").content);
  expect(drawn).toMatch(/^"#\d+ \[\d+–\d+\] · T\d+"$/);
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

test("the legend and the glossary say what a rank, its interval and T1 claim", async ({ page }) => {
  await page.goto("/r/sample/");
  const legend = page.getByTestId("rank-legend");
  await expect(legend).toContainText("T1 is not distinguished from the best");
  await expect(legend).toContainText("not a claim that they are equal");
  await expect(legend).toContainText("none below 20 tasks");
  await expect(legend).toContainText("a gap's rank is no ranking of switched work");
  await legend.getByRole("button", { name: "What is tie group?" }).click();
  await expect(legend.getByRole("note")).toContainText("not distinguished from the best");
  await expect(legend.getByRole("note")).toContainText("not a claim that they are equal");
  // The cell's own title says the same, with its numbers.
  const first = built.rows[0]!;
  const want = cellRank(first.config.config_id, "overall.switched");
  await expect(
    page.locator(`tr[data-config="${first.config.config_id}"] td[data-col="overall.switched"] [data-testid="rank"]`),
  ).toHaveAttribute(
    "title",
    `Rank ${want.rank} of ${want.of}; 95% rank interval ${want.lo}–${want.hi}: the ranks it takes in 95% of resamples of the 200 focus tasks; ` +
      (want.tieGroup === 1
        ? "T1: not distinguished from the best (an exact paired test, Holm-corrected; not a claim that they are equal)"
        : `T${want.tieGroup}: not distinguished from the best of what T1–T${want.tieGroup - 1} left`),
  );
});

test("a one-repository subset shows point ranks and says why it has no rank interval", async ({ page }) => {
  // pallets/click has 11 switched focus tasks: fewer than the 20 a rank interval needs.
  await page.goto("/r/sample/?repos=pallets/click");
  const ranks = page.locator('tbody tr[data-config] td[data-col="overall.switched"] [data-testid="rank"]');
  await expect(ranks).toHaveCount(built.rows.length);
  await expect(ranks.first()).toHaveAttribute("title", /no rank interval: 11 focus tasks, fewer than the 20/);
  const texts = await ranks.evaluateAll((spans) => spans.map((s) => s.getAttribute("data-rank-text")));
  for (const t of texts) expect(t).toMatch(/^#\d+ · T\d+$/);
  expect(await ranks.evaluateAll((spans) => spans.every((s) => !s.hasAttribute("data-rank-lo")))).toBe(true);
});

// e2e/fixtures/releases/thirdscalc (EXPECTED.md): exact and drift both resolve 15/18 switched; drift's task
// scores in thirds sum to 4.999999999999999 in floating point, and used to rank 3rd.
test("equal rates in thirds rank equally, sort together and export the same rank", async ({ page }) => {
  await page.goto("/r/thirdscalc/");
  const rankIn = (config: string, col: string) =>
    page.locator(`tr[data-config="${config}"] td[data-col="${col}"] [data-testid="rank"]`);
  for (const [config, text] of [
    ["top", "#1 · T1"],
    ["exact", "#2 · T1"],
    ["drift", "#2 · T1"],
  ] as const) {
    await expect(rankIn(config, "overall.switched"), config).toHaveAttribute("data-rank-text", text);
    await expect(rankIn(config, "overall.gap.switched"), config).toHaveAttribute("data-rank-text", text);
  }
  await expect(rankIn("drift", "overall.switched")).toHaveAttribute("title", /no rank interval: 6 focus tasks/);
  // Both are the worst of the column: both underlined (exact comparison, ties included).
  for (const config of ["exact", "drift"]) {
    await expect(page.locator(`tr[data-config="${config}"] td[data-col="overall.switched"]`)).toHaveClass(/underline/);
  }
  await page.locator('th[data-col="overall.switched"] button').click();
  const order = await page
    .locator("tbody tr[data-config]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-config")));
  expect(order[0]).toBe("top");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export JSON" }).click();
  const records = JSON.parse(readFileSync(await (await download).path(), "utf8")) as Record<string, unknown>[];
  const exported = (id: string) => records.find((r) => r.config_id === id)!;
  expect([exported("exact").overall_switched_rank, exported("drift").overall_switched_rank]).toEqual([2, 2]);
  expect(exported("drift").overall_switched_rank_lo).toBeNull();
  expect(exported("drift").overall_gap_switched_rank).toBe(2);
});
