// The catalog's search and filters as pure functions of the URL, so a filtered view is a permalink.
import type { CatalogModel, CatalogTask } from "./model";

export const OUTCOMES = ["all", "lost", "gained", "never"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  all: "any outcome",
  lost: "resolved in the baseline, not in another condition",
  gained: "resolved in another condition, not in the baseline",
  never: "resolved in no condition",
};

export interface CatalogState {
  q: string;
  repos: string[];
  groups: string[];
  /** Outcome filters look at this configuration; null: at any configuration. */
  config: string | null;
  outcome: Outcome;
}

export const EMPTY_CATALOG_STATE: CatalogState = { q: "", repos: [], groups: [], config: null, outcome: "all" };

const list = (v: string | null) => (v ? v.split(",").filter(Boolean) : []);

export function parseCatalogState(search: string, model: CatalogModel): CatalogState {
  const p = new URLSearchParams(search);
  const config = p.get("config");
  const outcome = p.get("outcome") as Outcome | null;
  return {
    q: p.get("q") ?? "",
    repos: list(p.get("repo")),
    groups: list(p.get("group")).filter((g) => model.groups.includes(g)),
    config: config && model.configs.some((c) => c.config_id === config) ? config : null,
    outcome: outcome && OUTCOMES.includes(outcome) ? outcome : "all",
  };
}

export function serializeCatalogState(s: CatalogState): string {
  const p = new URLSearchParams();
  if (s.q) p.set("q", s.q);
  if (s.repos.length) p.set("repo", s.repos.join(","));
  if (s.groups.length) p.set("group", s.groups.join(","));
  if (s.config) p.set("config", s.config);
  if (s.outcome !== "all") p.set("outcome", s.outcome);
  const q = p.toString();
  return q ? `?${q}` : "";
}

function outcomeOf(scores: readonly (number | null)[], outcome: Outcome): boolean {
  const [base, ...others] = scores.map((v) => v ?? 0);
  if (outcome === "lost") return others.some((o) => o < base!);
  if (outcome === "gained") return others.some((o) => o > base!);
  if (outcome === "never") return [base!, ...others].every((v) => v === 0);
  return true;
}

export function filterCatalog(model: CatalogModel, s: CatalogState): CatalogTask[] {
  const needle = s.q.trim().toLowerCase();
  const configIndex = s.config ? model.configs.findIndex((c) => c.config_id === s.config) : -1;
  return model.tasks.filter((t) => {
    if (s.repos.length && !s.repos.includes(t.repo)) return false;
    if (s.groups.length && !s.groups.includes(t.task_group)) return false;
    if (needle) {
      const text = [t.task_id, t.title ?? "", t.repo, t.first_text ?? "", t.interruption_ids].join("\n").toLowerCase();
      if (!text.includes(needle)) return false;
    }
    if (s.outcome === "all") return true;
    // "never" asks whether the task was resolved by the configuration(s) at all, so with no
    // configuration chosen it means no configuration ever resolved it.
    const rows = configIndex >= 0 ? [t.scores[configIndex]!] : t.scores;
    return s.outcome === "never" ? rows.every((r) => outcomeOf(r, "never")) : rows.some((r) => outcomeOf(r, s.outcome));
  });
}
