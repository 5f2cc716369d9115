// 10,000 steps (generated at test time, e2e/fixtures/trajectories/large.ts): the list stays windowed while
// scrolling end to end, search reaches the last step, and a deep link goes straight to a late one.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { largeTrajectory, LAST_STEP_MARKER } from "./fixtures/trajectories/large";

const RUN = "large-run";
const STEPS = 10_000;
const body = largeTrajectory({ steps: STEPS, bytes: 5_000_000 });

async function openLarge(page: Page, query = "") {
  await page
    .context()
    .route(`**/data/trajcalc/trajectories/${RUN}.json`, (route) =>
      route.fulfill({ body, contentType: "application/json" }),
    );
  await page.goto(`/r/trajcalc/run/?id=${RUN}${query}`);
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", String(STEPS));
}

const domRows = (page: Page) => page.locator('[data-testid="step-list"] [role="option"]').count();

test("scrolling 10,000 steps end to end keeps at most 200 rows in the DOM", async ({ page }) => {
  test.setTimeout(120_000);
  await openLarge(page);
  const list = page.getByTestId("step-list");
  const height = await list.evaluate((el) => el.scrollHeight);
  let most = 0;
  for (let i = 0; i <= 40; i++) {
    await list.evaluate((el, top) => (el.scrollTop = top), (height * i) / 40);
    await page.waitForTimeout(30);
    most = Math.max(most, await domRows(page));
  }
  expect(most).toBeGreaterThan(10);
  expect(most).toBeLessThanOrEqual(200);
  await expect(list.locator(`[data-step="${STEPS}"]`)).toBeVisible();
});

test("search finds the last step from the top, and a deep link opens step 9,999", async ({ page }) => {
  await openLarge(page);
  await expect(page.locator(`[data-testid="step-list"] [data-step="${STEPS}"]`)).toHaveCount(0);
  await page.getByTestId("step-search").fill(LAST_STEP_MARKER);
  await expect(page.getByTestId("search-count")).toHaveText("1 matching step");
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", String(STEPS));
  await expect(page.locator(`[data-testid="step-list"] [data-step="${STEPS}"]`)).toBeInViewport();

  await page.goto(`/r/trajcalc/run/?id=${RUN}&step=9999`);
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "9999");
  await expect(page.locator('[data-testid="step-list"] [data-step="9999"]')).toBeInViewport();
  expect(await domRows(page)).toBeLessThanOrEqual(200);
});
