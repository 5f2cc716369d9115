// A trajectory written to attack the viewer (e2e/fixtures/trajectories/hostile.ts), served in place of a
// release file: everything must render as inert text and the page must stay responsive.
import type { Page } from "@playwright/test";
import { expect, test, TIMED } from "./fixtures";
import {
  ANSI,
  BIDI,
  HUGE_LINE_CHARS,
  hostilePatch,
  hostileTrajectory,
  IMG,
  PWNED,
  SCRIPT,
} from "./fixtures/trajectories/hostile";

const RUN = "hostile-run";

async function serveHostile(page: Page) {
  const body = hostileTrajectory();
  await page
    .context()
    .route(`**/data/trajcalc/trajectories/${RUN}.json`, (route) =>
      route.fulfill({ body, contentType: "application/json" }),
    );
  // Long tasks on the main thread, from the first script on: a frozen page shows up here.
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
      type: "longtask",
      buffered: true,
    });
  });
  const visited: string[] = [];
  page.on("request", (r) => visited.push(r.url()));
  return visited;
}

const detail = (page: Page) => page.getByTestId("step-detail");

test("markup, scripts, javascript: links, ANSI escapes and bidi overrides render as inert text", async ({ page }) => {
  const visited = await serveHostile(page);
  await page.goto(`/r/trajcalc/run/?id=${RUN}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await expect(detail(page).getByTestId("step-message")).toContainText(SCRIPT);
  await expect(detail(page).getByTestId("step-message")).toContainText(IMG);

  await page.keyboard.press("j");
  await expect(detail(page)).toHaveAttribute("data-step", "2");
  await expect(detail(page).getByTestId("step-message")).toContainText("javascript:window.");
  const results = detail(page).getByTestId("tool-result");
  await expect(results.first()).toContainText("␛[31mred alert␛[0m");
  await expect(results.first()).toContainText("access = ⟦U+202E⟧user⟦U+202C⟧");
  await expect(detail(page).getByTestId("tool-call").nth(1)).toContainText(`<img src=x onerror="window.${PWNED}=2">`);

  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(detail(page)).toHaveAttribute("data-step", "5");
  await expect(detail(page).getByTestId("step-message")).toContainText(
    `[image image/png javascript:window.${PWNED}=5]`,
  );

  const explorer = page.getByTestId("trajectory-explorer");
  await expect(
    explorer.locator("script, img, iframe, object, embed, [onerror], [onmouseover], a[href^='javascript' i]"),
  ).toHaveCount(0);
  expect(await page.evaluate((k) => (window as unknown as Record<string, unknown>)[k], PWNED)).toBeUndefined();
  // The continuation reference is a javascript: URL: reported, never fetched.
  await expect(page.getByTestId("reader-warning").filter({ hasText: "continued_trajectory_ref" })).toHaveCount(1);
  expect(visited.filter((u) => !u.startsWith("http://localhost"))).toEqual([]);
  expect(ANSI.length + BIDI.length).toBeGreaterThan(0);
});

test("a hostile final patch renders inert: markup in paths and lines, ANSI escapes and bidi overrides as text", async ({
  page,
}) => {
  // trajcalc's alpha.s-N1 names patches/alpha.s-N1.diff (EXPECTED.md); its bytes are replaced by an attack.
  await page
    .context()
    .route("**/data/trajcalc/patches/alpha.s-N1.diff", (route) =>
      route.fulfill({ body: hostilePatch(), contentType: "text/x-diff" }),
    );
  const visited: string[] = [];
  page.on("request", (r) => visited.push(r.url()));
  test.setTimeout(180_000);
  await page.goto("/r/trajcalc/run/?id=alpha.s-N1&tab=patch");
  const patch = page.getByTestId("patch");
  // The patch reference comes from the release tables (DuckDB-WASM): slow on a loaded machine.
  await expect(patch).toHaveAttribute("data-state", "ready", { timeout: 90_000 });
  await expect(patch.getByTestId("patch-file-path")).toHaveText(`src/${IMG}.py`);
  const diff = patch.getByTestId("patch-diff");
  await expect(diff).toHaveAttribute("data-highlighted", "true");
  await expect(diff).toContainText(SCRIPT);
  await expect(diff).toContainText("javascript:window.");
  await expect(diff).toContainText("␛[31mred alert␛[0m");
  await expect(diff).toContainText("access = ⟦U+202E⟧user⟦U+202C⟧");
  // The path is no file of N1 nor beside one (src/, not src/core/): marked, as text.
  await expect(patch.getByTestId("patch-file-mark")).toHaveText("elsewhere in the focus checkout");
  const explorer = page.getByTestId("trajectory-explorer");
  await expect(
    explorer.locator("script, img, iframe, object, embed, [onerror], [onmouseover], a[href^='javascript' i]"),
  ).toHaveCount(0);
  expect(await page.evaluate((k) => (window as unknown as Record<string, unknown>)[k], PWNED)).toBeUndefined();
  expect(visited.filter((u) => !u.startsWith("http://localhost"))).toEqual([]);
});

test("a 10 MB single line is clipped, expandable, and does not freeze the page", TIMED, async ({ page }) => {
  await serveHostile(page);
  await page.goto(`/r/trajcalc/run/?id=${RUN}&step=3`);
  await expect(detail(page)).toHaveAttribute("data-step", "3");
  const collapsed = detail(page).getByTestId("collapsed-result");
  await expect(collapsed).toContainText(`${HUGE_LINE_CHARS.toLocaleString("en-US")} characters (collapsed)`);
  await collapsed.locator("summary").click();
  await expect(collapsed.getByTestId("tool-result")).toBeVisible();
  await expect(collapsed).toContainText(
    `${(HUGE_LINE_CHARS - 100_000).toLocaleString("en-US")} more characters not shown`,
  );
  await collapsed.getByTestId("show-more").click();
  await expect(collapsed).toContainText(
    `${(HUGE_LINE_CHARS - 400_000).toLocaleString("en-US")} more characters not shown`,
  );

  // The step whose message is 2 MB: the row shows one clipped line, the detail the first 100,000 characters.
  await page.keyboard.press("j");
  await expect(detail(page)).toHaveAttribute("data-step", "4");
  const rowText = await page.locator('[data-testid="step-list"] [data-step="4"]').innerText();
  expect(rowText.length).toBeLessThan(400);
  const started = Date.now();
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  expect(Date.now() - started).toBeLessThan(1000);
  const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  expect(longest).toBeLessThan(1500);
});

test("a file that is not JSON shows what went wrong, not a blank page", async ({ page }) => {
  await page
    .context()
    .route("**/data/trajcalc/trajectories/broken-run.json", (route) =>
      route.fulfill({ body: '{"schema_version": "ATIF-v1.6", "steps": [', contentType: "application/json" }),
    );
  await page.goto("/r/trajcalc/run/?id=broken-run");
  await expect(page.getByTestId("load-error")).toContainText("The trajectory could not be read");
  await expect(page.getByTestId("run-header")).toContainText("broken-run");
});
