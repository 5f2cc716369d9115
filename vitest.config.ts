import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "data/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // vitest keeps one core free by default, which on a two-core machine runs one file at a time; and a fresh
    // module graph per file re-imports DuckDB and zod for each of them. No test file leans on another's module
    // state (the one stubbed global is restored in its afterAll), so the files share workers and every core.
    maxWorkers: availableParallelism(),
    isolate: false,
    globalSetup: ["scripts/sample/vitest-setup.ts"],
  },
});
