// Watching the page's thread from a browser test: every long task with when it began (a PerformanceObserver of
// 'longtask' entries from the page's first script on), and a loop that asks the page for an answer every 250 ms,
// so a test can say the tab answered within a bound throughout.
import type { Page } from "@playwright/test";

interface LongTask {
  start: number;
  duration: number;
}

/** Records every long task of the page's thread from its first script on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: LongTask[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: "longtask", buffered: true });
  });
}

/** performance.now() of the page. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The longest task that began in [from, to) (performance.now() of the page), 0 when none. */
export const longestIn = (page: Page, from: number, to = Number.MAX_VALUE): Promise<number> =>
  page.evaluate(
    ([a, b]) =>
      (window as unknown as { longTasks: LongTask[] }).longTasks
        .filter((t) => t.start >= a && t.start < b)
        .reduce((m, t) => Math.max(m, t.duration), 0),
    [from, to] as const,
  );

/**
 * Asks the page for `1` every 250 ms until stopped; a round trip is abandoned after 5 s. `stop` gives the slowest
 * round trip (5,000 when one was abandoned).
 */
export function keepAsking(page: Page): () => Promise<number> {
  let stopped = false;
  let slowest = 0;
  const asking = (async () => {
    while (!stopped && !page.isClosed()) {
      const t = Date.now();
      const answered = await Promise.race([
        page
          .evaluate(() => 1)
          .then(
            () => true,
            () => true,
          ),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      slowest = Math.max(slowest, answered ? Date.now() - t : 5_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    stopped = true;
    await asking;
    return slowest;
  };
}

/** Waits in the page (not by retrying assertions, which write the accessibility tree on its thread) for a test. */
export const waitIn = (page: Page, selector: string, timeout = 60_000): Promise<unknown> =>
  page.waitForFunction((s) => document.querySelector(s) !== null, selector, { timeout, polling: 100 });

/** performance.now() once no long task has begun or run for a second: the page has settled (its own panels drawn). */
export const quiet = (page: Page, timeout = 60_000): Promise<number> =>
  page
    .waitForFunction(
      () => {
        const tasks = (window as unknown as { longTasks: LongTask[] }).longTasks;
        const last = tasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
        return performance.now() - last > 1_000;
      },
      null,
      { polling: 250, timeout },
    )
    .then(() => pageNow(page));
