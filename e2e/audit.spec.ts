// The detectors against human labels and the prevalence corrected for an audit (issue 43), read off the rendered
// pages of the auditcalc release (e2e/fixtures/releases/auditcalc: its tags are hand-set, derived/). Every expected
// number below is typed from lib/queries/fixtures/signature-audit/README.md, which works them out by hand; the
// bootstrap bounds are the README's pinned ones (seed 20261129, 2000 replicates).
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

const RSL = "requirement_state_loss";
const CTI = "cross_task_interference";

/** A k/n share or a corrected prevalence: unrounded percent and bounds, as the README gives them. */
interface Pct {
  value: number;
  lo: number;
  hi: number;
}

/** The README's numbers carry 4 decimals (3 for the corrected point estimates): equal within 0.0005 / 0.005. */
async function expectPct(el: Locator, want: Pct, digits = 3) {
  for (const [attr, v] of [
    ["data-value", want.value],
    ["data-lo", want.lo],
    ["data-hi", want.hi],
  ] as const) {
    const got = Number(await el.getAttribute(attr));
    expect(got, attr).toBeCloseTo(v, digits);
  }
  // Shown with one decimal.
  const one = (x: number) => x.toFixed(1);
  await expect(el).toContainText(`${one(want.value)} % [${one(want.lo)}, ${one(want.hi)}]`);
}

async function expectShare(cell: Locator, k: number, n: number, want: Pct) {
  const share = cell.locator("[data-share]");
  await expect(share).toHaveAttribute("data-share", `${k}/${n}`);
  await expectPct(share, want);
}

test("the signatures page shows precision and recall against the human labels (README, 'Confusion counts')", async ({
  page,
}) => {
  await page.goto("/r/auditcalc/signatures/");
  const section = page.getByTestId("human-agreement");
  await expect(section).toHaveAttribute("data-labelled", "true");
  await expect(section.getByTestId("human-agreement-table").locator("caption")).toContainText(
    "against the human labels on the runs humans looked at",
  );
  const rows = {
    [RSL]: { "looked-at": 26, unreadable: 1, tp: 9, fp: 2, fn: 4, tn: 10, "weak-only": "2 / 2" },
    [CTI]: { "looked-at": 4, unreadable: 0, tp: 1, fp: 1, fn: 1, tn: 1, "weak-only": "0 / 1" },
  };
  for (const [sig, cols] of Object.entries(rows)) {
    const row = section.locator(`tr[data-agreement-signature="${sig}"]`);
    for (const [col, v] of Object.entries(cols))
      await expect(row.locator(`[data-col="${col}"]`), col).toHaveText(String(v));
  }
  const rsl = section.locator(`tr[data-agreement-signature="${RSL}"]`);
  // RSL looked at: precision 9/11 = 81.8182 % [52.3019, 94.8632], recall 9/13 = 69.2308 % [42.3693, 87.3193].
  await expectShare(rsl.locator('[data-col="precision"]'), 9, 11, { value: 81.8182, lo: 52.3019, hi: 94.8632 });
  await expectShare(rsl.locator('[data-col="recall"]'), 9, 13, { value: 69.2308, lo: 42.3693, hi: 87.3193 });
  // CTI looked at: 1/2 = 50 % [9.4531, 90.5469] for both.
  const cti = section.locator(`tr[data-agreement-signature="${CTI}"]`);
  for (const col of ["precision", "recall"])
    await expectShare(cti.locator(`[data-col="${col}"]`), 1, 2, { value: 50, lo: 9.4531, hi: 90.5469 });
});

