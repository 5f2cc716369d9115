// The cost page read off the rendered site: Table 2 cells and the cached-input toggle on costcalc, the
// failure totals on handcalc (both hand-computed: see each release's EXPECTED.md), the static HTML, and the
// parts that query DuckDB-WASM (a histogram bin's tasks, a chosen session).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, withoutWasm } from "./fixtures";

const COSTCALC = "/r/costcalc/cost/";
const HANDCALC = "/r/handcalc/cost/";
const SCOPES = ["base", "all", "focus", "all_ratio", "focus_ratio"];

/** Retries until the cells show the values: state from the URL is applied after hydration. */
async function expectCells(page: Page, config: string, measure: string, values: string[], cols = SCOPES) {
  const row = page.locator(`[data-testid="cost-table"] tr[data-config="${config}"]`);
  for (const [i, c] of cols.entries())
    await expect(row.locator(`td[data-col="${measure}.${c}"]`), `${config} ${measure}.${c}`).toHaveText(values[i]!);
}

/** The page has read its URL and its controls respond. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-testid="cost-controls"][data-ready="yes"]')).toHaveCount(1);
}

async function unresolved(page: Page) {
  const out: Record<string, string> = {};
  for (const row of await page.locator('[data-testid="failure-table"] tbody tr').all()) {
    out[`${await row.getAttribute("data-config")}.${await row.getAttribute("data-condition")}`] = await row
      .locator('td[data-outcome="unresolved"]')
      .innerText();
  }
  return out;
}

test("Table 2 cells of the hand-computed release", async ({ page }) => {
  await open(page, COSTCALC);
  await expectCells(page, "p", "tokens", ["4.500", "11.500", "3.500", "2.56×", "0.78×"]);
  await expectCells(page, "p", "model_calls", ["7.5", "20.5", "5.5", "2.73×", "0.73×"]);
  await expectCells(page, "p", "tool_calls", ["7.0", "17.0", "7.0"], ["base", "all", "focus"]);
  await expectCells(page, "p", "cost_usd", ["$0.45", "$1.15", "$0.35"], ["base", "all", "focus"]);
  await expectCells(page, "q", "tokens", ["5.500", "12.000", "6.000", "2.18×", "1.09×"]);
  await expectCells(page, "q", "cost_usd", ["—", "—", "—"], ["base", "all", "focus"]);
  await expect(page.locator('[data-testid="cost-table"] tr[data-config="q"] td[data-col="runs"]')).toHaveText("2 / 1");
  await expect(page.getByTestId("cost-source")).toContainText("invented test prices, costcalc fixture");
});

test("the cached-input toggle changes the token cells only, and lives in the URL", async ({ page }) => {
  await open(page, COSTCALC);
  await page.getByLabel("cached input excluded").check();
  await expect(page).toHaveURL(/tokens=uncached/);
  await expect(page.getByTestId("tokens-header")).toHaveText("Tokens − cached (M)");
  await expectCells(page, "p", "tokens", ["2.250", "4.250", "1.000", "1.89×", "0.44×"]);
  await expectCells(page, "q", "tokens", ["2.750", "5.000", "2.000", "1.82×", "0.73×"]);
  await expectCells(page, "p", "model_calls", ["7.5", "20.5", "5.5", "2.73×", "0.73×"]);
  await page.reload();
  await expect(page.locator('[data-testid="cost-controls"][data-ready="yes"]')).toHaveCount(1);
  await expectCells(page, "p", "tokens", ["2.250"], ["base"]);
  await page.getByLabel("cached input included (paper)").check();
  await expectCells(page, "p", "tokens", ["4.500"], ["base"]);
});

test("near and far split the means; a group with no run shows no mean", async ({ page }) => {
  await open(page, `${COSTCALC}?group=near`);
  await expectCells(page, "p", "tokens", ["6.500", "14.000", "4.000"], ["base", "all", "focus"]);
  await page.getByRole("radio", { name: "Far" }).check();
  await expect(page).toHaveURL(/group=far/);
  await expectCells(page, "q", "tokens", ["3.000", "—", "—", "—"], ["base", "all", "focus", "all_ratio"]);
});

test("failure totals per configuration and condition", async ({ page }) => {
  await open(page, HANDCALC);
  expect(await unresolved(page)).toEqual({
    "alpha.uninterrupted": "1",
    "alpha.switched": "2",
    "beta.uninterrupted": "1",
    "beta.switched": "3",
    "gamma.uninterrupted": "2",
    "gamma.switched": "2",
  });
  const beta = page.locator('[data-testid="failure-table"] tr[data-config="beta"][data-condition="switched"]');
  expect(
    await Promise.all(
      ["implementation", "submission", "incomplete", "no_run", "resolved"].map((o) =>
        beta.locator(`td[data-outcome="${o}"]`).innerText(),
      ),
    ),
  ).toEqual(["2", "0", "0", "1", "1"]);
  await expect(
    page.locator('tr[data-config="alpha"][data-condition="switched"] td[data-outcome="submission"]'),
  ).toHaveText("1");
  await expect(
    page.locator('tr[data-config="gamma"][data-condition="switched"] td[data-outcome="incomplete"]'),
  ).toHaveText("1");
});

test("the numbers are in the static HTML, before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(COSTCALC);
  await expectCells(page, "p", "tokens", ["4.500", "11.500", "3.500", "2.56×", "0.78×"]);
  await expect(
    page.locator('[data-testid="session-table"] tr[data-position="4"] td[data-col="extra_tokens"]'),
  ).toHaveText("1.000");
  await page.goto(HANDCALC);
  expect((await unresolved(page))["beta.switched"]).toBe("3");
  await expect(page.locator('[data-testid="scatter-table"] td[data-frontier="yes"]')).toHaveCount(3);
  await context.close();
});

test("the scatter pairs each configuration and marks each condition's frontier", async ({ page }) => {
  await open(page, HANDCALC);
  const frontier = (cond: string) =>
    page
      .locator(`[data-testid="scatter-table"] td[data-col="${cond}.resolution"][data-frontier="yes"]`)
      .evaluateAll((tds) => tds.map((td) => td.closest("tr")!.getAttribute("data-config")));
  expect(await frontier("uninterrupted")).toEqual(["alpha", "beta"]);
  expect(await frontier("switched")).toEqual(["gamma"]);
  await expect(
    page.locator('[data-testid="scatter-table"] tr[data-config="alpha"] td[data-col="switched.cost"]'),
  ).toHaveText("0.028");
  await expect(page.locator('[data-testid="cost-scatter"] svg [data-testid="scatter-arrows"] line')).toHaveCount(3);
  await open(page, COSTCALC);
  await page.getByRole("radio", { name: "USD" }).check();
  await expect(
    page.locator('[data-testid="scatter-table"] tr[data-config="p"] td[data-col="switched.cost"]'),
  ).toHaveText("$1.15");
});

test("a histogram bin lists its tasks with links to both trajectories", async ({ page }) => {
  await open(page, COSTCALC);
  const p = page.locator('[data-testid="switch-cost-histograms"] figure[data-config="p"]');
  await expect(p.locator('[data-testid="summary"] [data-stat="median"]')).toHaveText("7.000");
  await p.locator('button[data-bin="17"]').click();
  await expect(page).toHaveURL(/binConfig=p&bin=17/);
  const row = page.locator('[data-testid="bin-tasks"] tr[data-task="A"]');
  await expect(row.locator('td[data-col="diff"]')).toHaveText("7.500");
  await expect(page.locator('[data-testid="bin-tasks"] tbody tr')).toHaveCount(1);
  expect(await row.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/r/costcalc/run/?id=p.u-A",
    "/r/costcalc/run/?id=p.s-A",
  ]);
  await page.getByLabel("cached input excluded").check();
  await expect(page.getByTestId("bin-tasks")).toHaveCount(0);
  await p.locator('button[data-bin="17"]').click();
  await expect(page.locator('[data-testid="bin-tasks"] tr[data-task="F"] td[data-col="diff"]')).toHaveText("2.750");
});

test("with the wasm blocked for good, a bin's tasks come from the build's file", async ({ page }) => {
  const wasmRequests = await withoutWasm(page);
  await open(page, COSTCALC);
  const p = page.locator('[data-testid="switch-cost-histograms"] figure[data-config="p"]');
  // EXPECTED.md: cached included, p F in bin 12 (9.0 − 2.5 = 6.5 M); cached excluded, p F in bin 17 (2.75 M).
  await p.locator('button[data-bin="12"]').click();
  await expect(page.locator('[data-testid="bin-tasks"] tr[data-task="F"] td[data-col="diff"]')).toHaveText("6.500");
  await expect(page.locator('[data-testid="bin-tasks"] tbody tr')).toHaveCount(1);
  await page.getByLabel("cached input excluded").check();
  await p.locator('button[data-bin="17"]').click();
  await expect(page.locator('[data-testid="bin-tasks"] tr[data-task="F"] td[data-col="diff"]')).toHaveText("2.750");
  expect(wasmRequests).toEqual([]);
});

test("one session request by request, the default static and another from the URL", async ({ page }) => {
  await open(page, COSTCALC);
  const table = page.getByTestId("session-table");
  await expect(page.getByTestId("session-title")).toContainText("s-A");
  expect(await table.locator('td[data-col="tokens"]').allInnerTexts()).toEqual([
    "1.000",
    "2.000",
    "1.500",
    "1.500",
    "4.000",
    "2.000",
    "2.000",
    "not recorded",
  ]);
  await expect(table.locator('tr[data-position="4"] td[data-col="base_tokens"]')).toHaveText("3.000");
  await open(page, `${COSTCALC}?config=q&session=s-A`);
  await expect(page.getByTestId("session-title")).toContainText("Quince-2");
  await expect(table.locator('tr[data-position="4"] td[data-col="tokens"]')).toHaveText("6.000");
  await expect(table.locator('tr[data-position="4"] td[data-col="extra_tokens"]')).toHaveText("4.000");
  await expect(table.locator('tr[data-position="5"] td[data-col="tokens"]')).toHaveText("not recorded");
});

test("the sample release's ratios on the page fall in the paper's Table 2 ranges", async ({ page }) => {
  // Native configurations: the paper's Table 2 population (docs/benchmark.md, "Figures the paper publishes").
  const natives = readFileSync("data/releases/sample/configs.jsonl", "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { config_id: string; variant: string })
    .filter((c) => c.variant === "native")
    .map((c) => c.config_id);
  expect(natives).toHaveLength(7);
  await open(page, "/r/sample/cost/");
  const ratioOf = async (config: string, col: string) =>
    Number(
      (
        await page.locator(`[data-testid="cost-table"] tr[data-config="${config}"] td[data-col="${col}"]`).innerText()
      ).replace("×", ""),
    );
  for (const c of natives) {
    const [all, calls, focus] = [
      await ratioOf(c, "tokens.all_ratio"),
      await ratioOf(c, "model_calls.all_ratio"),
      await ratioOf(c, "tokens.focus_ratio"),
    ];
    expect(all, c).toBeGreaterThanOrEqual(4.5);
    expect(all, c).toBeLessThanOrEqual(11.1);
    expect(calls, c).toBeGreaterThanOrEqual(2.4);
    expect(calls, c).toBeLessThanOrEqual(4.3);
    expect(focus, c).toBeGreaterThanOrEqual(1.41);
    expect(focus, c).toBeLessThanOrEqual(2.95);
  }
});
