// Issue 58, item 4: no quadratic work on release or log text. Every function that applies regular expressions to
// stage texts, notes, messages, commands, outputs, patches or native logs (the audit in docs/data-format.md,
// "Regular expressions over release text") runs over 1 MiB of each long adversarial run in a child process
// (lib/trajectory/testing-hostile-text.ts), under the budgets named here, so a quadratic expression (one stalled
// the data build on a long stage text) fails the test instead of a build.
import { describe, expect, it } from "vitest";
import { runBudgeted } from "../common/testing-child";

/** Per function and input: generous (the machine is shared); a quadratic function takes minutes per MB. */
const BUDGET_MS_PER_MB = 10_000;
/** The whole child: every input through every function. */
const CHILD_BUDGET = { ms: 300_000, heapMb: 3072 };
const PEAK_MB = 2048;

interface Timing {
  input: string;
  fn: string;
  mb: number;
  ms: number;
}

describe("regular expressions over 1 MiB of adversarial release and log text", () => {
  it(`take at most ${BUDGET_MS_PER_MB / 1000} s per MB in each function, the child within ${CHILD_BUDGET.ms / 1000} s and ${PEAK_MB} MB`, async () => {
    const out = await runBudgeted("lib/trajectory/testing-hostile-text.ts", [String(1 << 20)], CHILD_BUDGET);
    const timings = out.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Timing);
    // A child killed on time names the function it was in: the one after the last line printed.
    expect(out.timedOut, `timed out after ${JSON.stringify(timings.at(-1))}`).toBe(false);
    expect(out.stderr.trim()).toBe("");
    expect(out.code).toBe(0);
    expect(out.peakMb).toBeLessThan(PEAK_MB);
    // 14 inputs × 14 functions and 5 native logs each.
    expect(timings.length).toBe(14 * 19);
    const slow = timings
      .filter((t) => t.ms > BUDGET_MS_PER_MB * t.mb)
      .map((t) => `${t.fn} on ${t.input}: ${Math.round(t.ms)} ms`);
    expect(slow).toEqual([]);
  }, 330_000);
});
