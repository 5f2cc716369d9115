// Back and Forward walk view changes on every view with URL state (components/site/useUrlState.ts): change
// something, go Back, read the earlier view off the page, go Forward. Known answers from the fixtures'
// EXPECTED.md files (costcalc, comparecalc, benchmark-mini, handcalc, trajcalc), cited at each step.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** DuckDB-WASM answers in seconds, but a loaded machine (several builds at once) has taken many times as long. */
const WASM_WAIT = 90_000;
test.setTimeout(240_000);

const tokensBase = (page: Page, config: string) =>
  page.locator(`[data-testid="cost-table"] tr[data-config="${config}"] td[data-col="tokens.base"]`);

test("cost: the token accounting is a history entry", async ({ page }) => {
  await page.goto("/r/costcalc/cost/");
  await expect(page.locator('[data-testid="cost-controls"][data-ready="yes"]')).toHaveCount(1);
  // costcalc EXPECTED.md: p's uninterrupted mean 4.500 M tokens, 2.250 M without cached input.
  await expect(tokensBase(page, "p")).toHaveText("4.500");
  await page.getByLabel("cached input excluded").check();
  await expect(tokensBase(page, "p")).toHaveText("2.250");
  await page.goBack();
  await expect(page).toHaveURL(/\/r\/costcalc\/cost\/$/);
  await expect(tokensBase(page, "p")).toHaveText("4.500");
  await expect(page.getByLabel("cached input included (paper)")).toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/tokens=uncached/);
  await expect(tokensBase(page, "p")).toHaveText("2.250");
});

const cells = (page: Page, g: string) =>
  Promise.all(
    ["both", "only_a", "only_b", "neither"].map((c) =>
      page.getByTestId(`group-${g}`).locator(`[data-cell="${c}"]`).innerText(),
    ),
  );

test("compare: the condition and the disagreement filter are history entries", async ({ page }) => {
  await page.goto("/r/comparecalc/compare/?a=anna&b=bert");
  const ready = () => expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true", { timeout: WASM_WAIT });
  await ready();
  // comparecalc EXPECTED.md: switched overall 2 / 5 / 1 / 2; uninterrupted 7 / 2 / 1 / 0.
  expect(await cells(page, "overall")).toEqual(["2", "5", "1", "2"]);
  await page.getByTestId("pick-condition").selectOption("uninterrupted");
  await expect(page).toHaveURL(/condition=uninterrupted/);
  await ready();
  expect(await cells(page, "overall")).toEqual(["7", "2", "1", "0"]);
  await page.getByTestId("filter-group").selectOption("near");
  await expect(page).toHaveURL(/group=near/);
  await page.goBack();
  await expect(page.getByTestId("filter-group")).toHaveValue("overall");
  await expect(page).toHaveURL(/condition=uninterrupted$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?a=anna&b=bert$/);
  await expect(page.getByTestId("pick-condition")).toHaveValue("switched");
  await ready();
  expect(await cells(page, "overall")).toEqual(["2", "5", "1", "2"]);
  await page.goForward();
  await expect(page.getByTestId("pick-condition")).toHaveValue("uninterrupted");
  await ready();
  expect(await cells(page, "overall")).toEqual(["7", "2", "1", "0"]);
});

test("Task Flow: the condition is a history entry", async ({ page }) => {
  await page.goto("/r/benchmark-mini/taskflow/");
  const observed = (key: string) =>
    page.locator(`[data-testid="dist-length"] tr[data-key="${key}"] [data-stat="observed"]`);
  // benchmark-mini EXPECTED.md: switched sessions 6–10 requests: 33.3 %; uninterrupted, 3 requests: 66.7 %.
  await expect(observed("6-10")).toHaveText("33.3");
  await page.getByLabel("condition").selectOption("uninterrupted");
  await expect(observed("3")).toHaveText("66.7");
  await page.goBack();
  await expect(page.getByLabel("condition")).not.toHaveValue("uninterrupted");
  await expect(observed("6-10")).toHaveText("33.3");
  await page.goForward();
  await expect(page.getByLabel("condition")).toHaveValue("uninterrupted");
  await expect(observed("3")).toHaveText("66.7");
});