test("the signatures page names the audit and shows the corrected prevalence beside the tagged share (README)", async ({
  page,
}) => {
  await page.goto("/r/auditcalc/signatures/");
  const part = page.getByTestId("corrected-prevalence");
  // audit-2 (the latest review date), 20 runs in 2 strata: Se 7/10 = 0.7, Sp 9/10 = 0.9; CTI has no audit.
  const audit = part.locator(`li[data-audit-signature="${RSL}"]`);
  await expect(audit).toHaveAttribute("data-audit-seed", "audit-2");
  await expect(audit).toContainText("audit seed audit-2: 20 runs audited in 2 strata");
  await expect(audit).toContainText("sensitivity 0.700 (7 of 10 runs labelled present were tagged)");
  await expect(audit).toContainText("specificity 0.900 (9 of 10 labelled absent were not)");
  await expect(part.locator(`li[data-audit-signature="${CTI}"]`)).toHaveCount(0);
  await expect(part.getByTestId("correction-method")).toContainText("Rogan–Gladen");
  await expect(part.getByTestId("correction-method")).toContainText("2000 replicates (seed 20261129)");

  const cell = (config: string, condition: string, col: string) =>
    part.locator(`tr[data-audit-config="${config}"][data-condition="${condition}"] td[data-col="${col}"]`);
  const corrected = (config: string, condition: string) =>
    cell(config, condition, `corrected.${RSL}`).locator("[data-correction]");

  // Tagged share (README, "Tagged share"): strong k of n readable runs, Wilson 95 %; weak-only apart.
  await expectShare(cell("alpha", "switched", `tagged.${RSL}`), 10, 20, { value: 50, lo: 29.9298, hi: 70.0702 });
  await expect(cell("alpha", "switched", `tagged.${RSL}`).locator("[data-weak-only]")).toHaveAttribute(
    "data-weak-only",
    "2",
  );
  await expectShare(cell("alpha", "uninterrupted", `tagged.${RSL}`), 4, 20, { value: 20, lo: 8.0658, hi: 41.6017 });
  await expectShare(cell("beta", "uninterrupted", `tagged.${RSL}`), 0, 1, { value: 0, lo: 0, hi: 79.3451 });
  await expect(cell("beta", "switched", `tagged.${RSL}`).locator("[data-share]")).toHaveAttribute(
    "data-share",
    "unknown",
  );
  await expectShare(cell("alpha", "switched", `tagged.${CTI}`), 3, 20, { value: 15, lo: 5.2369, hi: 36.0419 });
  await expectShare(cell("alpha", "uninterrupted", `tagged.${CTI}`), 0, 20, { value: 0, lo: 0, hi: 16.1125 });

  // Corrected (README, "Rogan–Gladen point estimates" and "Bootstrap intervals"): θ = (p − 0.1)/0.6.
  await expectPct(corrected("alpha", "switched"), { value: 66.667, lo: 19.9953, hi: 100 }, 2);
  await expect(corrected("alpha", "switched")).toHaveAttribute("data-without-correction", "2");
  await expectPct(corrected("alpha", "uninterrupted"), { value: 16.667, lo: 0, hi: 60 }, 2);
  await expect(corrected("alpha", "uninterrupted")).toHaveAttribute("data-without-correction", "2");
  await expectPct(corrected("beta", "uninterrupted"), { value: 0, lo: 0, hi: 0 }, 2);
  await expect(corrected("beta", "uninterrupted")).toHaveAttribute("data-without-correction", "4");
  // Audited strata are marked; beta's are not.
  await expect(cell("alpha", "switched", `corrected.${RSL}`)).toContainText("audited stratum");
  await expect(cell("beta", "uninterrupted", `corrected.${RSL}`)).not.toContainText("audited stratum");

  // No number where there is no correction: the reason instead.
  await expect(corrected("beta", "switched")).toHaveAttribute("data-correction", "no-readable-runs");
  await expect(corrected("beta", "switched")).toHaveText("no readable run");
  for (const [config, condition] of [
    ["alpha", "switched"],
    ["alpha", "uninterrupted"],
    ["beta", "uninterrupted"],
    ["beta", "switched"],
  ] as const) {
    const c = cell(config, condition, `corrected.${CTI}`).locator("[data-correction]");
    await expect(c).toHaveAttribute("data-correction", "no-audit");
    await expect(c).toHaveText("no audit of this signature");
  }
});

test("the leaderboard's signature panel has one agreement line per signature (README)", async ({ page }) => {
  await page.goto("/r/auditcalc/");
  const lines = page.getByTestId("human-agreement-lines");
  await expect(lines.locator(`li[data-agreement-signature="${RSL}"]`)).toContainText(
    "precision 81.8 % (9/11), recall 69.2 % (9/13); 26 runs looked at (1 without a readable trajectory, left out).",
  );
  await expect(lines.locator(`li[data-agreement-signature="${CTI}"]`)).toContainText(
    "precision 50.0 % (1/2), recall 50.0 % (1/2); 4 runs looked at.",
  );
});

test("a release without human annotations says so in one line, and has no corrected prevalence", async ({ page }) => {
  // handcalc has no annotations.jsonl (e2e/fixtures/releases/handcalc).
  await page.goto("/r/handcalc/signatures/");
  await expect(page.getByTestId("human-agreement")).toHaveAttribute("data-labelled", "false");
  await expect(page.getByTestId("no-human-labels")).toContainText("no human annotations");
  await expect(page.getByTestId("human-agreement-table")).toHaveCount(0);
  await expect(page.getByTestId("no-audit")).toBeVisible();
  await expect(page.getByTestId("corrected-prevalence-table")).toHaveCount(0);
  await page.goto("/r/handcalc/");
  await expect(page.getByTestId("detector-accuracy-lines")).toBeVisible();
  await expect(page.getByTestId("human-agreement-lines")).toHaveCount(0);
});
