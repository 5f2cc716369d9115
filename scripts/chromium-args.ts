// The switches of every headless Chromium this project starts: the browser tests (e2e/fixtures.ts) and the bench
// (scripts/bench/browser.ts), and the browser UI they turn off.
import { chromium, type LaunchOptions } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Chromium's new headless mode builds the omnibox popup's WebUI for every new window, that is for every fresh
// context a test or the bench opens: a renderer loading hundreds of chrome:// modules beside the page under test,
// several times the processor time of a small page (docs/testing.md). Puppeteer turns the same two off by default.
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
 * Debian's Chromium with the switches above and the browser UI turned off. Playwright's own switches are read off
 * a first launch (the DevTools protocol gives a browser's command line only under `--enable-automation`, which the
 * browser launched with these options does not get), so the features it turns off stay off whatever its version.
 */
export async function quietLaunchOptions(): Promise<LaunchOptions> {
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
  return { executablePath, args: [...CHROMIUM_ARGS, arg], ignoreDefaultArgs: ignore };
}
