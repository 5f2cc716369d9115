import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/chromium-args";

// E2E_PORT lets two checkouts test side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Specs that time the page (a tab that answers within 5 s, no task over 200 ms, a worker that must crash in
 * time): they run after the others, one at a time, so that a second test's load does not decide their outcome.
 * Every other spec shares no state (each test has its own browser context; local results are written to
 * temporary folders) and runs two at a time (docs/testing.md).
 */
const TIMED_SPECS = [
  "console-bounds.spec.ts",
  "local-hostile.spec.ts",
  "local-large.spec.ts",
  "search-console.spec.ts",
  "trajectory-hostile.spec.ts",
  "worker-crash.spec.ts",
];

// Debian's chromium (apt), never a Playwright browser download; flags keep it off the closed network.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "parallel", testIgnore: TIMED_SPECS.map((f) => `**/${f}`) },
    { name: "timed", testMatch: TIMED_SPECS.map((f) => `**/${f}`), workers: 1, dependencies: ["parallel"] },
  ],
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node scripts/serve.mjs out --port ${port}`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
