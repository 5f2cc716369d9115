// Charts that say what they show (docs/charts.md), each at desktop width and at 390 px, on the sample:
// - names that cut to the same text ("DeepSeek-V4.1-Flash / OpenCode +Router" and "+RCM" both read
//   "DeepSeek-V4.1-Flash / OpenCod…" cut at the end) are drawn distinct in the interval charts and in the picture
//   the PNG is drawn from;
// - the forest plot's panel titles lie wholly inside the chart and its visible box (stacked at 390 px);
// - the forest plot's note says the clustered bar may be narrower;
// - the prevalence dot plot's axis ends at a round value just above the highest interval, not at 100%;
// - the completion-vs-resolution scatter names its points without overlaps and titles its y axis.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { builtModel } from "./page-models";
import { resumptionPage } from "../lib/queries/resumption/page";
import { prevalencePage } from "../lib/queries/signatures/page";
import { uncertaintyPage } from "../lib/queries/uncertainty/page";

const data = builtModel("sample", uncertaintyPage);
const prevalence = builtModel("sample", prevalencePage);
const resumption = builtModel("sample", resumptionPage);

const condition = data.conditions.find((c) => c !== data.baseline)!;
const FOREST = `figure[data-chart="forest-${condition}"]`;
const PAIR = ["DeepSeek-V4.1-Flash / OpenCode +Router", "DeepSeek-V4.1-Flash / OpenCode +RCM"];

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "390 px", width: 390, height: 844 },
] as const;

type Rect = { left: number; top: number; right: number; bottom: number };
const rect = (l: Locator) =>
  l.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
/** a inside b, allowing half a pixel of rounding. */
const within = (a: Rect, b: Rect) =>
  a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The row labels of a chart: drawn text and the whole name (the tooltip, else the text itself). */
