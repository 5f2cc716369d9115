// The bench's browser: Debian's Chromium, headless, with the browser's own work that is not the page's turned off
// (scripts/chromium-args.ts), so that what a step times is the page. One launcher for every step (scripts/bench.ts,
// scripts/bench-trajectory.ts, scripts/bench/search.ts run alone).
import { chromium, type Browser } from "@playwright/test";
import { quietLaunchOptions } from "../chromium-args";

export async function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch(await quietLaunchOptions());
}
