// The bundled synthetic sample on "/": the published Table 1 figures (docs/benchmark.md, "Figures the paper publishes")
// read off the page.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const cell = (page: Page, config: string, col: string) =>
  page.locator(`tr[data-config="${config}"] td[data-col="${col}"]`);

test("the default page is the sample release, labelled synthetic, with the paper's figures", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("synthetic-banner")).toBeVisible();
  await expect(page.getByTestId("release-footer")).toContainText("sample");
  const ds = "deepseek-v4.1-flash-opencode";
  expect(
    await Promise.all(
      ["overall.uninterrupted", "overall.switched", "overall.gap.switched"].map((c) => cell(page, ds, c).innerText()),
    ),
  ).toEqual(["46.5", "31.5", "15.0"]);
  const glm = "glm-5.3-opencode";
  await expect(cell(page, glm, "overall.switched")).toHaveText("43.0");
  await expect(cell(page, glm, "near.gap.switched")).toHaveText("1.0");
  await expect(cell(page, glm, "far.gap.switched")).toHaveText("11.0");
  await expect(cell(page, glm, "far.switched")).toHaveText("40.0");
  await expect(cell(page, "kimi-k3-kimicode", "near.gap.switched")).toHaveText("12.0");
  await expect(cell(page, "kimi-k3-kimicode", "far.gap.switched")).toHaveText("15.0");
  await expect(cell(page, "gpt-5.6-sol-medium-codex", "overall.gap.switched")).toHaveText("14.5");
  await expect(cell(page, "gemini-3.7-flash-gemini-cli", "overall.switched")).toHaveText("23.0");
  await expect(cell(page, "claude-opus-5-claude-code", "overall.uninterrupted")).toHaveText("53.5");
  await expect(cell(page, "glm-5.3-opencode-rcm", "overall.switched")).toHaveText("48.5");
});

test("Table 1 marks among the seven native configurations", async ({ page }) => {
  await page.goto("/?variant=native");
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(7);
  await expect(cell(page, "glm-5.3-opencode", "overall.switched")).toHaveClass(/font-bold/);
  await expect(cell(page, "glm-5.3-opencode", "overall.gap.switched")).toHaveClass(/font-bold/);
  await expect(cell(page, "gemini-3.7-flash-gemini-cli", "overall.switched")).toHaveClass(/underline/);
  await expect(cell(page, "deepseek-v4.1-flash-opencode", "overall.gap.switched")).toHaveClass(/underline/);
});

test("the calibration list says which figures are invented", async ({ page }) => {
  await page.goto("/");
  await page.getByText("Which figures match the publication").click();
  await expect(page.getByTestId("calibrated")).toContainText("Table 1 DeepSeek-V4.1-Flash / OpenCode");
  await expect(page.getByTestId("invented").locator("li").first()).toBeVisible();
});
