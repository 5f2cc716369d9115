// Every run of the sample has a trajectory, packed in ZIP archives (one per configuration and condition) and
// read by HTTP range requests. Expected values come from the archives on disk, read in Node
// (e2e/sample-trajectory.ts); the bytes a run costs are counted off the responses the page received.
import { statSync } from "node:fs";
import type { Page, Response } from "@playwright/test";
import { ArchiveCache } from "../lib/archive/read-node";
import { parseFileRef } from "../lib/archive/ref";
import { expect, test } from "./fixtures";
import { SAMPLE, sampleRef, sampleRuns, sampleTrajectory } from "./sample-trajectory";

interface Doc {
  steps: { step_id: number; source: string }[];
}

/** Range responses to trajectory archives while `act` runs: [url, status, content-range, body bytes]. */
async function archiveTraffic(
  page: Page,
  act: () => Promise<void>,
): Promise<{ url: string; status: number; range: string | null; bytes: number }[]> {
  const seen: Promise<{ url: string; status: number; range: string | null; bytes: number }>[] = [];
  const on = (r: Response) => {
    // The final patch's archive is the detectors' read, not the trajectory's.
    const path = new URL(r.url()).pathname;
    if (!path.endsWith(".zip") || !path.includes("/trajectories/")) return;
    seen.push(
      r.body().then((b) => ({
        url: new URL(r.url()).pathname,
        status: r.status(),
        range: r.headers()["content-range"] ?? null,
        bytes: b.byteLength,
      })),
    );
  };
  page.on("response", on);
  await act();
  page.off("response", on);
  return Promise.all(seen);
}