test("task catalog: a filter is an entry, and a typed search is one entry", async ({ page }) => {
  await page.goto("/r/handcalc/tasks/");
  const count = page.getByTestId("catalog-count");
  // handcalc EXPECTED.md: four focus tasks, N1 and N2 near.
  await expect(count).toHaveText("4 of 4 focus tasks");
  await page.getByLabel("group", { exact: true }).selectOption("near");
  await expect(count).toHaveText("2 of 4 focus tasks");
  await page.getByLabel("search tasks").pressSequentially("N1");
  await expect(count).toHaveText("1 of 4 focus tasks");
  // One Back undoes the whole search (both keystrokes), the next one the filter.
  await page.goBack();
  await expect(page.getByLabel("search tasks")).toHaveValue("");
  await expect(count).toHaveText("2 of 4 focus tasks");
  await page.goBack();
  await expect(count).toHaveText("4 of 4 focus tasks");
  await page.goForward();
  await page.goForward();
  await expect(page.getByLabel("search tasks")).toHaveValue("N1");
  await expect(count).toHaveText("1 of 4 focus tasks");
});

test("runs: filters and a typed search are history entries", async ({ page }) => {
  await page.goto("/r/trajcalc/runs/");
  const runs = page.locator("[data-run]");
  // trajcalc EXPECTED.md: six runs; one carries cross-task interference; two are switched runs of F1.
  await expect(runs).toHaveCount(6);
  await page.getByTestId("run-tag-filter").selectOption("cross_task_interference");
  await expect(runs).toHaveCount(1);
  await page.getByTestId("run-tag-filter").selectOption("");
  await expect(runs).toHaveCount(6);
  await page.getByLabel("search runs").pressSequentially("s-F1");
  await expect(runs).toHaveCount(2);
  await page.goBack();
  await expect(page.getByLabel("search runs")).toHaveValue("");
  await expect(runs).toHaveCount(6);
  await page.goBack();
  await expect(page.getByTestId("run-tag-filter")).toHaveValue("cross_task_interference");
  await expect(runs).toHaveCount(1);
  await page.goForward();
  await page.goForward();
  await expect(runs).toHaveCount(2);
  await expect(page.locator('[data-run="alpha.s-F1"]')).toBeVisible();
  await expect(page.locator('[data-run="beta.s-F1"]')).toBeVisible();
});

test("trajectory: the tagged filter and the search are entries; moving between steps replaces the entry", async ({
  page,
}) => {
  await page.goto("/r/trajcalc/run/?id=alpha.s-N1");
  const explorer = page.getByTestId("trajectory-explorer");
  await expect(explorer).toHaveAttribute("data-analyzed", "true");
  const list = page.getByTestId("step-list");
  const detail = page.getByTestId("step-detail");
  // trajcalc EXPECTED.md: alpha.s-N1 has 14 steps; its tags point at steps 2 and 8.
  await expect(list).toHaveAttribute("data-steps", "14");
  await expect(detail).toHaveAttribute("data-step", "1");
  // The tags arrive with the annotations (DuckDB-WASM) and the detectors: two tagged steps.
  await expect(page.getByText("Tagged steps only (2)")).toBeVisible({ timeout: WASM_WAIT });
  await page.getByTestId("tagged-only").check();
  await expect(list).toHaveAttribute("data-steps", "2");
  await expect(detail).toHaveAttribute("data-step", "2");
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("j");
  await expect(detail).toHaveAttribute("data-step", "8");
  await expect(page).toHaveURL(/tagged=1/);
  await expect(page).toHaveURL(/step=8/);
  // The step moves replaced the filter's entry: one Back is the view before the filter.
  await page.goBack();
  await expect(page).toHaveURL(/\?id=alpha\.s-N1$/);
  await expect(page.getByTestId("tagged-only")).not.toBeChecked();
  await expect(list).toHaveAttribute("data-steps", "14");
  await expect(detail).toHaveAttribute("data-step", "1");
  await page.goForward();
  await expect(list).toHaveAttribute("data-steps", "2");
  await expect(detail).toHaveAttribute("data-step", "8");

  // A typed search is one entry.
  await page.getByTestId("tagged-only").uncheck();
  await expect(list).toHaveAttribute("data-steps", "14");
  await page.getByTestId("step-search").pressSequentially("literal_default");
  await expect(page.getByTestId("search-count")).toHaveText(/matching step/);
  // The open step is a match, and its detail marks it (text in <mark>, the rest left as text).
  await expect(detail.locator('[data-testid="search-mark"]').first()).toHaveText("literal_default");
  await page.goBack();
  await expect(page.getByTestId("step-search")).toHaveValue("");
  await expect(page.getByTestId("search-count")).toHaveText("");
  await expect(page.getByTestId("tagged-only")).not.toBeChecked();
  await page.goForward();
  await expect(page.getByTestId("step-search")).toHaveValue("literal_default");
  await expect(page.getByTestId("search-count")).toHaveText(/matching step/);
});

