// A leaderboard longer than a page holds (e2e/fixtures/releases/widecalc/EXPECTED.md): the static page carries the
// first 30 of 210 configurations, marked among all 210, and the view fetches the rest after first paint.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { modelFiles } from "./page-models";
import { leaderboardPage } from "../lib/queries/leaderboard/page";

const PAGE = "/r/widecalc/";

async function marked(page: Page, col: string, cls: "font-bold" | "underline") {
  const out: string[] = [];
  for (const cell of await page.locator(`tbody td[data-col="${col}"]`).all()) {
    if ((await cell.getAttribute("class"))?.split(/\s+/).includes(cls))
      out.push((await cell.locator("xpath=..").getAttribute("data-config"))!);
  }
  return out.sort();
}

test("the page holds the first 30 rows, not the model of all 210", async ({ request }) => {
  const html = await (await request.get(PAGE)).text();
  expect(html).toContain('data-config="w029"');
  expect(html).not.toContain("w030");
  expect(html).not.toContain("w205");
});

test("first rows are marked among all rows while the rest load, then every row is there", async ({ page }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(modelFiles("widecalc", leaderboardPage), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(PAGE);
  const rest = page.getByTestId("leaderboard-rest");
  await expect(rest).toHaveText("Showing the first 30 of 210 configurations while the rest load.");
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(30);
  expect(await marked(page, "overall.switched", "font-bold")).toEqual([]);
  expect(await marked(page, "overall.switched", "underline")).toEqual(["w003"]);
  expect(await marked(page, "overall.gap.switched", "font-bold")).toEqual([]);
  expect(await marked(page, "overall.gap.switched", "underline")).toEqual(["w003"]);
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();

  release();
  await expect(rest).toHaveCount(0);
  await expect(page.locator("tbody[data-rows]")).toHaveAttribute("data-rows", "210");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  // Highest Switch first: w205 (100.0, bold), then the 208 at 25.0; w003 (0.0, underlined) last.
  await page.locator('th[data-col="overall.switched"] button').click();
  const first = page.locator("tbody tr[data-config]").first();
  await expect(first).toHaveAttribute("data-config", "w205");
  await expect(first.locator('td[data-col="overall.switched"]')).toHaveText("100.0");
  expect(await marked(page, "overall.switched", "font-bold")).toEqual(["w205"]);
});
