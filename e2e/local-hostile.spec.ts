// Hostile and oversized input (issue 20), every input made here at test time from the minimal example
// (data/examples/minimal) in a temporary folder: deep nesting, a zip that is not one, a 600 MB sparse
// trajectory, a trajectory that does not parse, negative usage and totals that disagree, a single file that
// continues elsewhere, names that are spreadsheet formulas, zip bombs (a release zip whose entry's directory
// declares its true size and inflates to 2 GiB of zeros), and a local-results worker that runs out of memory. Each refusal names the file; after it the
// page answers within 5 s and the published rows stay (the sample release publishes 11 configurations).
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { testZip, type TestEntry } from "../lib/archive/testing-zip";
import { expect, test, TIMED } from "./fixtures";

const MINIMAL = "data/examples/minimal";
const TRAJ = "trajectories/orca-opencode.s-101-switched.0.json";
const RUN = "local:orca-opencode.s-101-switched.0";
const PUBLISHED = 11;
let tmp: string;
test.beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "local-hostile-"));
});
test.afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the minimal example named `name`, with files replaced. */
function release(name: string, patch: Record<string, string> = {}): string {
  const dir = join(tmp, name);
  cpSync(MINIMAL, dir, { recursive: true });
  for (const [f, text] of Object.entries(patch)) writeFileSync(join(dir, f), text);
  return dir;
}

const deep = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const rows = (page: Page) => page.locator("tbody tr[data-config]");

async function openPanel(page: Page) {
  await page.goto("/r/sample/");
  await expect(rows(page)).toHaveCount(PUBLISHED);
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await expect(page.getByRole("dialog", { name: "Open local results" })).toBeVisible();
}

/** The page still answers: a script round trip and a re-render (closing and reopening the panel), each within 5 s. */
async function stillAnswers(page: Page) {
  const t = Date.now();
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  const button = page.getByRole("button", { name: /^Open local results/ });
  await button.click({ timeout: 5_000 });
  await expect(page.getByRole("dialog", { name: "Open local results" })).toHaveCount(0, { timeout: 5_000 });
  await button.click({ timeout: 5_000 });
  await expect(page.getByRole("dialog", { name: "Open local results" })).toBeVisible({ timeout: 5_000 });
  expect(Date.now() - t).toBeLessThan(5_000);
}

/** The published configurations' rows are all there (a local release that partly loaded may add its own). */
async function expectPublishedRows(page: Page) {
  await expect(page.locator('tbody tr[data-config]:not([data-config^="local:"])')).toHaveCount(PUBLISHED);
  await expect(
    page.locator('tr[data-config="deepseek-v4.1-flash-opencode"] td[data-col="overall.switched"]'),
  ).toHaveText("31.5");
}

/** Opens the folder's release and its one run with a trajectory, through the runs page. */
async function openLocalRun(page: Page, dir: string) {
  await openPanel(page);
  await page.getByTestId("local-folder-input").setInputFiles(dir);
  await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
  await page.getByTestId("local-runs-link").click();
  const list = page.getByTestId("local-runs");
  await expect(list).toHaveAttribute("data-ready", "true");
  await list.locator(`li[data-run="${RUN}"]`).getByRole("link").click();
  await expect(page).toHaveURL(`/r/sample/run/?id=${encodeURIComponent(RUN)}`);
}

test(
  "2,000 levels in release.json's extra are refused as json.too_deep naming the file; the published rows stay",
  TIMED,
  async ({ page }) => {
    const meta = JSON.parse(readFileSync(join(MINIMAL, "release.json"), "utf8"));
    const dir = release("deep-release", {
      "release.json": JSON.stringify({ ...meta, extra: { x: 0 } }).replace('"x":0', `"x":${deep(2_000)}`),
    });
    await openPanel(page);
    await page.getByTestId("local-folder-input").setInputFiles(dir);
    const status = page.getByTestId("local-status");
    await expect(status).toContainText("deep-release: release.json is missing or unusable, so nothing was loaded");
    await expect(status).toContainText(
      "release.json json.too_deep: JSON nested more than 100 levels deep (at character",
    );
    await expect(status).not.toContainText("call stack");
    await stillAnswers(page);
    await expectPublishedRows(page);
    // A config whose extra is that deep is refused on its line; the rest of the release loads.
    const configs = readFileSync(join(MINIMAL, "configs.jsonl"), "utf8").split("\n");
    configs[1] = JSON.stringify({ ...JSON.parse(configs[1]!), extra: { x: 0 } }).replace('"x":0', `"x":${deep(2_000)}`);
    await page
      .getByTestId("local-folder-input")
      .setInputFiles(release("deep-config", { "configs.jsonl": configs.join("\n") }));
    await expect(page.getByTestId("local-problems")).toContainText(
      "error configs.jsonl:2 [config orca-opencode-router] json.too_deep: JSON nested more than 100 levels deep",
    );
    await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
    await expect(rows(page)).toHaveCount(PUBLISHED + 1);
  },
);

