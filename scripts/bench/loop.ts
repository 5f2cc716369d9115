// The loop a contributor waits on (issue 46): the last `npm test`'s wall time and phases (scripts/test.ts writes
// .cache/test-times.json at its end) and a fresh clone's `npm ci && npm start` timed to the first 200 on `/`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Budget } from "./steps";
import { clock, readTestTimes, TEST_TIMES, type TestTimes } from "../test-times";

const SUITE_LIMIT_S = 12 * 60;
const START_LIMIT_S = 4 * 60;

async function firstOk(url: string, child: ChildProcess, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until && child.exitCode === null) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

/** A clone of HEAD, `npm ci`, then `npm start` until `/` answers 200; the clone is removed afterwards. */
async function timeFreshStart(port: number): Promise<{ ciSeconds: number; totalSeconds: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-start-"));
  try {
    execFileSync("git", ["clone", "--quiet", ".", dir]);
    const started = performance.now();
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--silent"], { cwd: dir, stdio: "inherit" });
    const ciSeconds = (performance.now() - started) / 1000;
    // Its own process group, so that the server and its compressing child end with it.
    const child = spawn("npm", ["start"], {
      cwd: dir,
      detached: true,
      stdio: "ignore",
      env: { ...process.env, PORT: String(port) },
    });
    try {
      const ok = await firstOk(`http://localhost:${port}/`, child, 3 * START_LIMIT_S * 1000);
      return { ciSeconds, totalSeconds: ok ? (performance.now() - started) / 1000 : null };
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function suiteSection(run: TestTimes | null): string {
  if (!run) return `No record of \`npm test\` in ${TEST_TIMES}: run it (quietly) before this step.`;
  const rows = run.phases.map((p) => `| ${p.ok ? "" : "✗ "}${p.name} | ${clock(p.seconds)} |`).join("\n");
  return `The last \`npm test\` (${run.at.slice(0, 16).replace("T", " ")} UTC, load average ${run.load.start.toFixed(1)} at
its start and ${run.load.end.toFixed(1)} at its end), from ${TEST_TIMES}:

| phase | m:ss |
| --- | ---: |
${rows}
| **wall** | **${clock(run.wall_s)}** |`;
}

export async function benchLoop(port: number): Promise<{ markdown: string; budgets: Budget[] }> {
  const run = readTestTimes();
  const start = await timeFreshStart(port);
  const total = start.totalSeconds;
  const markdown = `## The contributor's loop (issue 46)

${suiteSection(run)}

A fresh clone of HEAD: \`npm ci\` ${clock(start.ciSeconds)}, then \`npm start\` until \`/\` answers 200: ${total === null ? "**no answer**" : `${clock(total)} from the clone`} (npm's package cache warm, as on a contributor's machine after their first install).
`;
  const budgets: Budget[] = [
    {
      name: "npm test wall time (last run)",
      value: run ? clock(run.wall_s) : "no record",
      limit: `≤ ${clock(SUITE_LIMIT_S)}`,
      ok: run !== null && run.wall_s <= SUITE_LIMIT_S && run.phases.every((p) => p.ok),
    },
    {
      name: "fresh clone npm ci && npm start → first 200 on /",
      value: total === null ? "no answer" : clock(total),
      limit: `≤ ${clock(START_LIMIT_S)}`,
      ok: total !== null && total <= START_LIMIT_S,
    },
  ];
  return { markdown, budgets };
}
