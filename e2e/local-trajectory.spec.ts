// A run of local results in the trajectory explorer: the imported Harbor release (lib/data/fixtures/harbor,
// seven sample runs replayed as configuration my-agent) opened on the leaderboard, its run opened by
// client-side links (runs page, compare disagreements), read from the picked files (a folder, a zip) and
// shown with its rows from the local release's own schema. Expected values come from the imported files on
// disk and lib/data/fixtures/harbor/README.md; a reload says the local results must be opened again.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sampleArchivePath, sampleTrajectoryText } from "./sample-trajectory";
import { importedReleaseForSpec } from "./local-release";

const RUN = "my-agent.encode__httpx-3394.switched.r0";
const LOCAL_RUN = `local:${RUN}`;
const mine = importedReleaseForSpec("local-trajectory-e2e-");
let zipped: string;

interface RawStep {
  step_id: number;
  source: string;
  message: string;
  extra?: { task_id?: string };
}

test.beforeAll(() => {
  zipped = join(mine.tmp, "my-agent-release.zip");
  // Deflated entries under a top folder, as a user's zip of the release folder would be.
  execFileSync("zip", ["-qr", zipped, "my-agent-release"], { cwd: mine.tmp });
});

/** What the explorer should show, read from the trajectory file itself. */
function expected() {
  const t = JSON.parse(readFileSync(join(mine.dir, "trajectories", `${RUN}.json`), "utf8")) as {
    steps: RawStep[];
    extra: { focus_task_id: string };
  };
  const users = t.steps.map((s, i) => (s.source === "user" ? i : -1)).filter((i) => i >= 0);
  // Request k is its user step and every step up to the next user step.
  const segments = users.map((u, k) => (users[k + 1] ?? t.steps.length) - u);
  const focus = users.filter((u) => t.steps[u]!.extra?.task_id === t.extra.focus_task_id).length;
  return { steps: t.steps.length, users, segments, focus, step2: t.steps[1]!.message };
}

async function openLocal(page: Page, input: "local-folder-input" | "local-file-input", path: string) {
  await page.goto("/r/sample/");
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.getByTestId(input).setInputFiles(path);
  await expect(page.locator('tr[data-config="local:my-agent"]')).toBeVisible();
}

async function expectRun(page: Page) {
  const e = expected();
  expect(e.steps).toBe(445);
  expect(e.users.length).toBe(21);
  const explorer = page.getByTestId("trajectory-explorer");
  await expect(explorer).toHaveAttribute("data-analyzed", "true");
  await expect(explorer).toHaveAttribute("data-verdict", "true");
  await expect(page).toHaveURL(`/r/sample/run/?id=${encodeURIComponent(LOCAL_RUN)}`);
  await expect(page.getByTestId("run-header").getByTestId("local-badge")).toHaveText("local");
  // The header's usage is the run's request_usage summed in the local schema (README: 120,906,181 tokens,
  // 424 model calls, 399 tool calls, $6.6234).
  await expect(page.getByTestId("run-facts")).toContainText(
    "My agent / Harbor · focus task encode__httpx-3394 (encode/httpx) · switched · far",
  );
  await expect(page.getByTestId("run-facts")).toContainText(
    "usage 120,906,181 tokens, 424 model calls, 399 tool calls, $6.62",
  );
  await expect(page.getByTestId("verdict-outcome")).toContainText("Unresolved (submission) · artifact did not apply");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", String(e.steps));
  await expect(page.getByTestId("trajectory-facts")).toContainText(`${e.steps} steps`);
  // The request segmentation: one timeline block per request, with its steps.
  const blocks = page.locator('[data-testid="session-timeline"] button[data-position]');
  await expect(blocks).toHaveCount(e.users.length);
  const labels = await blocks.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(labels.map((l) => Number(/, (\d+) steps,/.exec(l)?.[1]))).toEqual(e.segments);
  await expect(page.locator('[data-testid="session-timeline"] button[data-focus]')).toHaveCount(e.focus);
  await expect(page.locator('[data-testid="problems"] [data-testid="mismatch"]')).toHaveCount(0);
  // A known step's text, and the keyboard's request jump.
  await page.keyboard.press("j");
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "2");
  await expect(page.getByTestId("step-message")).toContainText(e.step2);
  await page.keyboard.press("Shift+J");
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", String(e.users[1]! + 1));
}

