// The release-wide search and the SQL console over the sample. Expected values come from the release files on
// disk: the planted cross-task-interference runs in annotations.jsonl, and the trajectories of one
// configuration read in Node (e2e/sample-trajectory.ts) with a plain substring test on their tool-call
// arguments; never from the page's own code path.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SAMPLE, sampleRuns, sampleTrajectory } from "./sample-trajectory";

const LOOP_DIFF = 'git -C "$d" diff';
/** The same as a regular expression: a search the n-gram index leaves to DuckDB-WASM (docs/search.md). */
const LOOP_DIFF_RE = 'git -C "\\$d" diff';

interface RawStep {
  step_id: number;
  source: string;
  tool_calls?: { arguments?: unknown }[];
}

const strings = (v: unknown): string[] =>
  typeof v === "string"
    ? [v]
    : Array.isArray(v)
      ? v.flatMap(strings)
      : v && typeof v === "object"
        ? Object.values(v).flatMap(strings)
        : [];

/** Runs per configuration that the generator planted cross-task interference in (annotations.jsonl). */
function plantedInterference(): Map<string, number> {
  const runs = new Set(
    readFileSync(`${SAMPLE}/annotations.jsonl`, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { run_id: string; signature: string })
      .filter((a) => a.signature === "cross_task_interference")
      .map((a) => a.run_id),
  );
  const out = new Map<string, number>();
  for (const r of sampleRuns().values()) if (runs.has(r.run_id)) out.set(r.config_id, (out.get(r.config_id) ?? 0) + 1);
  return out;
}

async function search(page: Page, query: string) {
  await page.goto(`/r/sample/search/${query}`);
  // A first answer (the first configuration's shard) may come before the exact one over every shard.
  await expect(page.getByTestId("search-summary")).toHaveAttribute("data-complete", "true", { timeout: 90_000 });
}

const configCount = (page: Page, config: string) =>
  page.locator(`[data-testid="search-configs"] tr[data-config="${config}"]`);

/** Runs per configuration whose trajectory has the loop in a tool call, read from the archives in Node. */
async function loopRunsPerConfig(only?: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const r of sampleRuns().values()) {
    if (!r.trajectory || (only !== undefined && r.config_id !== only)) continue;
    const t = await sampleTrajectory<{ steps: RawStep[] }>(r.run_id);
    if (t.steps.some((s) => (s.tool_calls ?? []).some((c) => strings(c.arguments).some((x) => x.includes(LOOP_DIFF)))))
      out.set(r.config_id, (out.get(r.config_id) ?? 0) + 1);
  }
  return out;
}

test("git diff looped over every workspace: matching runs per configuration are the runs whose trajectories hold it", async ({
  page,
}) => {
  // Every trajectory of the sample is read in Node (planted E.3 loops, annotated and not).
  test.setTimeout(600_000);
  const expected = await loopRunsPerConfig();
  const planted = plantedInterference();
  // Every annotated interference run of the E.3 shape is among them.
  for (const [c, n] of planted) expect(expected.get(c) ?? 0).toBeGreaterThanOrEqual(n > 0 ? 1 : 0);
  await search(page, `?q=${encodeURIComponent(LOOP_DIFF)}&field=command`);
  const configs = [...new Set([...sampleRuns().values()].map((r) => r.config_id))];
  for (const c of configs)
    await expect(configCount(page, c)).toHaveAttribute("data-matching-runs", String(expected.get(c) ?? 0));
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId("search-summary")).toHaveAttribute("data-runs", String(total));
});

test("the first answer is the first configuration's, marked partial, and the exact answer agrees with it there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The page's first summary is caught as it appears (it is replaced once every shard is in).
  await page.addInitScript(() => {
    const w = window as unknown as { __first?: { complete: string | null; text: string; rows: string[][] } };
    const obs = new MutationObserver(() => {
      const s = document.querySelector('[data-testid="search-summary"]');
      if (!s || w.__first) return;
      const rows = [...document.querySelectorAll('[data-testid="search-configs"] tbody tr')].map((r) => [
        r.getAttribute("data-config") ?? "",
        r.getAttribute("data-matching-runs") ?? "",
      ]);
      w.__first = { complete: s.getAttribute("data-complete"), text: s.textContent ?? "", rows };
      obs.disconnect();
    });
    obs.observe(document, { subtree: true, childList: true });
  });
  const configs = [...new Set([...sampleRuns().values()].filter((r) => r.trajectory).map((r) => r.config_id))].sort();
  const expected = await loopRunsPerConfig(configs[0]);
  // DuckDB-WASM's path loads the shards one configuration first (a literal search reads the n-gram index).
  await search(page, `?q=${encodeURIComponent(LOOP_DIFF_RE)}&mode=regex&field=command`);
  const first = await page.evaluate(
    () => (window as unknown as { __first: { complete: string; text: string; rows: string[][] } }).__first,
  );
  expect(first.complete).toBe("false");
  expect(first.text).toContain(`in the first 1 of ${configs.length} configurations`);
  // Only the first configuration (config_id order) is counted, with its exact count.
  expect(first.rows).toEqual([[configs[0]!, String(expected.get(configs[0]!) ?? 0)]]);
  await expect(page.locator("[data-testid=search-configs] tbody tr")).toHaveCount(configs.length);
});

