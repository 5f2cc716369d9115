// The resumption page (docs/resumption.md): resumption-distance bins and interruption completion read off the
// rendered page, compared with what the build answered (the page's model, e2e/page-models.ts) and, on the hand-worked
// release, with the numbers e2e/fixtures/releases/resumecalc/EXPECTED.md works out by hand. Every interval shown is
// clustered by focus task (Wilson at the effective sample size; the fit's CR1 sandwich).
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { builtModel } from "./page-models";
import { leaderboardPage } from "../lib/queries/leaderboard/page";
import { resumptionPage } from "../lib/queries/resumption/page";
import type { LoadMeasure, ResumptionBin } from "../lib/queries/resumption/series";

const built = builtModel("sample", resumptionPage);
const switched = built.byCondition.switched!;
/** The page shows rates and bounds with one decimal (lib/site/labels.ts fmt). */
const one = (v: number) => v.toFixed(1);

async function ready(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-testid="resumption-controls"][data-ready="yes"]')).toHaveCount(1);
}

function binTable(page: Page, outcome: string): Locator {
  return page.locator(`[data-testid="bin-table"][data-outcome="${outcome}"]`);
}

/** The shown row of bin `i`: count, successes, rate and Wilson interval, as text. */
async function expectBinText(
  table: Locator,
  i: number,
  want: { n: string; successes: string; rate: string; ci: string },
) {
  const row = table.locator(`tr[data-bin="${i}"]`);
  await expect(row.locator('[data-col="n"]')).toHaveText(want.n);
  await expect(row.locator('[data-col="successes"]')).toHaveText(want.successes);
  await expect(row.locator('[data-col="rate"]')).toHaveText(want.rate);
  await expect(row.locator('[data-col="interval"]')).toHaveText(want.ci);
}

const binText = (b: ResumptionBin) => ({
  n: String(b.n),
  successes: String(b.successes),
  rate: one(b.rate!),
  ci: `[${one(b.ciLo)}, ${one(b.ciHi)}]`,
});

/** The fullest bin of a series: the one a wrong join or an off-by-one edge would move first. */
function fullest(bins: ResumptionBin[]): number {
  return bins.reduce((best, b, i) => (b.n > bins[best]!.n ? i : best), 0);
}

function series(scope: string, measure: LoadMeasure) {
  return switched.scopes.find((s) => s.id === scope)!.series.held[measure];
}

test("the sample's pooled, per-configuration and tokens bins are the build's", async ({ page }) => {
  await ready(page, "/r/sample/resumption/");
  await expect(page.getByTestId("resumption-synthetic")).toBeVisible();
  const held = binTable(page, "held");
  await expect(held).toHaveAttribute("data-measure", "requests");
  await expect(held).toHaveAttribute("data-scope", "pooled");

  const pooled = series("pooled", "requests");
  expect(pooled.n).toBeGreaterThan(0);
  await expect(held.locator("tbody tr")).toHaveCount(pooled.bins.length);
  const i = fullest(pooled.bins);
  await expectBinText(held, i, binText(pooled.bins[i]!));
  await expect(page.locator('[data-testid="counted"][data-outcome="held"] [data-stat="n"]')).toHaveText(
    String(pooled.n),
  );

  // One configuration's own returns.
  const config = switched.scopes.find((s) => s.id !== "pooled" && s.reached > 0)!;
  await page.getByTestId("scope-picker").selectOption(config.id);
  await expect(page).toHaveURL(new RegExp(`config=${config.id.replaceAll(".", "\\.")}`));
  await expect(held).toHaveAttribute("data-scope", config.id);
  const own = series(config.id, "requests");
  const j = fullest(own.bins);
  await expectBinText(held, j, binText(own.bins[j]!));
  const fit = page.locator('[data-section="resumption-held"] [data-testid="fit"]');
  if (own.fit.ok) await expect(fit).toHaveAttribute("data-ok", "yes");
  else await expect(fit).toHaveAttribute("data-reason", own.fit.reason);

  // Another measure: the same configuration's tokens in between.
  await page.locator('input[name="resumption-measure"][value="tokens"]').check();
  await expect(page).toHaveURL(/measure=tokens/);
  await expect(held).toHaveAttribute("data-measure", "tokens");
  const tokens = series(config.id, "tokens");
  const k = fullest(tokens.bins);
  await expectBinText(held, k, binText(tokens.bins[k]!));

  // Back returns to requests.
  await page.goBack();
  await expect(held).toHaveAttribute("data-measure", "requests");
  await expectBinText(held, j, binText(own.bins[j]!));
});

