// Tags are shown once, in their final form (issue 43): the run page shows no detector tag, and no "no tag",
// until the detectors have read the whole run with its ledger; the first tags it shows are the last, and equal
// the build's signature_tags rows for that run (signature, strength, position, evidence steps). Every
// configuration and condition of the sample (strong and weak tags), and the hand-made trajcalc fixture. The
// expected rows are read from the Parquet files the build published, with DuckDB in Node.
import { published, sql } from "./published-sql";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

interface TagRow {
  run_id: string;
  signature: string;
  strength: string;
  position: number | null;
  evidence_steps: string;
}

const pq = published;

/** Per configuration and condition, the readable run with the most tags (strong first), else any readable run. */
async function runsToOpen(release: string): Promise<{ run_id: string; config_id: string; condition: string }[]> {
  return sql(`
    WITH scored AS (
      SELECT r.run_id, r.config_id, s.condition,
        COUNT(g.run_id) FILTER (WHERE g.strength = 'strong') AS strong, COUNT(g.run_id) AS tags
      FROM ${pq(release, "runs")} r JOIN ${pq(release, "sessions")} s USING (session_id)
      JOIN ${pq(release, "run_analysis")} a USING (run_id)
      LEFT JOIN ${pq(release, "signature_tags")} g USING (run_id)
      WHERE a.readable GROUP BY ALL)
    SELECT run_id, config_id, condition FROM scored
    QUALIFY row_number() OVER (PARTITION BY config_id, condition ORDER BY strong DESC, tags DESC, run_id) = 1
    ORDER BY config_id, condition`);
}

async function tagRows(release: string, runIds: string[]): Promise<Map<string, string[]>> {
  const ids = runIds.map((id) => `'${id.replace(/'/g, "''")}'`).join(",");
  const rows = await sql<TagRow>(
    `SELECT run_id, signature, strength, position, evidence_steps FROM ${pq(release, "signature_tags")} WHERE run_id IN (${ids})`,
  );
  const out = new Map<string, string[]>(runIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.run_id)!.push(`${r.signature}|${r.strength}|${r.position ?? ""}|${r.evidence_steps}`);
  for (const list of out.values()) list.sort();
  return out;
}

/** Records every state of the tag list from the first paint on: its finality and its detector tags. */
async function watchTags(page: Page) {
  await page.addInitScript(() => {
    const views: string[] = [];
    (window as unknown as { __tagViews: string[] }).__tagViews = views;
    const read = () => {
      const list = document.querySelector('[data-testid="tag-list"]');
      if (!list) return;
      const tags = [...list.querySelectorAll('li[data-tag-origin="detector"]')]
        .map((li) => {
          const d = (li as HTMLElement).dataset;
          return `${d.tagSignature}|${d.tagStrength}|${d.tagPosition ?? ""}|${d.tagSteps}`;
        })
        .sort();
      const view = JSON.stringify({ final: list.getAttribute("data-final"), tags });
      if (views[views.length - 1] !== view) views.push(view);
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

async function expectFinalTags(page: Page, release: string, runId: string, expected: string[]) {
  await page.goto(`/r/${release}/run/?id=${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true", { timeout: 30_000 });
  await expect(page.getByTestId("tag-list")).toHaveAttribute("data-final", "true");
  const views = (await page.evaluate(() => (window as unknown as { __tagViews: string[] }).__tagViews)).map(
    (v) => JSON.parse(v) as { final: string | null; tags: string[] },
  );
  // Before the analysis: the list says it is reading, and shows no tag at all.
  for (const v of views.filter((x) => x.final !== "true")) expect(v.tags, runId).toEqual([]);
  const shown = views.filter((x) => x.final === "true");
  expect(shown.length, `${runId}: tags shown`).toBeGreaterThan(0);
  for (const v of shown) expect(v.tags, `${runId}: every state shown is the final one`).toEqual(shown[0]!.tags);
  expect(shown[0]!.tags, `${runId}: the build's signature_tags rows`).toEqual(expected);
}

test("sample: the first tags shown on a run of every configuration and condition are final and the build's", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const runs = await runsToOpen("sample");
  const [count] = await sql<{ cells: number }>(
    `SELECT count(DISTINCT (r.config_id, s.condition))::INTEGER AS cells FROM ${pq("sample", "runs")} r JOIN ${pq("sample", "sessions")} s USING (session_id)`,
  );
  // Every configuration × condition (the sample's 11 configurations in both conditions).
  expect(new Set(runs.map((r) => `${r.config_id}/${r.condition}`)).size).toBe(count!.cells);
  expect(count!.cells).toBe(22);
  const expected = await tagRows(
    "sample",
    runs.map((r) => r.run_id),
  );
  const all = [...expected.values()].flat();
  // Both strengths are among the runs opened.
  expect(all.some((t) => t.includes("|strong|"))).toBe(true);
  expect(all.some((t) => t.includes("|weak|"))).toBe(true);
  await watchTags(page);
  for (const r of runs) await expectFinalTags(page, "sample", r.run_id, expected.get(r.run_id)!);
});

test("trajcalc: the hand-made fixture's tagged runs show their final tags first", async ({ page }) => {
  const runs = await sql<{ run_id: string }>(
    `SELECT DISTINCT run_id FROM ${pq("trajcalc", "signature_tags")} ORDER BY run_id`,
  );
  expect(runs.length).toBeGreaterThan(0);
  const expected = await tagRows(
    "trajcalc",
    runs.map((r) => r.run_id),
  );
  await watchTags(page);
  for (const r of runs) await expectFinalTags(page, "trajcalc", r.run_id, expected.get(r.run_id)!);
});
