// The site at N× the sample (issue 19, "the site works"): the scaled release's built data is added beside the
// sample's in public/data, the static export rebuilt (`next build`, precompress) and served again; then, median
// of `runs` fresh contexts alternated on the same server:
// - navigation → every number of the leaderboard's first paint visible, the sample's `/r/sample/` against the
//   scaled `/r/<id>/` (about 1,100 rows, windowed: the static HTML holds the first rows, lib/site/row-window.ts);
// - on the scaled leaderboard with DuckDB-WASM warmed (lib/source/warm.ts's done mark): tick the first
//   repository → "Subset of" shown, and of that the subset's queries (lib/db/wasm.ts's "duckdb:query" measures:
//   the budget's "warm subset query"), against a plain JavaScript loop in the same page over the same task cells
//   (the release's task_cells table, handed to the page as columns) computing the same per-task scores and
//   per-(configuration, condition, group) resolutions for that repository.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { openNodeDb } from "../../lib/db/node";
import { repositoriesPage } from "../../lib/queries/leaderboard/page";
import { pageModelIn } from "../../lib/source/answers-node";
import type { Budget } from "./speed";
import { median } from "./stats";

const ms = (n: number) => `${Math.round(n)} ms`;

interface Cells {
  configs: string[];
  conditions: string[];
  groups: string[];
  repos: string[];
  config: number[];
  condition: number[];
  task: number[];
  group: number[];
  repo: number[];
  resolved: number[];
}

/** The release's task cells as dictionary-coded columns (what the page's loop reads). */
async function taskCells(parquet: string): Promise<Cells> {
  const db = await openNodeDb();
  try {
    const rows = await db.query<{
      config_id: string;
      condition: string;
      task_id: string;
      task_group: string;
      repo: string;
      resolved: boolean;
    }>(
      `SELECT config_id, condition, task_id, task_group, repo, resolved FROM read_parquet('${parquet.replaceAll("'", "''")}')`,
    );
    const dict = () => {
      const ids = new Map<string, number>();
      return { ids, of: (s: string) => ids.get(s) ?? (ids.set(s, ids.size), ids.size - 1) };
    };
    const [cf, cd, tk, gp, rp] = [dict(), dict(), dict(), dict(), dict()];
    const out: Cells = {
      configs: [],
      conditions: [],
      groups: [],
      repos: [],
      config: [],
      condition: [],
      task: [],
      group: [],
      repo: [],
      resolved: [],
    };
    for (const r of rows) {
      out.config.push(cf.of(r.config_id));
      out.condition.push(cd.of(r.condition));
      out.task.push(tk.of(r.task_id));
      out.group.push(gp.of(r.task_group));
      out.repo.push(rp.of(r.repo));
      out.resolved.push(r.resolved ? 1 : 0);
    }
    out.configs = [...cf.ids.keys()];
    out.conditions = [...cd.ids.keys()];
    out.groups = [...gp.ids.keys()];
    out.repos = [...rp.ids.keys()];
    return out;
  } finally {
    db.close();
  }
}

export interface ScaleSiteBench {
  markdown: string;
  budgets: Budget[];
}

export interface ScaleSiteOptions {
  browser: Browser;
  base: string;
  outDir: string;
  /** The scaled release's built folder (DATA_OUT/<id>) and its index entry's file (DATA_OUT/releases.json). */
  built: string;
  builtIndex: string;
  id: string;
  factor: number;
  /** Serves the rebuilt export (the bench's server lists its files when it starts). */
  restartServer: () => Promise<void>;
  runs?: number;
}

