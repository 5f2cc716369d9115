// The hand-computed release (e2e/fixtures/releases/handcalc/EXPECTED.md), read off the rendered page.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const PAGE = "/r/handcalc/";
const COLS = [
  "overall.uninterrupted",
  "overall.switched",
  "overall.gap.switched",
  "near.uninterrupted",
  "near.switched",
  "near.gap.switched",
  "far.uninterrupted",
  "far.switched",
  "far.gap.switched",
];

async function rowValues(page: Page, config: string) {
  const row = page.locator(`tr[data-config="${config}"]`);
  return Promise.all(COLS.map((c) => row.locator(`td[data-col="${c}"]`).innerText()));
}

async function marked(page: Page, col: string, cls: "font-bold" | "underline") {
  const cells = page.locator(`tbody td[data-col="${col}"]`);
  const out: string[] = [];
  for (const cell of await cells.all()) {
    if ((await cell.getAttribute("class"))?.split(/\s+/).includes(cls)) {
      out.push((await cell.locator("xpath=..").getAttribute("data-config"))!);
    }
  }
  return out.sort();
}

test("every number of the hand-computed release is on the page", async ({ page }) => {
  await page.goto(PAGE);
  expect(await rowValues(page, "alpha")).toEqual([
    "75.0",
    "50.0",
    "25.0",
    "100.0",
    "50.0",
    "50.0",
    "50.0",
    "50.0",
    "0.0",
  ]);
  expect(await rowValues(page, "beta")).toEqual([
    "75.0",
    "25.0",
    "50.0",
    "50.0",
    "50.0",
    "0.0",
    "100.0",
    "0.0",
    "100.0",
  ]);
  expect(await rowValues(page, "gamma")).toEqual([
    "50.0",
    "50.0",
    "0.0",
    "50.0",
    "100.0",
    "-50.0",
    "50.0",
    "0.0",
    "50.0",
  ]);
});

test("bold and underline follow Table 1, ties included", async ({ page }) => {
  await page.goto(PAGE);
  expect(await marked(page, "overall.switched", "font-bold")).toEqual(["alpha", "gamma"]);
  expect(await marked(page, "overall.switched", "underline")).toEqual(["beta"]);
  expect(await marked(page, "overall.gap.switched", "font-bold")).toEqual(["gamma"]);
  expect(await marked(page, "overall.gap.switched", "underline")).toEqual(["beta"]);
  expect(await marked(page, "near.switched", "font-bold")).toEqual(["gamma"]);
  expect(await marked(page, "near.switched", "underline")).toEqual(["alpha", "beta"]);
  expect(await marked(page, "near.gap.switched", "font-bold")).toEqual(["gamma"]);
  expect(await marked(page, "near.gap.switched", "underline")).toEqual(["alpha"]);
  expect(await marked(page, "far.switched", "font-bold")).toEqual(["alpha"]);
  expect(await marked(page, "far.switched", "underline")).toEqual(["beta", "gamma"]);
  expect(await marked(page, "far.gap.switched", "font-bold")).toEqual(["alpha"]);
  expect(await marked(page, "far.gap.switched", "underline")).toEqual(["beta"]);
});

test("expanding a row shows the missing run, intervals and McNemar p", async ({ page }) => {
  await page.goto(PAGE);
  await page.locator('tr[data-config="beta"] button[aria-expanded]').click();
  const detail = page.locator('tr[data-detail="beta"]');
  await expect(detail.locator('[data-detail-col="far.switched"]')).toContainText("1 missing run counted unresolved");
  await expect(detail.locator('[data-detail-col="overall.gap.switched"] [data-stat="p"]')).toHaveText("0.500");
  await expect(detail.locator('[data-detail-col="overall.uninterrupted"]')).toContainText("[30.1, 95.4]");
});

test("the numbers are in the static HTML, before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  expect(await rowValues(page, "beta")).toEqual([
    "75.0",
    "25.0",
    "50.0",
    "50.0",
    "50.0",
    "0.0",
    "100.0",
    "0.0",
    "100.0",
  ]);
  await context.close();
});

test("sorting and filters live in the URL and a permalink restores them", async ({ page }) => {
  await page.goto(PAGE);
  await page.locator('th[data-col="overall.gap.switched"] button').click();
  await expect(page).toHaveURL(/sort=overall\.gap\.switched:desc/);
  const order = await page
    .locator("tbody tr[data-config]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-config")));
  expect(order).toEqual(["beta", "alpha", "gamma"]);
  await page.goto(`${PAGE}?variant=native&sort=far.switched:asc&groups=overall,far`);
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(2);
  const restored = await page
    .locator("tbody tr[data-config]")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-config")));
  expect(restored).toEqual(["beta", "alpha"]);
  await expect(page.locator('td[data-col="near.switched"]')).toHaveCount(0);
});

test("the synthetic banner and the release footer are shown", async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.getByTestId("synthetic-banner")).toContainText("Synthetic sample data");
  await expect(page.getByTestId("release-footer")).toContainText("handcalc");
  await expect(page.getByTestId("release-footer")).toContainText("test-1");
});
