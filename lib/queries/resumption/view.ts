// What the resumption page shows, as pure functions of the build-time data and the URL: the chosen condition,
// measure, configuration and signature, bin labels, axis scales and the words for a refused fit. No number is
// computed here: model.ts and series.ts computed them.
import { isSignature, SIGNATURE_LABELS, SIGNATURES, type Signature } from "../../trajectory/tags";
import type { ConditionResumption, InterruptionRow, ResumptionPageData, ResumptionScope } from "./model";
import {
  LOAD_MEASURES,
  POOLED,
  type FitFailure,
  type LoadMeasure,
  type ResumptionBin,
  type ResumptionOutcome,
} from "./series";

export interface ResumptionViewState {
  condition: string;
  measure: LoadMeasure;
  /** POOLED or a configuration id. */
  scope: string;
  signature: Signature;
}

export interface MeasureSpec {
  /** The picker's label. */
  label: string;
  /** The chart's x axis and the table's first column. */
  axis: string;
  /** Loads are shown divided by this (tokens in millions). */
  scale: number;
  /** What one unit of the slope is. */
  unit: string;
}

export const MEASURES: Readonly<Record<LoadMeasure, MeasureSpec>> = {
  requests: { label: "Requests", axis: "Requests since the previous focus request", scale: 1, unit: "request" },
  tokens: { label: "Tokens", axis: "Tokens since the previous focus request (M)", scale: 1e6, unit: "M tokens" },
  switches: {
    label: "Workspace switches",
    axis: "Workspace switches since the previous focus request",
    scale: 1,
    unit: "switch",
  },
};

export const OUTCOME_LABELS: Readonly<Record<ResumptionOutcome, string>> = {
  held: "Stage held at the end",
  ...SIGNATURE_LABELS,
};

export const FIT_FAILURES: Readonly<Record<FitFailure, string>> = {
  empty: "there are no returns to fit",
  "one-outcome": "every return has the same outcome",
  "no-variation-in-x": "every return has the same load",
  separation:
    "the load separates the outcomes (every failure's load is at or above every success's, or the reverse), so the maximum-likelihood slope is infinite",
  "no-convergence": "Newton's method did not converge",
  "one-focus-task":
    "every return comes from one focus task, so nothing shows how much tasks differ (a clustered standard error needs two)",
};

export function defaultResumptionState(data: ResumptionPageData): ResumptionViewState {
  return {
    condition: data.conditions[0] ?? data.baseline,
    measure: "requests",
    scope: POOLED,
    signature: SIGNATURES[0],
  };
}

export function parseResumptionState(search: string, data: ResumptionPageData): ResumptionViewState {
  const p = new URLSearchParams(search);
  const s = defaultResumptionState(data);
  const condition = p.get("condition");
  if (condition && data.conditions.includes(condition)) s.condition = condition;
  const measure = p.get("measure");
  if (measure && (LOAD_MEASURES as readonly string[]).includes(measure)) s.measure = measure as LoadMeasure;
  const scope = p.get("config");
  if (scope && data.byCondition[s.condition]?.scopes.some((x) => x.id === scope)) s.scope = scope;
  const signature = p.get("signature");
  if (isSignature(signature)) s.signature = signature;
  return s;
}

export function serializeResumptionState(s: ResumptionViewState, data: ResumptionPageData): string {
  const d = defaultResumptionState(data);
  const p = new URLSearchParams();
  if (s.condition !== d.condition) p.set("condition", s.condition);
  if (s.measure !== d.measure) p.set("measure", s.measure);
  if (s.scope !== d.scope) p.set("config", s.scope);
  if (s.signature !== d.signature) p.set("signature", s.signature);
  const q = p.toString();
  return q ? `?${q}` : "";
}

/** The shown condition's data and scope (pooled when the chosen configuration is not there). */
export function shownScope(
  data: ResumptionPageData,
  s: ResumptionViewState,
): { cond: ConditionResumption | null; scope: ResumptionScope | null } {
  const cond = data.byCondition[s.condition] ?? null;
  const scope = cond?.scopes.find((x) => x.id === s.scope) ?? cond?.scopes[0] ?? null;
  return { cond, scope };
}

const whole = (v: number) => String(v);
const millions = (v: number) => String(v / 1e6);

/** A bin as the table names it: "1", "4–5", "9+"; tokens "0–5 M", "40 M+". */
export function binLabel(bin: Pick<ResumptionBin, "lo" | "hi">, measure: LoadMeasure): string {
  if (measure === "tokens") {
    return bin.hi === null ? `${millions(bin.lo)} M+` : `${millions(bin.lo)}–${millions(bin.hi)} M`;
  }
  if (bin.hi === null) return `${whole(bin.lo)}+`;
  return bin.hi - bin.lo === 1 ? whole(bin.lo) : `${whole(bin.lo)}–${whole(bin.hi - 1)}`;
}

/** One configuration of the trade-off scatter: interruption completion (x) and focus resolution (y), percent. */
export interface TradeoffDot {
  key: string;
  name: string;
  x: number;
  y: number;
  xLo: number;
  xHi: number;
  yLo: number;
  yHi: number;
}

/** The configurations with both numbers; a configuration without interruption outcomes has no point. */
export function tradeoffDots(rows: readonly InterruptionRow[]): TradeoffDot[] {
  return rows.flatMap((r) =>
    r.completion && r.focus
      ? [
          {
            key: r.config_id,
            name: r.display_name,
            x: r.completion.value,
            y: r.focus.value,
            xLo: r.completion.lo,
            xHi: r.completion.hi,
            yLo: r.focus.lo,
            yHi: r.focus.hi,
          },
        ]
      : [],
  );
}