test("a .zip that is not a zip is refused naming the file; the page keeps working", TIMED, async ({ page }) => {
  const fake = join(tmp, "results.zip");
  writeFileSync(fake, "name,score\nme,1\n");
  await openPanel(page);
  await page.getByTestId("local-file-input").setInputFiles(fake);
  await expect(page.getByTestId("local-status")).toContainText(
    "results.zip is not a zip archive this page can read (File format is not recognized); pick a release folder, a zip of one, or agent logs (.json, .jsonl, .traj, .eval)",
  );
  await stillAnswers(page);
  await expectPublishedRows(page);
});

test(
  "a local trajectory of 600 MB (sparse) is refused by its size before it is read; the run's header stays",
  TIMED,
  async ({ page }) => {
    const dir = release("big-trajectory");
    truncateSync(join(dir, TRAJ), 600 * 1024 * 1024);
    expect(statSync(join(dir, TRAJ)).blocks * 512).toBeLessThan(1024 * 1024);
    await openLocalRun(page, dir);
    const error = page.getByTestId("load-error");
    await expect(error).toHaveText(
      `The trajectory could not be read: ${TRAJ} is 600 MB, more than the 512 MB this page reads of one file in a browser; validate and build its release with npm run data:validate and npm run data instead`,
    );
    await expect(page.getByTestId("run-facts")).toContainText("Orca-2 / OpenCode · focus task widgets-101");
    const t = Date.now();
    await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Runs" }).click({ timeout: 5_000 });
    await expect(page.getByTestId("local-runs")).toHaveAttribute("data-ready", "true", { timeout: 5_000 });
    expect(Date.now() - t).toBeLessThan(5_000);
  },
);

test("a local trajectory that does not parse names the file, once, with no doubled Error prefix", async ({ page }) => {
  await openLocalRun(page, release("broken-trajectory", { [TRAJ]: '{"schema_version": "ATIF-v1.6", "steps": [' }));
  const error = page.getByTestId("load-error");
  await expect(error).toContainText(`The trajectory could not be read: ${TRAJ} is not valid JSON: `);
  await expect(error).not.toContainText("Error:");
  await expect(page.getByTestId("run-facts")).toContainText("Orca-2 / OpenCode");
});

test("a published trajectory that does not parse names the file", async ({ page }) => {
  await page
    .context()
    .route("**/data/trajcalc/trajectories/broken-run.json", (route) =>
      route.fulfill({ body: "{ not json", contentType: "application/json" }),
    );
  await page.goto("/r/trajcalc/run/?id=broken-run");
  const error = page.getByTestId("load-error");
  await expect(error).toContainText(
    "The trajectory could not be read: /data/trajcalc/trajectories/broken-run.json is not valid JSON: ",
  );
  await expect(error).not.toContainText("Error:");
});

// Working: step 1 100 prompt + 10 completion; step 2 prompt -500 (left out) + 30 completion, cost -2 (left
// out); step 3 200 + 20. Steps sum: 300 + 60 = 360 tokens, $0.50; final_metrics claim 999 + 60 = 1,059 tokens.
const agentStep = (n: number, metrics: Record<string, number>) => ({
  step_id: n,
  source: n === 1 ? "user" : "agent",
  message: `step ${n}`,
  metrics,
});
const negativeTrajectory = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schema_version: "ATIF-v1.6",
    session_id: "s",
    agent: { name: "synthetic-agent", version: "1" },
    steps: [
      agentStep(1, { prompt_tokens: 100, completion_tokens: 10, cost_usd: 0.5 }),
      agentStep(2, { prompt_tokens: -500, completion_tokens: 30, cost_usd: -2 }),
      agentStep(3, { prompt_tokens: 200, completion_tokens: 20 }),
    ],
    final_metrics: { total_prompt_tokens: 999, total_completion_tokens: 60 },
    ...extra,
  });

