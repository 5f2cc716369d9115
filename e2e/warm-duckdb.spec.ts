// DuckDB-WASM is warmed when the page is idle after its first paint (lib/source/warm.ts), never when the
// browser asks to save data; the trajectory page's verdict needs no DuckDB-WASM at all (static run context).
import { expect, test } from "./fixtures";
import { LEADERBOARD_REHEARSALS } from "../lib/queries/leaderboard/warm";

const marks = (names: string) =>
  `performance.getEntriesByType("mark").filter((m) => m.name.startsWith("${names}")).map((m) => [m.name, m.startTime])`;

test("the leaderboard warms DuckDB-WASM after its first paint, with no interaction", async ({ page }) => {
  const wasm: string[] = [];
  page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
  await page.goto("/r/handcalc/");
  await expect.poll(() => page.evaluate<unknown[]>(marks("duckdb:warm:done")), { timeout: 20_000 }).toHaveLength(1);
  expect(wasm.length).toBe(1);
  const [paint, start] = await page.evaluate(() => [
    performance.getEntriesByType("paint")[0]?.startTime ?? Infinity,
    performance.getEntriesByName("duckdb:warm:start")[0]?.startTime ?? -1,
  ]);
  expect(start).toBeGreaterThan(paint);
});

for (const path of ["/r/handcalc/", "/r/handcalc/cost/", "/r/handcalc/compare/"]) {
  test(`${path}: no warm-up when the browser asks to save data`, async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
    );
    const wasm: string[] = [];
    page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
    await page.goto(path);
    await page.waitForLoadState("load");
    await page.waitForTimeout(3000);
    expect(wasm).toEqual([]);
  });
}

test("the leaderboard, cost and compare pages warm DuckDB-WASM on idle, rehearsing the query their next click runs", async ({
  page,
}) => {
  // Each page's default view is static (no query of its own): the queries before the warm-up's end are its
  // rehearsal (a repository subset's resolution; a bin's tasks; the shown pair's counts), so the next click is
  // not a fresh engine's first run of them. The leaderboard's: the subset's resolution (summed from repo_tallies),
  // repeated, then its task scores (counted from task_cells).
  for (const [path, shape, least] of [
    ["/r/handcalc/", "duckdb:query: WITH per_repeat AS", LEADERBOARD_REHEARSALS],
    ["/r/handcalc/", "duckdb:query: WITH repeat_cells AS", 1],
    ["/r/handcalc/cost/", "duckdb:query:WITH per AS", 1],
    ["/r/handcalc/compare/", "duckdb:query: WITH scores AS", 2],
  ] as const) {
    await page.goto(path);
    // The cost page loads request_usage (the release's second-largest table): slow on a loaded machine.
    await expect.poll(() => page.evaluate<unknown[]>(marks("duckdb:warm:done")), { timeout: 60_000 }).toHaveLength(1);
    const [done] = await page.evaluate<[string, number][]>(marks("duckdb:warm:done"));
    const rehearsed = await page.evaluate<[string, number][]>(marks(shape));
    expect(rehearsed.filter(([, t]) => t < done![1]).length, path).toBeGreaterThanOrEqual(least);
  }
});

test("trajcalc: the verdict, the schedule and the tags come with no DuckDB-WASM (static run context)", async ({
  page,
}) => {
  const wasm: string[] = [];
  await page.route("**/*.wasm", (route) => {
    wasm.push(route.request().url());
    return route.abort();
  });
  await page.goto("/r/trajcalc/run/?id=alpha.s-N1");
  const verdict = page.getByTestId("verdict");
  // EXPECTED.md of e2e/fixtures/releases/trajcalc: alpha.s-N1 fails F2P stage 1, passes stage 2 and P2P.
  await expect(verdict.getByTestId("verdict-outcome")).toContainText("Unresolved (implementation) · artifact applied");
  await expect(verdict.locator('tr[data-kind="F2P"][data-stage="1"] [data-testid="verdict-passed"]')).toHaveText("0/1");
  await expect(verdict.locator('tr[data-kind="F2P"][data-stage="2"] [data-testid="verdict-passed"]')).toHaveText("1/1");
  await expect(
    page.locator(
      '[data-testid="tag-list"] li[data-tag-origin="detector"][data-tag-signature="requirement_state_loss"] [data-evidence-step]',
    ),
  ).toHaveText(["step 2", "step 8"]);
  await expect(page.locator('[data-testid="session-timeline"] button[data-position]')).toHaveCount(7);
  expect(wasm).toEqual([]);
});
