// What every writer renders: alpha's ATIF trajectory (e2e/fixtures/releases/trajcalc) read back as a plain list of
// turns, so that each native format is written from the same facts and the converted logs can be compared with it.
// A "request" is a scheduled user message, a "typed" one a person's own words besides the schedule ("please
// continue"), a "model" turn one model call with its text, tool calls, their results and its usage.
import { readFileSync } from "node:fs";

export interface Call {
  id: string;
  name: string;
  args: Record<string, unknown>;
  result: string;
}

export interface Usage {
  /** All input tokens of the call, cached included (ATIF prompt_tokens). */
  prompt: number;
  completion: number;
  cached: number;
  cost: number;
}

export type Turn =
  | { kind: "request"; text: string; at: number }
  | { kind: "typed"; text: string; at: number }
  | { kind: "model"; text: string; calls: Call[]; usage: Usage; at: number; model: string };

export interface Script {
  /** The session (schedule) the run played: s-N1, s-F1. */
  sessionId: string;
  model: string;
  turns: Turn[];
}

type Raw = Record<string, unknown>;

/** Alpha's file is our own fixture: a shape it does not have is a mistake here, so it throws. */
export function readAlpha(file: string, sessionId: string): Script {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Raw;
  const agent = doc.agent as Raw;
  const turns = (doc.steps as Raw[]).map(turnOf);
  return { sessionId, model: String(agent.model_name), turns };
}

function turnOf(step: Raw): Turn {
  const at = Date.parse(String(step.timestamp));
  if (Number.isNaN(at)) throw new Error(`step ${String(step.step_id)} has no timestamp`);
  if (step.source === "user") return { kind: "request", text: String(step.message), at };
  if (step.source !== "agent") throw new Error(`step ${String(step.step_id)}: source ${String(step.source)}`);
  const results = new Map(
    ((step.observation as Raw | undefined)?.results as Raw[] | undefined)?.map((r) => [
      String(r.source_call_id),
      String(r.content),
    ]) ?? [],
  );
  const calls = ((step.tool_calls as Raw[] | undefined) ?? []).map((c) => ({
    id: String(c.tool_call_id),
    name: String(c.function_name),
    args: c.arguments as Record<string, unknown>,
    result: results.get(String(c.tool_call_id)) ?? "",
  }));
  const m = step.metrics as Raw;
  const usage = {
    prompt: Number(m.prompt_tokens),
    completion: Number(m.completion_tokens),
    cached: Number(m.cached_tokens),
    cost: Number(m.cost_usd),
  };
  return { kind: "model", text: String(step.message), calls, usage, at, model: String(step.model_name) };
}

/**
 * The script with a message a person typed after the model turns of request `afterRequest` (0-based), halfway to
 * the next request: a user message no schedule names, so a reader that counts user messages misplaces the rest.
 */
export function withTyped(script: Script, afterRequest: number, text: string): Script {
  const requests = script.turns.flatMap((t, i) => (t.kind === "request" ? [i] : []));
  const next = requests[afterRequest + 1];
  if (next === undefined) throw new Error(`no request after request ${afterRequest}`);
  const before = script.turns[next - 1]!;
  const at = Math.round((before.at + script.turns[next]!.at) / 2);
  const turns = [...script.turns.slice(0, next), { kind: "typed" as const, text, at }, ...script.turns.slice(next)];
  return { ...script, turns };
}

export function modelTurns(script: Script): Extract<Turn, { kind: "model" }>[] {
  return script.turns.filter((t): t is Extract<Turn, { kind: "model" }> => t.kind === "model");
}

/** ISO time of `at` plus `ms`: a native log writes several records per turn, each a little later. */
export function iso(at: number, ms = 0): string {
  return new Date(at + ms).toISOString();
}

/** Sums of floating-point costs, rounded to what the logs would print (0.28, not 0.28000000000000004). */
export function money(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
