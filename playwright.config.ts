import { defineConfig } from "@playwright/test";

// E2E_PORT lets two checkouts test side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Tests tagged TIMED (e2e/fixtures.ts) time the page (a tab that answers within 5 s, no task over 200 ms, a worker
 * that must crash in time): they run after the others, one at a time, so that a second test's load does not decide
 * their outcome. Every other test shares no state (each has its own browser context; local results are written to
 * temporary folders) and runs two at a time (docs/testing.md).
 */
const TIMED_TAG = /@timed/;

// Debian's chromium (apt), never a Playwright browser download; flags keep it off the closed network.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "parallel", grepInvert: TIMED_TAG },
    { name: "timed", grep: TIMED_TAG, workers: 1, dependencies: ["parallel"] },
  ],
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    // Debian's Chromium: e2e/fixtures.ts launches it with scripts/chromium-args.ts's switches.
  },
  webServer: {
    command: `node scripts/serve.mjs out --port ${port}`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
