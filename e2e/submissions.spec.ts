// Submissions on the leaderboard: the submitcalc release (e2e/fixtures/releases/submitcalc/EXPECTED.md),
// two configurations added by release:add, one verified; and the submit page.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const PAGE = "/r/submitcalc/";
const OVERALL = ["overall.uninterrupted", "overall.switched", "overall.gap.switched"];
const overall = (page: Page, config: string) =>
  Promise.all(OVERALL.map((c) => page.locator(`tr[data-config="${config}"] td[data-col="${c}"]`).innerText()));

test("an added configuration shows its verified mark, submission date and report link", async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(4);
  const nova = page.locator('tr[data-config="nova-opencode"]');
  await expect(nova.getByTestId("verified-mark")).toHaveText("✓ verified");
  await expect(nova.getByTestId("verified-mark")).toHaveAttribute(
    "title",
    "reproduced by Fixture Reproducer (synthetic) on 2026-05-09",
  );
  await expect(nova.getByTestId("submitted-at")).toHaveText("submitted 2026-05-02");
  await expect(nova.getByTestId("report-link")).toHaveAttribute("href", "https://example.org/nova/report");
  expect(await overall(page, "nova-opencode")).toEqual(["50.0", "50.0", "0.0"]);
  const lyra = page.locator('tr[data-config="lyra-opencode"]');
  await expect(lyra.getByTestId("unverified-mark")).toHaveText("not verified");
  await expect(lyra.getByTestId("submitted-at")).toHaveText("submitted 2026-05-04");
  await expect(lyra.getByTestId("report-link")).toHaveCount(0);
  expect(await overall(page, "lyra-opencode")).toEqual(["100.0", "0.0", "100.0"]);
  // The published configurations carry no provenance, so no mark at all.
  await expect(page.locator('tr[data-config="orca-opencode"]').getByTestId("provenance")).toHaveCount(0);
});

test("filters to verified entries, in the URL, and exports them with their provenance", async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(4);
  await page.locator('[data-filter="verified"] input').check();
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(1);
  await expect(page).toHaveURL(/\?verified=1$/);
  expect(await overall(page, "nova-opencode")).toEqual(["50.0", "50.0", "0.0"]);

  await page.goto(`${PAGE}?verified=1`);
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(1);
  await expect(page.locator("tbody tr[data-config]")).toHaveAttribute("data-config", "nova-opencode");
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const lines = (await (await csv.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")))
    .trim()
    .split("\n");
  expect(lines).toHaveLength(2);
  const header = lines[0]!.split(",");
  const rec = Object.fromEntries(lines[1]!.split(",").map((v, i) => [header[i], v]));
  expect(rec).toMatchObject({
    config_id: "nova-opencode",
    overall_uninterrupted: "50",
    submitted_at: "2026-05-02",
    report_url: "https://example.org/nova/report",
    verified: "yes",
    verified_by: "Fixture Reproducer (synthetic)",
    verified_at: "2026-05-09",
  });
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const records = JSON.parse(
    await (await json.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
  );
  expect(records.map((r: { config_id: string; verified: string }) => [r.config_id, r.verified])).toEqual([
    ["nova-opencode", "yes"],
  ]);
});

test("the submit page lists the process and every rule with its code", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(/\/submit\/$/);
  await expect(page.getByRole("heading", { name: "Submit results" })).toBeVisible();
  const rules = page.getByTestId("submission-rules").locator("tbody tr");
  await expect(rules).toHaveCount(10);
  await expect(page.locator('tr[data-rule="submission.budget"]')).toContainText(
    "900 s and at most 3 timeout continuations",
  );
  await expect(page.locator('section[aria-label="process"] li')).toHaveCount(6);
});
