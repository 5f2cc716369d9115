// The detectors' measured accuracy on screen (issue 43): the signatures page's table, the leaderboard panel's lines
// and a detector tag's tooltip, read off the sample's pages and compared with data/detector-accuracy.json read here.
// The version the tags carry comes from the build's published tags (signature_tags.parquet, DuckDB in Node): a set
// counts only when its detector and version are those, else the pages must say "not measured yet".
import { readFileSync } from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

interface SetSignature {
  signature: string;
  detector: string;
  detector_version: string;
  planted: number;
  found: number;
  false_positives: number;
  precision: number | null;
  recall: number | null;
}
interface AccuracyFile {
  sets: { id: string; label: string; measured_at: string; signatures: SetSignature[] }[];
}
interface Tagged {
  signature: string;
  detector: string;
  detector_version: string;
  run_id: string;
  strength: string;
}
/** One set's numbers for the version the tags carry. */
interface Expected extends SetSignature {
  label: string;
  measured_at: string;
}

const SIGNATURES = ["requirement_state_loss", "cross_task_interference"];
const file = JSON.parse(readFileSync("data/detector-accuracy.json", "utf8")) as AccuracyFile;
const ratio = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));
const plural = (n: number) => (n === 1 ? "" : "s");

/** Per signature and strength, the tags' detector and version and the first run carrying one. */
async function taggedRuns(): Promise<Tagged[]> {
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  try {
    const q = `SELECT signature, strength, detector, detector_version, MIN(run_id) AS run_id
      FROM read_parquet('public/data/sample/signature_tags.parquet') GROUP BY ALL ORDER BY ALL`;
    return (await c.runAndReadAll(q)).getRowObjectsJS() as unknown as Tagged[];
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

function expectedFor(t: Tagged): Expected[] {
  return file.sets.flatMap((set) =>
    set.signatures
      .filter(
        (s) => s.signature === t.signature && s.detector === t.detector && s.detector_version === t.detector_version,
      )
      .map((s) => ({ ...s, label: set.label, measured_at: set.measured_at })),
  );
}

const accuracyText = (e: Expected) =>
  `precision ${ratio(e.precision)} (${e.found} found, ${e.false_positives} false positive${plural(e.false_positives)}), ` +
  `recall ${ratio(e.recall)} (${e.found} of ${e.planted} planted)`;

let tagged: Tagged[];
const strongOf = (sig: string) => tagged.find((t) => t.signature === sig && t.strength === "strong")!;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  tagged = await taggedRuns();
  // The sample's trajectories carry strong tags of both signatures: a version to match on each.
  for (const sig of SIGNATURES) expect(strongOf(sig), sig).toBeDefined();
});

test("the signatures page shows the tagged version's precision and recall with their counts", async ({ page }) => {
  await page.goto("/r/sample/signatures/");
  const trust = page.getByTestId("detector-trust");
  await expect(trust.locator("caption")).toContainText("on planted synthetic cases");
  for (const sig of SIGNATURES) {
    const t = strongOf(sig);
    const rows = trust.locator(`tr[data-trust-signature="${sig}"]`);
    const want = expectedFor(t);
    await expect(rows.first().locator('[data-col="detector"]')).toHaveText(`${t.detector} ${t.detector_version}`);
    if (want.length === 0) {
      await expect(rows).toHaveAttribute("data-measured", "false");
      await expect(rows.locator('[data-col="not-measured"]')).toContainText("is not measured yet");
      continue;
    }
    await expect(rows).toHaveCount(want.length);
    for (const [i, e] of want.entries()) {
      const row = rows.nth(i);
      await expect(row.locator('[data-col="set"]')).toHaveText(`${e.label} measured ${e.measured_at}`);
      await expect(row.locator('[data-col="planted"]')).toHaveText(String(e.planted));
      await expect(row.locator('[data-col="found"]')).toHaveText(String(e.found));
      await expect(row.locator('[data-col="false-positives"]')).toHaveText(String(e.false_positives));
      await expect(row.locator('[data-col="precision"]')).toHaveText(ratio(e.precision));
      await expect(row.locator('[data-col="recall"]')).toHaveText(ratio(e.recall));
    }
  }
});

test("the leaderboard's signature panel has one line per signature with the version and its P/R", async ({ page }) => {
  await page.goto("/r/sample/");
  const lines = page.getByTestId("detector-accuracy-lines");
  for (const sig of SIGNATURES) {
    const t = strongOf(sig);
    const line = lines.locator(`li[data-trust-signature="${sig}"]`);
    const want = expectedFor(t);
    if (want.length === 0) {
      await expect(line).toContainText("is not measured yet");
      continue;
    }
    const sets = want.map(
      (e) => `${accuracyText(e)} on planted synthetic cases (${e.label}, measured ${e.measured_at})`,
    );
    await expect(line).toContainText(`${t.detector} ${t.detector_version}, ${sets.join("; ")}.`);
  }
  await expect(lines).toContainText("weak tags are not scored");
});

for (const sig of SIGNATURES) {
  test(`a strong ${sig} tag's tooltip names its detector, version and P/R; a weak one is not scored`, async ({
    page,
  }) => {
    const t = strongOf(sig);
    await page.goto(`/r/sample/run/?id=${encodeURIComponent(t.run_id)}`);
    const chip = tagChip(page, sig, "strong");
    const want = expectedFor(t);
    const name = `${t.detector} ${t.detector_version}`;
    const sentence =
      want.length === 0
        ? `The accuracy of ${name} is not measured yet.`
        : `${name} on planted synthetic cases (${want.map((e) => `${e.label}, measured ${e.measured_at}: ${accuracyText(e)}`).join("; ")}).`;
    await expect(chip).toHaveAttribute("title", `${titleHead(sig, "strong", name)}. ${sentence}`);

    const weak = tagged.find((w) => w.signature === sig && w.strength === "weak");
    if (!weak) return;
    await page.goto(`/r/sample/run/?id=${encodeURIComponent(weak.run_id)}`);
    const weakChip = tagChip(page, sig, "weak");
    await expect(weakChip).toHaveAttribute("title", /A weak tag: weak tags are not scored/);
    expect(await weakChip.getAttribute("title")).not.toMatch(/\d\.\d{3}/);
  });
}

const LABELS: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};
/** The chip of the run's first detector tag of the signature and strength in the run's tag list. */
const tagChip = (page: Page, sig: string, strength: string) =>
  page
    .locator(
      `[data-testid="tag-list"] li[data-tag-origin="detector"][data-tag-signature="${sig}"][data-tag-strength="${strength}"]`,
    )
    .first()
    .locator("[data-chip]");
const titleHead = (sig: string, strength: string, name: string) =>
  `${LABELS[sig]} (${strength === "weak" ? "weak, " : ""}tagged by detector: ${name})`;
