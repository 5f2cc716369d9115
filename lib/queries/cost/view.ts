// What the cost page shows, as pure functions of the build-time data and the URL: Table 2 rows for the
// chosen group, token accounting and condition, the scatter's points and frontier, the failure table.
// No number is computed here: rows from the cost SQL are only selected and arranged.
// (It lives beside the SQL it arranges; the components only render what these return.)
import type { Outcome } from "./failures.sql";
import { paretoFrontier } from "./frontier";
import type { CostPageData } from "./model";
import type { SessionPick } from "./session.sql";
import type { TokenMode } from "./tasks.sql";
import type { CostMeasure, CostScopeRow } from "./sql";
import type { ConfigRow } from "../leaderboard/sql";

export type CostAxis = "tokens" | "usd";

export interface CostViewState {
  mode: TokenMode;
  grp: string;
  /** The non-baseline condition compared with the baseline. */
  condition: string;
  axis: CostAxis;
  /** Selected histogram bin. */
  bin: { configId: string; index: number } | null;
  /** Chosen session; null shows the build-time default. */
  session: SessionPick | null;
}

export function otherConditions(data: Pick<CostPageData, "baseline" | "conditions">): string[] {
  return data.conditions.filter((c) => c !== data.baseline);
}

export function defaultCostState(data: CostPageData): CostViewState {
  return {
    mode: "cached",
    grp: data.groups[0] ?? "overall",
    condition: otherConditions(data)[0] ?? data.baseline,
    axis: "tokens",
    bin: null,
    session: null,
  };
}

export function parseCostState(search: string, data: CostPageData): CostViewState {
  const p = new URLSearchParams(search);
  const s = defaultCostState(data);
  if (p.get("tokens") === "uncached") s.mode = "uncached";
  const grp = p.get("group");
  if (grp && data.groups.includes(grp)) s.grp = grp;
  const condition = p.get("condition");
  if (condition && otherConditions(data).includes(condition)) s.condition = condition;
  if (p.get("axis") === "usd") s.axis = "usd";
  const bin = p.get("bin");
  const binConfig = p.get("binConfig");
  if (bin !== null && binConfig && data.configs.some((c) => c.config_id === binConfig) && /^\d+$/.test(bin)) {
    s.bin = { configId: binConfig, index: Number(bin) };
  }
  const session = p.get("session");
  const config = p.get("config") ?? data.session.pick?.configId;
  if (session && config && data.configs.some((c) => c.config_id === config)) {
    const repeat = Number(p.get("repeat") ?? 0);
    s.session = { configId: config, sessionId: session, repeat: Number.isInteger(repeat) && repeat >= 0 ? repeat : 0 };
  }
  return s;
}

export function serializeCostState(s: CostViewState, data: CostPageData): string {
  const d = defaultCostState(data);
  const p = new URLSearchParams();
  if (s.mode !== d.mode) p.set("tokens", s.mode);
  if (s.grp !== d.grp) p.set("group", s.grp);
  if (s.condition !== d.condition) p.set("condition", s.condition);
  if (s.axis !== d.axis) p.set("axis", s.axis);
  if (s.bin) {
    p.set("binConfig", s.bin.configId);
    p.set("bin", String(s.bin.index));
  }
  if (s.session) {
    p.set("config", s.session.configId);
    p.set("session", s.session.sessionId);
    if (s.session.repeat) p.set("repeat", String(s.session.repeat));
  }
  const out = p.toString();
  return out ? `?${out}` : "";
}

export interface ScopeCell {
  base: number | null;
  all: number | null;
  focus: number | null;
  allRatio: number | null;
  focusRatio: number | null;
}

export interface Table2Row {
  config: ConfigRow;
  baseRuns: number;
  runs: number;
  tokens: ScopeCell;
  model_calls: ScopeCell;
  tool_calls: ScopeCell;
  cost_usd: ScopeCell;
}

const EMPTY: ScopeCell = { base: null, all: null, focus: null, allRatio: null, focusRatio: null };

