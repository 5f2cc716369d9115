// Leaderboard budgets (issue 3), median of 5 fresh browser contexts against the served export:
// JS before interaction on "/" (gzip bytes), navigation → every number visible, interaction → first
// DuckDB-WASM result, and what the same browser needs to download and compile the wasm alone.
// "Before interaction" is what the page requests until it is loaded, hydrated and idle: the scripts requested
// before lib/source/warm.ts marks the start of its idle-time DuckDB-WASM warm-up (`duckdb:warm:idle`).
// The warm-up's own scripts are fetched after the page is interactive; they are reported apart.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import type { Browser, Page, Request } from "@playwright/test";
import { median } from "./stats";

export interface LeaderboardBench {
  jsGzipBytes: number;
  jsFiles: number;
  /** Scripts the idle-time warm-up requests after the page is interactive (not in the budget). */
  warmJsGzipBytes: number;
  warmJsFiles: number;
  numbersVisibleMs: number;
  firstQueryMs: number;
  wasmDownloadCompileMs: number;
  duckdbStartMs: number;
  /** The same start without DuckDB's connect: worker, download, compile and instantiate only. */
  duckdbInstantiateMs: number;
  /** Medians, ms after the click: DuckDB start asked, instantiated, release schema open, tables loaded, first SQL result, subset in the DOM. */
  firstQueryPhases: Record<string, number>;
  cells: number;
}