test("a literal search reads the n-gram index, not DuckDB-WASM, and answers as the engine does", async ({ page }) => {
  test.setTimeout(180_000);
  const engine: string[] = [];
  page.on("request", (r) => {
    if (/duckdb[^/]*\.wasm|\/steps\/[^/]+\.arrow/.test(r.url())) engine.push(r.url());
  });
  const shown = async () => ({
    summary: await page.getByTestId("search-summary").getAttribute("data-steps"),
    configs: await page
      .locator("[data-testid=search-configs] tbody tr")
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent))),
    hits: await page
      .locator("[data-hit]")
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-hit"), r.querySelector("code")?.textContent])),
  });
  await search(page, `?q=${encodeURIComponent(LOOP_DIFF)}&field=command`);
  const literal = await shown();
  // Neither the engine nor a shard of the steps index was downloaded.
  expect(engine).toEqual([]);
  expect(Number(literal.summary)).toBeGreaterThan(0);
  expect(literal.hits.length).toBeGreaterThan(0);
  await search(page, `?q=${encodeURIComponent(LOOP_DIFF_RE)}&mode=regex&field=command`);
  expect(engine.length).toBeGreaterThan(0);
  expect(await shown()).toEqual(literal);
});

test("within one configuration the count equals the runs whose trajectory has the loop in a tool call", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The configuration with the most planted runs (the count must not be trivially 0).
  const config = [...plantedInterference().entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const runs = [...sampleRuns().values()].filter((r) => r.config_id === config && r.trajectory);
  let matching = 0;
  let firstHit: { run: string; step: number } | null = null;
  for (const r of runs.sort((a, b) => (a.run_id < b.run_id ? -1 : 1))) {
    const t = await sampleTrajectory<{ steps: RawStep[] }>(r.run_id);
    const steps = t.steps.filter((s) =>
      (s.tool_calls ?? []).some((c) => strings(c.arguments).some((x) => x.includes(LOOP_DIFF))),
    );
    if (steps.length) {
      matching++;
      firstHit ??= { run: r.run_id, step: t.steps.indexOf(steps[0]!) + 1 };
    }
  }
  expect(matching).toBeGreaterThan(0);
  await search(page, `?q=${encodeURIComponent(LOOP_DIFF)}&field=command&config=${config}`);
  await expect(configCount(page, config)).toHaveAttribute("data-matching-runs", String(matching));
  await expect(page.locator("[data-testid=search-configs] tbody tr")).toHaveCount(1);

  // The first result (runs in id order, steps in order) opens the viewer at that step.
  const link = page.locator(`[data-hit="${firstHit!.run}#${firstHit!.step}"] a`);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`/r/sample/run/\\?id=${firstHit!.run.replace(/\./g, "\\.")}&step=${firstHit!.step}$`),
  );
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", String(firstHit!.step), {
    timeout: 30_000,
  });
});

test("the query and filters live in the URL; a bad regular expression is reported", async ({ page }) => {
  test.setTimeout(180_000);
  const config = [...sampleRuns().values()][0]!.config_id;
  await search(page, `?q=final.patch&field=command&kind=finalization&config=${config}`);
  await expect(page.getByTestId("search-q")).toHaveValue("final.patch");
  await expect(page.getByTestId("search-kind")).toHaveValue("finalization");
  await page.getByTestId("search-kind").selectOption("focus");
  await expect(page).toHaveURL(/kind=focus/);
  await page.goto(`/r/sample/search/?q=%28unclosed&mode=regex&config=${config}`);
  await expect(page.getByTestId("search-error")).toBeVisible({ timeout: 60_000 });
});

const console_ = (page: Page) => page.getByTestId("sql-text");

async function runSql(page: Page, sql: string) {
  await console_(page).fill(sql);
  await page.getByTestId("sql-run").click();
}

