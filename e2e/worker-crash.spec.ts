// A parse worker that runs out of memory does not take the page with it (issue 20). The worker really runs
// out: Playwright runs code inside the page's own parse worker that reserves 1 GiB ArrayBuffers until the
// browser refuses one ("Array buffer allocation failed", uncaught, so the worker's `error` event), while the
// trajectory it is reading is held back by the test (so the load is still owed, as mid-read). The view says
// so, and the page keeps working: another run opens (a new worker), the leaderboard answers. (A V8 heap
// exhausted inside a worker ends Chromium's whole renderer instead; docs/local-results.md, "Size limit",
// says what keeps the workers from getting there.) The trajcalc fixture: e2e/fixtures/releases/trajcalc.
import { expect, test, TIMED } from "./fixtures";

const exhaust = () => {
  setTimeout(() => {
    const kept: ArrayBuffer[] = [];
    for (;;) kept.push(new ArrayBuffer(1 << 30));
  }, 0);
};

// Turbopack names every worker by its bootstrap chunk (turbopack-worker-*.js), so the parse worker is known by
// being the page's first: the run page starts it before anything else and warms no DuckDB-WASM.
test(
  "the parse worker runs out of memory mid-read: the view says so, another run opens, the leaderboard answers",
  TIMED,
  async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.context().route("**/data/trajcalc/trajectories/alpha.s-F1.json", async (route) => {
      await held;
      await route.abort();
    });
    const worker = page.waitForEvent("worker");
    await page.goto("/r/trajcalc/run/?id=alpha.s-F1");
    await (await worker).evaluate(exhaust);
    await expect(page.getByTestId("load-error")).toHaveText(
      "The trajectory could not be read: the trajectory reader ran out of memory or crashed: Uncaught RangeError: Array buffer allocation failed; the rest of the page still works",
    );
    release();

    // Another run, in the same page (client-side links): a new worker reads it.
    const t = Date.now();
    await page.locator('nav[aria-label="release pages"]').getByRole("link", { name: "Runs" }).click({ timeout: 5_000 });
    await page.locator('[data-run="beta.s-F1"] a').click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/r\/trajcalc\/run\/\?id=beta\.s-F1/);
    await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", "1", { timeout: 5_000 });
    await expect(page.getByTestId("load-error")).toHaveCount(0);
    expect(Date.now() - t).toBeLessThan(5_000);

    // The leaderboard still answers: trajcalc's two configurations (EXPECTED.md).
    await page
      .locator('nav[aria-label="release pages"]')
      .getByRole("link", { name: "Leaderboard" })
      .click({ timeout: 5_000 });
    await expect(page.locator("tbody tr[data-config]")).toHaveCount(2, { timeout: 5_000 });
  },
);
