// The pictures of the noise (docs/charts.md) read off the sample's pages and compared with the build's answers
// (e2e/page-models.ts): forest-plot points and their screen-reader rows against the uncertainty page's model and the
// leaderboard's gaps, the rank-interval plot against the leaderboard model's ranks, the SVG and PNG exports, dark
// mode, and a signature prevalence dot against the prevalence model. The statistics themselves are tested in lib/metrics and
// lib/queries; the view functions in lib/site/uncertainty-view.test.ts and prevalence-dots.test.ts.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { builtModel } from "./page-models";
import type { LeaderboardModel } from "../lib/queries/leaderboard/model";
import type { UncertaintyPageData } from "../lib/queries/uncertainty/types";
import { leaderboardPage } from "../lib/queries/leaderboard/page";
import { prevalencePage } from "../lib/queries/signatures/page";
import { uncertaintyPage } from "../lib/queries/uncertainty/page";

const data = builtModel("sample", uncertaintyPage);
const lb = builtModel("sample", leaderboardPage);
const prevalence = builtModel("sample", prevalencePage);

const condition = data.conditions.find((c) => c !== data.baseline)!;
const FOREST = `figure[data-chart="forest-${condition}"]`;
const RANK_COLUMN = `overall.${condition}`;
const RANKS = `[data-testid="rank-interval-plot"][data-column="${RANK_COLUMN}"]`;
/** As the page prints a number: one decimal by toFixed, never -0 (lib/site/uncertainty-view.ts round1). */
const r1 = (x: number) => Number(x.toFixed(1)) + 0;
const groupLabel = (g: string) => g.charAt(0).toUpperCase() + g.slice(1);

/** Two configurations with a gap in every group: the first and the last such in the leaderboard's order. */
function twoConfigs() {
  const full = data.rows.filter((r) => data.groups.every((g) => Number.isFinite(r.gaps[g]?.[condition]?.value)));
  expect(full.length, "configurations with a gap in every group").toBeGreaterThanOrEqual(2);
  return [full[0]!, full[full.length - 1]!];
}

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  // Buttons answer once React has hydrated (components/site/HydratedMark.tsx).
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The screen-reader table's rows of a chart: each row's cells by column key. */
function tableRows(page: Page, figure: string) {
  return page
    .locator(`${figure} [data-chart-table] tbody tr`)
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Object.fromEntries(
          [...tr.querySelectorAll("[data-key]")].map((c) => [c.getAttribute("data-key")!, c.textContent.trim()]),
        ),
      ),
    );
}

async function download(page: Page, button: ReturnType<Page["locator"]>) {
  const wait = page.waitForEvent("download");
  await button.click();
  const d = await wait;
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
});

test("forest-plot points are uncertainty.json's gaps and the leaderboard's, in the picture and its table", async ({
  page,
}) => {
  await open(page, "/r/sample/uncertainty/", FOREST);
  const rows = await tableRows(page, FOREST);
  expect(rows).toHaveLength(Math.min(data.configs.length, 60) * data.groups.length);
  for (const row of twoConfigs()) {
    const id = row.config_id;
    const name = data.configs.find((c) => c.config_id === id)!.display_name;
    const lbRow = lb.rows.find((r) => r.config.config_id === id)!;
    for (const g of data.groups) {
      const cell = row.gaps[g]![condition]!;
      const point = page.locator(`${FOREST} circle[data-config="${id}"][data-group="${g}"]`);
      await expect(point, `${id} ${g}`).toHaveCount(1);
      const [value, lo, hi] = await Promise.all(
        ["data-value", "data-lo", "data-hi"].map(async (a) => Number(await point.getAttribute(a))),
      );
      expect([value, lo, hi], `${id} ${g} against uncertainty.json`).toEqual([
        cell.value,
        cell.plain.lo,
        cell.plain.hi,
      ]);
      // The leaderboard's own gap and paired interval: the same numbers (one bootstrap, one seed).
      const gap = lbRow.gaps[g]![condition]!;
      expect(value, `${id} ${g} gap against leaderboard.json`).toBeCloseTo(gap.value, 9);
      expect(lo, `${id} ${g} low against leaderboard.json`).toBeCloseTo(gap.lo, 9);
      expect(hi, `${id} ${g} high against leaderboard.json`).toBeCloseTo(gap.hi, 9);
      // Its row in the screen-reader table, as printed (one decimal).
      const shown = rows.find((r) => r.config === name && r.group === groupLabel(g));
      expect(shown, `${name} ${g} row`).toBeDefined();
      expect([shown!.gap, shown!.lo, shown!.hi, shown!.clo, shown!.chi].map(Number)).toEqual(
        [cell.value, cell.plain.lo, cell.plain.hi, cell.cluster.lo, cell.cluster.hi].map(r1),
      );
    }
  }
  // The picture is announced as an image that names its table; the table shows on request.
  const img = page.locator(`${FOREST} [role="img"]`);
  await expect(img).toHaveAttribute("aria-label", /its numbers are in the table/);
  const table = page.locator(`${FOREST} [data-chart-table]`);
  await expect(table).toHaveClass(/sr-only/);
  await page.locator(FOREST).getByRole("button", { name: "Show as table" }).click();
  await expect(table).not.toHaveClass(/sr-only/);
  await expect(table.locator("table")).toBeVisible();
});

