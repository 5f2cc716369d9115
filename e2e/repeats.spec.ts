// Intervals clustered by repository and repeat metrics on the hand-computed release repeatcalc
// (e2e/fixtures/releases/repeatcalc/EXPECTED.md): read off a row's expansion on the leaderboard and off the compare
// page, compared with the build's uncertainty page model (e2e/page-models.ts) and with the numbers worked by hand.
// The model itself is checked on the same release in lib/queries/uncertainty/uncertainty.test.ts.
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { builtModel } from "./page-models";
import { uncertaintyPage } from "../lib/queries/uncertainty/page";

const built = builtModel("repeatcalc", uncertaintyPage);
const rowOf = (config: string) => built.rows.find((r) => r.config_id === config)!;
const one = (x: number) => x.toFixed(1);
const text = (scope: Locator, stat: string) => scope.locator(`[data-stat="${stat}"]`).innerText();

async function expand(page: import("@playwright/test").Page, config: string): Promise<Locator> {
  await page.goto("/r/repeatcalc/");
  await page.locator(`tr[data-config="${config}"] button[aria-expanded]`).click();
  const section = page.locator(`tr[data-detail="${config}"] [data-testid="row-uncertainty"]`);
  await expect(section).toHaveAttribute("data-state", "ready");
  return section;
}

test("a row's expansion shows the clustered intervals and design effects of the build's data", async ({ page }) => {
  const section = await expand(page, "alpha");
  await expect(section).toHaveAttribute("data-reps", String(built.reps));
  await expect(section).toContainText("Clustered by repository");
  const alpha = rowOf("alpha");
  // Overall Unint: cluster [66.7, 88.9], plain [55.6, 94.4] (EXPECTED.md).
  const rate = section.locator('tr[data-unc="overall.rate.uninterrupted"]');
  const cell = alpha.rates.overall!.uninterrupted!;
  expect(await text(rate, "value")).toBe(one(cell.value));
  expect([await text(rate, "cluster-lo"), await text(rate, "cluster-hi")]).toEqual([
    one(cell.cluster.lo),
    one(cell.cluster.hi),
  ]);
  expect([await text(rate, "cluster-lo"), await text(rate, "cluster-hi")]).toEqual(["66.7", "88.9"]);
  expect([await text(rate, "plain-lo"), await text(rate, "plain-hi")]).toEqual(["55.6", "94.4"]);
  expect(await text(rate, "design-effect")).toBe(cell.designEffect.toFixed(2));
  // Overall gap: cluster [33.3, 44.4] beside the leaderboard's own paired interval [22.2, 55.6].
  const gap = section.locator('tr[data-unc="overall.gap.switched"]');
  expect([await text(gap, "cluster-lo"), await text(gap, "cluster-hi")]).toEqual(["33.3", "44.4"]);
  expect([await text(gap, "plain-lo"), await text(gap, "plain-hi")]).toEqual(["22.2", "55.6"]);
  await expect(page.locator('tr[data-detail="alpha"] [data-detail-col="overall.gap.switched"]')).toContainText(
    "[22.2, 55.6]",
  );
  // far − near under Switch: 33.3 pp, cluster [16.7, 50.0].
  const farNear = section.locator('tr[data-unc="far-near.gap.switched"]');
  expect(await text(farNear, "value")).toBe(one(alpha.farNear.switched!.value));
  expect([await text(farNear, "cluster-lo"), await text(farNear, "cluster-hi")]).toEqual(["16.7", "50.0"]);
  // Every task of far Switch scores 1/3: no design effect, said so.
  const flat = section.locator('tr[data-unc="far.rate.switched"] [data-stat="design-effect"]');
  await expect(flat).toHaveText("—");
  await expect(flat).toHaveAttribute("title", /do not vary/);
});

