// runs.jsonl's common shape, checked by hand: a release of many runs repeats one shape, and zod's generic walk of
// every record was a large share of opening one in the browser. The check only ever says yes when runSchema
// (lib/data/schema.ts) would, and then returns what runSchema returns (a copy, keys in the schema's order);
// anything else (an `extra`, `interruption_outcomes`, an unknown key, a value out of range) answers null and the
// record goes to zod, which reports it with its rule. run-fast-path.test.ts compares both on generated variants.
import { FAILURE_CLASSES, type Run } from "./schema";

type Usage = Run["usage"][number];

const RUN_ID = /^[A-Za-z0-9._-]+$/;
const RUN_KEYS = new Set(["run_id", "config_id", "session_id", "repeat", "finalized", "applied", "resolved", "failure_class", "tests", "usage", "trajectory", "patch"]);
const TEST_KEYS = new Set(["failed", "missing", "skipped"]);
const USAGE_KEYS = new Set(["position", "tokens", "cached_tokens", "model_calls", "tool_calls", "wall_s", "cost_usd"]);
const FAILURES = new Set<unknown>(FAILURE_CLASSES);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const onlyKeys = (v: Record<string, unknown>, keys: Set<string>) => Object.keys(v).every((k) => keys.has(k));
const isCount = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isNonNegative = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === "string";
const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const strings = (v: unknown): string[] | null => (Array.isArray(v) && v.every(isText) ? [...(v)] : null);

function usageOf(v: unknown): Usage | null {
  if (!isObject(v) || !onlyKeys(v, USAGE_KEYS)) return null;
  const { position, tokens, cached_tokens, model_calls, tool_calls, wall_s, cost_usd } = v;
  if (![position, tokens, cached_tokens, model_calls, tool_calls].every(isCount) || !isNonNegative(wall_s)) return null;
  if (cost_usd !== undefined && !isNonNegative(cost_usd)) return null;
  const usage = { position, tokens, cached_tokens, model_calls, tool_calls, wall_s } as Usage;
  if (cost_usd !== undefined) usage.cost_usd = cost_usd as number;
  return usage;
}

function testsOf(v: unknown): Run["tests"] | null {
  if (!isObject(v) || !onlyKeys(v, TEST_KEYS)) return null;
  const failed = strings(v.failed);
  const missing = strings(v.missing);
  const skipped = v.skipped === undefined ? undefined : strings(v.skipped);
  if (!failed || !missing || skipped === null) return null;
  return skipped === undefined ? { failed, missing } : { failed, missing, skipped };
}

/** The run as runSchema parses it, when the record has the common shape and breaks no rule; else null (ask zod). */
export function plainRun(v: unknown): Run | null {
  if (!isObject(v) || !onlyKeys(v, RUN_KEYS)) return null;
  const { run_id, config_id, session_id, repeat, finalized, applied, resolved, failure_class, trajectory, patch } = v;
  if (!isText(run_id) || !RUN_ID.test(run_id) || !isId(config_id) || !isId(session_id) || !isCount(repeat)) return null;
  if (typeof finalized !== "boolean" || typeof applied !== "boolean" || typeof resolved !== "boolean") return null;
  if (failure_class !== null && !FAILURES.has(failure_class)) return null;
  if ((trajectory !== undefined && !isText(trajectory)) || (patch !== undefined && !isText(patch))) return null;
  const tests = testsOf(v.tests);
  if (!tests || !Array.isArray(v.usage)) return null;
  const usage: Usage[] = [];
  for (const u of v.usage as unknown[]) {
    const one = usageOf(u);
    if (!one) return null;
    usage.push(one);
  }
  const run = { run_id, config_id, session_id, repeat, finalized, applied, resolved, failure_class, tests, usage } as Run;
  if (trajectory !== undefined) run.trajectory = trajectory;
  if (patch !== undefined) run.patch = patch;
  return run;
}
