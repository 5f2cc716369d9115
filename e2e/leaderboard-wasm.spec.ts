// Static first: every number is on the page while the wasm is held back; a subset needs DuckDB-WASM and
// works once it arrives. Subset numbers from EXPECTED.md (tasks N1 and F2 only).
import { expect, saveData, test, withoutWasm } from "./fixtures";

test("numbers show with the wasm held back; a subset query runs once it loads", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const wasmRequests: string[] = [];
  // The browser asks to save data, so the idle warm-up (lib/source/warm.ts) stays off: only the subset loads the wasm.
  await saveData(page);
  await page.route("**/*.wasm", async (route) => {
    wasmRequests.push(route.request().url());
    await gate;
    await route.continue();
  });

  await page.goto("/r/handcalc/");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toHaveText("25.0");
  expect(wasmRequests).toEqual([]);

  await page.goto("/r/handcalc/?tasks=N1,F2");
  await expect(page.getByTestId("scope")).toContainText("Computing the subset");
  // Until the wasm arrives, the last computed (whole-release) numbers stay visible.
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toHaveText("25.0");
  await expect.poll(() => wasmRequests.length).toBeGreaterThan(0);
  release();
  await expect(page.getByTestId("scope")).toContainText("Subset of 2 focus tasks");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.uninterrupted"]')).toHaveText("100.0");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toHaveText("50.0");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.gap.switched"]')).toHaveText("50.0");
  // McNemar follows the rates, on the subset's own tasks (EXPECTED.md: beta resolves N1 in both conditions, F2
  // only uninterrupted): 1 / 0 discordant, p = 1, where the whole release has 2 / 0 and p = 0.5.
  await page.locator('tr[data-config="beta"] button[aria-expanded]').click();
  const gap = page.locator('tr[data-detail="beta"] [data-detail-col="overall.gap.switched"]');
  await expect(gap).toContainText("discordant 1 / 0");
  await expect(gap.locator('[data-stat="p"]')).toHaveText("1.000");
  const own = new URL(page.url()).host;
  for (const origin of wasmRequests) expect(new URL(origin).host).toBe(own);
});

test("with the wasm blocked for good, every number still shows", async ({ page }) => {
  // Saving data: the idle warm-up (lib/source/warm.ts) would fetch the blocked wasm and log its failure.
  await withoutWasm(page);
  await page.goto("/r/handcalc/");
  // The leaderboard's own cells (the signature tables below it have data-col cells too).
  const cells = page.locator('[data-testid="leaderboard"] tbody td[data-col]');
  await expect(cells).toHaveCount(27);
  expect((await cells.allInnerTexts()).every((t) => /^-?\d+\.\d$/.test(t))).toBe(true);
});

test("with the wasm blocked for good, a one-repository subset shows from the build's file", async ({ page }) => {
  const wasmRequests = await withoutWasm(page);
  await page.goto("/r/handcalc/?repos=acme%2Fwidgets");
  await expect(page.getByTestId("scope")).toContainText(
    "Subset of 4 focus tasks in 1 repositories, computed at build time by the same SQL",
  );
  // EXPECTED.md: beta 75.0 uninterrupted, 25.0 switched, gap 50.0; McNemar 2 / 0 discordant, p = 0.5.
  const beta = (col: string) => page.locator(`tr[data-config="beta"] td[data-col="${col}"]`);
  await expect(beta("overall.uninterrupted")).toHaveText("75.0");
  await expect(beta("overall.switched")).toHaveText("25.0");
  await expect(beta("overall.gap.switched")).toHaveText("50.0");
  await page.locator('tr[data-config="beta"] button[aria-expanded]').click();
  const gap = page.locator('tr[data-detail="beta"] [data-detail-col="overall.gap.switched"]');
  await expect(gap).toContainText("discordant 2 / 0");
  await expect(gap.locator('[data-stat="p"]')).toHaveText("0.500");
  expect(wasmRequests).toEqual([]);
});

test("the per-repository breakdown is computed in the browser", async ({ page }) => {
  await page.goto("/r/handcalc/");
  await page.getByRole("button", { name: "Show per-repository breakdown" }).click();
  const row = page.locator('[data-testid="repo-breakdown"] tr[data-repo="acme/widgets"]');
  await expect(row.locator('td[data-config="alpha"]')).toHaveText("25.0");
  await expect(row.locator('td[data-config="beta"]')).toHaveText("50.0");
  await expect(row.locator('td[data-config="gamma"]')).toHaveText("0.0");
});

test("export writes exactly the rows and columns shown", async ({ page }) => {
  await page.goto("/r/handcalc/?variant=native&groups=overall&sort=overall.gap.switched:desc");
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(2);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  const lines = text.trim().split("\n");
  expect(lines).toHaveLength(3);
  const header = lines[0]!.split(",");
  expect(header.slice(0, 3)).toEqual(["config_id", "display_name", "model"]);
  expect(header).toContain("overall_gap_switched_mcnemar_p");
  expect(header.some((h) => h.startsWith("near_"))).toBe(false);
  const rec = (line: string) => Object.fromEntries(line.split(",").map((v, i) => [header[i], v]));
  expect(rec(lines[1]!)).toMatchObject({
    config_id: "beta",
    overall_uninterrupted: "75",
    overall_switched: "25",
    overall_gap_switched: "50",
    overall_gap_switched_mcnemar_p: "0.5",
  });
  expect(rec(lines[2]!)).toMatchObject({ config_id: "alpha", overall_gap_switched: "25" });

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const records = JSON.parse(
    await (await json.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
  );
  expect(records.map((r: { config_id: string }) => r.config_id)).toEqual(["beta", "alpha"]);
  expect(records[0].overall_switched_ci_lo).toBeCloseTo(4.56, 1);
});
