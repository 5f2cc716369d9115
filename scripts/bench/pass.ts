// The build's trajectory pass over the sample (issue 13's budgets): time and throughput over every trajectory,
// peak resident memory at 10 % and at 100 % of them (flat memory: within 1.3× of each other), and a rebuild
// with nothing changed analysing nothing. Each run is its own process (pass-run.ts).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { PassStats } from "../build/trajectory-pass/pass";

export interface PassRun extends PassStats {
  rssBeforeKb: number;
  maxRssKb: number;
  /** CPU time of all the process's threads during the pass. */
  cpuMs: number;
}

export interface PassBench {
  /** 1-minute load average before the full run. */
  load: number;
  tenth: PassRun;
  full: PassRun;
  rebuild: PassRun;
}

function run(dir: string, share: number, cache: string): PassRun {
  const out = execFileSync("npx", ["tsx", "scripts/bench/pass-run.ts", dir, String(share), cache], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as PassRun;
}

export function benchPass(dir = "data/releases/sample"): PassBench {
  const cache = mkdtempSync(join(tmpdir(), "bench-pass-cache-"));
  try {
    const tenth = run(dir, 0.1, "off");
    const load = loadavg()[0]!;
    const full = run(dir, 1, cache);
    const rebuild = run(dir, 1, cache);
    return { load, tenth, full, rebuild };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

const mbs = (r: PassRun) => r.bytes / 1e6 / (r.ms / 1000);

/** The full run's row label in docs/performance.md: scripts/bench/scale.ts reads it back when `pass` did not run. */
export const PASS_FULL_ROW = "all, empty cache";

export function passSection(p: PassBench): string {
  const row = (name: string, r: PassRun) =>
    `| ${name} | ${r.runs} | ${r.analyzed} | ${r.cached} | ${(r.ms / 1000).toFixed(1)} s | ${(r.cpuMs / 1000).toFixed(1)} s | ${(r.bytes / 1e6).toFixed(1)} MB | ${mbs(r).toFixed(1)} MB/s | ${(r.maxRssKb / 1024).toFixed(0)} MB |`;
  return `## Trajectory pass (issue 13)

The data build's one pass over the sample's trajectories (scripts/build/trajectory-pass/: two worker threads,
the viewer's reader and detectors), each line its own process. Peak resident memory is the process's (main
thread, both workers and the build's DuckDB with the release tables loaded: ${(p.full.rssBeforeKb / 1024).toFixed(0)} MB before the pass).
CPU is the process's CPU time over all its threads (on 2 cores, the least wall time is about half of it);
load average when the full run started: ${p.load.toFixed(1)}.

| run | trajectories | analysed | from cache | time | CPU | JSON read | throughput | peak RSS |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${row("10 % of the trajectories, no cache", p.tenth)}
${row(PASS_FULL_ROW, p.full)}
${row("all again, nothing changed", p.rebuild)}

Rows written: ${Object.entries(p.full.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ")}.
`;
}

export function passBudgets(p: PassBench) {
  const ratio = p.full.maxRssKb / p.tenth.maxRssKb;
  return [
    {
      name: "trajectory pass over all of the sample's trajectories",
      value: `${(p.full.ms / 1000).toFixed(1)} s (${mbs(p.full).toFixed(1)} MB/s; CPU ${(p.full.cpuMs / 1000).toFixed(1)} s; load ${p.load.toFixed(1)})`,
      limit: "≤ 60 s",
      ok: p.full.ms <= 60_000,
    },
    {
      name: "trajectory pass peak RSS, 100 % vs 10 % of trajectories",
      value: `${ratio.toFixed(2)}×`,
      limit: "≤ 1.3×",
      ok: ratio <= 1.3,
    },
    {
      name: "rebuild with nothing changed: trajectories analysed",
      value: String(p.rebuild.analyzed),
      limit: "0",
      ok: p.rebuild.analyzed === 0,
    },
  ];
}
