// Trajectory explorer budgets (issue 5) on a generated 10,000-step, ~50 MB ATIF trajectory served from the
// built export: navigation → first step visible against the same browser's fetch + JSON.parse of that file
// alone (same run, fresh contexts), DOM rows while scrolling end to end, peak JS heap of the page and its
// workers. Called by scripts/bench.ts with its browser and server; `npx tsx scripts/bench-trajectory.ts`
// runs it alone against an existing `out/` and writes docs/performance-trajectory.md.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, CDPSession } from "@playwright/test";
import { launchBenchBrowser } from "./bench/browser";
import { largeTrajectory } from "../e2e/fixtures/trajectories/large";
import { maxOf } from "../lib/common/arrays";
import { median } from "./bench/stats";

const RELEASE = "sample";
const RUN = "bench-10k-steps";
const STEPS = 10_000;
const BYTES = 50_000_000;
const RUNS = 3;

export interface TrajectoryBudget {
  name: string;
  value: string;
  limit: string;
  ok: boolean;
}

export interface TrajectoryBench {
  markdown: string;
  budgets: TrajectoryBudget[];
  metrics: Record<string, number | string>;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => `${Math.round(n)} ms`;

/** JS heap (used) of the page and of every worker it starts, sampled through the DevTools protocol. */
class HeapSampler {
  private readonly sessions = new Map<string, string>();
  private readonly waiting = new Map<number, (v: { usedSize: number }) => void>();
  private seq = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  peak = { main: 0, parseWorker: 0, otherWorkers: 0, total: 0 };

  constructor(private readonly cdp: CDPSession) {
    cdp.on("Target.attachedToTarget", (e) => this.sessions.set(e.sessionId, e.targetInfo.url));
    cdp.on("Target.receivedMessageFromTarget", (e) => {
      const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
      if (m.id !== undefined && m.result) this.waiting.get(m.id)?.(m.result);
    });
  }

  async start(): Promise<void> {
    // flatten: false, so worker sessions are reachable through Target.sendMessageToTarget from this session.
    await this.cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    this.timer = setInterval(() => void this.sample().catch(() => undefined), 100);
  }

  private workerHeap(sessionId: string): Promise<number> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(0), 1000);
      this.waiting.set(id, (r) => {
        clearTimeout(t);
        this.waiting.delete(id);
        resolve(r.usedSize);
      });
      void this.cdp
        .send("Target.sendMessageToTarget", {
          sessionId,
          message: JSON.stringify({ id, method: "Runtime.getHeapUsage" }),
        })
        .catch(() => resolve(0));
    });
  }

  async sample(): Promise<void> {
    const main = (await this.cdp.send("Runtime.getHeapUsage")).usedSize;
    let parse = 0;
    let other = 0;
    for (const [sid, url] of this.sessions) {
      const used = await this.workerHeap(sid);
      if (url.includes("duckdb")) other += used;
      else parse += used;
    }
    const p = this.peak;
    this.peak = {
      main: Math.max(p.main, main),
      parseWorker: Math.max(p.parseWorker, parse),
      otherWorkers: Math.max(p.otherWorkers, other),
      total: Math.max(p.total, main + parse + other),
    };
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sample().catch(() => undefined);
  }
}

