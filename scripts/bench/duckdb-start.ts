// The floor several budgets are ratios of: the same browser starting DuckDB-WASM alone on /diagnostics/
// (download + instantiate + connect), in a fresh context.
import type { Browser } from "@playwright/test";

export async function duckdbStartAlone(browser: Browser, base: string): Promise<number> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${base}/diagnostics/`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Start DuckDB-WASM" }).click();
  const text = await page.getByTestId("duckdb-start").filter({ hasText: "started in" }).innerText({ timeout: 60_000 });
  await ctx.close();
  return Number(/started in (\d+) ms/.exec(text)![1]);
}
