// Every browser test fails on a console error, a page error, or a request to another origin.
import { test as base, expect, type Page } from "@playwright/test";
import { PAINT_FIRST_META } from "../lib/site/paint-first";
import { quietLaunchOptions } from "../scripts/chromium-args";

/**
 * The leaderboards load their chunk scripts after the first paint (scripts/first-paint.ts), so the load event
 * that goto and reload wait for can come before React has hydrated them; on those pages both also wait for the
 * layout's hydration mark (components/site/HydratedMark.tsx) before a test clicks.
 */
async function hydrated(page: Page, waitUntil: string | undefined) {
  if (waitUntil !== undefined && waitUntil !== "load") return;
  await page.waitForFunction(
    ([name, content]) =>
      document.querySelector(`meta[name="${name}"][content="${content}"]`) === null ||
      document.documentElement.dataset.hydrated === "true",
    [PAINT_FIRST_META.name, PAINT_FIRST_META.content] as const,
  );
}

export const test = base.extend<{ pageErrors: string[] }>({
  // Debian's Chromium without the browser UI that every new window would build (scripts/chromium-args.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies off this pattern.
  launchOptions: [async ({}, provide) => provide(await quietLaunchOptions()), { scope: "worker" }],
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page, options?.waitUntil);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await hydrated(page, options?.waitUntil);
      return response;
    };
    await provide(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A "Failed to load resource" message names its URL only in its location.
        const at = msg.location().url;
        if (msg.type() === "error") errors.push(`console: ${msg.text()}${at ? ` (${new URL(at).pathname})` : ""}`);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("request", (req) => {
        const url = new URL(req.url());
        if (!["localhost", "127.0.0.1"].includes(url.hostname) && !["data:", "blob:"].includes(url.protocol)) {
          errors.push(`foreign request: ${req.url()}`);
        }
      });
      await use(errors);
      expect(errors, "console errors, page errors or foreign requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The tag of a test whose outcome depends on time (a tab that answers within 5 s, no long task over a bound, a
 * worker that must crash in time): playwright.config.ts runs these after the others, one at a time, so that a
 * second test's load cannot decide them.
 */
export const TIMED = { tag: "@timed" };

/** The browser asks to save data, so the idle warm-up (lib/source/warm.ts) fetches nothing. */
export async function saveData(page: Page): Promise<void> {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
  );
}

/**
 * Saving data, and every .wasm request refused for good: the returned list fills with what was asked, so a test
 * can say a view needed no DuckDB-WASM.
 */
export async function withoutWasm(page: Page): Promise<string[]> {
  await saveData(page);
  const asked: string[] = [];
  await page.route("**/*.wasm", (route) => {
    asked.push(route.request().url());
    return route.abort();
  });
  return asked;
}