async function openRun(page: Page, runId: string) {
  await page.goto(`/r/sample/run/?id=${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
}

test("a run of every configuration opens from its archive by range, a small fraction of the archive", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const runs = [...sampleRuns().values()];
  const configs = [...new Set(runs.map((r) => r.config_id))];
  expect(configs.length).toBe(11);
  const archives = new ArchiveCache();
  for (const config of configs) {
    const run = runs.find((r) => r.config_id === config && r.run_id.includes(".switched."))!;
    const ref = parseFileRef(sampleRef(run.run_id));
    if (ref.kind !== "entry") throw new Error("not an archive entry");
    const doc = await sampleTrajectory<Doc>(run.run_id);
    const traffic = await archiveTraffic(page, () => openRun(page, run.run_id));
    await expect(page.locator('[data-testid="step-list"] [data-step]').first()).toBeVisible();
    await expect(page.getByTestId("trajectory-facts")).toContainText(`${doc.steps.length} steps`);
    // Only range requests, only to this run's archive.
    expect(traffic.length).toBeGreaterThan(0);
    for (const t of traffic) {
      expect(t.status, t.url).toBe(206);
      expect(t.url).toBe(`/data/sample/${ref.archive}`);
    }
    const archiveBytes = statSync(`${SAMPLE}/${ref.archive}`).size;
    const entry = (await archives.get(`${SAMPLE}/${ref.archive}`)).entries.get(ref.entry)!;
    const transferred = traffic.reduce((n, t) => n + t.bytes, 0);
    expect(transferred, `${run.run_id}: ${transferred} of ${archiveBytes} bytes`).toBeLessThan(archiveBytes / 10);
    // The entry's bytes and its header, and the directory (22-byte end record + central directory, ~100 bytes an entry).
    const entries = (await archives.get(`${SAMPLE}/${ref.archive}`)).entries.size;
    expect(transferred).toBeLessThanOrEqual(2 * entry.compressedSize + 22 + entries * (46 + 64) + 1);
  }
  await archives.close();
});

test("the largest trajectory shows its first steps before the whole entry is parsed", async ({ page }) => {
  // The entry with the most inflated bytes: well past the 256 KB after which the parse worker sends a preview.
  const archives = new ArchiveCache();
  let best = { runId: "", size: 0 };
  for (const r of sampleRuns().values()) {
    const ref = parseFileRef(r.trajectory!);
    if (ref.kind !== "entry" || !r.run_id.startsWith("deepseek-v4.1-flash-opencode.")) continue;
    const size = (await archives.get(`${SAMPLE}/${ref.archive}`)).entries.get(ref.entry)!.uncompressedSize;
    if (size > best.size) best = { runId: r.run_id, size };
  }
  await archives.close();
  expect(best.size).toBeGreaterThan(256 * 1024);
  await openRun(page, best.runId);
  const marks = await page.evaluate(() => ({
    preview: performance.getEntriesByName("trajectory:preview").map((m) => m.startTime),
    loaded: performance.getEntriesByName("trajectory:loaded").map((m) => m.startTime),
  }));
  expect(marks.preview.length, "a preview of the first steps was shown").toBe(1);
  expect(marks.loaded.length).toBe(1);
  expect(marks.preview[0]!).toBeLessThanOrEqual(marks.loaded[0]!);
});

test("one task under two configurations, both real trajectories, in the aligned two-pane view", async ({ page }) => {
  const task = "pallets__click-2644";
  const a = "deepseek-v4.1-flash-opencode";
  const b = "claude-opus-5-claude-code";
  await page.goto(`/r/sample/compare/?a=${a}&b=${b}&task=${task}&pane=ab`);
  const pane = page.getByTestId("two-pane");
  await expect(pane).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const left = `${a}.${task}.switched.r0`;
  const right = `${b}.${task}.switched.r0`;
  await expect(page.getByTestId("pane-left")).toHaveAttribute("data-run", left);
  await expect(page.getByTestId("pane-right")).toHaveAttribute("data-run", right);
  // Focus request k of each side starts at that side's own user step for the request: read from each archive.
  const firstOfFocus = async (runId: string) => {
    const doc = await sampleTrajectory<{ steps: { source: string; extra?: { task_id?: string } }[] }>(runId);
    return doc.steps.findIndex((s) => s.source === "user" && s.extra?.task_id === task) + 1;
  };
  const row = page.locator('[data-testid="aligned"] [data-kind="focus"][data-k="0"]');
  for (const [side, runId] of [
    ["left", left],
    ["right", right],
  ] as const) {
    await expect(row.locator(`[data-side="${side}"] li[data-step]`).first()).toHaveAttribute(
      "data-step",
      String(await firstOfFocus(runId)),
    );
  }
  await expect(page.locator('[data-kind="focus"]').first()).toBeVisible();
});

test("a run without a trajectory still shows its verdict, its schedule and its per-request usage", async ({ page }) => {
  // The context-reuse release publishes no trajectory (its runs.jsonl names none).
  const runId = "unnamed-agent.django__django-ctx001.no-context";
  await page.goto(`/r/context-reuse/run/?id=${runId}`);
  await expect(page.getByTestId("no-trajectory")).toBeVisible();
  await expect(page.getByTestId("verdict-outcome")).toHaveText(/Unresolved \(submission\)/);
  const usage = page.getByTestId("schedule-usage");
  // From runs.jsonl: position 0 used 1,792,156 tokens in 40 model calls; position 1, 94,324 tokens.
  await expect(usage.locator('[data-usage-position="0"] td').nth(4)).toHaveText("1,792,156");
  await expect(usage.locator('[data-usage-position="0"] td').nth(6)).toHaveText("40");
  await expect(usage.locator('[data-usage-position="1"] td').nth(4)).toHaveText("94,324");
  await expect(page.getByTestId("schedule-strip").locator("li")).toHaveCount(await usage.locator("tbody tr").count());
});

test("the runs page says how many runs have trajectories and marks the ones without", async ({ page }) => {
  await page.goto("/r/sample/runs/");
  const coverage = page.getByTestId("trajectory-coverage");
  await expect(coverage).toHaveAttribute("data-with", String(sampleRuns().size));
  await expect(coverage).toHaveText(`Every run (${sampleRuns().size}) publishes a trajectory.`);
  await page.goto("/r/trajcalc/runs/");
  await expect(page.getByTestId("trajectory-coverage")).toHaveText(/^4 of 6 runs publish a trajectory/);
  await expect(page.locator('[data-run][data-has-trajectory="false"]')).toHaveCount(2);
  await page.getByTestId("run-trajectory-filter").selectOption("without");
  await expect(page.locator("[data-run]")).toHaveCount(2);
  await expect(page.locator('[data-run="alpha.u-N1"]')).toContainText("no trajectory");
});

test("task pages and the compare page's run links say how many runs have trajectories", async ({ page }) => {
  // trajcalc's task N1: four runs, the two switched ones with a trajectory (EXPECTED.md).
  await page.goto("/r/trajcalc/tasks/N1/");
  await expect(page.getByTestId("task-trajectory-coverage")).toHaveText(
    "2 of 4 runs of this task publish a trajectory; the others are marked “no trajectory”.",
  );
  await expect(page.locator('[data-testid="task-outcomes"] a[data-run="alpha.u-N1"]')).toHaveText(
    "run (no trajectory)",
  );
  await expect(page.locator('[data-testid="task-outcomes"] a[data-run="alpha.s-N1"]')).toHaveText("run");
  // The sample: every run has one, so every run the disagreement list links has one.
  await page.goto("/r/sample/compare/?a=deepseek-v4.1-flash-opencode&b=claude-opus-5-claude-code");
  const coverage = page.getByTestId("disagreement-trajectories");
  await expect(coverage).toHaveText(/^(\d+) of \1 linked runs publish a trajectory$/);
  expect(Number(await coverage.getAttribute("data-runs"))).toBeGreaterThan(0);
});
