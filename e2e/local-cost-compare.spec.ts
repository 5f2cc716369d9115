// Local results beyond the leaderboard: the imported Harbor release (seven sample runs replayed, configuration
// my-agent) on the cost page's Table 2, scatter and failure breakdown, and compared with a published
// configuration on the compare page. Every number is hand-computed in lib/data/fixtures/harbor/README.md
// ("Local results on the cost and compare pages"). Also: a release too large for the browser gets a clear
// message and the page keeps working.
import { cpSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { dropMinimalZip, importedReleaseForSpec } from "./local-release";

const LOCAL = "local:my-agent";
const DEEPSEEK = "deepseek-v4.1-flash-opencode";
const mine = importedReleaseForSpec("local-cost-e2e-");

async function openLocal(page: Page, folder: string) {
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await expect(page.getByRole("dialog", { name: "Open local results" })).toBeVisible();
  await page.getByTestId("local-folder-input").setInputFiles(folder);
}

const texts = (row: Locator, attr: string, values: string[]) =>
  Promise.all(values.map((v) => row.locator(`td[${attr}="${v}"]`).innerText()));

async function expectLocalCost(page: Page) {
  const row = page.locator(`[data-testid="cost-table"] tr[data-config="${LOCAL}"]`);
  await expect(row).toContainText("My agent / Harbor");
  await expect(row.getByTestId("local-badge")).toHaveText("local");
  expect(
    await texts(row, "data-col", [
      "tokens.base",
      "tokens.all",
      "tokens.all_ratio",
      "model_calls.base",
      "model_calls.all",
      "model_calls.all_ratio",
      "tool_calls.base",
      "tool_calls.all",
      "cost_usd.base",
      "cost_usd.all",
      "runs",
    ]),
  ).toEqual(["12.788", "98.089", "7.67×", "69.3", "298.3", "4.30×", "66.3", "283.5", "—", "$5.49", "3 / 4"]);
}

test("the cost page lists the local configuration in Table 2, the scatter and the failure breakdown, marked local", async ({
  page,
}) => {
  await page.goto("/r/sample/cost/");
  await expect(page.getByTestId("cost-controls")).toHaveAttribute("data-ready", "yes");
  const published = await page.locator('[data-testid="cost-table"] tbody tr').count();
  await openLocal(page, mine.dir);
  await expectLocalCost(page);
  await expect(page.locator('[data-testid="cost-table"] tbody tr')).toHaveCount(published + 1);

  const scatter = page.locator(`[data-testid="scatter-table"] tr[data-config="${LOCAL}"]`);
  expect(
    await texts(scatter, "data-col", [
      "uninterrupted.cost",
      "uninterrupted.resolution",
      "switched.cost",
      "switched.resolution",
    ]),
  ).toEqual(["12.788", "1.0", "98.089", "0.5"]);
  await expect(scatter.getByTestId("local-badge")).toBeVisible();

  const fail = (condition: string) =>
    page.locator(`[data-testid="failure-table"] tr[data-config="${LOCAL}"][data-condition="${condition}"]`);
  const outcomes = ["implementation", "submission", "incomplete", "no_run", "unresolved", "resolved"];
  expect(await texts(fail("switched"), "data-outcome", outcomes)).toEqual(["1", "1", "1", "196", "199", "1"]);
  expect(await texts(fail("uninterrupted"), "data-outcome", outcomes)).toEqual(["1", "0", "0", "197", "198", "2"]);

  // The group control applies to the local rows too: near has two uninterrupted and three switched runs.
  await page.getByRole("radiogroup", { name: "group" }).getByLabel("Near").check();
  const row = page.locator(`[data-testid="cost-table"] tr[data-config="${LOCAL}"]`);
  expect(await texts(row, "data-col", ["tokens.base", "tokens.all", "runs"])).toEqual(["11.760", "90.483", "2 / 3"]);
  // Both conditions of the local configuration, under the chosen group too.
  await expect(page.locator(`[data-testid="failure-table"] tr[data-config="${LOCAL}"]`)).toHaveCount(2);
});

async function groupCells(page: Page, grp: string) {
  const card = page.getByTestId(`group-${grp}`);
  return Promise.all(
    ["both", "only_a", "only_b", "neither"].map((c) => card.locator(`[data-cell="${c}"]`).innerText()),
  );
}

test("local results opened on the leaderboard follow to the cost and compare pages; a local configuration compares with a published one", async ({
  page,
}) => {
  await page.goto("/r/sample/");
  await openLocal(page, mine.dir);
  await expect(page.locator(`tr[data-config="${LOCAL}"]`)).toContainText("local");
  // Client-side navigation keeps the page's memory (a reload would forget the local release).
  await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Cost" }).click();
  await expect(page).toHaveURL(/\/r\/sample\/cost\/$/);
  await expectLocalCost(page);
  await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/r\/sample\/compare\/$/);

  await expect(page.locator(`[data-testid="pick-a"] option[value="${LOCAL}"]`)).toHaveText("My agent / Harbor (local)");
  await page.getByTestId("pick-a").selectOption(LOCAL);
  await page.getByTestId("pick-b").selectOption(DEEPSEEK);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  await expect(page).toHaveURL(new RegExp(`a=${encodeURIComponent(LOCAL)}&b=${DEEPSEEK}`));
  expect(await groupCells(page, "overall")).toEqual(["1", "0", "62", "137"]);
  expect(await groupCells(page, "near")).toEqual(["1", "0", "33", "66"]);
  expect(await groupCells(page, "far")).toEqual(["0", "0", "29", "71"]);
  const stat = (s: string) => page.getByTestId("group-overall").locator(`[data-stat="${s}"]`).innerText();
  expect(await Promise.all(["p", "res", "res-diff", "gaps"].map(stat))).toEqual([
    "4.3e-19",
    "0.5 / 31.5 %",
    "-31.0",
    "0.5 / 15.0 pp",
  ]);
  await expect(page.getByTestId("group-overall").locator('[data-stat="res-diff-ci"]')).toHaveText(
    /^\[-?\d+\.\d, -?\d+\.\d\]$/,
  );

  // Disagreeing tasks: the 62 B resolves alone (A has no run on any of them).
  const list = page.getByTestId("disagreements");
  await expect(list.locator("tbody tr")).toHaveCount(62);

  // Against glm-5.3-opencode, which resolves click-2660 where my-agent's run ended early: that local run names
  // no trajectory: its pane is aligned from its schedule only (e2e/local-trajectory.spec.ts aligns one that has one).
  await page.getByTestId("pick-b").selectOption("glm-5.3-opencode");
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  const row = list.locator('tr[data-task="pallets__click-2660"]');
  await expect(row.locator('[data-run="local:my-agent.pallets__click-2660.switched.r0"]')).toHaveText(
    "A (local, unresolved) (no trajectory)",
  );
  await expect(row.locator('a[data-run="local:my-agent.pallets__click-2660.switched.r0"]')).toHaveCount(0);
  await row.locator('button[data-open="ab"]').click();
  await expect(page.getByTestId("two-pane")).toHaveAttribute("data-local", "true");
  await expect(page.getByTestId("pane-left")).toHaveAttribute(
    "data-run",
    "local:my-agent.pallets__click-2660.switched.r0",
  );
  await expect(page.getByTestId("pane-left")).toContainText("unresolved (incomplete)");
  await expect(page.getByTestId("two-pane")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("local-run-note")).toContainText(
    "Your release names no trajectory file for it: requests from the schedule only",
  );
  await expect(page.getByTestId("local-run-open")).toHaveAttribute(
    "href",
    "/r/sample/run/?id=local%3Amy-agent.pallets__click-2660.switched.r0",
  );
  await expect(page.getByTestId("pane-right").getByRole("link")).toHaveAttribute(
    "href",
    "/r/sample/run/?id=glm-5.3-opencode.pallets__click-2660.switched.r0",
  );
  await page.getByTestId("two-pane").getByRole("button", { name: "Close" }).click();

  // Back to deepseek, under uninterrupted: the 2×2 follows the condition.
  await page.getByTestId("pick-b").selectOption(DEEPSEEK);
  await page.getByTestId("pick-condition").selectOption("uninterrupted");
  await expect(page.getByTestId("group-overall").locator('[data-cell="only_b"]')).toHaveText("91");
  expect(await groupCells(page, "overall")).toEqual(["2", "0", "91", "107"]);
});

