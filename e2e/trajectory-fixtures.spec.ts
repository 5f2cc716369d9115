// Real third-party trajectories (lib/trajectory/fixtures; their sources in its README.md) served as
// if a release published them: never a blank page, problems shown as warnings, chains and subagents followed.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const DIR = "lib/trajectory/fixtures";

/** Serves fixture files under /data/trajcalc/trajectories/<name> for this page. */
async function serve(page: Page, files: Record<string, string>) {
  for (const [name, path] of Object.entries(files)) {
    const body = readFileSync(`${DIR}/${path}`, "utf8");
    await page
      .context()
      .route(`**/data/trajcalc/trajectories/${name}`, (route) =>
        route.fulfill({ body, contentType: "application/json" }),
      );
  }
}

async function open(page: Page, runId: string) {
  await page.goto(`/r/trajcalc/run/?id=${runId}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
}

test("the Harbor job trajectory: agent warm-up steps before the first user step, sidechains marked", async ({
  page,
}) => {
  await serve(page, { "harbor-job.json": "harbor-job/trajectory.json" });
  await open(page, "harbor-job");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", "51");
  await expect(page.getByTestId("trajectory-facts")).toContainText("ATIF-v1.2");
  await expect(page.getByTestId("segment-note").first()).toHaveText(/steps 1–2 come before the first user step/);
  await expect(page.getByTestId("step-detail")).toContainText("sidechain");
});

test("a continuation chain is read as one run, copied context marked and counted once", async ({ page }) => {
  await serve(page, {
    "linear.json": "atif/linear-history/trajectory.json",
    "trajectory.cont-1.json": "atif/linear-history/trajectory.cont-1.json",
  });
  await open(page, "linear");
  await expect(page.getByTestId("step-list")).toHaveAttribute("data-steps", "13");
  await expect(page.getByTestId("trajectory-facts")).toContainText("in 2 files");
  await expect(page.getByTestId("trajectory-facts")).toContainText("final_metrics 8,832 tokens");
  await page.goto(`/r/trajcalc/run/?id=linear&step=6`);
  await expect(page.getByTestId("step-detail")).toContainText("step_id 1 of continuation 1");
  await expect(page.getByTestId("step-detail")).toContainText("copied context");
});

test("subagent references: the file that exists is read, the missing ones are warnings", async ({ page }) => {
  await serve(page, {
    "summarization.json": "atif/context-summarization/trajectory.json",
    "trajectory.summarization-1-summary.json": "atif/context-summarization/trajectory.summarization-1-summary.json",
  });
  await open(page, "summarization");
  const panel = page.getByTestId("subagents");
  await expect(panel).toContainText("3 subagent trajectories");
  await expect(panel.locator('[data-subagent="trajectory.summarization-1-summary.json"]')).toContainText("5 steps");
  await expect(panel.locator("[data-subagent]").filter({ hasText: "not read" })).toHaveCount(2);
  await expect(page.getByTestId("reader-warning").filter({ hasText: "subagent file" })).toHaveCount(2);
});
