// One trajectory being written: ATIF steps numbered from 1, with per-step metrics and timestamps, and the
// request (schedule position) each step belongs to, from which the run's usage entries are summed.
import type { Rng } from "./rng";
import type { Call } from "./tools";

export interface AtifStep {
  step_id: number;
  timestamp: string;
  source: "user" | "agent";
  model_name?: string;
  message: string;
  reasoning_content?: string;
  tool_calls?: { tool_call_id: string; function_name: string; arguments: Record<string, unknown> }[];
  observation?: { results: { source_call_id: string; content: string }[] };
  metrics?: { prompt_tokens: number; completion_tokens: number; cached_tokens: number; cost_usd: number };
}

export interface UsageEntry {
  position: number;
  tokens: number;
  cached_tokens: number;
  model_calls: number;
  tool_calls: number;
  wall_s: number;
  cost_usd: number;
}

/** Invented prices per million tokens (release.json's cost_source says so). */
const PRICE = { input: 1.25, cached: 0.125, output: 10 };
const SYSTEM_TOKENS = 6800;

function tokensOf(text: string): number {
  return Math.ceil(text.length / 3.7);
}

export function costOf(prompt: number, cached: number, completion: number): number {
  return (
    Math.round((((prompt - cached) * PRICE.input + cached * PRICE.cached + completion * PRICE.output) / 1e6) * 1e6) /
    1e6
  );
}

export class Story {
  readonly steps: AtifStep[] = [];
  private readonly positions: number[] = [];
  private position = -1;
  private clock: number;
  private context = 0;
  private lastPrompt = 0;

  constructor(
    private readonly rng: Rng,
    start: Date,
    private readonly model: string,
  ) {
    this.clock = start.getTime();
  }

  private stamp(seconds: number): string {
    this.clock += Math.round(seconds * 1000);
    return new Date(this.clock).toISOString();
  }

  get currentPosition(): number {
    return this.position;
  }

  user(position: number, message: string): number {
    this.position = position;
    const step_id = this.steps.length + 1;
    this.steps.push({ step_id, timestamp: this.stamp(this.rng.int(3, 25)), source: "user", message });
    this.positions.push(position);
    this.context += tokensOf(message);
    return step_id;
  }

  agent(message: string, calls: Call[] = [], reasoning?: string): number {
    const step_id = this.steps.length + 1;
    const argsText = calls.map((c) => JSON.stringify(c.args)).join("");
    const completion = tokensOf(message + argsText + (reasoning ?? "")) + this.rng.int(20, 260);
    const prompt = SYSTEM_TOKENS + this.context;
    const cached = Math.min(this.lastPrompt, prompt);
    const seconds = 1.5 + completion / 55 + this.rng.next() * 6 + calls.length * (0.3 + this.rng.next());
    const step: AtifStep = {
      step_id,
      timestamp: this.stamp(seconds),
      source: "agent",
      model_name: this.model,
      message,
    };
    if (reasoning) step.reasoning_content = reasoning;
    if (calls.length > 0) {
      step.tool_calls = calls.map((c) => ({ tool_call_id: c.id, function_name: c.name, arguments: c.args }));
      step.observation = { results: calls.map((c) => ({ source_call_id: c.id, content: c.output })) };
    }
    step.metrics = {
      prompt_tokens: prompt,
      completion_tokens: completion,
      cached_tokens: cached,
      cost_usd: costOf(prompt, cached, completion),
    };
    this.steps.push(step);
    this.positions.push(this.position);
    this.lastPrompt = prompt + completion;
    this.context += completion + tokensOf(calls.map((c) => c.output).join(""));
    return step_id;
  }

  positionOf(stepId: number): number {
    const p = this.positions[stepId - 1];
    if (p === undefined) throw new Error(`no step ${stepId}`);
    return p;
  }

  lastStep(): number {
    return this.steps.length;
  }

  usage(): UsageEntry[] {
    const byPosition = new Map<number, AtifStep[]>();
    this.steps.forEach((s, i) => {
      const p = this.positions[i]!;
      byPosition.set(p, [...(byPosition.get(p) ?? []), s]);
    });
    return [...byPosition.entries()].map(([position, steps]) => {
      const agents = steps.filter((s) => s.source === "agent");
      const sum = (f: (s: AtifStep) => number) => agents.reduce((acc, s) => acc + f(s), 0);
      const first = Date.parse(steps[0]!.timestamp);
      const last = Date.parse(steps[steps.length - 1]!.timestamp);
      return {
        position,
        tokens: sum((s) => s.metrics!.prompt_tokens + s.metrics!.completion_tokens),
        cached_tokens: sum((s) => s.metrics!.cached_tokens),
        model_calls: agents.length,
        tool_calls: sum((s) => s.tool_calls?.length ?? 0),
        wall_s: Math.round((last - first) / 100) / 10,
        cost_usd: Math.round(sum((s) => s.metrics!.cost_usd) * 1e6) / 1e6,
      };
    });
  }

  finalMetrics(): Record<string, number> {
    const agents = this.steps.filter((s) => s.metrics);
    const sum = (f: (m: NonNullable<AtifStep["metrics"]>) => number) =>
      agents.reduce((acc, s) => acc + f(s.metrics!), 0);
    return {
      total_prompt_tokens: sum((m) => m.prompt_tokens),
      total_completion_tokens: sum((m) => m.completion_tokens),
      total_cached_tokens: sum((m) => m.cached_tokens),
      total_cost_usd: Math.round(sum((m) => m.cost_usd) * 1e6) / 1e6,
      total_steps: this.steps.length,
    };
  }
}
