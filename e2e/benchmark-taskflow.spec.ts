// The Task Flow page on benchmark-mini (EXPECTED.md): TFAS 100 against its own uninterrupted flow, 0 for
// switched (disjoint length bins), the components beside the aggregate, and the Sankey.
import { expect, test } from "./fixtures";

const T = "uninterrupted-mini.json";

test("TFAS and its components for every condition", async ({ page }) => {
  await page.goto("/r/benchmark-mini/taskflow/");
  const tfas = (c: string, k: string) =>
    page.locator(`[data-testid="tfas-table"] tr[data-condition="${c}"] td[data-tfas="${T}.${k}"]`);
  await expect(tfas("uninterrupted", "tfas")).toHaveText("100.0");
  await expect(tfas("uninterrupted", "sR")).toHaveText("1.000");
  await expect(tfas("switched", "tfas")).toHaveText("0.0");
  await expect(tfas("switched", "sL")).toHaveText("0.000");
  await expect(tfas("switched", "sT")).toHaveText("0.715");
  await expect(tfas("switched", "sR")).toHaveText("0.491");
});

test("distributions and the Sankey follow the chosen condition, kept in the URL", async ({ page }) => {
  await page.goto("/r/benchmark-mini/taskflow/");
  await expect(page.getByTestId("flow-summary")).toContainText("3 sessions, 16 user messages");
  await expect(page.locator('[data-testid="dist-length"] tr[data-key="6-10"] [data-stat="observed"]')).toHaveText(
    "33.3",
  );
  await expect(page.locator('[data-testid="dist-labels"] tr[data-key="other"]')).toContainText("dropped for TFAS");
  await expect(page.locator('[data-testid="sankey"] [data-node="1:interruption-initial"]')).toHaveAttribute(
    "data-count",
    "3",
  );
  await page.getByLabel("condition").selectOption("uninterrupted");
  await expect(page).toHaveURL(/condition=uninterrupted/);
  await expect(page.locator('[data-testid="dist-length"] tr[data-key="3"] [data-stat="observed"]')).toHaveText("66.7");
  await page.getByLabel("steps", { exact: true }).fill("2");
  await expect(page.locator('[data-testid="sankey"] [data-node^="2:"]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("condition")).toHaveValue("uninterrupted");
});

// The sample release against the two targets its generator copies from data/taskflow/ (values recomputed
// independently in lib/queries/taskflow/sample.test.ts): its labels are all derived from the schedule, so
// SWE-Bench Pro single prompts share no event with it (every S is 0); the §3.1 example is one 12-request
// switched session, so switched sessions (all 11+ requests) match its length bin and uninterrupted ones none.
test("the sample release is scored against both of its targets", async ({ page }) => {
  await page.goto("/r/sample/taskflow/");
  const cell = (c: string, t: string, k: string) =>
    page.locator(`[data-testid="tfas-table"] tr[data-condition="${c}"] td[data-tfas="${t}.${k}"]`);
  const row = (c: string, t: string) => Promise.all(["sL", "sT", "sR", "tfas"].map((k) => cell(c, t, k).innerText()));
  await expect(cell("switched", "switch-swe-example.json", "tfas")).toHaveText("92.9");
  expect(await row("switched", "switch-swe-example.json")).toEqual(["1.000", "0.945", "0.848", "92.9"]);
  expect(await row("uninterrupted", "switch-swe-example.json")).toEqual(["0.000", "0.537", "0.328", "0.0"]);
  expect(await row("switched", "swe-bench-pro-single.json")).toEqual(["0.000", "0.000", "0.000", "0.0"]);
  expect(await row("uninterrupted", "swe-bench-pro-single.json")).toEqual(["0.000", "0.000", "0.000", "0.0"]);
  await expect(page.getByTestId("tfas-none")).toHaveCount(0);
  await expect(page.getByTestId("target-problems")).toHaveCount(0);
  await expect(page.getByTestId("target-note")).toContainText("not a result of its runs");
  // The first target (by file name) is shown beside the switched sessions: 54.7 % new-feature, a label no
  // sample request carries; then the §3.1 example: interruption follow-ups 4/12 there, 2,692/4,495 here.
  const label = (key: string, stat: string) =>
    page.locator(`[data-testid="dist-labels"] tr[data-key="${key}"] [data-stat="${stat}"]`);
  await expect(label("new-feature", "target")).toHaveText("54.7");
  await expect(label("new-feature", "observed")).toHaveText("0.0");
  await page.getByLabel("target").selectOption("switch-swe-example.json");
  await expect(page).toHaveURL(/target=switch-swe-example\.json/);
  await expect(label("interruption-follow-up", "target")).toHaveText("33.3");
  await expect(label("interruption-follow-up", "observed")).toHaveText("59.9");
});