test("a console query's result, read off the page", async ({ page }) => {
  const runs = readFileSync(`${SAMPLE}/runs.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { resolved: boolean; config_id: string });
  const resolved = runs.filter((r) => r.resolved).length;
  await page.goto(`/r/sample/sql/?q=${encodeURIComponent("SELECT count(*) AS n FROM runs WHERE resolved")}`);
  await expect(page.getByTestId("sql-result")).toHaveAttribute("data-rows", "1", { timeout: 60_000 });
  await expect(page.locator("[data-testid=sql-result] tbody td").first()).toHaveText(String(resolved));
  await expect(page.locator('[data-testid=sql-schema] [data-table="main.runs"]')).toHaveAttribute(
    "data-rows",
    String(runs.length),
  );
  await expect(page.locator('[data-testid=sql-schema] [data-table="main.steps"]')).toContainText(
    "loads when a query names it",
  );

  await runSql(page, "SELECT count(DISTINCT config_id) AS c FROM runs");
  await expect(page.locator("[data-testid=sql-result] tbody td").first()).toHaveText(
    String(new Set(runs.map((r) => r.config_id)).size),
  );
  await expect(page).toHaveURL(/q=SELECT\+count|q=SELECT%20count/);
});

test("the console's steps (a view over the search's tables) gives one run's steps as its trajectory has them", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The first run with a trajectory, in id order; its steps and tool calls counted from the file in Node.
  const run = [...sampleRuns().values()].filter((r) => r.trajectory).sort((a, b) => (a.run_id < b.run_id ? -1 : 1))[0]!;
  const t = await sampleTrajectory<{ steps: RawStep[] }>(run.run_id);
  const calls = t.steps.reduce((a, s) => a + (s.tool_calls?.length ?? 0), 0);
  // sum() of an INTEGER column is a HUGEINT: it must read as its number, not a quoted string.
  const sql = `SELECT count(*) AS steps, max(step) AS last, sum(tool_calls) AS calls FROM steps WHERE run_id = '${run.run_id}'`;
  await page.goto(`/r/sample/sql/?q=${encodeURIComponent(sql)}`);
  const result = page.getByTestId("sql-result");
  await expect(result.locator("tbody tr").first().locator("td")).toHaveText(
    [String(t.steps.length), String(t.steps.length), String(calls)],
    { timeout: 150_000 },
  );
});

test("a refused statement's message", async ({ page }) => {
  await page.goto("/r/sample/sql/?q=SELECT%201");
  await expect(page.getByTestId("sql-result")).toBeVisible({ timeout: 60_000 });
  await runSql(page, "COPY runs TO 'runs.csv'");
  await expect(page.getByTestId("sql-refused")).toHaveText(/Refused: COPY reads or writes files/);
  await runSql(page, "SELECT * FROM read_csv('/etc/passwd')");
  await expect(page.getByTestId("sql-refused")).toHaveText(/read_csv\(\) reads files/);
  await runSql(page, "SELECT 1; DROP TABLE runs");
  await expect(page.getByTestId("sql-refused")).toHaveText(/One statement at a time/);
});

test("a long query is cancelled and the console keeps working", async ({ page }) => {
  await page.goto("/r/sample/sql/?q=SELECT%201");
  await expect(page.getByTestId("sql-result")).toBeVisible({ timeout: 60_000 });
  await runSql(page, "SELECT count(*) FROM range(100000000000) a WHERE a.range % 7 = 3");
  await expect(page.getByTestId("sql-status")).toHaveText("Running…");
  // The page stays responsive while it runs: the text area still takes input.
  await console_(page).press("End");
  await page.getByTestId("sql-cancel").click();
  await expect(page.getByTestId("sql-cancelled")).toBeVisible({ timeout: 15_000 });
  await runSql(page, "SELECT 6 * 7 AS answer");
  await expect(page.locator("[data-testid=sql-result] tbody td").first()).toHaveText("42", { timeout: 60_000 });
});

test("with results shown, dark, at 390 px: no horizontal scroll and no serious axe violation", async ({ page }) => {
  test.setTimeout(180_000);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  const config = [...sampleRuns().values()][0]!.config_id;
  for (const [path, ready] of [
    [`/r/sample/search/?q=final.patch&field=command&config=${config}`, "search-results"],
    ["/r/sample/sql/?q=SELECT%20*%20FROM%20runs%20LIMIT%20200", "sql-result"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible({ timeout: 90_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(
      serious.map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(" | ")}`,
      ),
      path,
    ).toEqual([]);
  }
});