test("negative usage is a warning in the viewer and not summed; final_metrics that disagree are shown beside the steps' sum", async ({
  page,
}) => {
  await openLocalRun(page, release("negative-usage", { [TRAJ]: negativeTrajectory() }));
  const facts = page.getByTestId("trajectory-facts");
  await expect(facts).toContainText("steps sum 360 tokens (0 cached input) · $0.50");
  await expect(facts).toContainText("final_metrics 1,059 tokens");
  const warnings = page.locator('[data-testid="problems"] [data-testid="reader-warning"]');
  await expect(warnings.and(page.locator('[data-code="step.metrics_negative"]'))).toHaveCount(2);
  await expect(page.getByTestId("problems")).toContainText(
    "step 2: prompt_tokens is -500, negative; not counted in any total",
  );
  await expect(page.getByTestId("problems")).toContainText(
    "final_metrics say 999 prompt + 60 completion tokens (0 cached), the steps add up to 300 prompt + 60 completion tokens (0 cached), $0.5000; both are shown, neither is corrected",
  );
});

test("a single trajectory that continues elsewhere says its summary covers that file only, and shows both totals", async ({
  page,
}) => {
  const file = join(tmp, "trajectory.json");
  writeFileSync(file, negativeTrajectory({ continued_trajectory_ref: "trajectory.cont-1.json" }));
  await openPanel(page);
  await page.getByTestId("local-file-input").setInputFiles(file);
  const summary = page.getByTestId("local-trajectory");
  await expect(summary).toContainText(
    'chain.not_followed: trajectory.json continues in "trajectory.cont-1.json", which was not read; steps and totals cover this file only',
  );
  await expect(page.getByTestId("local-trajectory-totals")).toContainText(
    "final_metrics 1,059 tokens · steps sum 360 tokens, $0.50: they disagree",
  );
  await expect(summary).toContainText("step.metrics_negative: step 2: prompt_tokens is -500");
  await expectPublishedRows(page);
});

