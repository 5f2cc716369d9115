// Detector prevalence on the sample, read off the leaderboard, the signatures page and the compare page, and
// a cell followed to a run opened at its first evidence step. The expected numbers are computed here, from
// the Parquet files the build published (public/data/sample/*.parquet) with DuckDB in Node and a Wilson
// interval written out below, not by the site's SQL (lib/queries/signatures/prevalence.sql.ts).
import { sql } from "./published-sql";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const DATA = "public/data/sample";
/** DuckDB-WASM's start and the tables' fetch, on a shared two-core machine. */
const WASM = 60_000;
const SIGNATURES = ["requirement_state_loss", "cross_task_interference"] as const;
const LABELS: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

interface Expected {
  signature: string;
  config: string;
  name: string;
  /** Readable switched runs and those with a strong requirement-state-loss tag, overall, near and far. */
  cells: Record<string, { k: number; n: number }>;
  /** The strong-tagged switched runs of the config with their earliest strong evidence step. */
  runs: { run_id: string; first_step: number; evidence: number[]; repo: string }[];
}

const pq = (t: string) => `read_parquet('${DATA}/${t}.parquet')`;

/** The signature and configuration with the most strong-tagged switched runs, and its counts. */
async function expected(): Promise<Expected> {
  const all = await Promise.all(SIGNATURES.map((s) => expectedFor(s)));
  return all.sort((a, b) => b.runs.length - a.runs.length)[0]!;
}

async function expectedFor(signature: string): Promise<Expected> {
  const perRun = `
    SELECT r.run_id, r.config_id, s.task_group, t.repo, a.readable,
      (SELECT MIN(g.first_step) FROM ${pq("signature_tags")} g WHERE g.run_id = r.run_id AND g.signature = '${signature}' AND g.strength = 'strong') AS first_step,
      (SELECT string_agg(g.evidence_steps, ',') FROM ${pq("signature_tags")} g WHERE g.run_id = r.run_id AND g.signature = '${signature}' AND g.strength = 'strong') AS evidence
    FROM ${pq("runs")} r JOIN ${pq("sessions")} s USING (session_id) JOIN ${pq("tasks")} t ON t.task_id = s.focus_task_id
    JOIN ${pq("run_analysis")} a USING (run_id)
    WHERE s.condition = 'switched'`;
  const rows = await sql<{
    run_id: string;
    config_id: string;
    task_group: string;
    repo: string;
    readable: boolean;
    first_step: number | null;
    evidence: string | null;
  }>(perRun);
  const byConfig = new Map<string, typeof rows>();
  for (const r of rows) byConfig.set(r.config_id, [...(byConfig.get(r.config_id) ?? []), r]);
  const tagged = (rs: typeof rows) => rs.filter((r) => r.readable && r.first_step !== null);
  const [config, rs] = [...byConfig.entries()].sort(
    (a, b) => tagged(b[1]).length - tagged(a[1]).length || a[0].localeCompare(b[0]),
  )[0]!;
  const count = (grp: string) => {
    const inGroup = rs.filter((r) => r.readable && (grp === "overall" || r.task_group === grp));
    return { k: inGroup.filter((r) => r.first_step !== null).length, n: inGroup.length };
  };
  const [{ display_name: name }] = (await sql<{ display_name: string }>(
    `SELECT display_name FROM ${pq("configs")} WHERE config_id = '${config}'`,
  )) as [{ display_name: string }];
  return {
    signature,
    config,
    name,
    cells: { overall: count("overall"), near: count("near"), far: count("far") },
    runs: tagged(rs).map((r) => ({
      run_id: r.run_id,
      first_step: r.first_step!,
      evidence: r.evidence!.split(",").map(Number),
      repo: r.repo,
    })),
  };
}

/** Wilson 95% (z = Φ⁻¹(0.975)), percent, as the page prints it (one decimal). */
function wilsonText(k: number, n: number): string {
  const z = 1.959963984540054;
  const d = n + z * z;
  const c = (k + (z * z) / 2) / d;
  const h = (z * Math.sqrt((k * (n - k)) / n + (z * z) / 4)) / d;
  const lo = k === 0 ? 0 : Math.max(0, c - h);
  const hi = k === n ? 1 : Math.min(1, c + h);
  return `${k}/${n} ${((100 * k) / n).toFixed(1)} % [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`;
}

const shareText = async (page: Page, selector: string) =>
  (await page.locator(selector).innerText()).replace(/\s+/g, " ").trim();

test.describe.configure({ timeout: 180_000 });

let exp: Expected;
test.beforeAll(async () => {
  exp = await expected();
  // The sample plants requirement-state loss in switched runs: a cell with a count to read.
  expect(exp.runs.length).toBeGreaterThan(0);
});

test("the leaderboard shows the detector prevalence with k/n and Wilson intervals", async ({ page }) => {
  await page.goto("/r/sample/");
  const panel = page.getByTestId("signature-prevalence");
  for (const grp of ["overall", "near", "far"]) {
    const { k, n } = exp.cells[grp]!;
    const sel = `[data-testid="signature-prevalence"] tr[data-prevalence-config="${exp.config}"][data-group="${grp}"] td[data-col="switched.${exp.signature}"] [data-share]`;
    expect(await shareText(page, sel), grp).toBe(wilsonText(k, n));
  }
  await expect(panel.getByTestId("annotation-rates").locator('[data-author-kind="human"] caption')).toContainText(
    "Human annotations",
  );
});