/** Adds the scaled release's built data beside the sample's in public/data, and to its releases.json. */
function installScaledRelease(opts: ScaleSiteOptions): void {
  const { built, id } = opts;
  const data = join("public", "data");
  rmSync(join(data, id), { recursive: true, force: true });
  cpSync(built, join(data, id), { recursive: true });
  const index = JSON.parse(readFileSync(join(data, "releases.json"), "utf8")) as { releases: { release_id: string }[] };
  const entry = (
    JSON.parse(readFileSync(opts.builtIndex, "utf8")) as { releases: { release_id: string }[] }
  ).releases.find((r) => r.release_id === id);
  if (!entry) throw new Error(`scale site: ${opts.builtIndex} lists no ${id}`);
  index.releases = [...index.releases.filter((r) => r.release_id !== id), entry];
  writeFileSync(join(data, "releases.json"), JSON.stringify(index, null, 1) + "\n");
}

/**
 * Rebuilds the export with the scaled release. BENCH_SCALE_SITE_BUILT=1: the export in outDir already holds
 * this release (a run that stopped after its rebuild); the rebuild's time is then not measured.
 */
function rebuildSite(outDir: string, id: string): { reuse: boolean; siteSeconds: number } {
  const reuse = process.env.BENCH_SCALE_SITE_BUILT === "1" && existsSync(join(outDir, "data", id, "release.json"));
  const started = performance.now();
  if (!reuse) {
    execFileSync("npx", ["next", "build"], { stdio: "inherit" });
    execFileSync("npx", ["tsx", "scripts/first-paint.ts", outDir], { stdio: "inherit" });
    execFileSync("node", ["scripts/precompress.mjs", outDir], { stdio: "inherit" });
  }
  return { reuse, siteSeconds: (performance.now() - started) / 1000 };
}