test("the sample's clustered intervals are the build's: a bin, the fit's focus tasks and errors, and completion", async ({
  page,
}) => {
  await ready(page, "/r/sample/resumption/");
  const held = binTable(page, "held");
  const pooled = series("pooled", "requests");
  // The bin whose runs widen it most: its interval is the clustered one, wider than plain Wilson.
  const i = pooled.bins.reduce(
    (best, b, k) => (b.n > 0 && b.designEffect > pooled.bins[best]!.designEffect ? k : best),
    0,
  );
  const bin = pooled.bins[i]!;
  expect(bin.designEffect, "a pooled bin whose runs matter").toBeGreaterThan(1);
  expect(bin.ciHi - bin.ciLo).toBeGreaterThan(bin.plainHi - bin.plainLo);
  await expectBinText(held, i, binText(bin));
  const row = held.locator(`tr[data-bin="${i}"]`);
  await expect(row.locator('[data-col="focus-tasks"]')).toHaveText(String(bin.focusTasks));
  await expect(row.locator('[data-col="deff"]')).toHaveText(bin.designEffect.toFixed(2));

  const fit = page.locator('[data-section="resumption-held"] [data-testid="fit"]');
  expect(pooled.fit.ok).toBe(true);
  if (pooled.fit.ok) {
    await expect(fit.locator('[data-stat="focus-tasks"]')).toHaveText(String(pooled.fit.focusTasks));
    await expect(fit.locator('[data-stat="se-clustered"]')).toHaveText(pooled.fit.seClustered.toPrecision(3));
    await expect(fit.locator('[data-stat="se-model"]')).toHaveText(pooled.fit.seModel.toPrecision(3));
    const se = Math.max(pooled.fit.seClustered, pooled.fit.seModel);
    expect(pooled.fit.slopeHi - pooled.fit.slope).toBeCloseTo(1.959964 * se, 5);
  }
  await expect(page.getByTestId("fit-count").locator('[data-stat="fitted"]')).toHaveText(String(switched.fits.fitted));

  const scored = switched.interruptions.find((r) => r.completion)!;
  const cells = page.getByTestId("interruption-table").locator(`tr[data-config="${scored.config_id}"]`);
  await expect(cells.locator('[data-col="completion-deff"]')).toHaveText(scored.completion!.designEffect.toFixed(2));
});

test("the sample's interruption completion is the build's, beside the leaderboard's switched resolution", async ({
  page,
}) => {
  await ready(page, "/r/sample/resumption/");
  const table = page.getByTestId("interruption-table");
  await expect(table.locator("tbody tr[data-config]")).toHaveCount(switched.interruptions.length);
  const scored = switched.interruptions.find((r) => r.completion)!;
  const row = table.locator(`tr[data-config="${scored.config_id}"]`);
  await expect(row.locator('[data-col="outcomes"]')).toHaveText(`${scored.resolved} / ${scored.outcomes}`);
  await expect(row.locator('[data-col="completion"]')).toHaveText(one(scored.completion!.value));
  await expect(row.locator('[data-col="completion-interval"]')).toHaveText(
    `[${one(scored.completion!.lo)}, ${one(scored.completion!.hi)}]`,
  );
  await expect(row.locator('[data-col="focus"]')).toHaveText(one(scored.focus!.value));
  // The focus number is the leaderboard's own.
  const leaderboard = builtModel("sample", leaderboardPage);
  const lb = leaderboard.rows.find((r) => r.config.config_id === scored.config_id)!.rates.overall!.switched!;
  expect(scored.focus!.value).toBe(lb.value);

  // A configuration without interruption outcomes is "not scored", never 0.
  const unscored = switched.interruptions.find((r) => !r.completion);
  if (unscored) {
    const u = table.locator(`tr[data-config="${unscored.config_id}"]`);
    await expect(u.locator('[data-col="completion"]')).toHaveText("not scored");
    await expect(u.locator('[data-col="unscored-runs"]')).toHaveText(String(unscored.runs));
  }
  await expect(page.locator('[data-chart="interruption-tradeoff"]')).toHaveCount(1);
});

