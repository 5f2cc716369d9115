// The compare page on the hand-computed release comparecalc (e2e/fixtures/releases/comparecalc/EXPECTED.md)
// and on the sample release's runs that publish both an uninterrupted and a switched trajectory. Expected
// values come from EXPECTED.md and from the release files on disk, never from the app's code.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const group = (page: Page, g: string) => page.getByTestId(`group-${g}`);

async function cells(page: Page, g: string) {
  const card = group(page, g);
  return Promise.all(
    ["both", "only_a", "only_b", "neither"].map((c) => card.locator(`[data-cell="${c}"]`).innerText()),
  );
}

async function ready(page: Page) {
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
}

async function twoPaneReady(page: Page) {
  await expect(page.getByTestId("two-pane")).toHaveAttribute("data-ready", "true");
}

/** For every focus request k: the positions facing each other, after checking the two cells sit level. */
async function facing(page: Page) {
  const rows = page.locator('[data-testid="aligned"] [data-kind="focus"]');
  const out: [number, number, number][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    await row.scrollIntoViewIfNeeded();
    // Both tops in one read: rows above may still grow (their comparison badges come after the panes are
    // ready), and two reads apart could straddle that shift.
    await expect
      .poll(() =>
        row.evaluate((r) => {
          const [l, rr] = ["left", "right"].map((s) => r.querySelector(`:scope > div > [data-side="${s}"]`));
          return l && rr ? Math.abs(l.getBoundingClientRect().top - rr.getBoundingClientRect().top) : Infinity;
        }),
      )
      .toBeLessThan(1);
    out.push([
      Number(await row.getAttribute("data-k")),
      Number(await row.locator(':scope > div > [data-side="left"]').getAttribute("data-position")),
      Number(await row.locator(':scope > div > [data-side="right"]').getAttribute("data-position")),
    ]);
  }
  return out;
}

test("pick two configurations on the leaderboard and read the 2×2 and McNemar p", async ({ page }) => {
  await page.goto("/r/comparecalc/");
  await expect(page.getByTestId("compare-selected")).toHaveCount(0);
  await page.locator('tr[data-config="anna"] input[type="checkbox"]').check();
  await page.locator('tr[data-config="bert"] input[type="checkbox"]').check();
  await page.getByTestId("compare-selected").click();
  await expect(page).toHaveURL(/\/r\/comparecalc\/compare\/\?a=anna&b=bert$/);
  await ready(page);
  await expect(page.locator('nav[aria-label="release pages"] [aria-current="page"]')).toHaveText("Compare");

  expect(await cells(page, "overall")).toEqual(["2", "5", "1", "2"]);
  expect(await cells(page, "near")).toEqual(["1", "3", "0", "1"]);
  expect(await cells(page, "far")).toEqual(["1", "2", "1", "1"]);
  const stat = (g: string, s: string) => group(page, g).locator(`[data-stat="${s}"]`).innerText();
  expect([await stat("overall", "p"), await stat("near", "p"), await stat("far", "p")]).toEqual([
    "0.219",
    "0.250",
    "1.000",
  ]);
  expect([await stat("overall", "res-diff"), await stat("near", "res-diff"), await stat("far", "res-diff")]).toEqual([
    "40.0",
    "60.0",
    "20.0",
  ]);
  expect([await stat("overall", "gap-diff"), await stat("near", "gap-diff"), await stat("far", "gap-diff")]).toEqual([
    "-30.0",
    "-40.0",
    "-20.0",
  ]);
  expect(await stat("overall", "res")).toBe("70.0 / 30.0 %");
  expect(await stat("overall", "gaps")).toBe("20.0 / 50.0 pp");
  // Each interval holds its point estimate.
  for (const g of ["overall", "near", "far"]) {
    for (const s of ["res-diff", "gap-diff"]) {
      const m = /^\[(-?[\d.]+), (-?[\d.]+)\]$/.exec(await stat(g, `${s}-ci`));
      expect(m, `${g} ${s}`).not.toBeNull();
      const v = Number(await stat(g, s));
      expect(Number(m![1])).toBeLessThanOrEqual(v);
      expect(Number(m![2])).toBeGreaterThanOrEqual(v);
    }
  }

  // Under the baseline condition instead (EXPECTED.md): overall 7 / 2 / 1 / 0, p = 1.
  await page.getByTestId("pick-condition").selectOption("uninterrupted");
  await expect(page).toHaveURL(/condition=uninterrupted/);
  await ready(page);
  await expect(group(page, "overall").locator('[data-cell="both"]')).toHaveText("7");
  expect(await cells(page, "overall")).toEqual(["7", "2", "1", "0"]);
  expect(await stat("overall", "p")).toBe("1.000");
});