test("the CSV export neutralises a local configuration named as a formula; negative gaps stay numbers", async ({
  page,
}) => {
  const configs = readFileSync(join(MINIMAL, "configs.jsonl"), "utf8").split("\n");
  configs[0] = JSON.stringify({
    ...JSON.parse(configs[0]!),
    display_name: '=HYPERLINK("http://evil.example","x")',
    model: "@SUM(1+1)",
  });
  await openPanel(page);
  await page
    .getByTestId("local-folder-input")
    .setInputFiles(release("formula-names", { "configs.jsonl": configs.join("\n") }));
  await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
  await page.getByRole("button", { name: /^Open local results/ }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8").split("\n");
  const line = csv.find((l) => l.startsWith("local:orca-opencode,"))!;
  expect(
    line.startsWith(
      `local:orca-opencode,"'=HYPERLINK(""http://evil.example"",""x"")","'@SUM(1+1)",OpenCode,native,high,`,
    ),
  ).toBe(true);
  // No cell of the file starts a formula outside quotes.
  expect(csv.every((l) => !/(^|,)[=+@]/.test(l))).toBe(true);
});

/** The minimal example as a zip (under minimal/), with `bombs` replacing entries: 2 GiB of zeros declaring the file's true size. */
function bombZip(name: string, bombs: string[]): string {
  const entries: TestEntry[] = [
    "release.json",
    "tasks.jsonl",
    "sessions.jsonl",
    "configs.jsonl",
    "runs.jsonl",
    "annotations.jsonl",
    TRAJ,
  ].map((f) => {
    const content = readFileSync(join(MINIMAL, f));
    return bombs.includes(f)
      ? { name: `minimal/${f}`, zerosMiB: 2048, declare: content.length }
      : { name: `minimal/${f}`, content };
  });
  const file = join(tmp, name);
  writeFileSync(file, testZip(entries));
  expect(statSync(file).size).toBeLessThan(3_000_000);
  return file;
}

test(
  "a zip bomb in a release zip's runs.jsonl is refused naming the zip and the entry; the page answers and the published rows stay",
  TIMED,
  async ({ page }) => {
    const zip = bombZip("bomb-runs.zip", ["runs.jsonl"]);
    await openPanel(page);
    await page.getByTestId("local-file-input").setInputFiles(zip);
    await expect(page.getByTestId("local-problems")).toContainText(
      "error runs.jsonl file.read: bomb-runs.zip#minimal/runs.jsonl: does not inflate to the 8,812 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    );
    await stillAnswers(page);
    await expectPublishedRows(page);
  },
);

test(
  "a zip bomb as a run's trajectory in a release zip is refused in the viewer naming the zip and the entry; the run's header stays",
  TIMED,
  async ({ page }) => {
    const zip = bombZip("bomb-trajectory.zip", [TRAJ]);
    await openPanel(page);
    await page.getByTestId("local-file-input").setInputFiles(zip);
    await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
    await page.getByTestId("local-runs-link").click();
    const list = page.getByTestId("local-runs");
    await expect(list).toHaveAttribute("data-ready", "true");
    await list.locator(`li[data-run="${RUN}"]`).getByRole("link").click();
    await expect(page.getByTestId("load-error")).toHaveText(
      `The trajectory could not be read: bomb-trajectory.zip#minimal/${TRAJ}: does not inflate to the 11,496 bytes its archive's directory declares (a zip bomb or a damaged archive); refused`,
    );
    await expect(page.getByTestId("run-facts")).toContainText("Orca-2 / OpenCode · focus task widgets-101");
    const t = Date.now();
    await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Runs" }).click({ timeout: 5_000 });
    await expect(page.getByTestId("local-runs")).toHaveAttribute("data-ready", "true", { timeout: 5_000 });
    expect(Date.now() - t).toBeLessThan(5_000);
  },
);

// The local-results worker really runs out of memory: Playwright runs code inside it that reserves 1 GiB
// ArrayBuffers until the browser refuses one ("Array buffer allocation failed", uncaught, so the worker's
// `error` event). The page's request to it is dropped on the way (the Worker constructor is wrapped before the
// page's scripts run), so the worker is still owing its answer when it dies, as it would be mid-read. A V8 heap
// exhausted in a worker would end Chromium's whole renderer instead (docs/local-results.md, "Size limit").
test(
  "a local-results worker that runs out of memory is reported; the published rows stay and the next opening works",
  TIMED,
  async ({ page }) => {
    // Turbopack names every worker by its bootstrap chunk, so the local worker is known as the first one made
    // after the flag is set; the browser asks to save data, so no idle DuckDB-WASM warm-up makes one meanwhile.
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
    );
    await page.addInitScript(() => {
      const Native = window.Worker;
      const w = window as unknown as { __dropLocalRequest?: boolean };
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          if (w.__dropLocalRequest) {
            w.__dropLocalRequest = false;
            this.postMessage = () => undefined;
          }
        }
      };
    });
    await openPanel(page);
    await page.evaluate(() => ((window as unknown as { __dropLocalRequest: boolean }).__dropLocalRequest = true));
    const worker = page.waitForEvent("worker");
    await page.getByTestId("local-folder-input").setInputFiles(release("oom-release"));
    await (
      await worker
    ).evaluate(() => {
      setTimeout(() => {
        const kept: ArrayBuffer[] = [];
        for (;;) kept.push(new ArrayBuffer(1 << 30));
      }, 0);
    });
    await expect(page.getByTestId("local-status")).toHaveText(
      "the local-results reader ran out of memory or crashed: Uncaught RangeError: Array buffer allocation failed; nothing was loaded, the rest of the page still works (a smaller release, or npm run data:validate, may do)",
    );
    await stillAnswers(page);
    await expectPublishedRows(page);
    await page.getByTestId("local-folder-input").setInputFiles(release("after-oom"));
    await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
    // The minimal example's two configurations beside the published ones.
    await expect(rows(page)).toHaveCount(PUBLISHED + 2);
  },
);