function gzipSize(outDir: string, urlPath: string): number {
  const file = join(outDir, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export function wasmPath(outDir: string): string {
  const media = join(outDir, "_next", "static", "media");
  const name = readdirSync(media).find((f) => /^duckdb-eh\..*\.wasm$/.test(f));
  if (!name) throw new Error(`no duckdb-eh wasm under ${media}: build the site first`);
  return `/_next/static/media/${name}`;
}

/** Navigation → every leaderboard cell present and numeric, read in the page, from navigation start. */
async function numbersVisible(page: Page): Promise<number> {
  return page.evaluate(async () => {
    for (;;) {
      const tds = [...document.querySelectorAll('[data-testid="leaderboard"] td[data-col]')];
      if (tds.length > 0 && tds.every((td) => /^-?\d+\.\d$/.test(td.textContent ?? ""))) return performance.now();
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
}

/** The scripts requested before the page became interactive (the budget's) and those after (the warm-up's). */
async function scriptsBeforeIdle(
  page: Page,
  requests: readonly { req: Request; seenAt: number }[],
  outDir: string,
): Promise<{ js: number; jsCount: number; warmJs: number; warmCount: number }> {
  // When the page became interactive, on the clock of request timings (ms since the epoch).
  const idleAt = await page.evaluate(async (name) => {
    for (let i = 0; i < 600; i++) {
      const mark = performance.getEntriesByName(name)[0];
      if (mark) return performance.timeOrigin + mark.startTime;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${name} mark: the leaderboard's warm-up did not start`);
  }, "duckdb:warm:idle");
  await page.waitForLoadState("networkidle");
  const before = new Set<string>();
  const after = new Set<string>();
  for (const { req, seenAt } of requests) {
    const path = new URL(req.url()).pathname;
    // A worker's script reports no timing (startTime -1): when its request was seen says when it started.
    const startedAt = req.timing().startTime > 0 ? req.timing().startTime : seenAt;
    (startedAt < idleAt ? before : after).add(path);
  }
  for (const p of before) after.delete(p);
  return {
    js: [...before].reduce((sum, p) => sum + gzipSize(outDir, p), 0),
    jsCount: before.size,
    warmJs: [...after].reduce((sum, p) => sum + gzipSize(outDir, p), 0),
    warmCount: after.size,
  };
}

/**
 * Interaction that needs a query: a second repository (one repository alone is a build file,
 * lib/queries/leaderboard/repo-files.ts, and needs no query). Both ends are read in the page (the click
 * event's own timestamp, and the DOM mutation that shows the subset), like the floor below, so neither
 * includes Playwright's polling.
 */
async function firstQuery(page: Page): Promise<{ total: number; phases: Record<string, number> }> {
  await page.locator('[data-filter="repositories"] summary').click();
  await page.locator('[data-filter="repositories"] input[type="checkbox"]').first().check();
  await page.getByTestId("scope").filter({ hasText: "computed at build time" }).waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __t0?: number; __t1?: Promise<number> };
    document.addEventListener("click", (e) => (w.__t0 ??= e.timeStamp), { capture: true, once: true });
    w.__t1 = new Promise((resolve) => {
      // (no named inner functions here: tsx would wrap them in a helper the page does not have)
      const obs = new MutationObserver(() => {
        if (document.querySelector('[data-testid="scope"]')?.textContent?.includes("computed in your browser")) {
          obs.disconnect();
          resolve(performance.now());
        }
      });
      obs.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
  await page.locator('[data-filter="repositories"] input[type="checkbox"]').nth(1).check();
  await page.getByTestId("scope").filter({ hasText: "computed in your browser" }).waitFor({ timeout: 60_000 });
  return page.evaluate(async () => {
    const w = window as unknown as { __t0: number; __t1: Promise<number> };
    const t1 = await w.__t1;
    // lib/db/wasm.ts marks each step of the first query (duckdb:*): where the time went.
    const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("duckdb:"));
    const phases: Record<string, number> = {};
    for (const [key, prefix, last] of [
      ["start", "duckdb:start", false],
      ["instantiated", "duckdb:instantiated", false],
      ["open", "duckdb:open:", false],
      ["tables", "duckdb:loaded:", true],
      ["query", "duckdb:query:", false],
    ] as const) {
      const hits = marks.filter((m) => m.name.startsWith(prefix)).map((m) => m.startTime - w.__t0);
      phases[key] = hits.length
        ? last
          ? hits.reduce((a, b) => (b > a ? b : a))
          : hits.reduce((a, b) => (b < a ? b : a))
        : Number.NaN;
    }
    phases.shown = t1 - w.__t0;
    return { total: t1 - w.__t0, phases };
  });
}

/** One fresh context on "/": numbers visible, the scripts before and after interaction, the first query. */
async function leaderboardLoad(browser: Browser, baseUrl: string, outDir: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: { req: Request; seenAt: number }[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") requests.push({ req, seenAt: Date.now() });
  });
  await page.goto(`${baseUrl}/`, { waitUntil: "commit" });
  const visible = await numbersVisible(page);
  const cells = await page.locator('[data-testid="leaderboard"] td[data-col]').count();
  await page.waitForLoadState("networkidle");
  const scripts = await scriptsBeforeIdle(page, requests, outDir);
  const timing = await firstQuery(page);
  await context.close();
  return { visible, cells, ...scripts, query: timing.total, phases: timing.phases };
}

/** The floor: the same browser fetching and compiling the same wasm, nothing else. */
async function wasmCompileMs(browser: Browser, baseUrl: string, wasmUrl: string): Promise<number> {
  const bare = await browser.newContext();
  const p2 = await bare.newPage();
  await p2.goto(`${baseUrl}/releases/`);
  const took = await p2.evaluate(async (url) => {
    const t0 = performance.now();
    await WebAssembly.compileStreaming(fetch(url));
    return performance.now() - t0;
  }, wasmUrl);
  await bare.close();
  return took;
}

/** DuckDB's own start (download + instantiate + open) on the diagnostics page, nothing else loaded. */
async function duckdbStart(browser: Browser, baseUrl: string): Promise<{ start: number; instantiate: number }> {
  const diag = await browser.newContext();
  const p3 = await diag.newPage();
  await p3.goto(`${baseUrl}/diagnostics/`);
  await p3.waitForLoadState("networkidle");
  await p3.getByRole("button", { name: "Start DuckDB-WASM" }).click();
  const text = await p3.getByTestId("duckdb-start").filter({ hasText: "started in" }).innerText({ timeout: 60_000 });
  const times = {
    start: Number(/started in (\d+) ms/.exec(text)![1]),
    instantiate: Number(/instantiated in (\d+) ms/.exec(text)![1]),
  };
  await diag.close();
  return times;
}

export async function benchLeaderboard(
  browser: Browser,
  baseUrl: string,
  outDir: string,
  runs = 5,
): Promise<LeaderboardBench> {
  const loads: Awaited<ReturnType<typeof leaderboardLoad>>[] = [];
  const wasm: number[] = [];
  const starts: { start: number; instantiate: number }[] = [];
  const wasmUrl = wasmPath(outDir);
  for (let i = 0; i < runs; i++) {
    loads.push(await leaderboardLoad(browser, baseUrl, outDir));
    wasm.push(await wasmCompileMs(browser, baseUrl, wasmUrl));
    starts.push(await duckdbStart(browser, baseUrl));
  }
  const phases = loads.map((l) => l.phases);
  return {
    jsGzipBytes: median(loads.map((l) => l.js)),
    jsFiles: median(loads.map((l) => l.jsCount)),
    warmJsGzipBytes: median(loads.map((l) => l.warmJs)),
    warmJsFiles: median(loads.map((l) => l.warmCount)),
    numbersVisibleMs: median(loads.map((l) => l.visible)),
    firstQueryMs: median(loads.map((l) => l.query)),
    wasmDownloadCompileMs: median(wasm),
    duckdbStartMs: median(starts.map((s) => s.start)),
    duckdbInstantiateMs: median(starts.map((s) => s.instantiate)),
    firstQueryPhases: Object.fromEntries(
      Object.keys(phases[0] ?? {}).map((k) => [k, median(phases.map((p) => p[k]!))]),
    ),
    cells: loads.at(-1)?.cells ?? 0,
  };
}
