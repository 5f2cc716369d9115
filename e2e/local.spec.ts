// "Open local results" on the sample leaderboard: a release imported from Harbor-shaped jobs (generated from
// seven sample runs, lib/data/fixtures/harbor/README.md has the hand-computed numbers) appears marked local;
// a broken copy lists its problems while the published rows stay; a zip, a SWE-agent .traj and a foreign
// JSON file take their own paths. Everything is read in the page: the fixture fails on any foreign request.
import { readFileSync, cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { READ_FORMATS } from "../lib/trajectory/native/read-log";
import { dropMinimalZip, importedReleaseForSpec } from "./local-release";

const LOCAL = "local:my-agent";
const mine = importedReleaseForSpec("local-e2e-");

const cell = (page: Page, config: string, col: string) =>
  page.locator(`tr[data-config="${config}"] td[data-col="${col}"]`);

async function openPanel(page: Page, url = "/r/sample/") {
  await page.goto(url);
  await page.getByRole("button", { name: "Open local results" }).click();
  await expect(page.getByRole("dialog", { name: "Open local results" })).toBeVisible();
}

test("an imported Harbor release shows its configuration marked local, with the hand-computed resolution", async ({
  page,
}) => {
  await openPanel(page);
  await page.getByTestId("local-folder-input").setInputFiles(mine.dir);
  const row = page.locator(`tr[data-config="${LOCAL}"]`);
  await expect(row).toContainText("My agent / Harbor");
  await expect(row).toContainText("local");
  const cols = [
    "overall.uninterrupted",
    "overall.switched",
    "overall.gap.switched",
    "near.uninterrupted",
    "near.switched",
    "near.gap.switched",
    "far.uninterrupted",
    "far.switched",
    "far.gap.switched",
  ];
  expect(await Promise.all(cols.map((c) => cell(page, LOCAL, c).innerText()))).toEqual([
    "1.0",
    "0.5",
    "0.5",
    "1.0",
    "1.0",
    "0.0",
    "1.0",
    "0.0",
    "1.0",
  ]);
  // The published rows are untouched.
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(12);
  await expect(cell(page, "deepseek-v4.1-flash-opencode", "overall.switched")).toHaveText("31.5");
  const entry = page.getByTestId("local-entry");
  await expect(entry).toContainText("my-agent-release: My agent / Harbor (7 runs, 200 focus tasks");
  // The whole validator runs in the page: the two runs the jobs have no trajectory for are warnings.
  await expect(entry).toContainText("0 error(s), 2 warning(s)");
});

test("a local configuration follows the repository subset", async ({ page }) => {
  // encode/httpx has 10 focus tasks in the sample; of the seven replayed runs only httpx-3394's are there:
  // uninterrupted resolved (1/10), switched a submission failure (0/10).
  await openPanel(page, "/r/sample/?repos=encode%2Fhttpx");
  await expect(page.getByTestId("scope")).toContainText("Subset of 10 focus tasks");
  await page.getByTestId("local-folder-input").setInputFiles(mine.dir);
  expect(
    await Promise.all(
      ["overall.uninterrupted", "overall.switched", "overall.gap.switched"].map((c) =>
        cell(page, LOCAL, c).innerText(),
      ),
    ),
  ).toEqual(["10.0", "0.0", "10.0"]);
});

test("a broken local release lists its problems by file, line and record; the rest and the published rows stay", async ({
  page,
}) => {
  const broken = join(mine.tmp, "broken-release");
  cpSync(mine.dir, broken, { recursive: true });
  const lines = readFileSync(join(broken, "runs.jsonl"), "utf8").split("\n");
  const truncated = JSON.parse(lines[0]!).run_id as string;
  lines[0] = lines[0]!.slice(0, 120);
  lines[1] = lines[1]!.replace(/"session_id":"[^"]+"/, '"session_id":"no-such-session"');
  const strayRun = JSON.parse(lines[1]).run_id as string;
  writeFileSync(join(broken, "runs.jsonl"), lines.join("\n"));
  await openPanel(page);
  await page.getByTestId("local-folder-input").setInputFiles(broken);
  const problems = page.getByTestId("local-problems");
  await expect(problems).toContainText(
    `error runs.jsonl:1 [run ${truncated}] json.parse: not valid JSON (truncated or malformed line)`,
  );
  await expect(problems).toContainText(
    `error runs.jsonl:2 [run ${strayRun}] ref.session: session "no-such-session" is not in sessions.jsonl`,
  );
  await expect(page.getByTestId("local-entry")).toContainText(/2 error\(s\), \d+ warning\(s\)/);
  await expect(page.getByTestId("local-entry")).toContainText("(6 runs,");
  await expect(page.locator(`tr[data-config="${LOCAL}"]`)).toBeVisible();
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(12);
  await expect(cell(page, "glm-5.3-opencode", "overall.switched")).toHaveText("43.0");
});

test("a dropped zip of a release loads from the archive, with a note when its tasks differ from the published ones", async ({
  page,
}) => {
  await openPanel(page);
  await dropMinimalZip(page);
  await expect(page.locator('tr[data-config="local:orca-opencode"]')).toBeVisible();
  await expect(page.locator('tr[data-config="local:orca-opencode-router"]')).toBeVisible();
  await expect(page.getByTestId("local-entry")).toContainText("This release has 2 focus tasks, the published one 200");
});

test("a SWE-agent .traj is summarized through the converter; another format is refused by name", async ({ page }) => {
  await openPanel(page);
  await page.getByTestId("local-file-input").setInputFiles("lib/local/fixtures/pydicom__pydicom-1458.traj");
  const summary = page.getByTestId("local-trajectory");
  await expect(summary).toContainText(
    "pydicom__pydicom-1458.traj: SWE-agent .traj (converted to ATIF), agent SWE-agent, 16 steps, 1 request(s); 123,981 tokens, $1.27",
  );
  await page.getByTestId("local-file-input").setInputFiles({
    name: "chat.json",
    mimeType: "application/json",
    buffer: Buffer.from('[{"role":"user","content":"hi"}]'),
  });
  await expect(page.getByTestId("local-status")).toContainText(
    `chat.json is not a trajectory format this viewer reads (it is a JSON list). Read are: ${READ_FORMATS}.`,
  );
});
