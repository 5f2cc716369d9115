// `npm run bench`: builds the site with the bundled releases, serves the export on a local port, measures in
// headless Chromium, writes docs/performance.md and exits 1 when a budget named in an issue is missed.
// Numbers come from this script only; no test is timed. `npm run bench -- --only <step>[,<step>]` runs some
// steps alone (see onlySteps).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { benchData, type DataBench } from "./bench/data";
import { benchLeaderboard, type LeaderboardBench } from "./bench/leaderboard";
import { benchArchiveRun, exportStats, BENCH_RUN, type ArchiveRunBench, type ExportStats } from "./bench/archives";
import { ACCURACY_FILE, benchDetectorSets } from "./bench/detectors";
import { detectorsMarkdown } from "./bench/detectors-doc";
import { writeAccuracyFile } from "./bench/accuracy-file";
import { pushAll } from "../lib/common/arrays";
import { benchPass, passBudgets, passSection } from "./bench/pass";
import { benchSpeed, SPEED_RETIRED_BUDGETS } from "./bench/speed";
import { benchScale } from "./bench/scale";
import { mergeDoc } from "./bench/steps";
import { benchSearch, SEARCH_RETIRED_BUDGETS } from "./bench/search";
import { launchBenchBrowser } from "./bench/browser";
import { benchLoop } from "./bench/loop";
import { benchFormats } from "./bench/formats";

// BENCH_PORT: engineers sharing a machine each bench on their own port.
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;

interface Budget {
  name: string;
  value: string;
  limit: string;
  ok: boolean;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const ms = (n: number) => `${Math.round(n)} ms`;

function dataSection(d: DataBench): string {
  const rows = d.tables
    .map((t) => `| ${t.name} | ${t.rows} | ${kb(t.arrow)} | ${kb(t.arrowGzip)} | ${kb(t.parquet)} |`)
    .join("\n");
  return `## Data build (issue 2)

\`npm run data\` on the bundled releases (generate the sample's trajectories when absent, validate and read every
trajectory, flatten, DuckDB in Node, Arrow IPC + Parquet, answers): ${d.buildSeconds.map((s, i) => `${s.toFixed(1)} s${i === 0 ? " (from a fresh checkout's state: trajectories generated)" : " (trajectories already generated)"}`).join(", ")};
output byte-identical across runs: **${d.identical ? "yes" : "NO"}**.
Whole output for the release: ${mb(d.totalBytes)}; trajectories: ${d.trajectories.files} files, ${mb(d.trajectories.bytes)}.

| table | rows | Arrow IPC | Arrow gzip | Parquet (zstd) |
| --- | ---: | ---: | ---: | ---: |
${rows}
`;
}

function leaderboardSection(l: LeaderboardBench): string {
  return `## Leaderboard (issue 3)

Median of 5 fresh browser contexts, Debian Chromium headless, the export served by scripts/serve.mjs on localhost.

| measure | value |
| --- | ---: |
| JS loaded before interaction on \`/\` (gzip, ${l.jsFiles} files) | ${kb(l.jsGzipBytes)} |
| for reference, no budget: JS the idle-time DuckDB-WASM warm-up fetches after that (gzip, ${l.warmJsFiles} files) | ${kb(l.warmJsGzipBytes)} |
| navigation → all ${l.cells} leaderboard numbers visible | ${ms(l.numbersVisibleMs)} |
| interaction (tick a second repository; one alone is a build file) → first DuckDB-WASM result | ${ms(l.firstQueryMs)} |
| the same browser starting DuckDB-WASM alone (download + instantiate + open, /diagnostics/) | ${ms(l.duckdbStartMs)} |
| the same without DuckDB's connect (download + instantiate only) | ${ms(l.duckdbInstantiateMs)} |
| for reference: \`WebAssembly.compileStreaming\` of the same wasm, no DuckDB | ${ms(l.wasmDownloadCompileMs)} |
| ratio first result / DuckDB start alone (the budget) | ${(l.firstQueryMs / l.duckdbStartMs).toFixed(2)}× |
| ratio first result / download + instantiate only (stricter reading) | ${(l.firstQueryMs / l.duckdbInstantiateMs).toFixed(2)}× |

Where the first result's time goes (medians, ms after the click, from lib/db/wasm.ts's \`duckdb:*\` performance marks):
${Object.entries(l.firstQueryPhases)
  .map(([k, v]) => `${k} ${Math.round(v)}`)
  .join(" → ")}. The subset query reads only the derived
\`task_cells\` table (docs/architecture.md), fetched while DuckDB-WASM starts.
`;
}

function archivesSection(e: ExportStats, a: ArchiveRunBench): string {
  return `## Release-scale trajectories (issue 12)

The static export: **${e.files} files** (static hosts cap it at 10,000 or 20,000); largest files ${e.largest.map((f) => `\`${f.path}\` ${mb(f.bytes)}`).join(", ")};
largest trajectory archive \`${e.largestArchive.path}\` ${mb(e.largestArchive.bytes)} (≤ 20 MB).

One run, \`${BENCH_RUN}\`, median of 5 fresh contexts each, alternated, same browser and server:

| measure | value |
| --- | ---: |
| navigation → first step, read from its archive by range | ${ms(a.archiveFirstStepMs)} |
| navigation → first step, the same trajectory served as a plain .json file, same viewer | ${ms(a.plainFirstStepMs)} |
| ratio archive / plain file (the budget) | ${(a.archiveFirstStepMs / a.plainFirstStepMs).toFixed(2)}× |
| for reference: fetch + JSON.parse of that plain file alone, in a loaded page | ${ms(a.fetchParseMs)} |
| bytes the archive run transferred (${a.requests} range requests, bodies) | ${kb(a.bytes)} |
| its compressed entry / inflated / the archive's central directory + end record | ${kb(a.entryCompressed)} / ${kb(a.entryInflated)} / ${kb(a.directoryBytes)} |
| the whole archive | ${mb(a.archiveBytes)} (the run read ${((100 * a.bytes) / a.archiveBytes).toFixed(1)}% of it) |

"fetch + JSON.parse of the same trajectory as a plain file" is read here as that file opened by the same viewer
(navigation to first step in both): a navigation to the explorer costs its page, its scripts and its worker
whatever the file's form, so what the archive adds is the ratio of the two. The bare fetch + parse is listed for
reference.
`;
}