test("the far − near table: pooled over configurations first, then each, with the within-repository difference", async ({
  page,
}) => {
  const table = '[data-testid="far-near-table"]';
  await open(page, "/r/sample/uncertainty/", table);
  /** A row's numeric cells, unrounded (data-value), in column order; null where the page shows "—". */
  const values = (row: ReturnType<Page["locator"]>) =>
    row
      .locator("td")
      .evaluateAll((tds) =>
        tds.map((td) => (td.hasAttribute("data-value") ? Number(td.getAttribute("data-value")) : null)),
      );
  const want = (c: UncertaintyPageData["rows"][number]["farNear"][string]) =>
    [
      c.near,
      c.far,
      c.value,
      c.plain.lo,
      c.plain.hi,
      c.cluster.lo,
      c.cluster.hi,
      c.designEffect,
      c.byRepo.value,
      c.byRepo.lo,
      c.byRepo.hi,
      c.byRepo.repos,
    ].map((v) => (v === null || !Number.isFinite(v) ? null : v));

  const pooled = data.pooledFarNear[condition]!;
  expect(pooled.configs).toBe(data.configs.length);
  const first = page.locator(`${table} tbody tr`).first();
  await expect(first).toHaveAttribute("data-pooled", "yes");
  await expect(first.locator("th")).toHaveText(`All configurations (pooled, ${data.configs.length})`);
  expect(await values(first)).toEqual(want(pooled));
  // Pooled over configurations on the same tasks: the mean of the configurations' own far − near.
  const own = data.rows.map((r) => r.farNear[condition]!);
  expect(pooled.value).toBeCloseTo(own.reduce((t, c) => t + c.value, 0) / own.length, 9);
  expect(pooled.byRepo.value).toBeCloseTo(own.reduce((t, c) => t + c.byRepo.value, 0) / own.length, 9);

  const [a, b] = twoConfigs();
  for (const r of [a!, b!]) {
    const row = page.locator(`${table} tbody tr[data-config="${r.config_id}"]`);
    expect(await values(row), r.config_id).toEqual(want(r.farNear[condition]!));
  }
});

test("the rank-interval plot shows every configuration's rank, interval and tie group from leaderboard.json", async ({
  page,
}) => {
  await open(page, "/r/sample/uncertainty/", RANKS);
  const cellRank = (r: LeaderboardModel["rows"][number]) => r.rates.overall?.[condition]?.rank;
  const ranked = lb.rows.filter((r) => cellRank(r));
  expect(ranked.length).toBe(lb.rows.length);
  const dots = page.locator(`${RANKS} circle[data-config]`);
  await expect(dots).toHaveCount(Math.min(ranked.length, 60));
  for (const r of ranked) {
    const want = cellRank(r)!;
    const dot = page.locator(`${RANKS} circle[data-config="${r.config.config_id}"]`);
    const got = await Promise.all(
      ["data-rank", "data-lo", "data-hi", "data-tie"].map(async (a) => Number(await dot.getAttribute(a))),
    );
    expect(got, r.config.config_id).toEqual([want.rank, want.lo, want.hi, want.tieGroup]);
  }
  // Drawn in the leaderboard's rank sort: each tie group one block, the best first.
  const order = await dots.evaluateAll((cs) => cs.map((c) => c.getAttribute("data-config")));
  expect(order).toEqual(
    [...ranked].sort((a, b) => cellRank(a)!.sortKey - cellRank(b)!.sortKey).map((r) => r.config.config_id),
  );
});