test("a local run opens from the runs page, read from the picked folder; a reload asks to open the local results again", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => r.url().includes("/trajectories/") && fetched.push(r.url()));
  await openLocal(page, "local-folder-input", mine.dir);
  await page.getByTestId("local-runs-link").click();
  await expect(page).toHaveURL(/\/r\/sample\/runs\/$/);
  const list = page.getByTestId("local-runs");
  await expect(list).toHaveAttribute("data-ready", "true");
  // Five of the seven runs name a trajectory (README: click-2660 and click-2685 have none).
  await expect(list.locator("li[data-run]")).toHaveCount(5);
  await list.locator(`li[data-run="${LOCAL_RUN}"]`).getByRole("link").click();
  await expectRun(page);
  expect(fetched, "a local trajectory is never fetched").toEqual([]);

  await page.reload();
  await expect(page.getByTestId("local-run-gone")).toContainText("is from local results opened in another page load");
  await expect(page.getByTestId("trajectory-explorer")).toHaveCount(0);
});

test("a local run opens from a zip, its entry inflated only when the run is opened", async ({ page }) => {
  await openLocal(page, "local-file-input", zipped);
  await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Runs" }).click();
  await page.getByTestId("local-runs").locator(`li[data-run="${LOCAL_RUN}"]`).getByRole("link").click();
  await expectRun(page);
});

test("a local run opens from the compare page's disagreements and its two-pane view", async ({ page }) => {
  // Three heavy page states in one test (a local release, a run opened twice, both panes read): on a loaded
  // two-core runner the default minute ran out at the last click.
  test.setTimeout(180_000);
  // deepseek-v4.1-flash-opencode-router resolves httpx-3394 switched, which my-agent's run did not (submission).
  await openLocal(page, "local-folder-input", mine.dir);
  await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Compare" }).click();
  await page.getByTestId("pick-a").selectOption("local:my-agent");
  await page.getByTestId("pick-b").selectOption("deepseek-v4.1-flash-opencode-router");
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  const row = page.getByTestId("disagreements").locator('tr[data-task="encode__httpx-3394"]');
  await expect(row.locator(`a[data-run="${LOCAL_RUN}"]`)).toHaveText("A (local, unresolved)");
  await row.locator('button[data-open="ab"]').click();
  await expect(page.getByTestId("pane-left")).toHaveAttribute("data-run", LOCAL_RUN);
  await page.getByTestId("local-run-open").click();
  await expectRun(page);
  await page.goBack();
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  await page
    .getByTestId("disagreements")
    .locator(`tr[data-task="encode__httpx-3394"] a[data-run="${LOCAL_RUN}"]`)
    .click();
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", "445");
});

/** A trajectory's requests, read from the file: each user step opens one; focus ones carry the focus task id. */
function requestsOf(file: string) {
  return requestsOfText(readFileSync(file, "utf8"));
}

function requestsOfText(text: string) {
  const t = JSON.parse(text) as { steps: RawStep[]; extra: { focus_task_id: string } };
  const users = t.steps.map((s, i) => (s.source === "user" ? i : -1)).filter((i) => i >= 0);
  const focus = users
    .map((u, p) => (t.steps[u]!.extra?.task_id === t.extra.focus_task_id ? p : -1))
    .filter((p) => p >= 0);
  // The first step (1-based) of each request, and its number of steps.
  return {
    users: users.length,
    focus,
    first: users.map((u) => u + 1),
    sizes: users.map((u, p) => (users[p + 1] ?? t.steps.length) - u),
  };
}