async function fetchParseMs(context: BrowserContext, baseUrl: string, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/releases/`);
  const t = await page.evaluate(async (u) => {
    const t0 = performance.now();
    const res = await fetch(u, { cache: "no-store" });
    JSON.parse(await res.text());
    return performance.now() - t0;
  }, url);
  await page.close();
  return t;
}

interface ExplorerRun {
  firstStepMs: number;
  allStepsMs: number;
  maxRows: number;
  lastRowSeen: boolean;
  heap: HeapSampler["peak"];
}

async function explorerRun(context: BrowserContext, baseUrl: string): Promise<ExplorerRun> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const heap = new HeapSampler(cdp);
  await heap.start();
  await page.goto(`${baseUrl}/r/${RELEASE}/run/?id=${RUN}`, { waitUntil: "commit" });
  const firstStepMs = await page.evaluate(async () => {
    // The first step's row in the list, timed from navigation start in the page itself.
    for (;;) {
      if (document.querySelector('[data-testid="step-list"] [data-step="1"]')) return performance.now();
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
  const allStepsMs = await page.evaluate(async (steps) => {
    // Every step listed: the whole file fetched, parsed and read.
    for (;;) {
      const list = document.querySelector('[data-testid="step-list"]');
      if (list && list.getAttribute("data-steps") === String(steps) && !list.hasAttribute("data-partial"))
        return performance.now();
      await new Promise((r) => requestAnimationFrame(r));
    }
  }, STEPS);
  const list = page.getByTestId("step-list");
  const height = await list.evaluate((el) => el.scrollHeight);
  let maxRows = 0;
  for (let i = 0; i <= 60; i++) {
    await list.evaluate((el, top) => (el.scrollTop = top), (height * i) / 60);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    maxRows = Math.max(maxRows, await page.locator('[data-testid="step-list"] [role="option"]').count());
  }
  const lastRowSeen = (await page.locator(`[data-testid="step-list"] [data-step="${STEPS}"]`).count()) === 1;
  await heap.stop();
  await page.close();
  return { firstStepMs, allStepsMs, maxRows, lastRowSeen, heap: heap.peak };
}

export async function benchTrajectory(browser?: Browser, baseUrl?: string, outDir = "out"): Promise<TrajectoryBench> {
  const file = join(outDir, "data", RELEASE, "trajectories", `${RUN}.json`);
  const body = largeTrajectory({ steps: STEPS, bytes: BYTES });
  mkdirSync(join(outDir, "data", RELEASE, "trajectories"), { recursive: true });
  // No .br/.gz beside it: the browser downloads all ~50 MB, as from a server that does not compress.
  writeFileSync(file, body);
  const bytes = Buffer.byteLength(body);
  const url = `/data/${RELEASE}/trajectories/${RUN}.json`;
  const ownBrowser = browser ?? (await launchBenchBrowser());
  const port = 3201;
  const server = baseUrl
    ? null
    : spawn("node", ["scripts/serve.mjs", outDir, "--port", String(port)], { stdio: "ignore" });
  const base = baseUrl ?? `http://localhost:${port}`;
  if (server) await new Promise((r) => setTimeout(r, 800));
  const baseline: number[] = [];
  const runs: ExplorerRun[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const a = await ownBrowser.newContext();
      baseline.push(await fetchParseMs(a, base, url));
      await a.close();
      const b = await ownBrowser.newContext();
      runs.push(await explorerRun(b, base));
      await b.close();
    }
  } finally {
    rmSync(file, { force: true });
    server?.kill();
    if (!browser) await ownBrowser.close();
  }

  const fetchParse = median(baseline);
  const firstStep = median(runs.map((r) => r.firstStepMs));
  const allSteps = median(runs.map((r) => r.allStepsMs));
  const maxRows = maxOf(runs.map((r) => r.maxRows));
  const peak = (k: keyof ExplorerRun["heap"]) => maxOf(runs.map((r) => r.heap[k]));
  const metrics: Record<string, number | string> = {
    file_bytes: bytes,
    steps: STEPS,
    fetch_parse_ms: Math.round(fetchParse),
    first_step_ms: Math.round(firstStep),
    first_step_ratio: Number((firstStep / fetchParse).toFixed(2)),
    all_steps_ms: Math.round(allSteps),
    max_dom_rows: maxRows,
    last_row_reached: runs.every((r) => r.lastRowSeen) ? "yes" : "no",
    peak_heap_main: peak("main"),
    peak_heap_parse_worker: peak("parseWorker"),
    peak_heap_duckdb_worker: peak("otherWorkers"),
    peak_heap_total: peak("total"),
  };
  const budgets: TrajectoryBudget[] = [
    {
      name: "trajectory: first step vs fetch + JSON.parse alone",
      value: `${(firstStep / fetchParse).toFixed(2)}×`,
      limit: "≤ 1.5×",
      ok: firstStep <= 1.5 * fetchParse,
    },
    {
      name: "trajectory: step rows in the DOM while scrolling",
      value: String(maxRows),
      limit: "≤ 200",
      ok: maxRows <= 200 && runs.every((r) => r.lastRowSeen),
    },
    {
      name: "trajectory: peak JS heap (page + workers) vs file size",
      value: `${(peak("total") / bytes).toFixed(2)}×`,
      limit: "< 4×",
      ok: peak("total") < 4 * bytes,
    },
  ];
  const markdown = `## Trajectory explorer (issue 5)

A generated ATIF trajectory (e2e/fixtures/trajectories/large.ts): ${STEPS.toLocaleString("en-US")} steps, ${mb(bytes)}, written
uncompressed into the export as \`/data/${RELEASE}/trajectories/${RUN}.json\` and opened at \`/r/${RELEASE}/run/?id=${RUN}\`.
Median of ${RUNS} runs; each run is a fresh browser context for the baseline, then another for the explorer.
The explorer lists the first steps as soon as the start of the download is in (the parse worker cuts them out of
the text as it streams, lib/trajectory/preview.ts), then every step once the whole file is parsed and read.

| measure | value |
| --- | ---: |
| the same browser: \`fetch\` + \`JSON.parse\` of the file alone | ${ms(fetchParse)} (runs: ${baseline.map(ms).join(", ")}) |
| navigation → first step visible in the explorer | ${ms(firstStep)} (runs: ${runs.map((r) => ms(r.firstStepMs)).join(", ")}) |
| ratio | ${(firstStep / fetchParse).toFixed(2)}× |
| navigation → all ${STEPS.toLocaleString("en-US")} steps listed (whole file parsed and read in the worker) | ${ms(allSteps)} (runs: ${runs.map((r) => ms(r.allStepsMs)).join(", ")}) = ${(allSteps / fetchParse).toFixed(2)}× |
| most step rows in the DOM, scrolling the list end to end in 61 stops | ${maxRows} (last step reached: ${metrics.last_row_reached}) |
| peak JS heap: page | ${mb(peak("main"))} |
| peak JS heap: parse worker | ${mb(peak("parseWorker"))} |
| peak JS heap: DuckDB-WASM worker (none since the run's verdict and tags come from static files, issue 19; kept to show it stays so) | ${mb(peak("otherWorkers"))} |
| peak JS heap: all together (sampled every 100 ms through the DevTools protocol) | ${mb(peak("total"))} = ${(peak("total") / bytes).toFixed(2)}× the file |
`;
  return { markdown, budgets, metrics };
}

// Alone: `npx tsx scripts/bench-trajectory.ts` (after `npm run build`; BENCH_OUT names another export).
if (process.argv[1]?.endsWith("bench-trajectory.ts")) {
  benchTrajectory(undefined, undefined, process.env.BENCH_OUT ?? "out")
    .then((r) => {
      const rows = r.budgets
        .map((b) => `| ${b.name} | ${b.value} | ${b.limit} | ${b.ok ? "pass" : "**FAIL**"} |`)
        .join("\n");
      const doc = `# Performance: trajectory explorer\n\nWritten by \`npx tsx scripts/bench-trajectory.ts\` on ${new Date().toISOString().slice(0, 10)}, ${process.platform} ${process.arch}, Node ${process.version}.\n\n| budget | measured | limit | |\n| --- | ---: | ---: | --- |\n${rows}\n\n${r.markdown}`;
      writeFileSync("docs/performance-trajectory.md", doc);
      console.log(doc);
      if (r.budgets.some((b) => !b.ok)) process.exit(1);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
