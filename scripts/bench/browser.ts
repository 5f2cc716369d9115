// The bench's browser: Debian's Chromium, headless, with the browser's own work that is not the page's turned off,
// so that what a step times is the page. One launcher for every step (scripts/bench.ts, scripts/bench-trajectory.ts,
// scripts/bench/search.ts run alone).
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS } from "../chromium-args";

// Chromium's new headless mode builds the omnibox popup's WebUI for every new window, that is for every fresh
// context the bench opens: a renderer loading 200–400 chrome:// modules while the page under test loads. On two
// cores, with it the bare one-number page took 111 ms and `/` 217 ms, without it 78 and 131 ms (2026-12-05, 25
// contexts each, alternated; docs/architecture.md "First view first"). Puppeteer turns the same two off by default.
const QUIET_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

const DISABLE = "--disable-features=";

/**
 * One `--disable-features` switch carrying `argv`'s lists and `extra`, and the switches it replaces. Chromium reads
 * only the last `--disable-features` it is given, so a second switch would re-enable what Playwright turns off
 * (PaintHolding, among others); the replaced switches go to Playwright's `ignoreDefaultArgs`.
 */
export function withFeaturesDisabled(
  argv: readonly string[],
  extra: readonly string[],
): { ignore: string[]; arg: string } {
  const ignore = argv.filter((a) => a.startsWith(DISABLE));
  const names = ignore.flatMap((a) => a.slice(DISABLE.length).split(",")).filter((n) => n !== "");
  for (const n of extra) if (!names.includes(n)) names.push(n);
  return { ignore, arg: DISABLE + names.join(",") };
}

/**
 * Launches the bench's Chromium. Playwright's own switches are read off a first launch (the DevTools protocol gives
 * a browser's command line only under `--enable-automation`, which the browser measured does not get), so the
 * features it turns off stay off whatever its version.
 */
export async function launchBenchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const first = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, "--enable-automation"] });
  let argv: string[];
  try {
    const session = await first.newBrowserCDPSession();
    ({ arguments: argv } = await session.send("Browser.getBrowserCommandLine"));
  } finally {
    await first.close();
  }
  const { ignore, arg } = withFeaturesDisabled(argv, QUIET_FEATURES);
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, arg], ignoreDefaultArgs: ignore });
}
