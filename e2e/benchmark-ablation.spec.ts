// The ablation page: benchmark-mini's hand-computed family (EXPECTED.md) and the sample's Table 3 figures.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const cell = (page: Page, family: string, config: string, col: string) =>
  page.locator(`table[data-family="${family}"] tr[data-config="${config}"] td[data-col="${col}"]`);

test("variants grouped with their native configuration, with paired gains", async ({ page }) => {
  await page.goto("/r/benchmark-mini/ablation/");
  await expect(page.locator("table[data-family]")).toHaveCount(1);
  const rates = await page
    .locator('table[data-family="n1"] td[data-col="overall.switched"] [data-stat="rate"]')
    .allInnerTexts();
  expect(rates).toEqual(["33.3", "66.7", "100.0"]);
  await expect(cell(page, "n1", "n1-rcm", "overall.switched").locator('[data-stat="rate"]')).toHaveClass(/font-bold/);
  await expect(cell(page, "n1", "n1-router", "overall.switched").locator('[data-gain="overall.switched"]')).toHaveText(
    "+33.3 [0.0, 100.0]",
  );
  await expect(cell(page, "n1", "n1-rcm", "far.switched").locator('[data-stat="gain"]')).toHaveText("+50.0");
  await expect(cell(page, "n1", "n1-router", "overall.uninterrupted").locator('[data-stat="gain"]')).toHaveText(
    "-33.3",
  );
  await expect(cell(page, "n1", "n1", "overall.gap.switched").locator('[data-stat="gap"]')).toHaveText("66.7");
});

test("the sample release shows Table 3's switched resolutions", async ({ page }) => {
  await page.goto("/r/sample/ablation/");
  const switched = (f: string) =>
    page.locator(`table[data-family="${f}"] td[data-col="overall.switched"] [data-stat="rate"]`).allInnerTexts();
  expect(await switched("deepseek-v4.1-flash-opencode")).toEqual(["31.5", "42.5", "47.0"]);
  expect(await switched("glm-5.3-opencode")).toEqual(["43.0", "46.5", "48.5"]);
  await expect(
    cell(page, "glm-5.3-opencode", "glm-5.3-opencode-router", "far.switched").locator('[data-stat="rate"]'),
  ).toHaveText("47.0");
});