/** For every focus request k: [k, left position, right position, left first step, right first step, left steps, right steps]. */
async function aligned(page: Page) {
  return page.locator('[data-testid="aligned"] [data-kind="focus"]').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (side: string) => row.querySelector(`:scope > div > [data-side="${side}"]`)!;
      const first = (side: string) =>
        Number(cell(side).querySelector("li[data-step]")?.getAttribute("data-step") ?? NaN);
      const size = (side: string) => {
        const all = /show all (\d+) steps/.exec(cell(side).textContent ?? "");
        return all ? Number(all[1]) : cell(side).querySelectorAll("li[data-step]").length;
      };
      return [
        Number(row.getAttribute("data-k")),
        Number(cell("left").getAttribute("data-position")),
        Number(cell("right").getAttribute("data-position")),
        first("left"),
        first("right"),
        size("left"),
        size("right"),
      ];
    }),
  );
}

test("a local run is aligned with a published one in the two-pane view, its file read from the picked folder", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => r.url().includes("/trajectories/") && fetched.push(new URL(r.url()).pathname));
  // my-agent's httpx-3394 runs replay deepseek-v4.1-flash-opencode's (lib/data/fixtures/harbor/make-jobs.ts):
  // the published run and the local one have the same requests, request by request.
  const published = "deepseek-v4.1-flash-opencode.encode__httpx-3394.switched.r0";
  const left = requestsOf(join(mine.dir, "trajectories", `${RUN}.json`));
  const right = requestsOfText(await sampleTrajectoryText(published));
  expect([left.users, left.focus]).toEqual([21, [0, 3, 11, 13, 19, 20]]);
  expect(right.focus).toEqual(left.focus);

  // Both submit an unapplied patch, so the task is no disagreement: the two panes are opened by a link naming
  // it. The link's local configuration is recognised once the local results are opened on the page.
  await page.goto(`/r/sample/compare/?a=local%3Amy-agent&b=deepseek-v4.1-flash-opencode&task=encode__httpx-3394`);
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.getByTestId("local-folder-input").setInputFiles(mine.dir);
  await expect(page.getByTestId("pick-a")).toHaveValue("local:my-agent");
  const pane = page.getByTestId("two-pane");
  await expect(pane).toHaveAttribute("data-ready", "true");
  await expect(pane).toHaveAttribute("data-local", "true");
  await expect(page.getByTestId("pane-left")).toHaveAttribute("data-run", LOCAL_RUN);
  await expect(page.getByTestId("pane-right")).toHaveAttribute("data-run", published);
  await expect(page.getByTestId("pane-left").getByTestId("local-run-open")).toHaveText(RUN);
  // Focus request k faces focus request k: the same positions, their steps read from each file.
  expect(await aligned(page)).toEqual(
    left.focus.map((p, k) => [k, p, p, left.first[p], right.first[p], left.sizes[p], right.sizes[p]]),
  );
  // A replay: the same actions and the same final tests (both read: nothing is "unknown"), so nothing to jump to.
  await expect(page.locator('[data-kind="focus"] [data-badge="actions"][data-state="same"]')).toHaveCount(
    left.focus.length,
  );
  await expect(page.locator('[data-kind="focus"] [data-badge="tests"][data-state="same"]')).toHaveCount(
    left.focus.length,
  );
  await expect(page.getByTestId("divergence")).toHaveAttribute("data-first", "none");
  await expect(page.getByTestId("divergence-text")).toHaveText("No divergence: the two agree on every focus request.");
  await expect(page.getByTestId("jump-divergence")).toBeDisabled();
  expect([...new Set(fetched)], "only the published trajectory's archive is read").toEqual([
    sampleArchivePath(published),
  ]);

  // A: uninterrupted vs switched: both local runs, each read from the picked files.
  const unint = requestsOf(join(mine.dir, "trajectories", "my-agent.encode__httpx-3394.uninterrupted.r0.json"));
  await pane.getByRole("button", { name: "A: Unint vs Switch" }).click();
  await expect(pane).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("pane-left")).toHaveAttribute(
    "data-run",
    "local:my-agent.encode__httpx-3394.uninterrupted.r0",
  );
  await expect(page.getByTestId("pane-right")).toHaveAttribute("data-run", LOCAL_RUN);
  expect(await aligned(page)).toEqual(
    left.focus.map((p, k) => [k, k, p, unint.first[k], left.first[p], unint.sizes[k], left.sizes[p]]),
  );
  // The uninterrupted run resolved (every final test passed); the switched one's patch did not apply (its tests
  // did not run), and its first focus request already acts differently: they diverge at focus request 1.
  const div = page.getByTestId("divergence");
  await expect(div).toHaveAttribute("data-first", "0");
  await expect(div).toHaveAttribute("data-first-action", "0");
  await expect(page.getByTestId("divergence-text")).toContainText(
    "First divergence: focus request 1 (request 0 ↔ 0, stage 1): tool actions differ, final tests differ",
  );
  await expect(page.getByTestId("divergence-text")).toContainText("passed ↔ not_run");
  await pane.getByRole("button", { name: "next focus request" }).click();
  await pane.getByRole("button", { name: "next focus request" }).click();
  await expect(page).toHaveURL(/k=1/);
  await page.getByTestId("jump-divergence").click();
  await expect(page).toHaveURL(/k=0/);
  const first = page.locator('[data-kind="focus"][data-k="0"]');
  await expect(first).toHaveAttribute("data-current", "true");
  await expect(first).toHaveAttribute("data-first-divergence", "true");
  await expect(first.getByTestId("first-differing-action")).toBeVisible();
  await expect(first).toBeInViewport();
  expect([...new Set(fetched)], "the local files are never fetched: only the published run's archive").toEqual([
    sampleArchivePath(published),
  ]);
});

