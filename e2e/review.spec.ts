// Review mode and the review page on the sample (docs/trajectory-explorer.md, "Review"): tags confirmed with r,
// rejected with x, added at a step, reached with next-unreviewed; kept over a reload; listed and exported from the
// review page; and the exported file read back by release:add's checks on a copy of the sample release. The audit
// sample draws the same runs for a seed and others for another, from every configuration × condition. Expected
// tags come from the build's signature_tags table and step ids from the trajectory file, not from the page's code.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "./published-sql";
import type { Download, Page } from "@playwright/test";
import { addAnnotations } from "../lib/data/annotations-add";
import { expect, test } from "./fixtures";
import { SAMPLE, sampleTrajectory } from "./sample-trajectory";

interface TagRow {
  run_id: string;
  signature: string;
  strength: string;
  evidence_steps: string;
  position: number | null;
  detector: string;
  detector_version: string;
}

/** The first switched run (by id) with a strong tag and another tag after it, and its detector tags in step order. */
async function runWithTwoTags(): Promise<{ run: string; strong: TagRow; other: TagRow }> {
  const tags = await sql<TagRow>(`
    WITH t AS (SELECT * FROM read_parquet('public/data/sample/signature_tags.parquet') WHERE run_id LIKE '%.switched.%'),
    runs AS (SELECT run_id FROM t GROUP BY run_id HAVING COUNT(*) = 2 AND bool_or(strength = 'strong')
      AND MIN(first_step) = MIN(first_step) FILTER (WHERE strength = 'strong') ORDER BY run_id LIMIT 1)
    SELECT t.run_id, signature, strength, evidence_steps, position, detector, detector_version
    FROM t JOIN runs USING (run_id) ORDER BY first_step`);
  expect(tags).toHaveLength(2);
  return { run: tags[0]!.run_id, strong: tags[0]!, other: tags[1]! };
}

const steps = (t: TagRow) => t.evidence_steps.split(",").map(Number);
const panel = (page: Page) => page.getByTestId("review-panel");
const tagRow = (page: Page, t: TagRow) =>
  panel(page).locator(`li[data-review-tag][data-tag-signature="${t.signature}"][data-steps="${t.evidence_steps}"]`);
const detail = (page: Page) => page.getByTestId("step-detail");

async function text(d: Download): Promise<string> {
  return readFileSync(await d.path(), "utf8");
}

/** A copy of the sample release the exported file is added to (release:add never touches the original). */
function sampleCopy(): { dir: string; done: () => void } {
  const tmp = mkdtempSync(join(tmpdir(), "review-e2e-"));
  const dir = join(tmp, "sample");
  cpSync(SAMPLE, dir, { recursive: true });
  return { dir, done: () => rmSync(tmp, { recursive: true, force: true }) };
}

