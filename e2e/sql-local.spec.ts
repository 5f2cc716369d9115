// The SQL console over opened local results: the minimal example's release zip (lib/local/fixtures/
// minimal-release.zip) dropped on the console's "Open local results" panel becomes schema local_1 of the
// console's engine. The expected counts are read from the zip's own runs.jsonl in Node (lib/archive/read-node.ts),
// never from the page's code path.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { openArchive } from "../lib/archive/read-node";
import { expect, test } from "./fixtures";
import { dropMinimalZip } from "./local-release";

interface Run {
  run_id: string;
  config_id: string;
  resolved: boolean;
}

async function zipRuns(): Promise<Run[]> {
  const zip = await openArchive("lib/local/fixtures/minimal-release.zip");
  try {
    const text = new TextDecoder().decode(await zip.read("minimal/runs.jsonl"));
    return text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Run);
  } finally {
    await zip.close();
  }
}

async function runSql(page: Page, sql: string) {
  await page.getByTestId("sql-text").fill(sql);
  await page.getByTestId("sql-run").click();
}

test("a console query over an opened local release's tables, read off the page", async ({ page }) => {
  const runs = await zipRuns();
  // Per configuration, in config_id order: [config, runs, resolved runs].
  const expected = [...new Set(runs.map((r) => r.config_id))]
    .sort()
    .map((c) => [
      c,
      String(runs.filter((r) => r.config_id === c).length),
      String(runs.filter((r) => r.config_id === c && r.resolved).length),
    ]);
  expect(expected.length).toBe(2);

  await page.goto("/r/sample/sql/?q=SELECT%201");
  await expect(page.getByTestId("sql-result")).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await expect(page.getByRole("dialog", { name: "Open local results" })).toBeVisible();
  await dropMinimalZip(page);
  await expect(page.getByTestId("local-entry")).toBeVisible({ timeout: 30_000 });

  await runSql(
    page,
    "SELECT config_id, count(*) AS runs, count(*) FILTER (WHERE resolved) AS resolved FROM local_1.runs GROUP BY config_id ORDER BY config_id",
  );
  const result = page.getByTestId("sql-result");
  await expect(result).toHaveAttribute("data-rows", String(expected.length), { timeout: 60_000 });
  const rows = result.locator("tbody tr");
  await expect(rows).toHaveCount(expected.length);
  for (const [i, row] of expected.entries()) await expect(rows.nth(i).locator("td")).toHaveText(row);
  // The schema browser lists the local tables with their row counts.
  await expect(page.locator('[data-testid=sql-schema] [data-table="local_1.runs"]')).toHaveAttribute(
    "data-rows",
    String(runs.length),
  );
  // The published tables stay beside them: a query across the two schemas (the run ids both hold).
  const published = new Set(
    readFileSync("data/releases/sample/runs.jsonl", "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { run_id: string }).run_id),
  );
  const shared = runs.filter((r) => published.has(r.run_id)).length;
  await runSql(
    page,
    "SELECT (SELECT count(*) FROM runs) AS published, count(*) FILTER (WHERE l.run_id IN (SELECT run_id FROM runs)) AS shared FROM local_1.runs l",
  );
  await expect(result.locator("tbody tr").first().locator("td")).toHaveText([String(published.size), String(shared)], {
    timeout: 60_000,
  });
});
