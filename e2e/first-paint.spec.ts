// scripts/first-paint.ts in Chromium: on a leaderboard the table's numbers are on screen at the first animation
// frame, styled by the stylesheet inlined in its HTML, the chunk scripts are added only after it, and the page then
// hydrates (sorting works, no error: the fixture fails on any). A page without the meta keeps Next's async scripts
// and its stylesheet link.
import { expect, test } from "./fixtures";

test("a leaderboard's chunk scripts are added after its first frame, with the table parsed, then it hydrates", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstFrame?: number; __chunk?: { at: number; numbers: number } };
    requestAnimationFrame(() => (w.__firstFrame = performance.now()));
    new MutationObserver((records, obs) => {
      for (const r of records)
        for (const n of r.addedNodes) {
          // The noModule polyfill is the parser's, never run by Chromium; the loader adds the rest.
          if (!(n instanceof HTMLScriptElement) || n.noModule || !n.src.includes("/_next/static/chunks/")) continue;
          const cells = [...document.querySelectorAll('[data-testid="leaderboard"] td[data-col="overall.switched"]')];
          w.__chunk = {
            at: performance.now(),
            numbers: cells.filter((c) => /^\d+\.\d$/.test(c.textContent ?? "")).length,
          };
          obs.disconnect();
          return;
        }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto("/r/handcalc/");
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __firstFrame: number; __chunk: { at: number; numbers: number } };
    return { frame: w.__firstFrame, chunk: w.__chunk };
  });
  // handcalc (e2e/fixtures/releases/handcalc/EXPECTED.md): three configurations, each with an overall switched rate.
  expect(seen.chunk.numbers).toBe(3);
  expect(seen.chunk.at).toBeGreaterThan(seen.frame);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.locator('th[data-col="overall.gap.switched"] button').click();
  await expect(page).toHaveURL(/sort=overall\.gap\.switched:desc/);
});

test("a page without the meta keeps Next's async chunk scripts", async ({ page }) => {
  const html = await (await page.request.get("/about/")).text();
  expect(html).toMatch(/<script src="\/_next\/static\/chunks\/[^"]+\.js" async="">/);
  expect(html).not.toContain('id="chunks-after-paint"');
  const board = await (await page.request.get("/")).text();
  expect(board).not.toMatch(/<script src="[^"]+" async="">/);
  expect(board).toContain('<script id="chunks-after-paint">');
});

test("a leaderboard is styled at its first frame by the stylesheet in its HTML, with no stylesheet request", async ({
  page,
}) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { __atFrame?: object }).__atFrame = {
        links: document.querySelectorAll('link[rel="stylesheet"]').length,
        inlined: document.querySelectorAll('style[data-href^="/_next/static/"]').length,
        // Tailwind's theme (app/globals.css) sets --spacing on :root; unstyled, it is empty.
        spacing: getComputedStyle(document.documentElement).getPropertyValue("--spacing").trim(),
      };
    });
  });
  await page.goto("/r/handcalc/");
  const atFrame = await page.evaluate(() => (window as unknown as { __atFrame: object }).__atFrame);
  expect(atFrame).toEqual({ links: 0, inlined: 1, spacing: ".25rem" });
  const about = await (await page.request.get("/about/")).text();
  expect(about).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css" data-precedence="next"\/>/);
  expect(about).not.toContain("<style data-precedence");
});
