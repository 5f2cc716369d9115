// The switches of every headless Chromium this project starts: the browser tests (playwright.config.ts) and the
// bench (scripts/bench/browser.ts), so what the bench times is the browser the tests check.
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