function cell(r: CostScopeRow | undefined): ScopeCell {
  return r
    ? { base: r.base_mean, all: r.all_mean, focus: r.focus_mean, allRatio: r.all_ratio, focusRatio: r.focus_ratio }
    : EMPTY;
}

/** One row per configuration; the tokens cell follows the cached-input toggle. */
export function table2Rows(data: CostPageData, s: Pick<CostViewState, "mode" | "grp" | "condition">): Table2Row[] {
  const tokenMeasure: CostMeasure = s.mode === "cached" ? "tokens" : "uncached_tokens";
  return data.configs.map((config) => {
    const of = (m: CostMeasure) =>
      data.scopes.find(
        (r) => r.config_id === config.config_id && r.condition === s.condition && r.grp === s.grp && r.measure === m,
      );
    const any = of("tokens");
    return {
      config,
      baseRuns: any?.base_runs ?? 0,
      runs: any?.runs ?? 0,
      tokens: cell(of(tokenMeasure)),
      model_calls: cell(of("model_calls")),
      tool_calls: cell(of("tool_calls")),
      cost_usd: cell(of("cost_usd")),
    };
  });
}

/** True when some configuration has a cost in this release. */
export function hasCost(data: CostPageData): boolean {
  return data.scopes.some((r) => r.measure === "cost_usd" && (r.base_mean !== null || r.all_mean !== null));
}

export interface ScatterPoint {
  configId: string;
  name: string;
  /** A configuration of local results opened on the page. */
  local: boolean;
  condition: string;
  cost: number | null;
  resolution: number | null;
  onFrontier: boolean;
}

/** Per configuration its baseline point and its condition point (Figure 1a); frontier marked per condition. */
export function scatterPoints(
  data: CostPageData,
  s: Pick<CostViewState, "mode" | "grp" | "condition" | "axis">,
): ScatterPoint[] {
  const measure: CostMeasure = s.axis === "usd" ? "cost_usd" : s.mode === "cached" ? "tokens" : "uncached_tokens";
  const points: ScatterPoint[] = [];
  for (const condition of [data.baseline, s.condition]) {
    const here = data.configs.map((c) => {
      const scope = data.scopes.find(
        (r) => r.config_id === c.config_id && r.condition === s.condition && r.grp === s.grp && r.measure === measure,
      );
      const res = data.resolution.find(
        (r) => r.config_id === c.config_id && r.condition === condition && r.grp === s.grp,
      );
      return {
        configId: c.config_id,
        name: c.display_name,
        local: c.is_local === true,
        condition,
        cost: (condition === data.baseline ? scope?.base_mean : scope?.all_mean) ?? null,
        resolution: res?.resolution ?? null,
        onFrontier: false,
      };
    });
    const frontier = new Set(
      paretoFrontier(here.map((p) => ({ id: p.configId, cost: p.cost, resolution: p.resolution }))),
    );
    for (const p of here) points.push({ ...p, onFrontier: frontier.has(p.configId) });
  }
  return points;
}

export interface FailureTableRow {
  config: ConfigRow;
  condition: string;
  counts: Record<Outcome, number>;
  unresolved: number;
  total: number;
}

const NO_CELLS: Record<Outcome, number> = { resolved: 0, implementation: 0, submission: 0, incomplete: 0, no_run: 0 };

/** Per configuration and condition (baseline first), how its focus cells ended. */
export function failureTable(data: CostPageData, grp: string, conditions: readonly string[]): FailureTableRow[] {
  return data.configs.flatMap((config) =>
    conditions.map((condition) => {
      const r = data.failures.find(
        (x) => x.config_id === config.config_id && x.condition === condition && x.grp === grp,
      );
      const counts = r
        ? {
            resolved: r.resolved,
            implementation: r.implementation,
            submission: r.submission,
            incomplete: r.incomplete,
            no_run: r.no_run,
          }
        : NO_CELLS;
      return { config, condition, counts, unresolved: r?.unresolved ?? 0, total: r?.total ?? 0 };
    }),
  );
}