test("“Compare selected” on the leaderboard with a local row leads to the compare page of the pair", async ({
  page,
}) => {
  await page.goto("/r/sample/");
  await openLocal(page, mine.dir);
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.locator(`tr[data-config="${LOCAL}"] input[type="checkbox"]`).check();
  await page.locator(`tr[data-config="${DEEPSEEK}"] input[type="checkbox"]`).check();
  await page.getByTestId("compare-selected").click();
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("pick-a")).toHaveValue(LOCAL);
  expect(await groupCells(page, "overall")).toEqual(["1", "0", "62", "137"]);
});

test("a local release of another benchmark compares with nothing paired, and the page says why", async ({ page }) => {
  // The minimal example (2 focus tasks, sessions s-1xx): none of its runs is on a session of the sample.
  await page.goto("/r/sample/compare/");
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await dropMinimalZip(page);
  await expect(page.getByTestId("local-entry")).toContainText("This release has 2 focus tasks, the published one 200");
  await page.getByTestId("pick-a").selectOption("local:orca-opencode");
  await page.getByTestId("pick-b").selectOption(DEEPSEEK);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("unmatched-local-runs")).toHaveText(
    "4 local run(s) are on sessions this release does not have: they are left out of the comparison.",
  );
  expect(await groupCells(page, "overall")).toEqual(["0", "0", "63", "137"]);
});

test("a release whose record files exceed 512 MB is refused with a clear message; the page keeps working", async ({
  page,
}) => {
  // runs.jsonl extended to 600 MB as a sparse file: no disk, and the page only looks at File.size.
  const big = join(mine.tmp, "big-release");
  cpSync(mine.dir, big, { recursive: true });
  truncateSync(join(big, "runs.jsonl"), 600 * 1024 * 1024);
  expect(statSync(join(big, "runs.jsonl")).blocks * 512).toBeLessThan(1024 * 1024);
  await page.goto("/r/sample/");
  const rows = page.locator("tbody tr[data-config]");
  await expect(rows).toHaveCount(11);
  await openLocal(page, big);
  await expect(page.getByTestId("local-status")).toContainText(
    "the release's record files hold 602 MB (runs.jsonl alone 600 MB), more than the 512 MB this page reads in a browser; validate and build it with npm run data:validate and npm run data instead",
  );
  await expect(page.getByTestId("local-entry")).toHaveCount(0);
  await expect(rows).toHaveCount(11);
  await expect(
    page.locator('tr[data-config="deepseek-v4.1-flash-opencode"] td[data-col="overall.switched"]'),
  ).toHaveText("31.5");
  // Still usable: the real release opens right after.
  await page.getByTestId("local-folder-input").setInputFiles(mine.dir);
  await expect(page.locator(`tr[data-config="${LOCAL}"]`)).toContainText("My agent / Harbor");
  await expect(rows).toHaveCount(12);
});
