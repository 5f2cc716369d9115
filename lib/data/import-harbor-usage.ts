// Per-request usage lines (runs.jsonl `usage`) from what a Harbor trial recorded, best source first:
// ATIF per-step metrics segmented by user steps (the k-th user step is the k-th scheduled request), then
// Harbor's per-step `agent_result` of a multi-step trial, then the trial's `agent_result` totals.
// Pure: the importer (Node) and the browser's single-trajectory summary share it.
import type { Step } from "../trajectory/model";
import { isRequestStep, type Segmentation } from "../trajectory/segment";
import type { RequestUsage } from "./schema";

/** Harbor's AgentContext token counts; `input` includes cached input (Harbor's and ATIF's convention). */
export interface AgentTotals {
  input: number | null;
  cache: number | null;
  output: number | null;
  cost: number | null;
}

export interface StepUsage {
  /** One line per user step, position = index of the user step (before any schedule is applied). */
  lines: RequestUsage[];
  /** Model calls, tokens… of steps before the first user step (a harness warm-up), folded into line 0. */
  preambleSteps: number;
  userSteps: number;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Tokens count every step that is not replayed context, inline subagent (sidechain) steps included: their
 * calls were paid for, and the sum then equals Harbor's `agent_result` totals. Model and tool calls count
 * the main agent's steps only (agent steps with metrics, not sidechain), the same rule the trajectory viewer
 * checks usage lines against (lib/trajectory/segment.ts).
 * Wall time of a request runs from its user step to the last timestamp of its segment, so idle time between
 * requests is not charged to either.
 */
export function usageFromSteps(steps: readonly Step[]): StepUsage {
  const segments: Acc[] = [];
  const pre = newAcc(null);
  let preambleSteps = 0;
  for (const s of steps) {
    if (s.copied) continue;
    if (isRequestStep(s)) {
      segments.push(newAcc(parseTimestamp(s.timestamp)));
      continue;
    }
    const acc = segments[segments.length - 1];
    if (acc) add(acc, s);
    else {
      add(pre, s);
      preambleSteps++;
    }
  }
  const first = segments[0];
  if (first && preambleSteps > 0) merge(first, pre);
  return { lines: segments.map((acc, position) => lineOf(acc, position)), preambleSteps, userSteps: segments.length };
}

/**
 * The same lines from a segmentation that knows the schedule (lib/trajectory/segment.ts): one per scheduled
 * request that has a user step, at that request's position, so a native log's typed nudges stay inside the
 * request they interrupt (docs/agent-logs.md). Steps before the first request fold into the first line; user
 * steps beyond the schedule are in no line (the segmentation reports them).
 */
export function usageOfSegments(steps: readonly Step[], seg: Segmentation): RequestUsage[] {
  const lines: RequestUsage[] = [];
  const pre = newAcc(null);
  let first: { acc: Acc; position: number } | null = null;
  for (const s of seg.segments) {
    const user = s.userStep !== null ? steps[s.userStep - 1]! : null;
    // A user step beyond the schedule opens a segment with no position: no request's line counts it.
    if (s.position === null && s.userStep !== null) continue;
    const acc = s.position === null ? pre : newAcc(parseTimestamp(user?.timestamp));
    for (let n = s.first; n <= s.last; n++) if (n !== s.userStep && !steps[n - 1]!.copied) add(acc, steps[n - 1]!);
    if (s.position === null) continue;
    first ??= { acc, position: s.position };
    lines.push(lineOf(acc, s.position));
  }
  if (first && (pre.tokens > 0 || pre.model > 0 || pre.tools > 0)) {
    merge(first.acc, pre);
    lines[0] = lineOf(first.acc, first.position);
  }
  return lines;
}

interface Acc {
  tokens: number;
  cached: number;
  model: number;
  tools: number;
  cost: number | null;
  start: number | null;
  end: number | null;
}

function newAcc(start: number | null): Acc {
  return { tokens: 0, cached: 0, model: 0, tools: 0, cost: null, start, end: start };
}

function add(acc: Acc, s: Step): void {
  const m = s.metrics;
  if (m) {
    acc.tokens += (m.prompt ?? 0) + (m.completion ?? 0);
    acc.cached += m.cached ?? 0;
    if (m.cost !== null) acc.cost = (acc.cost ?? 0) + m.cost;
  }
  if (s.source === "agent" && !s.sidechain) {
    if (m) acc.model++;
    acc.tools += s.toolCalls.length;
  }
  const t = parseTimestamp(s.timestamp);
  if (t !== null) {
    acc.start = acc.start === null ? t : Math.min(acc.start, t);
    acc.end = acc.end === null ? t : Math.max(acc.end, t);
  }
}

/** Adds a preamble's counts (not its clock: a warm-up may run before or beside the first request). */
function merge(into: Acc, from: Acc): void {
  into.tokens += from.tokens;
  into.cached += from.cached;
  into.model += from.model;
  into.tools += from.tools;
  if (from.cost !== null) into.cost = (into.cost ?? 0) + from.cost;
}

function lineOf(acc: Acc, position: number): RequestUsage {
  const line: RequestUsage = {
    position, tokens: acc.tokens, cached_tokens: acc.cached, model_calls: acc.model, tool_calls: acc.tools,
    wall_s: acc.start !== null && acc.end !== null ? round(Math.max(0, acc.end - acc.start) / 1000, 3) : 0,
  };
  if (acc.cost !== null) line.cost_usd = round(acc.cost, 6);
  return line;
}

/** All of a trajectory's usage as one line (a multi-step trial's per-step trajectory is one request). */
export function usageOfWhole(steps: readonly Step[], position: number): RequestUsage {
  const acc = newAcc(null);
  for (const s of steps) if (!s.copied) add(acc, s);
  return lineOf(acc, position);
}

/** A usage line from Harbor's AgentContext; Harbor records no call counts, so those are 0 (see docs). */
export function usageFromTotals(totals: AgentTotals, position: number, wallS: number | null): RequestUsage | null {
  if (totals.input === null && totals.output === null) return null;
  const line: RequestUsage = {
    position,
    tokens: (totals.input ?? 0) + (totals.output ?? 0),
    cached_tokens: Math.min(totals.cache ?? 0, (totals.input ?? 0) + (totals.output ?? 0)),
    model_calls: 0,
    tool_calls: 0,
    wall_s: wallS === null ? 0 : round(Math.max(0, wallS), 3),
  };
  if (totals.cost !== null) line.cost_usd = round(totals.cost, 6);
  return line;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Milliseconds since the epoch. Old Harbor writes naive timestamps (no zone, microseconds): they are read
 * as UTC. Only differences within one file's clock are ever used, so the missing zone cannot shift a
 * duration; trajectories (UTC, "Z") and result.json (naive local time) are never subtracted from each other.
 */
export function parseTimestamp(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Number(`0.${frac}`) * 1000 : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) + ms;
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Number.isFinite(t) ? t : null;
}

/** Seconds between two timestamps of the same clock, or null when either is unreadable. */
export function secondsBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  const a = parseTimestamp(start);
  const b = parseTimestamp(end);
  return a === null || b === null ? null : (b - a) / 1000;
}