test("confirm, reject and add tags in review mode, keep them over a reload, export and add them to the release", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { run, strong, other } = await runWithTwoTags();
  const raw = await sampleTrajectory<{ steps: { step_id: number }[] }>(run);
  const stepId = (n: number) => raw.steps[n - 1]!.step_id;

  await page.goto(`/r/sample/run/?id=${run}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await page.getByTestId("review-mode").click();
  await expect(page).toHaveURL(/review=1/);
  await expect(panel(page)).toHaveAttribute("data-ready", "true");
  await expect(panel(page).getByTestId("review-progress")).toHaveText("0 of 2 tags reviewed");
  // Weak and strong tags are listed apart, the weak one dashed.
  await expect(tagRow(page, strong)).toHaveAttribute("data-tag-strength", "strong");
  await expect(tagRow(page, other).locator("[data-chip]")).toHaveClass(
    other.strength === "weak" ? /border-dashed/ : /border/,
  );

  // The button jumps to the first tag without a review; a note, then r (Escape leaves the field first).
  await panel(page).getByTestId("next-unreviewed").click();
  await expect(detail(page)).toHaveAttribute("data-step", String(steps(strong)[0]));
  await expect(tagRow(page, strong)).toHaveAttribute("data-current", "true");
  const note = tagRow(page, strong).getByRole("textbox");
  await note.fill("the stage-1 lines are gone");
  await page.keyboard.press("Escape");
  await page.keyboard.press("r");
  await expect(tagRow(page, strong)).toHaveAttribute("data-verdict", "confirmed");

  // u goes to the other tag; x rejects it.
  await page.keyboard.press("u");
  await expect(detail(page)).toHaveAttribute("data-step", String(steps(other)[0]));
  await expect(tagRow(page, other)).toHaveAttribute("data-current", "true");
  await page.keyboard.press("x");
  await expect(tagRow(page, other)).toHaveAttribute("data-verdict", "rejected");
  await expect(panel(page).getByTestId("review-progress")).toHaveText("2 of 2 tags reviewed");

  // A tag added at the next step, its note typed with letters that are keys: typing stays in the field.
  await page.keyboard.press("j");
  const added = steps(other)[0]! + 1;
  await expect(detail(page)).toHaveAttribute("data-step", String(added));
  const form = panel(page).getByTestId("add-tag");
  await form.getByLabel("Signature").selectOption("cross_task_interference");
  await form.getByLabel("Note").fill("reads w01 during the focus request: r x u");
  await form.getByRole("button", { name: "Add tag" }).click();
  await expect(panel(page).locator(`[data-testid="added-tags"] li[data-added-steps="${added}"]`)).toBeVisible();
  await expect(tagRow(page, strong)).toHaveAttribute("data-verdict", "confirmed");
  await expect(tagRow(page, other)).toHaveAttribute("data-verdict", "rejected");
  await expect(panel(page)).not.toHaveAttribute("data-saving", "true");

  // The reviews survive a reload.
  await page.reload();
  await expect(panel(page)).toHaveAttribute("data-ready", "true");
  await expect(tagRow(page, strong)).toHaveAttribute("data-verdict", "confirmed");
  await expect(tagRow(page, strong).getByRole("textbox")).toHaveValue("the stage-1 lines are gone");
  await expect(tagRow(page, other)).toHaveAttribute("data-verdict", "rejected");
  await expect(panel(page).locator(`[data-testid="added-tags"] li[data-added-steps="${added}"]`)).toBeVisible();

  // The review page lists the three and exports them.
  await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Review" }).click();
  const list = page.getByTestId("review-list");
  await expect(list).toHaveAttribute("data-ready", "true");
  await expect(list.locator("tr[data-review-run]")).toHaveCount(3);
  await list.getByTestId("reviewer-name").fill("e2e reviewer");
  const [download] = await Promise.all([page.waitForEvent("download"), list.getByTestId("export-reviews").click()]);
  expect(download.suggestedFilename()).toBe("sample-review-annotations.jsonl");
  const exported = await text(download);
  const records = exported
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const byVerdict = Object.fromEntries(records.map((r) => [r.review.verdict, r]));
  expect(Object.keys(byVerdict).sort()).toEqual(["added", "confirmed", "rejected"]);
  expect(byVerdict.confirmed).toMatchObject({
    run_id: run,
    signature: strong.signature,
    step_ids: steps(strong).map(stepId),
    note: "the stage-1 lines are gone",
    author: { kind: "human", name: "e2e reviewer" },
    review: { detector: strong.detector, detector_version: strong.detector_version },
  });
  expect(byVerdict.rejected).toMatchObject({ signature: other.signature, step_ids: steps(other).map(stepId) });
  expect(byVerdict.added).toMatchObject({ signature: "cross_task_interference", step_ids: [stepId(added)] });
  expect(byVerdict.added.review.detector).toBeUndefined();

  // release:add accepts the file on a copy of the sample release, after the release's own lines.
  const copy = sampleCopy();
  try {
    const before = readFileSync(join(copy.dir, "annotations.jsonl"), "utf8");
    const file = join(copy.dir, "..", "reviews.jsonl");
    cpSync(await download.path(), file);
    const result = await addAnnotations({ file, into: copy.dir });
    expect(result.problems.filter((p) => p.level === "error")).toEqual([]);
    expect(result).toMatchObject({ refused: null, added: 3, skipped: [] });
    expect(readFileSync(join(copy.dir, "annotations.jsonl"), "utf8")).toBe(before + exported);
  } finally {
    copy.done();
  }

  // Deleting a review removes it from the list and from the browser.
  await list
    .locator(`tr[data-review-verdict="added"]`)
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(list.locator("tr[data-review-run]")).toHaveCount(2);
  await page.reload();
  await expect(list).toHaveAttribute("data-ready", "true");
  await expect(list.locator("tr[data-review-run]")).toHaveCount(2);
});

const sampled = (page: Page) =>
  page.locator("[data-audit-run]").evaluateAll((els) => els.map((e) => e.getAttribute("data-audit-run")));

async function openAudit(page: Page, query: string) {
  await page.goto(`/r/sample/review/${query}`);
  await expect(page.getByTestId("audit-sample")).toHaveAttribute("data-ready", "true");
}

test("the audit sample: the same runs for a seed, others for another, every stratum, reviewed from its link", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const configs = readFileSync(`${SAMPLE}/configs.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { config_id: string }).config_id);
  const conditions = (JSON.parse(readFileSync(`${SAMPLE}/release.json`, "utf8")) as { conditions: string[] })
    .conditions;

  await openAudit(page, "?seed=abc&k=2");
  const strata = await page
    .locator("tr[data-stratum]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-stratum")));
  expect(strata.sort()).toEqual(configs.flatMap((c) => conditions.map((k) => `${c}/${k}`)).sort());
  for (const row of await page.locator("tr[data-stratum]").all())
    await expect(row.locator("[data-audit-run]")).toHaveCount(2);
  const first = await sampled(page);
  expect(first).toHaveLength(strata.length * 2);
  expect(new Set(first).size).toBe(first.length);
  expect(await sampled(page)).toEqual(first);
  await page.reload();
  await expect(page.getByTestId("audit-sample")).toHaveAttribute("data-ready", "true");
  expect(await sampled(page)).toEqual(first);

  await openAudit(page, "?seed=abd&k=2");
  expect(await sampled(page)).not.toEqual(first);
  await page.getByTestId("new-seed").click();
  await expect(page).not.toHaveURL(/seed=abd/);
  await expect(page.getByTestId("audit-seed")).not.toHaveText("abd");

  // A sampled run opens in review mode with its seed and stratum; its untagged signature can be marked absent.
  await openAudit(page, "?seed=abc&k=2");
  // An uninterrupted run: the detectors rarely tag one, so a signature is left to mark absent.
  const stratum = strata.find((s) => s!.endsWith("/uninterrupted"))!;
  const link = page.locator(`tr[data-stratum="${stratum}"] [data-audit-run]`).first();
  const run = (await link.getAttribute("data-audit-run"))!;
  await expect(link).toHaveAttribute("data-reviewed", "false");
  await link.getByRole("link").click();
  await expect(page).toHaveURL(/review=1&audit=abc&stratum=/);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await expect(panel(page).getByTestId("audit-badge")).toContainText(stratum);
  const absent = panel(page).locator('[data-testid="absent-signatures"] li[data-absent-signature]').first();
  const signature = (await absent.getAttribute("data-absent-signature"))!;
  await absent.getByRole("button").click();
  await expect(absent).toHaveAttribute("data-verdict", "absent");
  await expect(panel(page)).not.toHaveAttribute("data-saving", "true");

  await openAudit(page, "?seed=abc&k=2");
  await expect(page.locator(`[data-audit-run="${run}"]`).first()).toHaveAttribute("data-reviewed", "true");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-reviews").click()]);
  const [record] = (await text(download))
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(record).toMatchObject({
    run_id: run,
    signature,
    step_ids: [],
    review: { verdict: "absent", audit: { seed: "abc", stratum } },
  });
});
