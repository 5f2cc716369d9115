// Hostile console links and search addresses (issue 41): a shared console link whose statement returns very
// large cells, built by the statement itself at test time, is shown bounded with each cell's full size, the
// tab answers within 5 s throughout, and its export holds the bounded cells; a search address naming a
// configuration the release does not have says so. The bounds' values are lib/source/result-bounds.ts's
// (cells 20,000 characters, a result 5,000,000), written out here as numbers.
import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { expect, test, TIMED } from "./fixtures";

const CELL = 20_000;

/** Fails unless the page's main thread answers a trivial evaluate within 5 s. */
async function answers(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the tab did not answer within 5 s")), 5000);
  });
  try {
    await Promise.race([page.evaluate(() => 1), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` while checking that the tab answers, and checks a few more times after it is done. */
async function answersThroughout(page: Page, work: () => Promise<unknown>): Promise<void> {
  let done = false;
  const running = work().finally(() => {
    done = true;
  });
  running.catch(() => undefined);
  while (!done) {
    await answers(page);
    await page.waitForTimeout(250);
  }
  await running;
  for (let i = 0; i < 8; i++) {
    await answers(page);
    await page.waitForTimeout(250);
  }
}

const text = async (d: Download) => readFileSync(await d.path(), "utf8");

async function exportAs(page: Page, what: string, as: "CSV" | "JSON"): Promise<string> {
  const [d] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Export ${what} as ${as}` }).click(),
  ]);
  return text(d);
}

for (const [chars, shown] of [
  [100_000_000, "100,000,000"],
  [10_000_000, "10,000,000"],
] as const) {
  test(
    `a console link whose statement returns a ${shown}-character string: the first ${CELL} shown with the size, exported bounded, the tab answering`,
    TIMED,
    async ({ page }) => {
      test.setTimeout(240_000);
      const sql = `SELECT repeat('x', ${chars}) AS big`;
      await page.goto(`/r/sample/sql/?q=${encodeURIComponent(sql)}`);
      const result = page.getByTestId("sql-result");
      await answersThroughout(page, () => expect(result).toHaveAttribute("data-rows", "1", { timeout: 180_000 }));
      const cell = result.locator("tbody td").first();
      await expect(cell.getByTestId("sql-cut")).toHaveText(`truncated: ${shown} characters`);
      expect(await cell.textContent()).toBe(`truncated: ${shown} characters${"x".repeat(CELL)}`);
      await expect(page.getByTestId("sql-status")).toContainText(`1 row · 1 cell truncated to 20,000 characters`);
      const bounded = `${"x".repeat(CELL)}… (truncated: ${shown} characters)`;
      let csv = "";
      await answersThroughout(page, async () => {
        csv = await exportAs(page, "query result", "CSV");
      });
      // The size's thousands separators are commas, so the CSV quotes the cell.
      expect(csv).toBe(`big\n"${bounded}"\n`);
      expect(JSON.parse(await exportAs(page, "query result", "JSON"))).toEqual([{ big: bounded }]);
    },
  );
}

test(
  "a result past the total bound keeps the rows before the first that does not fit, and says so",
  TIMED,
  async ({ page }) => {
    test.setTimeout(180_000);
    // Each row is one cell of 30,000 characters, kept as 20,000 and the mark "… (truncated: 30,000 characters)"
    // (32 characters): 20,032 a row. 249 rows are 4,987,968 characters; a 250th would pass 5,000,000.
    const sql = "SELECT repeat('y', 30000) AS s FROM range(400)";
    await page.goto(`/r/sample/sql/?q=${encodeURIComponent(sql)}`);
    const result = page.getByTestId("sql-result");
    await answersThroughout(page, () => expect(result).toHaveAttribute("data-rows", "249", { timeout: 120_000 }));
    await expect(page.getByTestId("sql-status")).toContainText(
      "249 rows kept: the result passed the bound of 5,000,000 characters a result holds, so the rows after the first 249 were not read · 249 cells truncated to 20,000 characters",
    );
    const csv = (await exportAs(page, "query result", "CSV")).trimEnd().split("\n");
    expect(csv.length).toBe(250);
    expect(csv[249]).toBe(`"${"y".repeat(CELL)}… (truncated: 30,000 characters)"`);
  },
);

test("a statement longer than a link carries runs, the address keeps the statement before it, and the page says why", async ({
  page,
}) => {
  await page.goto("/r/sample/sql/?q=SELECT%201");
  await expect(page.getByTestId("sql-result")).toBeVisible({ timeout: 60_000 });
  // "SELECT '" (8) + 9,000 + "' AS s" (6): 9,014 characters.
  const sql = `SELECT '${"y".repeat(9000)}' AS s`;
  await page.getByTestId("sql-text").fill(sql);
  await page.getByTestId("sql-run").click();
  await expect(page.locator("[data-testid=sql-result] tbody td").first()).toHaveText("y".repeat(9000), {
    timeout: 60_000,
  });
  await expect(page.getByTestId("sql-link-note")).toHaveText(
    "This statement is 9,014 characters long, more than the 8,000 a link carries: it ran, but the address was not changed, so a link to this page does not hold it (copy the statement instead).",
  );
  await expect(page).toHaveURL(/\/r\/sample\/sql\/\?q=SELECT(%20|\+)1$/);
  // A statement a link carries goes into the address again, and the note goes.
  await page.getByTestId("sql-text").fill("SELECT 2 AS two");
  await page.getByTestId("sql-run").click();
  await expect(page).toHaveURL(/q=SELECT(%20|\+)2/);
  await expect(page.getByTestId("sql-link-note")).toHaveCount(0);
});

test("a search address naming a configuration the release does not have says so, and loads no steps file", async ({
  page,
}) => {
  const steps: string[] = [];
  page.on("request", (r) => r.url().includes("/steps/") && steps.push(r.url()));
  await page.goto("/r/sample/search/?q=final.patch&config=no-such-config&kind=sideways");
  await expect(page.getByTestId("search-unknown")).toHaveText(
    "The search did not run: the address names config=no-such-config (no configuration of this release with trajectories has this id); kind=sideways (not one of focus, interruption, finalization). Pick from the lists above.",
  );
  await expect(page.getByTestId("search-error")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("Catalog Error");
  expect(steps).toEqual([]);
});

test("a search export that passes the total bound holds the first hits and says how many", TIMED, async ({ page }) => {
  test.setTimeout(300_000);
  // Every step with a command (regular expression "."): far more than 5,000,000 characters of hits.
  await page.goto(`/r/sample/search/?q=.&mode=regex&field=command`);
  const summary = page.getByTestId("search-summary");
  await expect(summary).toHaveAttribute("data-complete", "true", { timeout: 120_000 });
  const matching = Number(await summary.getAttribute("data-steps"));
  let csv = "";
  await answersThroughout(page, async () => {
    csv = await exportAs(page, "matching steps", "CSV");
  });
  const note = page.getByTestId("export-note");
  await expect(note).toContainText(`of ${matching.toLocaleString("en-US")} matching steps`);
  const kept = Number(/holds the first ([\d,]+) of/.exec((await note.textContent())!)![1]!.replace(/,/g, ""));
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(matching);
  // Commands hold newlines, so the records are counted in the JSON export; the CSV starts with its header.
  expect(csv.startsWith("run_id,config_id,")).toBe(true);
  const records = JSON.parse(await exportAs(page, "matching steps", "JSON")) as unknown[];
  expect(records.length).toBe(kept);
});