test("leaderboard: a filter is a history entry", async ({ page }) => {
  await page.goto("/r/handcalc/");
  const rows = page.locator('[data-testid="leaderboard"] tbody tr[data-config]');
  const betaSwitched = page.locator('tr[data-config="beta"] td[data-col="overall.switched"]');
  // handcalc EXPECTED.md: three configurations, beta (the one HarnessY configuration) 25.0 % switched.
  await expect(rows).toHaveCount(3);
  await expect(betaSwitched).toHaveText("25.0");
  await page.locator('details[data-filter="harness"] summary').click();
  await page.locator('details[data-filter="harness"]').getByLabel("HarnessY").check();
  await expect(page).toHaveURL(/harness=HarnessY/);
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/r\/handcalc\/$/);
  await expect(rows).toHaveCount(3);
  await expect(betaSwitched).toHaveText("25.0");
  await page.goForward();
  await expect(page).toHaveURL(/harness=HarnessY/);
  await expect(rows).toHaveCount(1);
  await expect(betaSwitched).toHaveText("25.0");
});

test("trajectory: the final-patch tab is a history entry", async ({ page }) => {
  await page.goto("/r/trajcalc/run/?id=alpha.s-N1");
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  // trajcalc EXPECTED.md: alpha.s-N1 has 14 steps.
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", "14");
  await page.getByTestId("tab-patch").click();
  await expect(page).toHaveURL(/tab=patch/);
  await expect(page.getByTestId("tab-patch")).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\?id=alpha\.s-N1$/);
  await expect(page.getByTestId("tab-steps")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", "14");
  await page.goForward();
  await expect(page).toHaveURL(/tab=patch/);
  await expect(page.getByTestId("tab-patch")).toHaveAttribute("aria-selected", "true");
});

test("SQL console: each statement run is a history entry, and Back runs the earlier one again", async ({ page }) => {
  await page.goto(`/r/handcalc/sql/?q=${encodeURIComponent("SELECT count(*) AS n FROM configs")}`);
  const first = page.locator("[data-testid=sql-result] tbody td").first();
  // handcalc EXPECTED.md: three configurations, alpha and gamma on HarnessX.
  await expect(first).toHaveText("3", { timeout: WASM_WAIT });
  await page.getByTestId("sql-text").fill("SELECT count(*) AS n FROM configs WHERE harness = 'HarnessX'");
  await page.getByTestId("sql-run").click();
  await expect(first).toHaveText("2", { timeout: WASM_WAIT });
  await expect(page).toHaveURL(/HarnessX/);
  await page.goBack();
  await expect(page).not.toHaveURL(/HarnessX/);
  await expect(page.getByTestId("sql-text")).toHaveValue("SELECT count(*) AS n FROM configs");
  await expect(first).toHaveText("3", { timeout: WASM_WAIT });
  await page.goForward();
  await expect(page).toHaveURL(/HarnessX/);
  await expect(first).toHaveText("2", { timeout: WASM_WAIT });
});