test("a local run's final patch is read from the picked files (never fetched), in the tab and as detector evidence", async ({
  page,
}) => {
  // A copy of the imported release whose run names a patch of two files: the focus checkout's file and, as a
  // combined diff would carry it, a file of another checkout (absolute path: marked outside the checkout).
  const dir = join(mine.tmp, "with-patch");
  cpSync(mine.dir, dir, { recursive: true });
  const runs = readFileSync(join(dir, "runs.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const run = runs.find((r) => r.run_id === RUN)!;
  run.patch = "patches/mine.diff";
  writeFileSync(join(dir, "runs.jsonl"), runs.map((r) => JSON.stringify(r)).join("\n") + "\n");
  mkdirSync(join(dir, "patches"));
  writeFileSync(
    join(dir, "patches/mine.diff"),
    [
      "diff --git a/httpx/_a.py b/httpx/_a.py",
      "--- a/httpx/_a.py",
      "+++ b/httpx/_a.py",
      "@@ -1 +1,2 @@",
      " x = 1",
      "+y = 2",
      "--- /dev/null",
      "+++ b/../elsewhere.py",
      "@@ -0,0 +1 @@",
      "+z = 3",
      "",
    ].join("\n"),
  );
  const fetched: string[] = [];
  page.on("request", (r) => r.url().includes("/patches/") && fetched.push(r.url()));
  await openLocal(page, "local-folder-input", dir);
  await page.getByTestId("local-runs-link").click();
  await page.getByTestId("local-runs").locator(`li[data-run="${LOCAL_RUN}"]`).getByRole("link").click();
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await page.getByTestId("tab-patch").click();
  const patch = page.getByTestId("patch");
  await expect(patch).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  await expect(page.getByTestId("patch-file")).toHaveCount(2);
  await expect(page.locator('[data-testid="patch-file"][data-path="../elsewhere.py"]')).toHaveAttribute(
    "data-mark",
    "outside",
  );
  expect(fetched, "a local patch is never fetched").toEqual([]);
});