/** A fresh context: navigation → every leaderboard number visible, and how many there are. */
async function numbersVisible(browser: Browser, base: string, path: string) {
  const selector = '[data-testid="leaderboard"] td[data-col]';
  const number = "^-?\\d+\\.\\d$";
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${base}${path}`, { waitUntil: "commit" });
  const t = await page.evaluate(
    async ([sel, pat]) => {
      const re = new RegExp(pat);
      for (;;) {
        const els = [...document.querySelectorAll(sel)];
        if (els.length > 0 && els.every((e) => re.test(e.textContent ?? ""))) return [performance.now(), els.length];
        await new Promise((r) => requestAnimationFrame(r));
      }
    },
    [selector, number] as const,
  );
  await ctx.close();
  return t;
}

/** With DuckDB-WASM warmed: tick the first repository → "Subset of" shown, and the queries that click ran. */
async function subsetClick(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName("duckdb:warm:done").length > 0, null, {
    timeout: 120_000,
  });
  await page.locator('[data-filter="repositories"] summary').click();
  await page.evaluate(() => {
    const w = window as unknown as { __t0?: number; __t1?: Promise<number> };
    document.addEventListener("click", (e) => (w.__t0 = e.timeStamp), { capture: true, once: true });
    w.__t1 = new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        const el = document.querySelector('[data-testid="scope"]');
        if (el && /Subset of/.test(el.textContent ?? "")) {
          obs.disconnect();
          resolve(performance.now());
        }
      });
      obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  });
  const box = page.locator('[data-filter="repositories"] input[type="checkbox"]').first();
  await box.check();
  return page.evaluate(async () => {
    const w = window as unknown as { __t0: number; __t1: Promise<number> };
    const shown = await w.__t1;
    // The queries the click ran (lib/db/wasm.ts measures each, rows made JavaScript included): first start → last end.
    const runs = performance
      .getEntriesByName("duckdb:query")
      .filter((e) => e.startTime >= w.__t0 && e.startTime + e.duration <= shown);
    const first = Math.min(...runs.map((e) => e.startTime));
    const last = Math.max(...runs.map((e) => e.startTime + e.duration));
    // Each query's first words and time, so a slow click says which query it waited on.
    const each = runs.map((e) => {
      const sql = String((e as PerformanceMeasure).detail ?? "")
        .replace(/\s+/g, " ")
        .trim();
      return `${sql.slice(0, 20)} … ${sql.slice(-44)}: ${e.duration.toFixed(0)} ms`;
    });
    return { shown: shown - w.__t0, queries: runs.length, each, query: runs.length > 0 ? last - first : Number.NaN };
  });
}

/** The same page: the loop over the same task cells, once fetched and parsed (not timed); its first and second run. */
async function loopOverCells(page: Page, id: string, repo: string) {
  return page.evaluate(
    async ([url, repoName]) => {
      const c = (await (await fetch(url)).json()) as Cells;
      const r = c.repos.indexOf(repoName);
      // Two runs through map's callback: a named function here would be wrapped in tsx's `__name`, which the
      // page does not define.
      const [first, again] = [0, 1].map(() => {
        const t0 = performance.now();
        // Per (configuration, condition, task): the mean of resolved over repeats (taskScoresSql's score)…
        const sums = new Map<number, [number, number, number]>();
        const nTasks = 1 << 16;
        for (let i = 0; i < c.config.length; i++) {
          if (c.repo[i] !== r) continue;
          const key = (c.config[i]! * c.conditions.length + c.condition[i]!) * nTasks + c.task[i]!;
          const s = sums.get(key);
          if (s) {
            s[0] += c.resolved[i]!;
            s[1] += 1;
          } else sums.set(key, [c.resolved[i]!, 1, c.group[i]!]);
        }
        // …then per (configuration, condition) and per (configuration, condition, group): the mean over tasks.
        const res = new Map<string, [number, number]>();
        for (const [key, [k, n, g]] of sums) {
          const cc = Math.floor(key / nTasks);
          for (const part of [`${cc}`, `${cc}:${g}`]) {
            const acc = res.get(part) ?? [0, 0];
            acc[0] += k / n;
            acc[1] += 1;
            res.set(part, acc);
          }
        }
        const out = [...res].map(([k, [s, n]]) => [k, (100 * s) / n] as const);
        const t1 = performance.now();
        if (out.length === 0) throw new Error(`no task cell in ${repoName}`);
        return t1 - t0;
      });
      // Its first run is the budget's (like the click's query, it runs once per page); the second is reported.
      return [first!, again!] as const;
    },
    [`/bench-task-cells/${id}.json`, repo] as const,
  );
}

/** Medians over the runs. */
interface ScaleSiteMedians {
  sample: number;
  scaled: number;
  subset: number;
  query: number;
  loop: number;
  loopAgain: number;
}

/** What the runs measured, for the markdown; `last*` and the cell counts are the last run's. */
interface ScaleSiteRuns {
  m: Record<keyof ScaleSiteMedians, number[]>;
  subsetQueries: number;
  lastEach: string[];
  scaledCells: number;
  sampleCells: number;
}

async function measureScaleSite(opts: ScaleSiteOptions, runs: number, repo: string): Promise<ScaleSiteRuns> {
  const { browser, base, id } = opts;
  const out: ScaleSiteRuns = {
    m: { sample: [], scaled: [], subset: [], query: [], loop: [], loopAgain: [] },
    subsetQueries: 0,
    lastEach: [],
    scaledCells: 0,
    sampleCells: 0,
  };
  const { m } = out;
  for (let i = 0; i < runs; i++) {
    const [s, sn] = await numbersVisible(browser, base, "/r/sample/");
    const [x, xn] = await numbersVisible(browser, base, `/r/${id}/`);
    m.sample.push(s!);
    m.scaled.push(x!);
    out.sampleCells = sn!;
    out.scaledCells = xn!;

    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${base}/r/${id}/`);
    await page.waitForLoadState("load");
    const subset = await subsetClick(page);
    // No measured query (a build without lib/db/wasm.ts's measures): NaN, and the query budget fails saying so.
    m.subset.push(subset.shown);
    m.query.push(subset.query);
    out.subsetQueries = subset.queries;
    out.lastEach.splice(0, out.lastEach.length, ...subset.each);
    const [first, again] = await loopOverCells(page, id, repo);
    m.loop.push(first);
    m.loopAgain.push(again);
    await ctx.close();
  }
  return out;
}