test("the signatures page: a cell's count, its runs, and a run opened at its first evidence step", async ({ page }) => {
  await page.goto("/r/sample/signatures/");
  const cell = (grp: string) =>
    `[data-matrix="${exp.signature}"] td[data-cell="${exp.config}.switched.${grp}"] [data-share]`;
  for (const grp of ["overall", "near", "far"])
    expect(await shareText(page, cell(grp)), grp).toBe(wilsonText(exp.cells[grp]!.k, exp.cells[grp]!.n));

  await page.locator(`[data-matrix="${exp.signature}"] td[data-cell="${exp.config}.switched.overall"] button`).click();
  await expect(page).toHaveURL(
    new RegExp(`cell=${exp.config.replaceAll(".", "\\.")}(~|%7E)switched(~|%7E)overall(~|%7E)${exp.signature}`),
  );
  const runs = page.getByTestId("cell-runs").locator("tr[data-cell-run]");
  await expect(runs).toHaveCount(exp.runs.length, { timeout: WASM });
  expect((await runs.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-cell-run")))).sort()).toEqual(
    exp.runs.map((r) => r.run_id).sort(),
  );

  const first = exp.runs[0]!;
  expect(first.evidence).toContain(first.first_step);
  const link = page.locator(`tr[data-cell-run="${first.run_id}"] a[data-run-link]`);
  await expect(link).toHaveText(`Step ${first.first_step}`);
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(
      `/r/sample/run/\\?id=${encodeURIComponent(first.run_id).replaceAll(".", "\\.")}&step=${first.first_step}(&|$)`,
    ),
  );
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", String(first.first_step));
});

test("the signatures page's filters are in the URL and a repository recomputes the counts", async ({ page }) => {
  const repo = exp.runs[0]!.repo;
  const inRepo = exp.runs.filter((r) => r.repo === repo).length;
  await page.goto(
    `/r/sample/signatures/?signature=${exp.signature}&group=overall&config=${encodeURIComponent(exp.config)}`,
  );
  await expect(page.locator("[data-matrix]")).toHaveCount(1);
  await expect(page.locator(`[data-matrix="${exp.signature}"] tbody tr`)).toHaveCount(2);
  await page.locator('select[data-filter="repo"]').selectOption(repo);
  await expect(page).toHaveURL(new RegExp(`repo=${encodeURIComponent(repo).replace(/%2F/g, "%2F")}`));
  const share = page.locator(
    `[data-matrix="${exp.signature}"] td[data-cell="${exp.config}.switched.overall"] [data-share]`,
  );
  await expect(share).toHaveAttribute("data-k", String(inRepo), { timeout: WASM });
  // Back: the whole release again.
  await page.goBack();
  await expect(share).toHaveAttribute("data-k", String(exp.cells.overall!.k));
});

test("exports of the matrix name the release and the view, with k and n", async ({ page }) => {
  await page.goto(`/r/sample/signatures/?signature=${exp.signature}`);
  const [d] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Export ${LABELS[exp.signature]} matrix as JSON` }).click(),
  ]);
  expect(d.suggestedFilename()).toBe(`sample-signatures-${exp.signature.replaceAll("_", "-")}.json`);
  const body = JSON.parse(
    (await (await d.createReadStream()).toArray().then((c) => Buffer.concat(c))).toString("utf8"),
  ) as Record<string, unknown>[];
  const row = body.find((r) => String(r.Configuration) === `${exp.name} Switch`);
  expect(row, JSON.stringify(body.slice(0, 2))).toMatchObject({
    "Overall k": exp.cells.overall!.k,
    "Overall n": exp.cells.overall!.n,
  });
});

test("the signatures page with a cell open fits 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/r/sample/signatures/?cell=${encodeURIComponent(exp.config)}~switched~overall~${exp.signature}`);
  await expect(page.getByTestId("cell-runs").locator("tr[data-cell-run]")).toHaveCount(exp.runs.length, {
    timeout: WASM,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the compare page shows the pair's prevalence", async ({ page }) => {
  const other = exp.config === "glm-5.3-opencode" ? "deepseek-v4.1-flash-opencode" : "glm-5.3-opencode";
  await page.goto(`/r/sample/compare/?a=${encodeURIComponent(exp.config)}&b=${encodeURIComponent(other)}`);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true", { timeout: WASM });
  const sel = `[data-testid="signature-prevalence"] tr[data-prevalence-config="${exp.config}"][data-group="overall"] td[data-col="switched.${exp.signature}"] [data-share]`;
  expect(await shareText(page, sel)).toBe(wilsonText(exp.cells.overall!.k, exp.cells.overall!.n));
  await expect(
    page.locator(
      `[data-testid="signature-prevalence"] tr[data-prevalence-config="${exp.config}"][data-group="overall"] td[data-col="switched-diff.${exp.signature}"] [data-diff]`,
    ),
  ).toBeVisible();
});
