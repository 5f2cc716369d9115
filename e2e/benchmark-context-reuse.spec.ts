// The second release (synthetic context reuse, seed 003) through pages written with no code for it:
// four conditions, three gap columns, raw condition names where the site has no short label.
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** The 2×2 of two configurations in one condition, counted from the release's runs.jsonl on disk. */
function twoByTwo(a: string, b: string, condition: string): string[] {
  const runs = readFileSync("data/releases/context-reuse/runs.jsonl", "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { config_id: string; session_id: string; resolved: boolean });
  const solved = (c: string) =>
    new Set(
      runs
        .filter((r) => r.config_id === c && r.resolved && r.session_id.endsWith(`.${condition}`))
        .map((r) => r.session_id),
    );
  const [sa, sb] = [solved(a), solved(b)];
  const both = [...sa].filter((s) => sb.has(s)).length;
  return [both, sa.size - both, sb.size - both, 99 - sa.size - sb.size + both].map(String);
}

test("switch to the context-reuse release and read its leaderboard", async ({ page }) => {
  await page.goto("/releases/");
  await page.getByRole("link", { name: "Context-reuse sample release (synthetic)" }).click();
  await expect(page).toHaveURL(/\/r\/context-reuse\/$/);
  const row = page.locator('tr[data-config="unnamed-agent"]');
  const cols = [
    "no-context",
    "oracle-summary",
    "oracle-context",
    "retrieval",
    "gap.oracle-summary",
    "gap.oracle-context",
    "gap.retrieval",
  ];
  const values = await Promise.all(cols.map((c) => row.locator(`td[data-col="overall.${c}"]`).innerText()));
  expect(values).toEqual(["26.3", "34.3", "27.3", "30.3", "-8.1", "-1.0", "-4.0"]);
  await expect(page.locator('th[data-col="overall.gap.retrieval"]')).toContainText("Gap retrieval");
  await expect(page.locator('th[data-col="overall.oracle-summary"]')).toContainText("oracle-summary");
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(3);
  await expect(page.getByTestId("synthetic-banner")).toBeVisible();
});

test("its cost, profile, catalog and Task Flow pages render", async ({ page }) => {
  await page.goto("/r/context-reuse/cost/");
  await expect(page.getByTestId("cost-table")).toBeVisible();
  await page.goto("/r/context-reuse/tasks/");
  await expect(page.getByTestId("catalog-count")).toHaveText("99 of 99 focus tasks");
  await page.goto("/r/context-reuse/ablation/");
  await expect(page.getByTestId("ablation-empty")).toBeVisible();
  await page.goto("/r/context-reuse/taskflow/");
  await expect(
    page.locator(
      '[data-testid="tfas-table"] tr[data-condition="no-context"] td[data-tfas="swe-bench-pro-single.json.tfas"]',
    ),
  ).toHaveText("90.0");
});

test("its compare page pairs two configurations over the same 99 tasks", async ({ page }) => {
  // A release without annotations: its empty annotations table must load in DuckDB-WASM.
  await page.goto("/r/context-reuse/compare/?a=unnamed-agent&b=synthetic-agent-b&condition=oracle-summary");
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  const card = page.getByTestId("group-overall");
  const cells = await Promise.all(
    ["both", "only_a", "only_b", "neither"].map((c) => card.locator(`[data-cell="${c}"]`).innerText()),
  );
  expect(cells).toEqual(twoByTwo("unnamed-agent", "synthetic-agent-b", "oracle-summary"));
  await expect(page.getByTestId("group-bug-fix")).toBeVisible();
  await expect(page.getByTestId("group-feature")).toBeVisible();
});
