// Agent logs opened without a release: one file of each format the door reads, picked in "Open local
// results", summarised in the panel, then stepped through in the trajectory explorer, read in the page's
// workers (an Inspect .eval's zstd entry inflated by zip.js in Chromium). Step counts are the fixture READMEs'
// hand-worked counts; a step's text is what the file itself holds there. An .eval of zstd bombs (issue 58)
// is refused sample by sample, its good sample still listed, the page answering.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, TIMED } from "./fixtures";
import { testZip } from "../lib/archive/testing-zip";
import { rawFrame, zstdBombs } from "../lib/archive/testing-zstd";
import { parseTrajectoryText } from "../lib/trajectory/parse-text";
import { readTrajectory } from "../lib/trajectory/chain";

const F = "lib/trajectory/native/fixtures";

interface Case {
  label: string;
  path: string;
  /** What the panel calls the format. */
  shown: string;
  steps: number;
  /** The log's name in the panel (an Inspect log's sample entry). */
  name?: string;
}

const CASES: Case[] = [
  {
    label: "Claude Code session",
    path: `${F}/claude-code/sample_main_transcript.jsonl`,
    shown: "Claude Code session",
    steps: 22,
  },
  { label: "Codex CLI rollout", path: `${F}/codex/handmade-complete.jsonl`, shown: "Codex CLI rollout", steps: 8 },
  {
    label: "OpenHands event stream",
    path: `${F}/openhands/basic_gui_mode.json`,
    shown: "OpenHands event stream",
    steps: 6,
  },
  {
    label: "mini-swe-agent trajectory",
    path: `${F}/mini-swe-agent/astropy__astropy-12907.traj.json`,
    shown: "mini-swe-agent trajectory",
    steps: 67,
  },
  {
    label: "Inspect .eval log",
    path: `${F}/inspect/ais-decoder.eval`,
    shown: "Inspect sample",
    steps: 15,
    name: "samples/1_epoch_1.json",
  },
  {
    label: "ATIF off the spec",
    path: `${F}/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json`,
    shown: "ATIF-v1.4",
    steps: 13,
  },
  {
    label: "SWE-agent .traj",
    path: "lib/local/fixtures/pydicom__pydicom-1458.traj",
    shown: "SWE-agent .traj",
    steps: 16,
  },
];

/** Step 2's text as the door reads the file (for the .eval: the real sample is read in Node by the unit tests). */
function step2(c: Case): string | null {
  if (c.name) return null;
  const t = readTrajectory(parseTrajectoryText(readFileSync(c.path, "utf8"), c.path), c.path);
  return (
    t.steps[1]!.message.split("\n")
      .find((l) => l.trim() !== "")
      ?.trim()
      .slice(0, 60) ?? null
  );
}

async function pick(page: Page, path: string) {
  await page.goto("/r/sample/");
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.getByTestId("local-file-input").setInputFiles(path);
}

for (const c of CASES) {
  test(`a ${c.label} opens from Open local results and steps through in the explorer`, async ({ page }) => {
    test.setTimeout(120_000);
    await pick(page, c.path);
    const log = page.getByTestId("local-log");
    await expect(log).toHaveCount(1);
    await expect(log).toContainText(c.shown);
    await expect(log).toContainText(`${c.steps} steps`);
    await log.getByTestId("local-log-open").click();
    await expect(page).toHaveURL(/\/r\/sample\/run\/\?id=log%3A\d+\.0$/);
    const explorer = page.getByTestId("trajectory-explorer");
    await expect(explorer).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", String(c.steps));
    await expect(page.getByTestId("trajectory-facts")).toContainText(c.shown);
    await expect(page.getByTestId("loose-log-notice")).toBeVisible();
    await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "1");
    await page.keyboard.press("j");
    await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "2");
    const text = step2(c);
    if (text) await expect(page.getByTestId("step-detail")).toContainText(text);
    await page.keyboard.press("k");
    await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "1");
  });
}

test("a reload forgets an opened log and says so", async ({ page }) => {
  await pick(page, CASES[0]!.path);
  await page.getByTestId("local-log-open").click();
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-ready", "true");
  await page.reload();
  await expect(page.getByTestId("local-run-gone")).toBeVisible();
});

test("a log's URLs stay text: an OpenHands step writing <script src> and <link href> to a CDN fetches nothing", async ({
  page,
  baseURL,
}) => {
  // basic_gui_mode.json, step 3 (converted): str_replace_editor creates index.html, whose text loads Vue from
  // unpkg.com and Bootstrap from cdn.jsdelivr.net; the observation repeats it as a diff. Shown, never loaded.
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL!).origin) foreign.push(r.url());
  });
  await pick(page, `${F}/openhands/basic_gui_mode.json`);
  await page.getByTestId("local-log-open").click();
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-ready", "true");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  const detail = page.getByTestId("step-detail");
  await expect(detail).toHaveAttribute("data-step", "3");
  await expect(detail).toContainText('<script src="https://unpkg.com/vue@3/dist/vue.global.js"></script>');
  await expect(detail).toContainText("https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/css/bootstrap.min.css");
  await expect(page.locator('script[src*="unpkg.com"], link[href*="jsdelivr.net"]')).toHaveCount(0);
  expect(foreign, "requests to another origin").toEqual([]);
});

test(
  "an .eval's zstd bombs are refused by rule in the page, its good sample listed, the page answering",
  TIMED,
  async ({ page }) => {
    test.setTimeout(120_000);
    const tmp = mkdtempSync(join(tmpdir(), "zstd-bombs-"));
    try {
      const good = readFileSync(`${F}/inspect/handmade-sample.json`);
      const bombs = zstdBombs();
      const path = join(tmp, "bombs.eval");
      writeFileSync(
        path,
        testZip([
          ...bombs.map((b) => ({ name: `samples/${b.name}.json`, content: "", zstd: b.frames, declare: b.declare })),
          { name: "samples/good.json", content: good, zstd: rawFrame(good) },
        ]),
      );
      await pick(page, path);
      // The samples are read in the local-results worker: the page answers while the slow one is decoded.
      const t = Date.now();
      expect(await page.evaluate(() => 1 + 1)).toBe(2);
      expect(Date.now() - t).toBeLessThan(5_000);
      const log = page.getByTestId("local-log");
      // 9 steps: fixtures/inspect/README.md, "handmade-sample.json".
      await expect(log).toHaveCount(1, { timeout: 60_000 });
      await expect(log).toContainText("9 steps");
      const problems = page.getByTestId("local-problems");
      for (const b of bombs)
        await expect(problems.locator("li", { hasText: `bombs.eval#samples/${b.name}.json: ` })).toContainText(b.rule);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
);