test("a chart saves as a standalone SVG and as a PNG at twice its size", async ({ page }) => {
  await open(page, "/r/sample/uncertainty/", FOREST);
  const figure = page.locator(FOREST);
  const svg = await download(page, figure.getByRole("button", { name: /as SVG$/ }));
  expect(svg.name).toBe(`sample-forest-${condition}.svg`);
  const text = svg.bytes.toString("utf8");
  expect(text).not.toContain("var(--");
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  // The light theme's condition colour (--chart-2, #dc2626), inlined as computed.
  expect(text).toContain("rgb(220, 38, 38)");
  const parsed = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, "image/svg+xml");
    return {
      error: doc.getElementsByTagName("parsererror").length > 0,
      root: doc.documentElement.nodeName,
      points: doc.querySelectorAll("circle[data-config]").length,
      background: doc.documentElement.firstElementChild?.getAttribute("fill") ?? null,
    };
  }, text);
  expect(parsed).toMatchObject({ error: false, root: "svg", background: "rgb(255, 255, 255)" });
  expect(parsed.points).toBe(await figure.locator("circle[data-config]").count());

  const png = await download(page, figure.getByRole("button", { name: /as PNG$/ }));
  expect(png.name).toBe(`sample-forest-${condition}.png`);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR's width and height (bytes 16–23): the drawn SVG's, doubled.
  const box = await figure
    .locator("svg")
    .first()
    .evaluate((e) => e.getBoundingClientRect());
  expect(png.bytes.readUInt32BE(16)).toBe(2 * Math.round(box.width));
  expect(png.bytes.readUInt32BE(20)).toBe(2 * Math.round(box.height));
});

test("in dark mode the points take the dark palette, and so does the saved picture", async ({ page }) => {
  await open(page, "/r/sample/uncertainty/", FOREST);
  const point = page.locator(`${FOREST} circle[data-config]`).first();
  const fill = () => point.evaluate((e) => getComputedStyle(e).fill);
  expect(await fill()).toBe("rgb(220, 38, 38)");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect.poll(fill).toBe("rgb(248, 113, 113)");
  const svg = await download(page, page.locator(FOREST).getByRole("button", { name: /as SVG$/ }));
  const text = svg.bytes.toString("utf8");
  expect(text).toContain("rgb(248, 113, 113)");
  expect(text).not.toContain("rgb(220, 38, 38)");
  // The background rect is the dark page's: every channel low.
  const bg = /<rect x="0" y="0" width="100%" height="100%" fill="rgb\((\d+), (\d+), (\d+)\)"/.exec(text);
  expect(bg, "background rect").not.toBeNull();
  expect(Math.max(...bg!.slice(1).map(Number))).toBeLessThan(64);
});

test("a signature prevalence dot is signature-prevalence.json's share and Wilson interval", async ({ page }) => {
  const cell = prevalence.cells.find((c) => c.grp === "overall" && c.strong.pct !== null && c.strong.k > 0);
  expect(cell, "an overall cell with a strong tag").toBeDefined();
  const { config_id, condition: cond, signature } = cell!;
  const plot = '[data-testid="prevalence-dot-plot"]';
  await open(page, "/r/sample/signatures/", plot);
  const dot = page.locator(
    `${plot} circle[data-config="${config_id}"][data-condition="${cond}"][data-group="overall"][data-signature="${signature}"]`,
  );
  await expect(dot).toHaveCount(1);
  const got = await Promise.all(
    ["data-value", "data-lo", "data-hi"].map(async (a) => Number(await dot.getAttribute(a))),
  );
  expect(got).toEqual([cell!.strong.pct, cell!.strong.lo, cell!.strong.hi]);
  // Its row in the screen-reader table.
  const rows = await tableRows(page, `${plot} figure`);
  const label = cond === "uninterrupted" ? "Unint" : cond === "switched" ? "Switch" : cond;
  const row = rows.find((r) => r.config === cell!.display_name && r.condition === label);
  expect(row, "the dot's table row").toBeDefined();
  expect(
    [row![`${signature}.pct`], row![`${signature}.lo`], row![`${signature}.hi`], row![`${signature}.k`]].map(Number),
  ).toEqual([r1(cell!.strong.pct!), r1(cell!.strong.lo!), r1(cell!.strong.hi!), cell!.strong.k]);
});
