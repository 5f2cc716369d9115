// The trajectory explorer on the sample release's trajectories and the hand-made trajcalc release. Expected
// values are read from the trajectory files and annotations.jsonl on disk, never from the app's own code.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SAMPLE, sampleTrajectory } from "./sample-trajectory";

interface RawStep {
  step_id: number;
  source: string;
  extra?: { task_id?: string; request_position?: number };
  tool_calls?: { tool_call_id: string }[];
}
interface Annotation {
  run_id: string;
  signature: string;
  position: number;
  step_ids: number[];
}
const annotations = (): Annotation[] =>
  readFileSync(`${SAMPLE}/annotations.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Annotation);
const trajectory = (runId: string) => sampleTrajectory<{ steps: RawStep[]; extra: { focus_task_id: string } }>(runId);

/** A sample switched run that carries an annotation of the signature. */
const runWith = (signature: string) =>
  annotations().find((a) => a.signature === signature && a.run_id.includes(".switched."))!;

const detail = (page: Page) => page.getByTestId("step-detail");
const row = (page: Page, n: number) => page.locator(`[data-testid="step-list"] [data-step="${n}"]`);

async function open(page: Page, query: string, release = "sample") {
  await page.goto(`/r/${release}/run/${query}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
}

test("open a sample switched run and step through it with the keyboard", async ({ page }) => {
  const { run_id } = runWith("cross_task_interference");
  const t = await trajectory(run_id);
  const users = t.steps.filter((s) => s.source === "user").map((s) => s.step_id);
  const focusUsers = t.steps
    .filter((s) => s.source === "user" && s.extra?.task_id === t.extra.focus_task_id)
    .map((s) => s.step_id);
  await open(page, `?id=${run_id}`);
  await expect(page.getByTestId("run-facts")).toContainText("switched");
  await expect(detail(page)).toHaveAttribute("data-step", "1");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", String(t.steps.length));
  // Wait for the schedule (J/K/f need it), then walk.
  await expect(page.locator('[data-testid="session-timeline"] button[data-position]')).not.toHaveCount(0);
  await page.keyboard.press("j");
  await expect(detail(page)).toHaveAttribute("data-step", "2");
  await expect(page).toHaveURL(/step=2/);
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(detail(page)).toHaveAttribute("data-step", "2");
  await page.keyboard.press("Shift+J");
  await expect(detail(page)).toHaveAttribute("data-step", String(users[1]));
  await page.keyboard.press("Shift+J");
  await expect(detail(page)).toHaveAttribute("data-step", String(users[2]));
  await page.keyboard.press("Shift+K");
  await expect(detail(page)).toHaveAttribute("data-step", String(users[1]));
  await page.keyboard.press("f");
  const nextFocus = focusUsers.find((n) => n > users[1]!)!;
  await expect(detail(page)).toHaveAttribute("data-step", String(nextFocus));
  await expect(row(page, nextFocus)).toHaveAttribute("aria-selected", "true");
  await expect(page.locator('[data-testid="session-timeline"] button[data-current]')).toHaveAttribute(
    "data-focus",
    "true",
  );
});

test("a deep link opens step N, scrolled into view", async ({ page }) => {
  const { run_id } = runWith("requirement_state_loss");
  const n = Math.floor((await trajectory(run_id)).steps.length * 0.8);
  await open(page, `?id=${run_id}&step=${n}`);
  await expect(detail(page)).toHaveAttribute("data-step", String(n));
  await expect(row(page, n)).toBeInViewport();
  await expect(row(page, 1)).toHaveCount(0);
});

test("search finds text in a row that was not rendered", async ({ page }) => {
  const { run_id } = runWith("requirement_state_loss");
  const steps = (await trajectory(run_id)).steps;
  const target = [...steps].reverse().find((s) => s.tool_calls?.length)!;
  const needle = target.tool_calls![0]!.tool_call_id;
  await open(page, `?id=${run_id}`);
  await expect(row(page, target.step_id)).toHaveCount(0);
  await page.keyboard.press("/");
  await expect(page.getByTestId("step-search")).toBeFocused();
  await page.keyboard.type(needle);
  await expect(page.getByTestId("search-count")).toHaveText("1 matching step");
  await expect(detail(page)).toHaveAttribute("data-step", String(target.step_id));
  await expect(row(page, target.step_id)).toBeInViewport();
  await expect(row(page, target.step_id)).toHaveAttribute("data-match", "true");
  await expect(page).toHaveURL(new RegExp(`q=${needle}`));
});

