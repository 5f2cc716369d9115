// The switches of every headless Chromium this project starts: the browser tests (playwright.config.ts) and the
// bench (scripts/bench/browser.ts, which also turns off the browser UI that would load the machine while it times).
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
