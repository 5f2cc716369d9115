// What a locally opened release claims about itself (issue 41), on copies of the release imported from
// Harbor-shaped jobs at test time (e2e/local-release.ts): a configuration whose configs.jsonl sets `verified`
// gets no verified mark (only published configurations a maintainer verified carry it), and a run naming a
// patch that is not among the picked files says so, naming the file, instead of an HTTP status.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { importedReleaseForSpec } from "./local-release";

const RUN = "my-agent.encode__httpx-3394.switched.r0";
const LOCAL_RUN = `local:${RUN}`;
const mine = importedReleaseForSpec("local-provenance-e2e-");

/** A copy of the imported release named `name`, each JSONL record passed through `edit[file]`. */
function copyWith(name: string, edit: Record<string, (r: Record<string, unknown>) => void>): string {
  const dir = join(mine.tmp, name);
  cpSync(mine.dir, dir, { recursive: true });
  for (const [file, change] of Object.entries(edit)) {
    const records = readFileSync(join(dir, file), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    records.forEach(change);
    writeFileSync(join(dir, file), records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  }
  return dir;
}

async function openLocal(page: Page, dir: string) {
  await page.goto("/r/sample/");
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.getByTestId("local-folder-input").setInputFiles(dir);
  await expect(page.locator('tr[data-config="local:my-agent"]')).toBeVisible({ timeout: 30_000 });
}

test("a local configuration that declares itself verified shows no verified mark, and says what it declares", async ({
  page,
}) => {
  const dir = copyWith("declares-verified", {
    "configs.jsonl": (c) => {
      c.submitted_at = "2026-05-01";
      c.verified = { by: "Self-declared Reproducer", at: "2026-05-02" };
    },
  });
  await openLocal(page, dir);
  const row = page.locator('tr[data-config="local:my-agent"]');
  await expect(row.getByTestId("declared-verified")).toHaveText("declared verified by the file, not shown as verified");
  await expect(row.getByTestId("declared-verified")).toHaveAttribute(
    "title",
    "the file says: reproduced by Self-declared Reproducer on 2026-05-02; only published configurations a maintainer verified carry the mark",
  );
  await expect(row.getByTestId("verified-mark")).toHaveCount(0);
  await expect(row.getByTestId("submitted-at")).toHaveText("submitted 2026-05-01");
});

test("a local run naming a patch that is not among the picked files says so, naming the file", async ({ page }) => {
  const dir = copyWith("patch-not-picked", {
    "runs.jsonl": (r) => {
      if (r.run_id === RUN) r.patch = "patches/not-picked.diff";
    },
  });
  const fetched: string[] = [];
  page.on("request", (r) => r.url().includes("/patches/") && fetched.push(r.url()));
  await openLocal(page, dir);
  await page.getByTestId("local-runs-link").click();
  await page.getByTestId("local-runs").locator(`li[data-run="${LOCAL_RUN}"]`).getByRole("link").click();
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true", { timeout: 90_000 });
  await page.getByTestId("tab-patch").click();
  const patch = page.getByTestId("patch");
  await expect(patch).toHaveAttribute("data-state", "error", { timeout: 60_000 });
  await expect(patch).toHaveText(
    "The patch could not be read: patches/not-picked.diff is not among the files you picked (the run names it as its patch)",
  );
  expect(fetched, "nothing is fetched for a local patch").toEqual([]);
});