for (const signature of ["requirement_state_loss", "cross_task_interference"]) {
  test(`both the annotation and the detector put ${signature} on its evidence steps`, async ({ page }) => {
    const a = runWith(signature);
    for (const n of a.step_ids.slice(0, 2)) {
      await open(page, `?id=${a.run_id}&step=${n}`);
      await expect(detail(page)).toHaveAttribute("data-step", String(n));
      await expect(
        page.locator(
          `[data-testid="step-tags"] > li[data-tag-signature="${signature}"][data-tag-origin="annotation"][data-tag-author="human"]`,
        ),
      ).toHaveCount(1);
      await expect(row(page, n)).toHaveAttribute("data-tagged", "true");
    }
    // The detector finds it without the annotation: at least one evidence step it shares.
    const detectorSteps = await page
      .locator(
        `[data-testid="tag-list"] li[data-tag-signature="${signature}"][data-tag-origin="detector"][data-tag-strength="strong"] [data-evidence-step]`,
      )
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-evidence-step"))));
    expect(detectorSteps.some((n) => a.step_ids.includes(n))).toBe(true);
    await expect(
      page.locator(`[data-testid="session-timeline"] button[data-position="${a.position}"]`),
    ).toHaveAttribute("data-signatures", new RegExp(signature));
    // The filter leaves only tagged steps in the list.
    await page.getByTestId("tagged-only").check();
    const shown = await page
      .locator('[data-testid="step-list"] [role="option"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-tagged")));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((t) => t === "true")).toBe(true);
  });
}

test("the timeline draws the schedule and a click jumps to the request", async ({ page }) => {
  const { run_id } = runWith("cross_task_interference");
  const t = await trajectory(run_id);
  const users = t.steps.filter((s) => s.source === "user");
  await open(page, `?id=${run_id}`);
  const blocks = page.locator('[data-testid="session-timeline"] button[data-position]');
  await expect(blocks).toHaveCount(users.length);
  const focusBlocks = users.filter((s) => s.extra?.task_id === t.extra.focus_task_id).length;
  await expect(page.locator('[data-testid="session-timeline"] button[data-focus]')).toHaveCount(focusBlocks);
  await page.locator('[data-testid="session-timeline"] button[data-position="3"]').click();
  await expect(detail(page)).toHaveAttribute("data-step", String(users[3]!.step_id));
});

test("trajcalc: the final verdict per stage beside the trajectory", async ({ page }) => {
  await open(page, "?id=alpha.s-N1", "trajcalc");
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-verdict", "true");
  const verdict = page.getByTestId("verdict");
  await expect(verdict.getByTestId("verdict-outcome")).toContainText("Unresolved (implementation) · artifact applied");
  await expect(verdict.locator('tr[data-kind="F2P"][data-stage="1"] [data-testid="verdict-passed"]')).toHaveText("0/1");
  await expect(verdict.locator('tr[data-kind="F2P"][data-stage="2"] [data-testid="verdict-passed"]')).toHaveText("1/1");
  await expect(verdict.locator('tr[data-kind="P2P"] [data-testid="verdict-passed"]')).toHaveText("1/1");
  await expect(verdict.getByTestId("failing-tests")).toHaveText(/tests\/test_n1\.py::test_stage1/);
  await expect(
    page.locator(
      '[data-testid="tag-list"] li[data-tag-origin="detector"][data-tag-signature="requirement_state_loss"] [data-evidence-step]',
    ),
  ).toHaveText(["step 2", "step 8"]);
});

test("trajcalc: a schedule mismatch and a warm-up step are reported", async ({ page }) => {
  await open(page, "?id=beta.s-F1", "trajcalc");
  const problems = page.getByTestId("problems");
  await expect(problems.getByTestId("mismatch")).toHaveText(
    /user step 6 names workspace \/work\/w01; request 2 is scheduled in \/work\/w02/,
  );
  await expect(problems.getByTestId("segment-note").first()).toHaveText(/step 1 comes before the first user step/);
  await expect(page.locator('[data-testid="session-timeline"] button[data-mismatch]')).toHaveCount(1);
  await expect(page.locator('[data-testid="session-timeline"] button[data-ran="false"]')).toHaveCount(3);
});

test("the runs list links to every run and filters by annotation", async ({ page }) => {
  await page.goto("/r/trajcalc/runs/");
  // Six runs, four with a trajectory (EXPECTED.md).
  await expect(page.locator("[data-run]")).toHaveCount(6);
  await page.getByTestId("run-tag-filter").selectOption("cross_task_interference");
  await expect(page.locator("[data-run]")).toHaveCount(1);
  await page.locator('[data-run="alpha.s-F1"] a').click();
  await expect(page).toHaveURL(/\/r\/trajcalc\/run\/\?id=alpha\.s-F1/);
  await expect(detail(page)).toHaveAttribute("data-step", "1");
});

test("the leaderboard keeps the release's annotations apart, by who tagged (trajcalc, hand-computed)", async ({
  page,
}) => {
  await page.goto("/r/trajcalc/");
  const rates = page.getByTestId("annotation-rates");
  const cell = (kind: string, config: string, col: string) =>
    rates.locator(`[data-author-kind="${kind}"] tr[data-annotation-config="${config}"] td[data-col="${col}"]`);
  // annotations.jsonl: alpha.s-N1 has a human and a detector requirement-state-loss tag, alpha.s-F1 a judge
  // cross-task tag; each kind is counted on its own (EXPECTED.md: 2 switched runs, 1 uninterrupted run of alpha).
  await expect(rates.locator("[data-author-kind]")).toHaveCount(3);
  await expect(rates.locator('[data-author-kind="human"] caption')).toHaveText(
    "Human annotations (fixture annotator; release test-1)",
  );
  await expect(cell("human", "alpha", "switched.requirement_state_loss")).toHaveText("1/2");
  await expect(cell("human", "alpha", "switched.cross_task_interference")).toHaveText("0/2");
  await expect(cell("judge", "alpha", "switched.cross_task_interference")).toHaveText("1/2");
  await expect(cell("detector", "alpha", "switched.requirement_state_loss")).toHaveText("1/2");
  await expect(cell("human", "alpha", "uninterrupted.requirement_state_loss")).toHaveText("0/1");
  await expect(cell("human", "beta", "switched.cross_task_interference")).toHaveText("0/2");
});
