// A published pair in the compare page's URL under the default condition: its 2×2 comes from the build's answers
// (lib/queries/ahead.ts: every pair's counts) before DuckDB-WASM has started, and DuckDB-WASM then adds the pair's
// runs (the links), cost and prevalence. comparecalc's configurations in release order are anna,
// bert, carl; bert (A) vs anna (B) under switched is EXPECTED.md's anna vs bert mirrored ("Pair files").
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";

const group = (page: Page, g: string) => page.getByTestId(`group-${g}`);
const cells = (page: Page, g: string) =>
  Promise.all(
    ["both", "only_a", "only_b", "neither"].map((c) => group(page, g).locator(`[data-cell="${c}"]`).innerText()),
  );
const compare = (page: Page) => page.getByTestId("compare");

/** Holds every DuckDB-WASM binary request (fetched by the engine's worker) until `release` is called. */
async function holdWasm(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.context().route(/\.wasm$/, async (route) => {
    if (open) return route.continue();
    held.push(route);
  });
  return {
    held,
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

/** The pair's counts are answered in two spaces: the 2×2's table and the per-task pairs behind McNemar. */
const COUNT_ANSWERS = /\/answers\/compare-(table|pairs)\//;

test("a published pair in the URL: the 2×2 from the build's answers before DuckDB-WASM, then runs and cost", async ({
  page,
}) => {
  const pairFiles: string[] = [];
  page.on("request", (r) => COUNT_ANSWERS.test(r.url()) && pairFiles.push(new URL(r.url()).pathname));
  const wasm = await holdWasm(page);
  await page.goto("/r/comparecalc/compare/?a=bert&b=anna");
  // The page's early engine start has asked for the wasm, which cannot arrive: DuckDB-WASM answers nothing yet.
  await expect.poll(() => wasm.held.length).toBeGreaterThan(0);
  await expect(group(page, "overall")).toHaveAttribute("data-pair", "bert|anna");
  await expect(compare(page)).toHaveAttribute("data-origin", "static");
  expect(await cells(page, "overall")).toEqual(["2", "1", "5", "2"]);
  expect(await cells(page, "near")).toEqual(["1", "0", "3", "1"]);
  expect(await cells(page, "far")).toEqual(["1", "1", "2", "1"]);
  const stat = (g: string, s: string) => group(page, g).locator(`[data-stat="${s}"]`).innerText();
  expect([await stat("overall", "p"), await stat("near", "p"), await stat("far", "p")]).toEqual([
    "0.219",
    "0.250",
    "1.000",
  ]);
  expect([await stat("overall", "res-diff"), await stat("near", "res-diff"), await stat("far", "res-diff")]).toEqual([
    "-40.0",
    "-60.0",
    "-20.0",
  ]);
  // The intervals follow from the answered counts, before any engine.
  await expect(group(page, "overall").locator('[data-stat="res-diff-ci"]')).toHaveText(/^\[-?\d+\.\d, -?\d+\.\d\]$/);
  await expect(compare(page)).not.toHaveAttribute("data-ready", "true");
  expect(pairFiles.sort()).toEqual([
    "/data/comparecalc/answers/compare-pairs/0.json",
    "/data/comparecalc/answers/compare-table/0.json",
  ]);

  // The rest of the page: DuckDB-WASM reads the pair's runs (the links) and the cost table.
  await wasm.release();
  await expect(compare(page)).toHaveAttribute("data-ready", "true");
  await expect(compare(page)).toHaveAttribute("data-origin", "static");
  const list = page.getByTestId("disagreements");
  const tasks = await list
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-task")}:${r.getAttribute("data-outcome")}`));
  expect(tasks).toEqual(["F1:only_b", "F2:only_b", "F4:only_a", "N1:only_b", "N2:only_b", "N4:only_b"]);
  const n1 = list.locator('tr[data-task="N1"]');
  await expect(n1.locator('a[data-run="bert.s-N1"]')).toHaveAttribute("href", "/r/comparecalc/run/?id=bert.s-N1");
  await expect(n1.locator('a[data-run="anna.s-N1"]')).toHaveAttribute("href", "/r/comparecalc/run/?id=anna.s-N1");
  // EXPECTED.md's cost table, A = bert: 12,000 vs 6,000 tokens per uninterrupted run.
  const tokens = page.locator('[data-testid="cost-deltas"] tr[data-measure="tokens"]');
  expect(await tokens.locator('[data-col="unint.a"]').innerText()).toBe("12,000");
  expect(await tokens.locator('[data-col="unint.b"]').innerText()).toBe("6,000");
  expect(pairFiles).toHaveLength(2);
});

test("the same pair under another condition is DuckDB-WASM's: the build did not answer it", async ({ page }) => {
  await page.goto("/r/comparecalc/compare/?a=bert&b=anna&condition=uninterrupted");
  await expect(compare(page)).toHaveAttribute("data-ready", "true");
  await expect(compare(page)).toHaveAttribute("data-origin", "duckdb");
  // EXPECTED.md, under the uninterrupted condition: anna vs bert 7 / 2 / 1 / 0, mirrored.
  expect(await cells(page, "overall")).toEqual(["7", "1", "2", "0"]);
});

test("an unreadable answer falls back to DuckDB-WASM, silently", async ({ page }) => {
  await page.route(COUNT_ANSWERS, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "{not json" }),
  );
  await page.goto("/r/comparecalc/compare/?a=anna&b=carl");
  await expect(compare(page)).toHaveAttribute("data-ready", "true");
  await expect(compare(page)).toHaveAttribute("data-origin", "duckdb");
  // EXPECTED.md, "Pair files": anna vs carl 0 / 7 / 0 / 3, p = 0.015625.
  expect(await cells(page, "overall")).toEqual(["0", "7", "0", "3"]);
  await expect(group(page, "overall").locator('[data-stat="p"]')).toHaveText("0.016");
});
