// The compare page's state in the URL (?a=&b=&condition=&group=&repo=&task=&pane=&k=), read after hydration:
// the page is one static file per release. Values are checked against the release; anything else is dropped.
import { OVERALL } from "../leaderboard/sql";

export type PaneMode = "ab" | "a" | "b";

export interface CompareUrlState {
  a: string | null;
  b: string | null;
  condition: string;
  /** The disagreement list's group filter ("overall": all groups). */
  group: string;
  /** The disagreement list's repository filter (null: all). */
  repo: string | null;
  /** The focus task shown in two panes (null: none open). */
  task: string | null;
  /** ab: A and B under the condition; a / b: that configuration under the baseline and the gap condition. */
  pane: PaneMode;
  /** The focus request (ordinal) the two panes were last moved to. */
  k: number | null;
}

export interface CompareUrlContext {
  configs: readonly string[];
  conditions: readonly string[];
  baseline: string;
  groups: readonly string[];
  repos: readonly string[];
}

/** The condition shown when the URL names none: the first one that is not the baseline. */
export function defaultCondition(ctx: Pick<CompareUrlContext, "conditions" | "baseline">): string {
  return ctx.conditions.find((c) => c !== ctx.baseline) ?? ctx.baseline;
}

const TASK_ID = /^[A-Za-z0-9._\-/:@+]+$/;

export function parseCompareUrl(search: string, ctx: CompareUrlContext): CompareUrlState {
  const p = new URLSearchParams(search);
  const one = (key: string, allowed: readonly string[]) => {
    const v = p.get(key);
    return v !== null && allowed.includes(v) ? v : null;
  };
  const task = p.get("task");
  const k = Number(p.get("k"));
  const pane = p.get("pane");
  return {
    a: one("a", ctx.configs),
    b: one("b", ctx.configs),
    condition: one("condition", ctx.conditions) ?? defaultCondition(ctx),
    group: one("group", [OVERALL, ...ctx.groups]) ?? OVERALL,
    repo: one("repo", ctx.repos),
    task: task !== null && TASK_ID.test(task) ? task : null,
    pane: pane === "a" || pane === "b" ? pane : "ab",
    k: p.has("k") && Number.isInteger(k) && k >= 0 ? k : null,
  };
}

export function serializeCompareUrl(
  s: CompareUrlState,
  ctx: Pick<CompareUrlContext, "conditions" | "baseline">,
): string {
  const p = new URLSearchParams();
  if (s.a !== null) p.set("a", s.a);
  if (s.b !== null) p.set("b", s.b);
  if (s.condition !== defaultCondition(ctx)) p.set("condition", s.condition);
  if (s.group !== OVERALL) p.set("group", s.group);
  if (s.repo !== null) p.set("repo", s.repo);
  if (s.task !== null) p.set("task", s.task);
  if (s.task !== null && s.pane !== "ab") p.set("pane", s.pane);
  if (s.task !== null && s.k !== null) p.set("k", String(s.k));
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** The compare page of a release for two configurations (the leaderboard's "Compare selected"). */
export function compareHref(releaseId: string, a: string, b: string, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ a, b, ...extra });
  return `/r/${releaseId}/compare/?${p.toString()}`;
}
