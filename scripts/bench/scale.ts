// Issue 19's scale budgets (`npm run bench -- --steps scale`, BENCH_SCALE_FACTOR=N, default 100): the data
// build of the sample and of `npm run data:scale -- --factor N` in the same run (time and peak resident memory
// through /usr/bin/time), the validator on the scaled release, runs per second, and the sizes of the scaled
// release's page models and Arrow tables. The limits are the issue's at N = 100 (build ≤ 120× the sample's time,
// i.e. ≤ 1.2 N×, peak RSS ≤ 8 GB); docs/scale.md reads its numbers from here. Then the site with the scaled
// release (scripts/bench/scale-site.ts; BENCH_SCALE_SITE=0 skips it): the leaderboard's numbers against the
// sample's, and a warm subset query against a plain JavaScript loop over the same task cells.
import { execFileSync, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { pushAll } from "../../lib/common/arrays";
import { answerSpace } from "../../lib/db/answers";
import { PAGES } from "../../lib/queries/pages";
import { PASS_FULL_ROW } from "./pass";
import { benchScaleSite } from "./scale-site";
import { benchScaleStatistics } from "./scale-stats";
import type { Budget } from "./speed";

const OUT = "/tmp/switch-swe-bench-scale";
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const gb = (kbytes: number) => `${(kbytes / 1024 / 1024).toFixed(2)} GB`;

interface Timed {
  seconds: number;
  maxRssKb: number;
  status: number;
  tail: string;
}

/** Runs a command under /usr/bin/time -v: wall seconds and peak resident set size of the whole process tree's largest. */
function timed(cmd: string[], env: Record<string, string> = {}): Timed {
  const r = spawnSync("/usr/bin/time", ["-v", ...cmd], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const err = r.stderr ?? "";
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(err);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  const seconds = wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : Number.NaN;
  return {
    seconds,
    maxRssKb: rss ? Number(rss[1]) : Number.NaN,
    status: r.status ?? -1,
    tail: `${r.stdout ?? ""}\n${err}`.split("\n").slice(-12).join("\n"),
  };
}

function filesOf(dir: string, pick: (name: string) => boolean): { name: string; bytes: number }[] {
  return readdirSync(dir)
    .filter(pick)
    .sort()
    .map((name) => ({ name, bytes: statSync(join(dir, name)).size }));
}

/** Non-empty lines, read 16 MB at a time: runs.jsonl at 100× is past V8's longest string. */
function countLines(file: string): number {
  const fd = openSync(file, "r");
  const buf = Buffer.alloc(1 << 24);
  let lines = 0;
  let last = 0x0a;
  try {
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
      for (let i = 0; i < n; i++) {
        if (buf[i] === 0x0a && last !== 0x0a) lines++;
        last = buf[i]!;
      }
    }
  } finally {
    closeSync(fd);
  }
  return last === 0x0a ? lines : lines + 1;
}

const SCALE_DOC = "docs/scale.md";
const PERF_DOC = "docs/performance.md";

/** The trajectory pass's full run as docs/performance.md last recorded it (scripts/bench/pass.ts), if there. */
function lastRecordedPass(): { runs: number; seconds: number } | null {
  if (!existsSync(PERF_DOC)) return null;
  const m = new RegExp(`^\\| ${PASS_FULL_ROW} \\| (\\d+) \\| \\d+ \\| \\d+ \\| ([\\d.]+) s \\|`, "m").exec(
    readFileSync(PERF_DOC, "utf8"),
  );
  return m ? { runs: Number(m[1]), seconds: Number(m[2]) } : null;
}
const BLOCK = /<!-- bench:scale -->[^]*<!-- \/bench:scale -->/;

/** `pass`: the trajectory pass's full run over the sample in the same bench run (scripts/bench/pass.ts), if it ran. */
export interface ScaleSite {
  browser: Browser;
  base: string;
  outDir: string;
  restartServer: () => Promise<void>;
}

export async function benchScale(
  pass: { runs: number; ms: number } | null,
  site: ScaleSite | null = null,
): Promise<{ markdown: string; budgets: Budget[] }> {
  const factor = Number(process.env.BENCH_SCALE_FACTOR ?? "100");
  const scaleDir = join("data", "scale", `sample-x${factor}`);
  rmSync(OUT, { recursive: true, force: true });
  // The sample's build alone, measured the same way in the same run (its trajectories already generated).
  const sample = timed(["npx", "tsx", "scripts/build-data.ts"], {
    DATA_RELEASES: "data/releases",
    DATA_OUT: join(OUT, "sample"),
  });
  if (sample.status !== 0) throw new Error(`sample build failed:\n${sample.tail}`);
  if (!existsSync(join(scaleDir, "runs.jsonl")))
    execFileSync("npx", ["tsx", "scripts/generate-scale.ts", "--factor", String(factor), "--out", scaleDir], {
      stdio: "inherit",
    });
  const runs = countLines(join(scaleDir, "runs.jsonl"));
  const configs = countLines(join(scaleDir, "configs.jsonl"));
  const validate = timed(["npx", "tsx", "scripts/validate-release.ts", scaleDir]);
  const build = timed(["npx", "tsx", "scripts/build-data.ts"], {
    // This release alone: data/scale/ may hold releases of other factors.
    DATA_RELEASES: scaleDir,
    DATA_OUT: join(OUT, "scale"),
  });
  if (build.status !== 0) throw new Error(`scale build failed:\n${build.tail}`);
  const built = join(OUT, "scale", `sample-x${factor}`);
  // Each page model's answer (lib/queries/pages.ts): one key, so one shard per space.
  const json = PAGES.flatMap((p) => (p.model ? [`answers/${answerSpace(p.model)}`] : [])).flatMap((space) =>
    filesOf(join(built, space), () => true).map((f) => ({ ...f, name: `${space}/${f.name}` })),
  );
  const arrow = filesOf(built, (n) => n.endsWith(".arrow"));
  const runAnswerFiles = readdirSync(join(built, "answers", "run")).length;
  const sampleRunsPerS = 4398 / sample.seconds;
  const limitS = 1.2 * factor * sample.seconds;
  const budgets: Budget[] = [
    {
      name: `scale ×${factor}: data build time vs the sample's`,
      value: `${(build.seconds / sample.seconds).toFixed(1)}× (${build.seconds.toFixed(0)} s)`,
      limit: `≤ ${(1.2 * factor).toFixed(0)}×`,
      ok: build.seconds <= limitS,
    },
    {
      name: `scale ×${factor}: data build peak resident memory`,
      value: gb(build.maxRssKb),
      limit: "≤ 8 GB",
      ok: build.maxRssKb <= 8 * 1024 * 1024,
    },
    {
      name: `scale ×${factor}: the validator finishes`,
      value: `exit ${validate.status} in ${validate.seconds.toFixed(0)} s, ${gb(validate.maxRssKb)}`,
      limit: "exit 0 (warnings only)",
      ok: validate.status === 0,
    },
  ];
  const statistics = await benchScaleStatistics(built, build.seconds, factor);
  pushAll(budgets, statistics.budgets);
  const siteBench =
    site && process.env.BENCH_SCALE_SITE !== "0"
      ? await benchScaleSite({
          ...site,
          built,
          builtIndex: join(OUT, "scale", "releases.json"),
          id: `sample-x${factor}`,
          factor,
        })
      : null;
  if (siteBench) pushAll(budgets, siteBench.budgets);
  const markdown = `## Scale: ${factor}× the sample (issue 19)

\`npm run data:scale -- --factor ${factor}\` (SYNTHETIC: ${configs} configurations, ${runs} runs over the sample's 400 sessions; only
copy 0 has trajectories, 4,398 runs), then the data build and the validator under \`/usr/bin/time -v\`, with the sample's own
build measured the same way in the same run (scripts/bench/scale.ts).

| measure | sample | ×${factor} |
| --- | ---: | ---: |
| data build, wall | ${sample.seconds.toFixed(1)} s | ${build.seconds.toFixed(1)} s (${(build.seconds / sample.seconds).toFixed(1)}×) |
| data build, peak resident memory | ${gb(sample.maxRssKb)} | ${gb(build.maxRssKb)} |
| runs per second through the build | ${sampleRunsPerS.toFixed(0)} | ${(runs / build.seconds).toFixed(0)} |
| validator (\`npm run data:validate\`) | | exit ${validate.status}, ${validate.seconds.toFixed(1)} s, ${gb(validate.maxRssKb)} |
| answer shards of the run space written | | ${runAnswerFiles} |

Page models of the ×${factor} release (their answer files): ${json.map((f) => `${f.name} ${mb(f.bytes)}`).join(", ")}.

Arrow tables of the ×${factor} release: ${arrow.map((f) => `${f.name} ${mb(f.bytes)}`).join(", ")}.

${statistics.markdown}
${siteBench ? siteBench.markdown : "The site at this size was not measured in this run (BENCH_SCALE_SITE=0).\n"}`;
  // Without `pass` in this run, the trajectory throughput is the pass step's last recorded full run (its row in
  // docs/performance.md), said as such: the limit stays measured rather than blanked.
  const passRow = pass ? null : lastRecordedPass();
  const passCell = pass
    ? `${(pass.runs / (pass.ms / 1000)).toFixed(0)} trajectories/s (${pass.runs} in ${(pass.ms / 1000).toFixed(1)} s)`
    : passRow
      ? `${(passRow.runs / passRow.seconds).toFixed(0)} trajectories/s (${passRow.runs} in ${passRow.seconds.toFixed(1)} s; the pass step's last run, ${PERF_DOC})`
      : "**not measured: add `pass` to BENCH_ONLY**";
  // docs/scale.md's measured limits, replaced between its markers (never typed by hand).
  const limits = `<!-- bench:scale -->
Measured by \`BENCH_ONLY=${pass ? "pass," : ""}scale npm run bench\` on ${new Date().toISOString().slice(0, 10)} (2 shared cores; scripts/bench/scale.ts), ${factor}× the sample:

| limit on this machine | value |
| --- | ---: |
| runs per second through the data build (validate, flatten, DuckDB, Arrow + Parquet + Hive Parquet, answers) | ${(runs / build.seconds).toFixed(0)} runs/s (${runs} runs in ${build.seconds.toFixed(0)} s) |
| peak resident memory of that build | ${gb(build.maxRssKb)} |
| trajectories per second through the analysis (the build's trajectory pass) | ${passCell} |
| validator on the same release | ${validate.seconds.toFixed(0)} s, ${gb(validate.maxRssKb)} |
<!-- /bench:scale -->`;
  if (existsSync(SCALE_DOC)) writeFileSync(SCALE_DOC, readFileSync(SCALE_DOC, "utf8").replace(BLOCK, limits));
  return { markdown, budgets };
}
