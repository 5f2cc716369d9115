// Runs a script in a child process under a heap limit and a time limit, and reports its peak memory (resident set,
// read by the child itself as it exits), so a test can feed a bomb without taking the machine down. Test-only.
import { spawn } from "node:child_process";

export interface ChildBudget {
  /** Killed after this many milliseconds. */
  ms: number;
  /** V8's old-space limit (--max-old-space-size). */
  heapMb: number;
}

export interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The child's peak resident set size in MB; null when it was killed before it could say. */
  peakMb: number | null;
  timedOut: boolean;
}

// Printed by the child as it exits (a preloaded data: module, so any script is measured as it is).
const PEAK = "peak-rss-kb ";
const REPORT_PEAK = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\n${PEAK}"+process.resourceUsage().maxRSS+"\\n"))`;

/** `node --import tsx <script> ...args` (cwd: the project), TypeScript run as is. */
export function runBudgeted(
  script: string,
  args: readonly string[],
  budget: ChildBudget,
  env: Record<string, string> = {},
): Promise<ChildOutcome> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${budget.heapMb}`, "--import", REPORT_PEAK, "--import", "tsx", script, ...args],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, budget.ms);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const at = stderr.lastIndexOf(PEAK);
      const peakMb = at === -1 ? null : Number.parseInt(stderr.slice(at + PEAK.length), 10) / 1024;
      resolve({
        code,
        stdout,
        stderr: at === -1 ? stderr : stderr.slice(0, at).replace(/\n$/, ""),
        ms: performance.now() - started,
        peakMb,
        timedOut,
      });
    });
  });
}
