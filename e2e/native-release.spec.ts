// A release whose runs name native agent logs (e2e/fixtures/releases/nativecalc: trajcalc's alpha written by
// Claude Code, Codex, OpenHands, mini-swe-agent and Inspect beside its ATIF) validates, builds and shows the
// same tags, ledger and search hits for every format. Expected values: the build's published tables (read with
// DuckDB in Node) and EXPECTED.md there (tags at request 3 and 6, the ledger's stage 1 lost and stage 2 kept).
import { expect, test } from "./fixtures";
import { published as pq, sql } from "./published-sql";

const FORMATS = ["atif", "cc", "codex", "oh", "mini", "inspect"];

test("the build read every native log: each run readable, tagged as its ATIF original", async () => {
  const analysis = await sql<{ run_id: string; readable: boolean; error: string | null }>(
    `SELECT run_id, readable, error FROM ${pq("nativecalc", "run_analysis")} ORDER BY run_id`,
  );
  expect(analysis).toHaveLength(12);
  for (const a of analysis) expect(a, a.run_id).toMatchObject({ readable: true, error: null });
  const tags = await sql<{ run_id: string; tag: string }>(
    `SELECT run_id, signature || '|' || strength || '|' || position AS tag FROM ${pq("nativecalc", "signature_tags")} ORDER BY run_id, tag`,
  );
  const byRun = new Map<string, string[]>();
  for (const t of tags) byRun.set(t.run_id, [...(byRun.get(t.run_id) ?? []), t.tag]);
  // EXPECTED.md: requirement-state loss at request 3 on s-N1, cross-task interference at request 6 on s-F1.
  for (const f of FORMATS) {
    expect(byRun.get(`${f}.s-N1`), f).toEqual(["requirement_state_loss|strong|3"]);
    expect(byRun.get(`${f}.s-F1`), f).toEqual(["cross_task_interference|strong|6"]);
  }
});

for (const f of FORMATS) {
  test(`${f}: the run page shows the build's tags and the ledger (stage 1 lost, stage 2 kept)`, async ({ page }) => {
    const run = `${f}.s-N1`;
    const [tag] = await sql<{ steps: string }>(
      `SELECT evidence_steps AS steps FROM ${pq("nativecalc", "signature_tags")} WHERE run_id = '${run}'`,
    );
    await page.goto(`/r/nativecalc/run/?id=${run}`);
    await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true", { timeout: 30_000 });
    const list = page.getByTestId("tag-list");
    await expect(list).toHaveAttribute("data-final", "true");
    const shown = list.locator('li[data-tag-origin="detector"]');
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute("data-tag-signature", "requirement_state_loss");
    await expect(shown).toHaveAttribute("data-tag-steps", tag!.steps);
    const statuses = page.getByTestId("ledger-row").getByTestId("ledger-status");
    await expect(statuses).toHaveCount(2);
    await expect(statuses.nth(0)).toContainText("lost");
    await expect(statuses.nth(1)).toContainText("kept");
  });
}

test("search finds the finalization's diff loop in every format's s-F1 run", async ({ page }) => {
  const loop = 'git -C "$d" diff';
  await page.goto(`/r/nativecalc/search/?q=${encodeURIComponent(loop)}&field=command`);
  await expect(page.getByTestId("search-summary")).toHaveAttribute("data-complete", "true", { timeout: 90_000 });
  for (const f of FORMATS) {
    await expect(page.locator(`[data-testid="search-results"] [data-run="${f}.s-F1"]`).first(), f).toBeVisible();
  }
  await expect(page.locator('[data-testid="search-results"] [data-run$=".s-N1"]')).toHaveCount(0);
});