test("a row's expansion shows the repeat metrics, or why there are none", async ({ page }) => {
  const section = await expand(page, "alpha");
  const table = section.locator('[data-testid="repeat-metrics"]');
  await expect(table).toHaveAttribute("data-k", "3");
  const want: Record<string, string[]> = {
    "overall.uninterrupted": ["100.0", "50.0", "50.0", "55.6"],
    "overall.switched": ["83.3", "0.0", "83.3", "25.9"],
    "near.switched": ["66.7", "0.0", "66.7", "40.7"],
    "far.switched": ["100.0", "0.0", "100.0", "11.1"],
  };
  const stats = ["pass-at-k", "pass-hat-k", "flip-rate", "consistency"];
  for (const [key, values] of Object.entries(want)) {
    const tr = table.locator(`tr[data-repeat="${key}"]`);
    const shown = await Promise.all(stats.map((s) => text(tr, s)));
    expect(shown, key).toEqual(values);
    const [grp, cond] = key.split(".") as [string, string];
    const cell = rowOf("alpha").repeats[grp]![cond]!;
    expect(shown).toEqual([cell.passAtK, cell.passHatK, cell.flipRate, cell.consistency].map(one));
  }
  const beta = await expand(page, "beta");
  await expect(beta.locator('[data-testid="no-repeats"]')).toContainText("One run per cell");
  await expect(beta.locator('[data-testid="repeat-metrics"]')).toHaveCount(0);
  // beta's gap clustered by repository: [33.3, 66.7], plain [16.7, 83.3] (EXPECTED.md).
  const gap = beta.locator('tr[data-unc="overall.gap.switched"]');
  expect([await text(gap, "cluster-lo"), await text(gap, "cluster-hi")]).toEqual(["33.3", "66.7"]);
  expect([await text(gap, "plain-lo"), await text(gap, "plain-hi")]).toEqual(["16.7", "83.3"]);
});

test("a repository subset's expansion describes the subset", async ({ page }) => {
  await page.goto("/r/repeatcalc/?repos=acme/widgets");
  await page.locator('tr[data-config="alpha"] button[aria-expanded]').click();
  const section = page.locator('tr[data-detail="alpha"] [data-testid="row-uncertainty"]');
  await expect(section).toHaveAttribute("data-state", "ready");
  // N1, N2, F1 only: Unint 8/9, and one repository: nothing to resample between, so no clustered interval ("—"),
  // not a zero-width one at 88.9.
  const rate = section.locator('tr[data-unc="overall.rate.uninterrupted"]');
  await expect(rate.locator('[data-stat="value"]')).toHaveText("88.9");
  expect([await text(rate, "cluster-lo"), await text(rate, "cluster-hi")]).toEqual(["—", "—"]);
  expect([await text(rate, "plain-lo"), await text(rate, "plain-hi")]).not.toEqual(["—", "—"]);
});

test("the compare page shows both configurations' pass@k side by side, beta's as unknown", async ({ page }) => {
  await page.goto("/r/repeatcalc/compare/?a=alpha&b=beta");
  const panel = page.locator('[data-testid="repeat-pair"]');
  await expect(panel).toHaveAttribute("data-state", "ready");
  await expect(panel).toHaveAttribute("data-repeated", "true");
  const passAtK = (key: string, side: "a" | "b") =>
    panel.locator(`tr[data-repeat="${key}"] [data-side="${side}"][data-stat="pass-at-k"]`);
  const want: Record<string, string> = {
    "overall.uninterrupted": "100.0",
    "overall.switched": "83.3",
    "near.switched": "66.7",
    "far.switched": "100.0",
  };
  for (const [key, value] of Object.entries(want)) {
    await expect(passAtK(key, "a"), key).toHaveText(value);
    await expect(passAtK(key, "a")).toHaveAttribute("data-k", "3");
    const [grp, cond] = key.split(".") as [string, string];
    expect(one(rowOf("alpha").repeats[grp]![cond]!.passAtK)).toBe(value);
    await expect(passAtK(key, "b")).toHaveText("—");
    await expect(passAtK(key, "b")).toHaveAttribute("title", /One run per cell/);
  }
});