function scaleSiteBudgets(md: ScaleSiteMedians, factor: number): Budget[] {
  return [
    {
      name: `scale ×${factor}: leaderboard numbers visible vs the sample's`,
      value: `${(md.scaled / md.sample).toFixed(2)}× (${ms(md.scaled)} / ${ms(md.sample)})`,
      limit: "≤ 1.5×",
      ok: md.scaled <= 1.5 * md.sample,
    },
    {
      name: `scale ×${factor}: warm subset query vs a JavaScript loop over the same task cells`,
      value: `${(md.query / md.loop).toFixed(1)}× (${md.query.toFixed(1)} ms / ${md.loop.toFixed(1)} ms)`,
      limit: "≤ 3×",
      ok: md.query <= 3 * md.loop,
    },
  ];
}

function scaleSiteMarkdown(
  opts: ScaleSiteOptions,
  build: { reuse: boolean; siteSeconds: number },
  runs: number,
  cells: Cells,
  repo: string,
  measured: ScaleSiteRuns,
  md: ScaleSiteMedians,
): string {
  const { id, factor } = opts;
  const { reuse, siteSeconds } = build;
  const { sampleCells, scaledCells, subsetQueries, lastEach } = measured;
  return `### The site at ×${factor}

The scaled release added beside the sample's in public/data and the export rebuilt (\`next build\` + precompress:
${reuse ? "the export of an earlier run, not rebuilt" : `${siteSeconds.toFixed(0)} s`}), served the same way; median of ${runs} fresh contexts, alternated (scripts/bench/scale-site.ts).

| measure | value |
| --- | ---: |
| \`/r/sample/\`: navigation → its ${sampleCells} leaderboard numbers visible | ${ms(md.sample)} |
| \`/r/${id}/\` (${cells.configs.length} configurations, windowed): navigation → the ${scaledCells} numbers of its first paint visible | ${ms(md.scaled)} (${(md.scaled / md.sample).toFixed(2)}×) |
| \`/r/${id}/\`, DuckDB-WASM warmed: tick repository \`${repo}\` → "Subset of" shown | ${ms(md.subset)} |
| … of which the subset's DuckDB-WASM queries (${subsetQueries}, first start → last end, rows made JavaScript included) | ${md.query.toFixed(1)} ms (${(md.query / md.loop).toFixed(1)}× the loop) |
| the same page: a JavaScript loop over the same ${cells.config.length} task cells (per-task scores, then per configuration × condition and × group), its first run | ${md.loop.toFixed(1)} ms |
| … the loop's second run in the page (JIT-compiled; not the budget's) | ${md.loopAgain.toFixed(1)} ms (the queries: ${(md.query / md.loopAgain).toFixed(1)}×) |

The last run's queries: ${lastEach.map((q) => `\`${q}\``).join("; ") || "none"}.

The click runs one query, the subset's resolution; the task scores behind McNemar and the intervals follow it
(lib/queries/leaderboard/model.ts, \`onRates\`) and are not in the measure.
`;
}

export async function benchScaleSite(opts: ScaleSiteOptions): Promise<ScaleSiteBench> {
  const { outDir, built, id, factor } = opts;
  const runs = opts.runs ?? 5;
  installScaledRelease(opts);
  const build = rebuildSite(outDir, id);

  const cells = await taskCells(join(built, "task_cells.parquet"));
  const repo = (await pageModelIn(built, repositoriesPage))[0]!.repo;
  mkdirSync(join(outDir, "bench-task-cells"), { recursive: true });
  writeFileSync(join(outDir, "bench-task-cells", `${id}.json`), JSON.stringify(cells));
  await opts.restartServer();

  const measured = await measureScaleSite(opts, runs, repo);
  const { m } = measured;
  const md: ScaleSiteMedians = {
    sample: median(m.sample),
    scaled: median(m.scaled),
    subset: median(m.subset),
    query: median(m.query),
    loop: median(m.loop),
    loopAgain: median(m.loopAgain),
  };
  return {
    markdown: scaleSiteMarkdown(opts, build, runs, cells, repo, measured, md),
    budgets: scaleSiteBudgets(md, factor),
  };
}
