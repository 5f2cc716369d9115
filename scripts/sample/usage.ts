// Per-request usage. One conversation carries every request of a session, so each model call re-reads the
// whole context: later requests cost more, and interruption history inflates the focus requests that follow
// it until the harness compacts. Raw figures come from that simulation; each configuration is then scaled
// (interruption model calls, then interruption and Switch-Focus tokens) so its mean-per-run ratios land on
// the configuration's planned Table 2 values.
import { requestFlags } from "../../lib/data/schedule";
import { SUBMIT, type RequestUsage, type Session } from "../../lib/data/schema";
import type { UsageProfile } from "./configs";
import { Rng } from "./prng";

type Scope = "interruption" | "switchFocus" | "other";

interface RawRequest {
  position: number;
  scope: Scope;
  tokens: number;
  cachedShare: number;
  outputTokens: number;
  model_calls: number;
  tool_calls: number;
  wall_s: number;
}

export interface UsageRun {
  key: string;
  session: Session;
  /** Last position that ran, for runs that ended early. */
  stoppedAt?: number;
}

const lognormal = (rng: Rng, sigma: number) => Math.exp(sigma * rng.normal());

/** 900 s per request with up to three timeout continuations (Switch-SWE B.2). */
const REQUEST_BUDGET_S = 3600;

function simulate(run: UsageRun, profile: UsageProfile, seed: number, interruptionCalls: number): RawRequest[] {
  const rng = new Rng(seed).fork(run.key);
  const flags = requestFlags(run.session.schedule, run.session.focus_task_id);
  const last = run.stoppedAt ?? run.session.schedule.length - 1;
  let context = profile.startContext;
  const out: RawRequest[] = [];
  for (const [position, req] of run.session.schedule.entries()) {
    const flag = flags[position]!;
    // Every draw happens for every request, so a change of scale never shifts later random numbers.
    const callNoise = lognormal(rng, 0.3);
    const growthNoise = lognormal(rng, 0.25);
    const toolShare = 0.8 + 0.3 * rng.next();
    const secNoise = lognormal(rng, 0.25);
    const cachedShare = 0.86 + 0.09 * rng.next();
    const submitCalls = rng.int(2, 5);
    if (position > last) break;
    let calls: number;
    if (req.stage === SUBMIT) calls = submitCalls;
    else if (!flag.isFocus) calls = Math.max(1, Math.round(profile.calls * 0.7 * callNoise * interruptionCalls));
    // Back from another checkout, the agent first re-reads its own diff and the earlier requests.
    else
      calls = Math.max(
        2,
        Math.round(profile.calls * (req.stage === 1 ? 1.25 : flag.focusReturn ? 1.5 : 0.85) * callNoise),
      );
    let tokens = 0;
    const growth = profile.growthPerCall * growthNoise;
    context += 900; // the request text and the checkout banner
    for (let c = 0; c < calls; c++) {
      tokens += context;
      context += growth;
      if (context > profile.compactAt) context = 0.35 * profile.compactAt;
    }
    const stopped = run.stoppedAt === position;
    out.push({
      position,
      scope: !flag.isFocus ? "interruption" : flag.inSwitchFocusScope ? "switchFocus" : "other",
      tokens,
      cachedShare,
      outputTokens: calls * 650,
      model_calls: calls,
      tool_calls: Math.round(calls * toolShare),
      wall_s: stopped
        ? REQUEST_BUDGET_S
        : Math.min(REQUEST_BUDGET_S - 1, calls * profile.secondsPerCall * secNoise + calls * toolShare * 1.5),
    });
  }
  return out;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length === 0 ? 0 : sum(xs) / xs.length);

function totals(
  runs: { run: UsageRun; raw: RawRequest[] }[],
  condition: string,
  pick: (r: RawRequest) => number,
  scope?: Scope,
) {
  return mean(
    runs
      .filter((r) => r.run.session.condition === condition)
      .map((r) => sum(r.raw.filter((q) => !scope || q.scope === scope).map(pick))),
  );
}

/** Usage of every run of one configuration, calibrated to the profile's ratios. */
export function configUsage(runs: UsageRun[], profile: UsageProfile, seed: number): Map<string, RequestUsage[]> {
  const calls = (r: RawRequest) => r.model_calls;
  const tokens = (r: RawRequest) => r.tokens;
  const first = runs.map((run) => ({ run, raw: simulate(run, profile, seed, 1) }));
  const unintCalls = totals(first, "uninterrupted", calls);
  const switchInterruptionCalls = totals(first, "switched", calls, "interruption");
  const switchOtherCalls = totals(first, "switched", calls) - switchInterruptionCalls;
  const callScale = (profile.callsRatio * unintCalls - switchOtherCalls) / switchInterruptionCalls;

  const second = runs.map((run) => ({ run, raw: simulate(run, profile, seed, callScale) }));
  const unintTokens = totals(second, "uninterrupted", tokens);
  const focusTokens = totals(second, "switched", tokens, "switchFocus");
  const interruptionTokens = totals(second, "switched", tokens, "interruption");
  const otherTokens = totals(second, "switched", tokens, "other");
  const focusScale = (profile.focusRatio * unintTokens) / focusTokens;
  const interruptionScale = ((profile.allRatio - profile.focusRatio) * unintTokens - otherTokens) / interruptionTokens;
  if (!(
    interruptionScale > 0.2 &&
    interruptionScale < 5 &&
    focusScale > 0.2 &&
    focusScale < 5 &&
    callScale > 0.2 &&
    callScale < 5
  )) {
    throw new Error(
      `usage calibration out of bounds: calls ×${callScale.toFixed(2)}, focus ×${focusScale.toFixed(2)}, interruptions ×${interruptionScale.toFixed(2)}`,
    );
  }
  const [inPrice, cachedPrice, outPrice] = profile.prices;
  const out = new Map<string, RequestUsage[]>();
  for (const { run, raw } of second) {
    out.set(
      run.key,
      raw.map((r) => {
        const scale = r.scope === "interruption" ? interruptionScale : r.scope === "switchFocus" ? focusScale : 1;
        const total = Math.round(r.tokens * scale);
        const cached = Math.round(total * r.cachedShare);
        const output = Math.min(r.outputTokens, total - cached);
        const cost = ((total - cached - output) * inPrice + cached * cachedPrice + output * outPrice) / 1e6;
        return {
          position: r.position,
          tokens: total,
          cached_tokens: cached,
          model_calls: r.model_calls,
          tool_calls: r.tool_calls,
          wall_s: Math.round(r.wall_s * 10) / 10,
          cost_usd: Math.round(cost * 1e4) / 1e4,
        };
      }),
    );
  }
  return out;
}
