// Token and cost sums over steps. Copied context (`is_copied_context`) replays steps already counted elsewhere (an
// earlier file of the chain, or the parent of a subagent), so it never counts again. `prompt` includes cached input
// (ATIF and Harbor's convention; docs/benchmark.md, "Usage scopes", counts tokens the same way).
import type { Step, Totals } from "./model";

export function sumStepMetrics(steps: readonly Step[]): Totals {
  let prompt = 0;
  let completion = 0;
  let cached = 0;
  let cost = 0;
  let costed = false;
  let counted = 0;
  for (const s of steps) {
    if (s.copied) continue;
    counted++;
    if (s.metrics === null) continue;
    prompt += s.metrics.prompt ?? 0;
    completion += s.metrics.completion ?? 0;
    cached += s.metrics.cached ?? 0;
    if (s.metrics.cost !== null) {
      cost += s.metrics.cost;
      costed = true;
    }
  }
  return { prompt, completion, cached, cost: costed ? cost : null, steps: counted };
}

/** Tokens of one step as the usage tables count them: input (cached included) plus output. */
export function stepTokens(s: Step): number {
  if (s.copied || s.metrics === null) return 0;
  return (s.metrics.prompt ?? 0) + (s.metrics.completion ?? 0);
}
