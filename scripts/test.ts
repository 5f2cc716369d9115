// `npm test`: every check the project has, in as little wall time as two cores allow, with each phase's time
// printed at the end and written to .cache/test-times.json (the bench records the last quiet run's times in
// docs/performance.md). Two lanes share the machine: the checks that need no data (lint, format, knip, typecheck)
// and then the unit tests, beside the sample's trajectories and the test build; last, the browser tests against
// that build (docs/testing.md says why this order). The unit tests and the build both read the sample's generated
// trajectories, so the unit tests start only once the other lane has written them.
// Usage: npm test [-- --no-e2e]
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { clock, writeTestTimes, type TimedPhase } from "./test-times";

interface Phase {
  name: string;
  /** An npm script, or a command and its arguments. */
  run: string[];
  /** Its output is held and printed when it ends, so two lanes' outputs do not interleave. */
  held?: boolean;
}

type Timed = TimedPhase;

const npm = (script: string): Phase => ({ name: script, run: ["npm", "run", "--silent", script] });

/** The unit tests and the build read the sample's generated trajectories: written once, before either starts. */
const SAMPLE: Phase = { name: "sample trajectories", run: ["npx", "tsx", "scripts/ensure-sample.ts"] };
const CHECKS: Phase[] = ["lint", "format:check", "knip", "typecheck"].map(npm);
const UNIT: Phase[] = [npm("test:unit")];
const BUILD: Phase[] = [{ ...npm("build:test"), held: true }];
const BROWSER: Phase[] = [npm("test:e2e")];

function runPhase(phase: Phase): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(phase.run[0]!, phase.run.slice(1), { stdio: phase.held ? "pipe" : "inherit" });
    const held: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => held.push(b));
    child.stderr?.on("data", (b: Buffer) => held.push(b));
    child.on("close", (code) => {
      if (phase.held)
        process.stdout.write(`\n── ${phase.name} ──\n${Buffer.concat(held).toString()}── end of ${phase.name} ──\n`);
      resolve({ name: phase.name, seconds: (performance.now() - started) / 1000, ok: code === 0 });
    });
  });
}

/** Runs phases one after another; stops the lane at the first failure. */
async function lane(phases: Phase[], done: Timed[]): Promise<boolean> {
  for (const phase of phases) {
    const t = await runPhase(phase);
    done.push(t);
    if (!t.ok) return false;
  }
  return true;
}

function report(done: Timed[], wallSeconds: number, load: { start: number; end: number }): void {
  console.log("\nnpm test, time per phase (m:ss):");
  for (const t of done) console.log(`  ${t.ok ? "✓" : "✗"} ${t.name.padEnd(22)} ${clock(t.seconds)}`);
  console.log(
    `  = wall time ${clock(wallSeconds)} (load average ${load.start.toFixed(1)} at start, ${load.end.toFixed(1)} at end)`,
  );
  writeTestTimes({ at: new Date().toISOString(), wall_s: wallSeconds, load, phases: done });
}

async function main(): Promise<number> {
  const withBrowser = !process.argv.includes("--no-e2e");
  const started = performance.now();
  const loadStart = loadavg()[0]!;
  const done: Timed[] = [];
  const sample = lane([SAMPLE], done);
  const checksThenUnit = async () => {
    const checked = await lane(CHECKS, done);
    return (await sample) && checked && lane(UNIT, done);
  };
  const build = async () => (await sample) && (!withBrowser || lane(BUILD, done));
  const lanes = await Promise.all([checksThenUnit(), build()]);
  let ok = lanes.every(Boolean);
  if (ok && withBrowser) ok = await lane(BROWSER, done);
  report(done, (performance.now() - started) / 1000, { start: loadStart, end: loadavg()[0]! });
  return ok ? 0 : 1;
}

void main().then((code) => process.exit(code));