test("disagreeing tasks filter by repository and group and link both runs", async ({ page }) => {
  await page.goto("/r/comparecalc/compare/?a=anna&b=bert");
  await ready(page);
  const list = page.getByTestId("disagreements");
  const tasks = async () =>
    list
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute("data-task")}:${r.getAttribute("data-outcome")}`));
  expect(await tasks()).toEqual(["F1:only_a", "F2:only_a", "F4:only_b", "N1:only_a", "N2:only_a", "N4:only_a"]);
  await page.getByTestId("filter-repo").selectOption("acme/gadgets");
  expect(await tasks()).toEqual(["F4:only_b", "N4:only_a"]);
  await page.getByTestId("filter-repo").selectOption("");
  await page.getByTestId("filter-group").selectOption("near");
  expect(await tasks()).toEqual(["N1:only_a", "N2:only_a", "N4:only_a"]);
  await expect(page).toHaveURL(/group=near/);

  const n1 = list.locator('tr[data-task="N1"]');
  await expect(n1.locator('a[data-run="anna.s-N1"]')).toHaveAttribute("href", "/r/comparecalc/run/?id=anna.s-N1");
  await expect(n1.locator('a[data-run="bert.s-N1"]')).toHaveAttribute("href", "/r/comparecalc/run/?id=bert.s-N1");
  // A run without a trajectory still opens its page, with its verdict and a plain note.
  const n2 = list.locator('tr[data-task="N2"] a[data-run="anna.s-N2"]');
  await expect(n2).toContainText("no trajectory");
  await n2.click();
  await expect(page).toHaveURL(/\/run\/\?id=anna\.s-N2/);
  await expect(page.getByTestId("run-facts")).toContainText("switched");
  await expect(page.getByText("This run publishes no trajectory.")).toBeVisible();
});

test("open a disagreement in two panes: focus request k faces request k, and the first divergence", async ({
  page,
}) => {
  await page.goto("/r/comparecalc/compare/?a=anna&b=bert");
  await ready(page);
  await page.locator('[data-testid="disagreements"] tr[data-task="N1"] button[data-open="ab"]').click();
  await expect(page).toHaveURL(/task=N1/);
  await twoPaneReady(page);
  await expect(page.getByTestId("pane-left")).toHaveAttribute("data-run", "anna.s-N1");
  await expect(page.getByTestId("pane-right")).toHaveAttribute("data-run", "bert.s-N1");
  // Two switched runs of one session face position by position; each request opens at step 2p + 1.
  expect(await facing(page)).toEqual([
    [0, 0, 0],
    [1, 3, 3],
    [2, 6, 6],
  ]);
  const focus1 = page.locator('[data-kind="focus"][data-k="1"]');
  await expect(focus1.locator('[data-side="left"] li[data-step]').first()).toHaveAttribute("data-step", "7");
  await expect(focus1.locator('[data-side="right"] li[data-step]').first()).toHaveAttribute("data-step", "7");
  await expect(page.locator('[data-kind="band"]')).toHaveCount(2);
  await expect(page.locator('[data-kind="band"] [data-side="right"]').first()).toHaveAttribute("data-band", "1,2");

  // EXPECTED.md: tests diverge at focus request 1 (stage 1), actions at focus request 2 (position 3).
  const div = page.getByTestId("divergence");
  await expect(div).toHaveAttribute("data-first", "0");
  await expect(div).toHaveAttribute("data-first-action", "1");
  await expect(page.getByTestId("divergence-text")).toContainText("tests/test_n1.py::test_stage1: passed ↔ failed");
  await expect(page.locator('[data-kind="focus"][data-k="0"] [data-badge="actions"]')).toHaveAttribute(
    "data-state",
    "same",
  );
  await page.getByTestId("jump-action").click();
  await expect(page).toHaveURL(/k=1/);
  await expect(focus1).toHaveAttribute("data-current", "true");
  await expect(focus1.locator('[data-badge="actions"]')).toHaveAttribute("data-state", "differ");
  await expect(focus1).toBeInViewport();
  await page.getByTestId("jump-divergence").click();
  await expect(page).toHaveURL(/k=0/);
  await expect(page.locator('[data-kind="focus"][data-k="0"]')).toHaveAttribute("data-first-divergence", "true");

  // One configuration uninterrupted vs switched: uninterrupted positions 0, 1, 2 face switched 0, 3, 6.
  await page.getByTestId("two-pane").getByRole("button", { name: "B: Unint vs Switch" }).click();
  await twoPaneReady(page);
  await expect(page.getByTestId("pane-left")).toHaveAttribute("data-run", "bert.u-N1");
  await expect(page.getByTestId("pane-right")).toHaveAttribute("data-run", "bert.s-N1");
  expect(await facing(page)).toEqual([
    [0, 0, 0],
    [1, 1, 3],
    [2, 2, 6],
  ]);
  await expect(page.locator('[data-kind="band"] [data-side="left"]').first()).toHaveText("no interruption");
  await expect(page.getByTestId("divergence")).toHaveAttribute("data-first-action", "1");

  await page.getByTestId("two-pane").getByRole("button", { name: "A: Unint vs Switch" }).click();
  await twoPaneReady(page);
  await expect(page.getByTestId("divergence")).toHaveAttribute("data-first", "none");
  await expect(page.getByTestId("divergence-text")).toContainText("No divergence");
});

test("cost per scope and the release's annotations side by side", async ({ page }) => {
  await page.goto("/r/comparecalc/compare/?a=anna&b=bert");
  await ready(page);
  const tokens = page.locator('[data-testid="cost-deltas"] tr[data-measure="tokens"]');
  const col = (c: string) => tokens.locator(`[data-col="${c}"]`).innerText();
  expect([await col("unint.a"), await col("unint.b"), await col("unint.diff")]).toEqual(["6,000", "12,000", "−6,000"]);
  expect([await col("all.diff"), await col("focus.diff")]).toEqual(["−28,000", "−4,000"]);
  await expect(
    page.locator('[data-testid="cost-deltas"] tr[data-measure="tool_calls"] [data-col="all.diff"]'),
  ).toHaveText("−7.0");
  // The release's own (human) annotation, kept apart from the detectors' prevalence: bert.s-N1 of bert's 9 switched runs.
  const human = page.locator('[data-testid="annotation-rates"] [data-author-kind="human"]');
  await expect(
    human.locator('tr[data-annotation-config="bert"] td[data-col="switched.requirement_state_loss"]'),
  ).toHaveText("1/9");
  await expect(
    human.locator('tr[data-annotation-config="anna"] td[data-col="switched.requirement_state_loss"]'),
  ).toHaveText("0/10");
  await expect(human.locator("tr[data-annotation-config]")).toHaveCount(2);
});

test("the static HTML is the picker", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/r/comparecalc/compare/");
  await expect(page.getByTestId("pick-a").locator("option")).toHaveText([
    "— pick —",
    "Anna-1 / HarnessA",
    "Bert-2 / HarnessB",
    "Carl-3 / HarnessA",
  ]);
  await expect(page.getByTestId("compare-hint")).toBeVisible();
  await context.close();
});

test("no pair in the URL: the default pair (the first two configurations) comes from the static file, no DuckDB-WASM", async ({
  page,
}) => {
  // Save-data turns the idle warm-up off (lib/source/warm.ts), so a wasm request could only be the pair's.
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
  );
  const wasm: string[] = [];
  page.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(r.url()));
  await page.goto("/r/comparecalc/compare/");
  await ready(page);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-origin", "static");
  await expect(page.getByTestId("pick-a")).toHaveValue("anna");
  await expect(page.getByTestId("pick-b")).toHaveValue("bert");
  // EXPECTED.md, "anna (A) vs bert (B), condition switched" (switched: the first non-baseline condition).
  expect(await cells(page, "overall")).toEqual(["2", "5", "1", "2"]);
  expect(await cells(page, "near")).toEqual(["1", "3", "0", "1"]);
  expect(await cells(page, "far")).toEqual(["1", "2", "1", "1"]);
  await expect(group(page, "overall").locator('[data-stat="p"]')).toHaveText("0.219");
  await expect(group(page, "overall").locator('[data-stat="res-diff-ci"]')).toHaveText(/^\[-?\d+\.\d, -?\d+\.\d\]$/);
  await expect(page).toHaveURL(/\/r\/comparecalc\/compare\/$/);
  expect(wasm).toEqual([]);
});

test("picking one side of the default pair names both in the URL; the new pair's 2×2 is its static pair file", async ({
  page,
}) => {
  await page.goto("/r/comparecalc/compare/");
  await expect(page.getByTestId("compare")).toHaveAttribute("data-origin", "static");
  await page.getByTestId("pick-b").selectOption("carl");
  await expect(page).toHaveURL(/\/r\/comparecalc\/compare\/\?a=anna&b=carl$/);
  await ready(page);
  // A published pair under the default condition: compare-pairs/0-2.json (lib/queries/compare/pairs.ts).
  await expect(page.getByTestId("compare")).toHaveAttribute("data-origin", "static");
  await expect(group(page, "overall")).toHaveAttribute("data-pair", "anna|carl");
  expect(await cells(page, "overall")).toEqual(["0", "7", "0", "3"]);
  // Another condition is computed in the browser.
  await page.getByTestId("pick-condition").selectOption("uninterrupted");
  await expect(page).toHaveURL(/condition=uninterrupted/);
  await ready(page);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-origin", "duckdb");
  // A pair in the URL under the default condition is static even when it is the default one.
  await page.goto("/r/comparecalc/compare/?a=anna&b=bert");
  await ready(page);
  await expect(page.getByTestId("compare")).toHaveAttribute("data-origin", "static");
  expect(await cells(page, "overall")).toEqual(["2", "5", "1", "2"]);
});

interface RunLine {
  run_id: string;
  config_id: string;
  session_id: string;
  trajectory?: string;
}
interface SessionLine {
  session_id: string;
  focus_task_id: string;
  condition: string;
  schedule: { task_id: string }[];
}
const jsonl = <T>(path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as T);

test("sample release: every run with both trajectories, uninterrupted focus request k faces switched focus request k", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const runs = jsonl<RunLine>("data/releases/sample/runs.jsonl");
  const sessions = new Map(jsonl<SessionLine>("data/releases/sample/sessions.jsonl").map((s) => [s.session_id, s]));
  const withTrajectory = runs.filter((r) => r.trajectory);
  const pairs: { config: string; task: string; u: number[]; s: number[] }[] = [];
  for (const u of withTrajectory) {
    const su = sessions.get(u.session_id)!;
    if (su.condition !== "uninterrupted") continue;
    const s = withTrajectory.find(
      (r) =>
        r.config_id === u.config_id &&
        sessions.get(r.session_id)!.condition === "switched" &&
        sessions.get(r.session_id)!.focus_task_id === su.focus_task_id,
    );
    if (!s) continue;
    const focusPositions = (x: SessionLine) => x.schedule.flatMap((q, p) => (q.task_id === x.focus_task_id ? [p] : []));
    pairs.push({
      config: u.config_id,
      task: su.focus_task_id,
      u: focusPositions(su),
      s: focusPositions(sessions.get(s.session_id)!),
    });
  }
  expect(pairs.length).toBeGreaterThanOrEqual(6);
  // Every run has a trajectory (about 2,200 pairs). The alignment of every focus task's session pair is a unit
  // test (lib/trajectory/align-sample.test.ts); here, how it is drawn, on the first, a middle and the last pair
  // in release order (three configurations).
  const checked = [pairs[0]!, pairs[Math.floor(pairs.length / 2)]!, pairs.at(-1)!];
  expect(new Set(checked.map((p) => p.config)).size).toBe(3);
  const configs = [...new Set(runs.map((r) => r.config_id))];
  for (const p of checked) {
    const other = configs.find((c) => c !== p.config)!;
    await page.goto(`/r/sample/compare/?a=${p.config}&b=${other}&task=${encodeURIComponent(p.task)}&pane=a`);
    await twoPaneReady(page);
    expect(p.u.length).toBe(p.s.length);
    expect(await facing(page), `${p.config} ${p.task}`).toEqual(p.u.map((pos, k) => [k, pos, p.s[k]]));
  }
  // A focus request named in the URL is scrolled to the top of the shared scroll box.
  const p = pairs[0]!;
  await page.goto(
    `/r/sample/compare/?a=${p.config}&b=${configs.find((c) => c !== p.config)!}&task=${encodeURIComponent(p.task)}&pane=a&k=1`,
  );
  await twoPaneReady(page);
  const row = page.locator('[data-kind="focus"][data-k="1"]');
  await expect(row).toHaveAttribute("data-current", "true");
  await expect
    .poll(async () => Math.abs((await row.boundingBox())!.y - (await page.getByTestId("aligned").boundingBox())!.y))
    .toBeLessThan(2);
});

test("a release without annotations (context reuse, four conditions) still pairs its configurations", async ({
  page,
}) => {
  await page.goto("/r/context-reuse/compare/?a=unnamed-agent&b=synthetic-agent-b&condition=retrieval");
  await ready(page);
  await expect(page.getByTestId("no-annotations")).toBeVisible();
  const n = async (g: string) => (await cells(page, g)).reduce((s, x) => s + Number(x), 0);
  expect(await n("overall")).toBe(99);
  await expect(page.getByTestId("cost-deltas")).toBeVisible();
  // The gaps of a non-baseline condition are taken against it: retrieval.
  await expect(page.getByTestId("group-overall").locator("dt", { hasText: "Gap A − Gap B" })).toHaveAttribute(
    "title",
    "each gap is no-context − retrieval",
  );
});