test("resumecalc's bins, fits, signatures and interruption completion are EXPECTED.md's", async ({ page }) => {
  await ready(page, "/r/resumecalc/resumption/");
  const held = binTable(page, "held");
  // Pooled requests: 1 → 5/5, 2 → 3/3, 3 → 1/3, all B2 (one focus task, n_eff 1) [2.53, 90.58], 4–5 → 1/3, 6–8 and
  // 9+ empty.
  await expectBinText(held, 0, { n: "5", successes: "5", rate: "100.0", ci: "[56.6, 100.0]" });
  await expectBinText(held, 2, { n: "3", successes: "1", rate: "33.3", ci: "[2.5, 90.6]" });
  await expect(held.locator('tr[data-bin="2"] [data-col="focus-tasks"]')).toHaveText("1");
  await expect(held.locator('tr[data-bin="2"] [data-col="deff"]')).toHaveText("3.00");
  await expectBinText(held, 4, { n: "0", successes: "0", rate: "—", ci: "—" });
  const fit = page.locator('[data-section="resumption-held"] [data-testid="fit"]');
  await expect(fit).toHaveAttribute("data-ok", "yes");
  await expect(fit.locator('[data-stat="slope"]')).toHaveText("-1.87");
  // Three focus tasks; the clustered standard error 0.690 is below the model's 0.991: the interval keeps the model's.
  await expect(fit.locator('[data-stat="focus-tasks"]')).toHaveText("3");
  await expect(fit.locator('[data-stat="se-clustered"]')).toHaveText("0.690");
  await expect(fit.locator('[data-stat="se-model"]')).toHaveText("0.991");
  await expect(fit.locator('[data-stat="slope-interval"]')).toHaveText("[-3.81, 0.0732]");
  // 36 series with returns, 14 fitted, none excluding 0.
  const count = page.getByTestId("fit-count");
  await expect(count.locator('[data-stat="series"]')).toHaveText("36");
  await expect(count.locator('[data-stat="fitted"]')).toHaveText("14");
  await expect(count.locator('[data-stat="excluding-zero"]')).toHaveText("0");

  // Configuration p: separated by the load, no fit, and the page says why.
  await page.getByTestId("scope-picker").selectOption("p");
  await expect(fit).toHaveAttribute("data-reason", "separation");
  await expect(fit).toContainText("No logistic fit");
  await expectBinText(held, 3, { n: "1", successes: "0", rate: "0.0", ci: "[0.0, 79.3]" });

  // Pooled tokens: 40 M opens the 40 M+ bin → 0/2, both C2 (one focus task) [0, 79.35]; 5–10 M 2/3, deff floored at 1
  // [20.77, 93.85].
  await page.getByTestId("scope-picker").selectOption("pooled");
  await page.locator('input[name="resumption-measure"][value="tokens"]').check();
  await expect(held).toHaveAttribute("data-measure", "tokens");
  await expectBinText(held, 4, { n: "2", successes: "0", rate: "0.0", ci: "[0.0, 79.3]" });
  await expectBinText(held, 1, { n: "3", successes: "2", rate: "66.7", ci: "[20.8, 93.9]" });

  // Cross-task interference at the return, requests: 1 → 1/5, deff floored at 1 [3.62, 62.45], 4–5 → 1/2 of one focus
  // task [5.46, 94.54]; q's unreadable C2 is unknown.
  await page.locator('input[name="resumption-measure"][value="requests"]').check();
  await page.locator('input[name="resumption-signature"][value="cross_task_interference"]').check();
  const cti = binTable(page, "cross_task_interference");
  await expectBinText(cti, 0, { n: "5", successes: "1", rate: "20.0", ci: "[3.6, 62.4]" });
  await expectBinText(cti, 3, { n: "2", successes: "1", rate: "50.0", ci: "[5.5, 94.5]" });
  const counted = page.locator('[data-testid="counted"][data-outcome="cross_task_interference"]');
  await expect(counted.locator('[data-stat="n"]')).toHaveText("13");
  await expect(counted.locator('[data-stat="unknown"]')).toHaveText("1");

  // Interruption completion clustered by focus task (one run each here): p 5/6, deff 1.2 [40.33, 97.37]; q 3/4 (one run lists none), deff 4/3
  // [25.61, 96.32]; r not scored.
  const table = page.getByTestId("interruption-table");
  const cells = (config: string, col: string) => table.locator(`tr[data-config="${config}"] [data-col="${col}"]`);
  await expect(cells("p", "outcomes")).toHaveText("5 / 6");
  await expect(cells("p", "completion")).toHaveText("83.3");
  await expect(cells("p", "completion-interval")).toHaveText("[40.3, 97.4]");
  await expect(cells("p", "completion-deff")).toHaveText("1.20");
  await expect(cells("p", "focus")).toHaveText("66.7");
  await expect(cells("p", "focus-interval")).toHaveText("[20.8, 93.9]");
  await expect(cells("q", "completion")).toHaveText("75.0");
  await expect(cells("q", "completion-interval")).toHaveText("[25.6, 96.3]");
  await expect(cells("q", "completion-deff")).toHaveText("1.33");
  await expect(cells("q", "unscored-runs")).toHaveText("1");
  await expect(cells("r", "completion")).toHaveText("not scored");
  await expect(cells("r", "unscored-runs")).toHaveText("3");
  await expect(cells("r", "focus")).toHaveText("33.3");
});
