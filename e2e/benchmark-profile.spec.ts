// The profile page read off the rendered site: benchmark-mini's hand-computed Table 6 row
// (e2e/fixtures/releases/benchmark-mini/EXPECTED.md) and the sample release's calibrated one (docs/benchmark.md,
// "Sessions, requests and schedules").
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const STATS = ["focus_tasks", "repos", "interruption_tasks", "request_count", "workspace_switches", "focus_returns"];

async function table6(page: Page) {
  const box = page.getByTestId("profile-table6");
  return Promise.all(STATS.map((s) => box.locator(`[data-stat="${s}"]`).innerText()));
}

test("the hand-computed profile, per-condition medians and counts", async ({ page }) => {
  await page.goto("/r/benchmark-mini/profile/");
  expect(await table6(page)).toEqual(["3", "2", "2", "5", "3", "1"]);
  const row = (c: string) =>
    page.locator(`[data-testid="profile-conditions"] tr[data-condition="${c}"] td[data-col]`).allInnerTexts();
  expect(await row("uninterrupted")).toEqual(["3", "0", "0", "0"]);
  expect(await row("switched")).toEqual(["5", "3", "1", "2"]);
  await expect(page.getByTestId("hist-switched-request_count")).toHaveAttribute(
    "data-testid",
    "hist-switched-request_count",
  );
  await expect(page.locator('[data-testid="profile-groups"] [data-group="far"]')).toHaveText("2");
  await expect(page.locator('[data-testid="profile-repos"] tr[data-repo="acme/core"] td[data-col="near"]')).toHaveText(
    "1",
  );
  await expect(page.getByTestId("validation-verdict")).toContainText("All 9 schedule rules pass for every session.");
  await expect(page.getByTestId("validation-other")).toContainText("run.trajectory_missing (23)");
  await expect(page.locator('nav[aria-label="release pages"] [aria-current="page"]')).toHaveText("Profile");
});

test("the sample release reproduces Table 6, in the static HTML", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/r/sample/profile/");
  expect(await table6(page)).toEqual(["200", "19", "4", "22", "15", "3"]);
  await context.close();
});

test("a release without interruptions says Table 6's medians do not apply", async ({ page }) => {
  await page.goto("/r/context-reuse/profile/");
  await expect(page.locator('[data-testid="profile-table6"] [data-stat="request_count"]')).toHaveText("—");
  await expect(page.locator('[data-testid="profile-conditions"] tbody tr')).toHaveCount(4);
});
