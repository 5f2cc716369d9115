// Site-wide checks on every page of the sample: no serious or critical axe-core violation (light and
// dark), distinct titles, dark mode from the system preference (pages and charts), no horizontal page
// scrolling at 390 px.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SAMPLE_PAGES } from "./site-pages";

/** release.json of data/releases/sample: meta.title. */
const SAMPLE_TITLE = "Switch-SWE sample release (synthetic)";

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
}

/**
 * Only violations are asked for: axe otherwise details every passing node too, much of its time on the
 * leaderboard's thousands of cells. `rules` narrows the run (the dark pass, below).
 */
async function seriousViolations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/** Lightness (0–100) of a computed colour: Chromium reports tailwind's colours as lab(), others as rgb(). */
function lightness(color: string): number {
  const lab = /^lab\(([\d.]+)/.exec(color);
  if (lab) return Number(lab[1]);
  const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(color);
  if (!rgb) throw new Error(`unexpected colour ${color}`);
  const [r, g, b] = rgb.slice(1).map(Number) as [number, number, number];
  return ((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255) * 100;
}
const bodyLightness = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor).then(lightness);

test("with prefers-color-scheme: dark the charts and the code take the dark palette", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  // Charts: axis text and grid lines take the dark palette (light text on the dark page).
  await open(page, "/r/sample/", '[data-testid="leaderboard"]');
  // The chart loads when scrolled into view (components/site/WhenVisible.tsx).
  // The chart's placeholder is scrolled to (a jump to the page's end can pass it without it ever intersecting).
  await page.getByRole("region", { name: /Resolution chart/ }).scrollIntoViewIfNeeded();
  await page.getByTestId("gap-chart").scrollIntoViewIfNeeded();
  const tick = page.locator('[data-testid="gap-chart"] .recharts-cartesian-axis-tick-value').first();
  await expect(tick).toBeVisible();
  expect(await tick.evaluate((e) => getComputedStyle(e).fill)).toBe("rgb(212, 212, 216)");
  const bar = page.locator('[data-testid="gap-chart"] .recharts-bar-rectangle path').first();
  expect(await bar.evaluate((e) => getComputedStyle(e).fill)).toBe("rgb(161, 161, 170)");
  await open(page, "/r/sample/cost/", '[data-testid="cost-table"]');
  const scatterTick = page.locator(".recharts-cartesian-axis-tick-value").first();
  await scatterTick.scrollIntoViewIfNeeded();
  expect(await scatterTick.evaluate((e) => getComputedStyle(e).fill)).toBe("rgb(212, 212, 216)");
  // Code highlighting: shiki's dark colours under .dark.
  await open(page, SAMPLE_PAGES[13]!.path, SAMPLE_PAGES[13]!.ready);
  const code = page.locator(".shiki").first();
  await code.waitFor({ timeout: 15_000 }).catch(() => undefined);
  if (await code.count()) {
    const bg = await code.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(bg).not.toBe("rgb(255, 255, 255)");
  }
});

test("the theme toggle is remembered, and the light theme is light", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page, "/about/", '[data-testid="about"]');
  await page.getByTestId("theme-toggle").click();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  await open(page, "/r/sample/profile/", '[data-testid="profile-table6"]');
  expect(await bodyLightness(page)).toBeGreaterThan(99);
  await page.getByTestId("theme-toggle").click();
  await page.reload();
  expect(await bodyLightness(page)).toBeLessThan(10);
});

test("the theme script comes before the stylesheet, so the body is parsed while the CSS loads", async ({ page }) => {
  // scripts/first-paint.ts moves it there after the export; React puts it after the link, where the parser
  // waits for the stylesheet before running it (and so before reading the leaderboard's table). On `/` the
  // stylesheet is inlined (a <style>), elsewhere linked.
  for (const [path, sheet] of [
    ["/", "<style data-precedence="],
    ["/about/", '<link rel="stylesheet"'],
    ["/r/sample/run/", '<link rel="stylesheet"'],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    const theme = html.indexOf('<script id="theme">');
    expect(theme, path).toBe(html.indexOf("<head>") + '<head><meta charSet="utf-8"/>'.length);
    expect(html.indexOf(sheet), path).toBeGreaterThan(theme);
  }
  // Moved, it still sets the stored choice before hydration, and hydration accepts it (the fixture fails on errors).
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, "/", '[data-testid="leaderboard"]');
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  // Hydrated: the toggle read the class the theme script set.
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", "true");
});

// Each page is opened twice, not once per check: light (axe, title, description), then dark (its palette, axe
// on four pages) and, on the same load, narrowed to 390 px (no horizontal scrolling). The titles are collected
// for the last test of the file, which runs after these in the same worker.
const DARK_AXE = new Set([0, 5, 13, 14].map((i) => SAMPLE_PAGES[i]!.path));
/**
 * The dark theme changes colours only (tailwind's `dark:` variants): the page's elements, names and roles are
 * the light pass's, so the dark pass runs the rules that read colours.
 */
const DARK_RULES = ["color-contrast", "link-in-text-block"];
const titles = new Map<string, string>();

for (const p of SAMPLE_PAGES) {
  test(`${p.path}: no serious axe violation, its title and description, dark, no scrolling at 390 px`, async ({
    page,
  }) => {
    await open(page, p.path, p.ready);
    expect(await seriousViolations(page), "light").toEqual([]);
    // Client-state pages (a run, a pair) put their subject in the title after hydration.
    if (p.path.includes("/run/")) await expect(page).toHaveTitle(/^Trajectory · deepseek/);
    if (p.path.includes("/compare/"))
      await expect(page).toHaveTitle(/^Compare · deepseek-v4\.1-flash-opencode vs glm-5\.3-opencode/);
    titles.set(p.path, await page.title());
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();

    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator(p.ready).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    // zinc-950 background (lab lightness 2.5), zinc-100 text.
    expect(await bodyLightness(page)).toBeLessThan(10);
    expect(lightness(await page.evaluate(() => getComputedStyle(document.body).color))).toBeGreaterThan(90);
    if (DARK_AXE.has(p.path)) expect(await seriousViolations(page, DARK_RULES), "dark").toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test("every page has its own title", () => {
  expect([...titles.keys()], "the page tests above ran first, each reading its title").toEqual(
    SAMPLE_PAGES.map((p) => p.path),
  );
  const all = [...titles.values()];
  expect(new Set(all).size, all.join("\n")).toBe(SAMPLE_PAGES.length);
  expect(all).toContain(`Cost · ${SAMPLE_TITLE} · Switch-SWE`);
  expect(all).toContain(`Task catalog · task encode__httpx-3394 · ${SAMPLE_TITLE} · Switch-SWE`);
  expect(all.every((t) => t.endsWith("Switch-SWE") || t === "Switch-SWE leaderboard")).toBe(true);
});