function rowLabels(chart: Locator) {
  return chart.locator("text[data-row-label]").evaluateAll((ts) =>
    ts.map((t) => ({
      text: [...t.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join(""),
      name: t.querySelector("title")?.textContent ?? null,
    })),
  );
}

/** Every row label drawn wholly inside its chart's SVG: none starts left of the picture. */
async function expectLabelsInside(chart: Locator) {
  const svg = await rect(chart.locator("svg").first());
  const boxes = await chart.locator("text[data-row-label]").evaluateAll((ts) =>
    ts.map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  for (const b of boxes) expect(within(b, svg), `${b.text} inside the SVG`).toBe(true);
}

/** Each whole name drawn as one text, and no two names as the same text. */
function expectDistinct(labels: { text: string; name: string | null }[], names: string[]) {
  const byName = new Map<string, Set<string>>();
  for (const l of labels) {
    const name = l.name ?? l.text;
    byName.set(name, (byName.get(name) ?? new Set()).add(l.text));
  }
  expect([...byName.keys()].sort()).toEqual([...names].sort());
  for (const [name, texts] of byName) expect(texts.size, `${name} drawn one way`).toBe(1);
  const drawn = [...byName.values()].map((s) => [...s][0]!);
  expect(new Set(drawn).size, `distinct labels: ${drawn.join(" | ")}`).toBe(names.length);
}

for (const w of WIDTHS) {
  test.describe(`at ${w.name}`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test("the forest plot shows every panel title whole, and names that cut alike drawn apart", async ({ page }) => {
      await open(page, "/r/sample/uncertainty/", FOREST);
      const plot = page.locator(`${FOREST} [data-testid="forest-plot"]`);
      await expect(plot).toHaveAttribute("data-layout", w.width < 500 ? "stacked" : "side-by-side");
      const svg = await rect(plot.locator("svg"));
      const box = await rect(page.locator(`${FOREST} [role="img"]`));
      const titles = plot.locator("[data-panel-title]");
      await expect(titles).toHaveText(data.groups.map((g) => g.charAt(0).toUpperCase() + g.slice(1)));
      for (const t of await titles.all()) {
        const r = await rect(t);
        expect(r.right - r.left, "title drawn").toBeGreaterThan(10);
        expect(within(r, svg), `${await t.textContent()} inside the SVG`).toBe(true);
        // Left and right inside the box the chart scrolls in, unscrolled: nothing of it is cut off.
        expect(r.left >= box.left && r.right <= box.right, `${await t.textContent()} inside the visible box`).toBe(
          true,
        );
      }
      const names = data.configs.slice(0, 60).map((c) => c.display_name);
      const labels = await rowLabels(plot);
      // Stacked, every panel draws its own row labels.
      expect(labels).toHaveLength(names.length * (w.width < 500 ? data.groups.length : 1));
      expectDistinct(labels, names);
      await expectLabelsInside(plot);
      for (const name of PAIR) expect(labels.some((l) => l.name === name)).toBe(true);
      // The note under the heading says what the clustered bar shows either way.
      await expect(page.getByTestId("forest-note")).toContainText(
        "wider than the thick bar where tasks of one repository succeed or fail together (design effect above 1) and narrower",
      );
    });

    test("the rank-interval plot draws the names that cut alike apart", async ({ page }) => {
      const ranks = '[data-testid="rank-interval-plot"]';
      await open(page, "/r/sample/uncertainty/", ranks);
      expectDistinct(
        await rowLabels(page.locator(ranks)),
        data.configs.map((c) => c.display_name),
      );
      await expectLabelsInside(page.locator(ranks));
    });

    test("the prevalence dot plot's axis ends at a round value just above its highest interval", async ({ page }) => {
      const plot = '[data-testid="prevalence-dot-plot"]';
      await open(page, "/r/sample/signatures/", plot);
      const tops = prevalence.cells
        .filter((c) => c.grp === "overall" && c.strong.pct !== null && c.strong.lo !== null && c.strong.hi !== null)
        .map((c) => c.strong.hi!);
      const highest = Math.max(...tops);
      expect(highest, "the sample's shares are small").toBeLessThan(40);
      const panel = page.locator(`${plot} [data-panel]`).first();
      const ticks = (await panel.locator("text").allTextContents()).filter((t) => /^[\d.]+%$/.test(t));
      const values = ticks.map((t) => Number(t.slice(0, -1)));
      const end = values[values.length - 1]!;
      expect(values[0]).toBe(0);
      // The last tick covers every interval, and is the first round step past it: one step less would not.
      expect(end).toBeGreaterThanOrEqual(highest);
      const step = values[1]! - values[0]!;
      expect(end - step).toBeLessThan(highest);
      expect([1, 2, 5]).toContain(step / 10 ** Math.floor(Math.log10(step)));
      expect(end).toBeLessThan(100);
      await expect(panel).toContainText(`share of readable runs, 0–${end}%`);
      // Every dot and its interval on the axis: the highest interval's end at most at the last tick's line.
      const grid = await panel
        .locator("line[stroke-dasharray]")
        .evaluateAll((ls) => ls.map((l) => Number(l.getAttribute("x1"))));
      const right = Math.max(...grid);
      const ends = await panel
        .locator("circle[data-hi]")
        .evaluateAll((cs) => cs.map((c) => Number(c.previousElementSibling?.getAttribute("x2"))));
      expect(Math.max(...ends)).toBeLessThanOrEqual(right + 0.001);
      expectDistinct(
        await rowLabels(page.locator(plot)),
        prevalence.cells
          .map((c) => c.display_name)
          .filter((n, i, all) => all.indexOf(n) === i)
          .slice(0, 60),
      );
      await expectLabelsInside(page.locator(plot));
    });

    test("the completion-vs-resolution scatter names its points apart and titles its y axis", async ({ page }) => {
      const chart = '[data-chart="interruption-tradeoff"]';
      await open(page, "/r/sample/resumption/", `${chart} [data-testid="point-labels"]`);
      const scored = resumption.byCondition.switched!.interruptions.filter((r) => r.completion && r.focus);
      expect(scored.length, "scored configurations").toBeGreaterThanOrEqual(3);
      const svg = page.locator(`${chart} svg.recharts-surface`);
      const labels = svg.locator("text[data-point-label]");
      const unnamed = svg.getByTestId("unnamed-points");
      const missing = (await unnamed.count()) ? Number((await unnamed.textContent())!.split(" ")[0]) : 0;
      // At desktop width every point has its name; on a phone a point may go unnamed, and the chart says so.
      if (w.width >= 1000) expect(missing).toBe(0);
      await expect(labels).toHaveCount(scored.length - missing);
      expect(scored.length - missing, "most points named").toBeGreaterThanOrEqual(Math.ceil(scored.length / 2));
      const boxes: Rect[] = [];
      const svgBox = await rect(svg);
      for (const l of await labels.all()) {
        const key = (await l.getAttribute("data-point-label"))!;
        const row = scored.find((r) => r.config_id === key)!;
        const { title, text } = await l.evaluate((e) => ({
          title: e.querySelector("title")?.textContent ?? null,
          text: e.lastChild?.textContent ?? "",
        }));
        expect(title ?? text, key).toBe(row.display_name);
        expect(text.length).toBeLessThanOrEqual(24);
        const b = await rect(l);
        expect(within(b, svgBox), `${key} inside the chart`).toBe(true);
        for (const o of boxes) expect(overlap(b, o), `${key} overlaps another name`).toBe(false);
        boxes.push(b);
      }
      // The y axis's title, drawn whole inside the chart.
      const yTitle = svg.locator(".recharts-label", { hasText: "Focus resolution" });
      await expect(yTitle).toHaveCount(1);
      await expect(yTitle).toHaveText("Focus resolution (Switch), %");
      expect(within(await rect(yTitle), svgBox)).toBe(true);
    });
  });
}

test("the PNG is drawn from a picture with the distinct names", async ({ page }) => {
  // The PNG is the saved SVG drawn on a canvas (components/ui/ChartFigure.tsx): keep the data: URL it loads.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { pngSources: string[] }).pngSources = seen;
    const desc = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src")!;
    Object.defineProperty(HTMLImageElement.prototype, "src", {
      ...desc,
      set(v: string) {
        if (v.startsWith("data:image/svg+xml")) seen.push(v);
        desc.set!.call(this, v);
      },
    });
  });
  await open(page, "/r/sample/uncertainty/", FOREST);
  const wait = page.waitForEvent("download");
  await page
    .locator(FOREST)
    .getByRole("button", { name: /as PNG$/ })
    .click();
  expect((await wait).suggestedFilename()).toBe(`sample-forest-${condition}.png`);
  const labels = await page.evaluate(() => {
    const src = (window as unknown as { pngSources: string[] }).pngSources.at(-1)!;
    const text = decodeURIComponent(src.slice(src.indexOf(",") + 1));
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    return [...doc.querySelectorAll("text[data-row-label]")].map((t) => ({
      text: [...t.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join(""),
      name: t.querySelector("title")?.textContent ?? null,
    }));
  });
  expectDistinct(
    labels,
    data.configs.map((c) => c.display_name),
  );
  const pair = PAIR.map((n) => labels.find((l) => l.name === n)!.text);
  expect(pair[0]).not.toBe(pair[1]);
});
