import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/chromium-args";

// E2E_PORT lets two checkouts test side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's chromium (apt), never a Playwright browser download; flags keep it off the closed network.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
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