/**
 * Detector accuracy (issue 13) on the sample's planted forms and on the independent planted set:
 * docs/detectors.md, both sets in data/detector-accuracy.json, and the budgets of each set.
 */
async function detectorStep(): Promise<Budget[]> {
  const d = await benchDetectorSets();
  const markdown = detectorsMarkdown(d);
  writeFileSync("docs/detectors.md", markdown);
  writeAccuracyFile(ACCURACY_FILE, d.sample.accuracy, d.independent.accuracy);
  console.log(markdown);
  return d.budgets;
}

const STEP_NAMES = [
  "loop",
  "detectors",
  "formats",
  "pass",
  "data",
  "archives",
  "leaderboard",
  "trajectory",
  "speed",
  "scale",
  "search",
];

/**
 * `npm run bench -- --only pass,detectors` (or BENCH_ONLY=pass,detectors) runs just those steps and merges
 * their sections and budget rows into docs/performance.md (scripts/bench/steps.ts); a whole run rewrites it.
 * `scale` builds a release BENCH_SCALE_FACTOR (default 100) times the sample: long.
 */
function onlySteps(): Set<string> {
  const i = process.argv.indexOf("--only");
  const list = (i >= 0 ? (process.argv[i + 1] ?? "") : (process.env.BENCH_ONLY ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of list)
    if (!STEP_NAMES.includes(name)) throw new Error(`--only ${name}: unknown step (steps: ${STEP_NAMES.join(", ")})`);
  return new Set(list);
}

const ONLY = onlySteps();
const want = (step: string) => ONLY.size === 0 || ONLY.has(step);

/** A step's section goes to the document, its budget rows to the table. */
function addSection(step: { markdown: string; budgets: Budget[] }, extra: string[], budgets: Budget[]): void {
  extra.push(step.markdown);
  pushAll(budgets, step.budgets);
}

/** The steps that need neither the built site nor a browser; returns the pass step's full run, for scale. */
async function offlineSteps(extra: string[], budgets: Budget[]): Promise<{ runs: number; ms: number } | null> {
  if (want("loop")) addSection(await benchLoop(PORT + 1), extra, budgets);
  if (want("detectors")) pushAll(budgets, await detectorStep());
  if (want("formats")) addSection(await benchFormats(), extra, budgets);
  if (!want("pass")) return null;
  const pass = benchPass();
  extra.push(passSection(pass));
  pushAll(budgets, passBudgets(pass));
  return pass.full;
}

/** The steps that need the built site, served. */
const SITE_STEPS = ["data", "archives", "leaderboard", "trajectory", "speed", "scale", "search"];

/** The export served on PORT; the scale step rebuilds the export, and the server lists its files when it starts. */
class SiteServer {
  private child: ChildProcess | null = null;

  async start(): Promise<void> {
    this.child = spawn("node", ["scripts/serve.mjs", "out", "--port", String(PORT)], { stdio: "ignore" });
    await new Promise((r) => setTimeout(r, 800));
  }

  /** An arrow, so the scale step can call it on its own. */
  readonly restart = async (): Promise<void> => {
    const old = this.child!;
    if (old.exitCode === null && old.signalCode === null)
      await new Promise<void>((resolve) => {
        old.once("exit", () => resolve());
        old.kill();
      });
    await this.start();
  };

  kill(): void {
    this.child?.kill();
  }
}

function dataBudget(data: DataBench): Budget {
  return {
    name: "npm run data incl. trajectory generation (fresh)",
    value: `${data.buildSeconds[0]!.toFixed(1)} s`,
    limit: "≤ 180 s",
    ok: data.buildSeconds[0]! <= 180,
  };
}

function archiveBudgets(exported: ExportStats, archiveRun: ArchiveRunBench): Budget[] {
  return [
    {
      name: "static export file count",
      value: String(exported.files),
      limit: "< 10,000",
      ok: exported.files < 10_000,
    },
    {
      name: "largest trajectory archive",
      value: mb(exported.largestArchive.bytes),
      limit: "≤ 20 MB",
      ok: exported.largestArchive.bytes <= 20 * 1024 * 1024,
    },
    {
      name: "run from archive vs plain file, navigation → first step",
      value: `${(archiveRun.archiveFirstStepMs / archiveRun.plainFirstStepMs).toFixed(2)}×`,
      limit: "≤ 1.5×",
      ok: archiveRun.archiveFirstStepMs <= 1.5 * archiveRun.plainFirstStepMs,
    },
    {
      name: "bytes for one archived run",
      value: kb(archiveRun.bytes),
      limit: `≤ 2 × entry + directory = ${kb(2 * archiveRun.entryCompressed + archiveRun.directoryBytes)}`,
      ok: archiveRun.bytes <= 2 * archiveRun.entryCompressed + archiveRun.directoryBytes,
    },
  ];
}

function leaderboardBudgets(lb: LeaderboardBench): Budget[] {
  return [
    {
      name: "JS before interaction on / (gzip)",
      value: kb(lb.jsGzipBytes),
      limit: "≤ 180 KB",
      ok: lb.jsGzipBytes <= 180 * 1024,
    },
    { name: "numbers visible", value: ms(lb.numbersVisibleMs), limit: "≤ 500 ms", ok: lb.numbersVisibleMs <= 500 },
    {
      name: "first query vs DuckDB-WASM start alone",
      value: `${(lb.firstQueryMs / lb.duckdbStartMs).toFixed(2)}×`,
      limit: "≤ 1.3×",
      ok: lb.firstQueryMs <= 1.3 * lb.duckdbStartMs,
    },
  ];
}

type BenchBrowser = Awaited<ReturnType<typeof launchBenchBrowser>>;

/** The trajectory explorer's benchmark (issue 5) adds its own section and budgets when present. */
async function trajectoryStep(browser: BenchBrowser, extra: string[], budgets: Budget[]): Promise<void> {
  const path = "./bench-trajectory";
  const mod = (await import(path)) as { benchTrajectory?: (b: typeof browser, base: string) => Promise<unknown> };
  const t = mod.benchTrajectory ? await mod.benchTrajectory(browser, BASE) : null;
  if (t && typeof t === "object" && "markdown" in t) {
    const section = t as { markdown: string; budgets?: Budget[] };
    extra.push(section.markdown);
    pushAll(budgets, section.budgets ?? []);
  } else if (t && typeof t === "object") {
    extra.push(
      `## Trajectory explorer (issue 5)\n\n| measure | value |\n| --- | ---: |\n${Object.entries(t)
        .map(([k, v]) => `| ${k} | ${v} |`)
        .join("\n")}\n`,
    );
  }
}

/** The steps measured in the browser against the served export, in their order; returns the leaderboard's. */
async function browserSteps(
  browser: BenchBrowser,
  server: SiteServer,
  passRun: { runs: number; ms: number } | null,
  extra: string[],
  budgets: Budget[],
): Promise<LeaderboardBench | null> {
  let lb: LeaderboardBench | null = null;
  if (want("archives")) {
    const exported = exportStats("out");
    const archiveRun = await benchArchiveRun(browser, BASE, "out");
    extra.push(archivesSection(exported, archiveRun));
    pushAll(budgets, archiveBudgets(exported, archiveRun));
  }
  if (want("leaderboard")) {
    lb = await benchLeaderboard(browser, BASE, "out");
    pushAll(budgets, leaderboardBudgets(lb));
  }
  if (want("speed")) addSection(await benchSpeed(browser, BASE, "out"), extra, budgets);
  if (want("scale"))
    addSection(
      await benchScale(passRun, { browser, base: BASE, outDir: "out", restartServer: server.restart }),
      extra,
      budgets,
    );
  if (want("search")) addSection(await benchSearch(browser, BASE, "out"), extra, budgets);
  if (want("trajectory") && existsSync("scripts/bench-trajectory.ts")) await trajectoryStep(browser, extra, budgets);
  return lb;
}

async function main(): Promise<void> {
  const extra: string[] = [];
  const budgets: Budget[] = [];
  const passRun = await offlineSteps(extra, budgets);
  if (ONLY.size > 0 && !SITE_STEPS.some((s) => ONLY.has(s))) return finish(null, null, extra, budgets);
  const data = want("data") ? benchData() : null;
  if (!existsSync("out/index.html") || process.env.BENCH_REBUILD !== "0") {
    execFileSync("npm", ["run", "--silent", "build"], {
      stdio: "inherit",
      env: { ...process.env, DATA_RELEASES: "data/releases" },
    });
  }
  const server = new SiteServer();
  await server.start();
  const browser = await launchBenchBrowser();
  let lb: LeaderboardBench | null;
  try {
    if (data) budgets.push(dataBudget(data));
    lb = await browserSteps(browser, server, passRun, extra, budgets);
  } finally {
    await browser.close();
    server.kill();
  }
  finish(data, lb, extra, budgets);
}

function finish(data: DataBench | null, lb: LeaderboardBench | null, extra: string[], budgets: Budget[]) {
  const machine = `${process.platform} ${process.arch}, Node ${process.version}, 2 cores`;
  if (ONLY.size > 0) {
    const sections = [...(data ? [dataSection(data)] : []), ...(lb ? [leaderboardSection(lb)] : []), ...extra];
    if (existsSync("docs/performance.md"))
      writeFileSync(
        "docs/performance.md",
        mergeDoc(readFileSync("docs/performance.md", "utf8"), budgets, sections, [
          ...(want("speed") ? SPEED_RETIRED_BUDGETS : []),
          ...(want("search") ? SEARCH_RETIRED_BUDGETS : []),
        ]),
      );
    console.log(sections.join("\n"));
    for (const b of budgets) console.log(`${b.ok ? "pass" : "FAIL"}  ${b.name}: ${b.value} (${b.limit})`);
    if (budgets.some((b) => !b.ok)) process.exit(1);
    return;
  }
  const budgetRows = budgets
    .map((b) => `| ${b.name} | ${b.value} | ${b.limit} | ${b.ok ? "pass" : "**FAIL**"} |`)
    .join("\n");
  const doc = `# Performance

Written by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}, ${machine}.
Re-run it to refresh every number here; nothing in this file is typed by hand.

## Budgets

| budget | measured | limit | |
| --- | ---: | ---: | --- |
${budgetRows}

${data ? dataSection(data) : ""}
${lb ? leaderboardSection(lb) : ""}
${extra.join("\n")}`;
  if (ONLY.size === 0) writeFileSync("docs/performance.md", doc);
  console.log(doc);
  if (budgets.some((b) => !b.ok)) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
