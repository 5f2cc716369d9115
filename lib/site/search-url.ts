// The search page's state in the URL (?q=…&mode=regex&field=command&config=…&kind=focus&other=1), so every
// search is a permalink; and the example searches for the two signatures' evidence patterns.
import { EMPTY_SEARCH, type SearchField, type StepSearch } from "../queries/search/sql";
import { boundText } from "../source/result-bounds";
import type { Signature } from "../trajectory/tags";

const FIELDS: SearchField[] = ["all", "command", "paths", "text"];
const KINDS = ["focus", "interruption", "finalization"];
const OUTCOMES = ["resolved", "unresolved"];
const KEYS = ["config", "condition", "group", "repo", "kind", "tool", "outcome"] as const;

export function readSearch(search: string): StepSearch {
  const p = new URLSearchParams(search);
  const f: StepSearch = { ...EMPTY_SEARCH, q: p.get("q") ?? "" };
  f.mode = p.get("mode") === "regex" ? "regex" : "literal";
  const field = p.get("field") as SearchField | null;
  f.field = field && FIELDS.includes(field) ? field : "all";
  for (const k of KEYS) f[k] = p.get(k) ?? "";
  if (!KINDS.includes(f.kind)) f.kind = "";
  if (!OUTCOMES.includes(f.outcome)) f.outcome = "";
  f.other = p.get("other") === "1";
  return f;
}

export function writeSearch(f: StepSearch): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.mode !== "literal") p.set("mode", f.mode);
  if (f.field !== "all") p.set("field", f.field);
  for (const k of KEYS) if (f[k]) p.set(k, f[k]);
  if (f.other) p.set("other", "1");
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A search worth running without a query: a filter that picks steps, not only runs. */
export function isRunnable(f: StepSearch): boolean {
  return f.q.trim() !== "" || f.other || f.tool !== "";
}

export interface ExampleSearch {
  label: string;
  signature: Signature;
  search: Partial<StepSearch>;
}

export const EXAMPLE_SEARCHES: ExampleSearch[] = [
  {
    label: "A focus request runs a command in another task's checkout",
    signature: "cross_task_interference",
    search: { q: ".", mode: "regex", field: "command", kind: "focus", other: true },
  },
  {
    label: "git diff over every workspace (a loop over the checkouts)",
    signature: "cross_task_interference",
    search: { q: 'git -C "$d" diff', field: "command" },
  },
  {
    label: "The finalization builds one patch from several checkouts",
    signature: "cross_task_interference",
    search: { q: "final.patch", field: "command", kind: "finalization" },
  },
  {
    label: "A later focus request edits a file again (a requirement may be dropped)",
    signature: "requirement_state_loss",
    search: { q: "\\.py$", mode: "regex", field: "paths", kind: "focus", outcome: "unresolved" },
  },
];

/** The values a search's filters may take in one release (the page's lists). */
export interface KnownSearchValues {
  configs: readonly string[];
  conditions: readonly string[];
  groups: readonly string[];
  repos: readonly string[];
  tools: readonly string[];
}

export interface UnknownSearchValue {
  param: string;
  /** As the address has it, cut to a readable length. */
  value: string;
  why: string;
}

const listed = (values: readonly string[]) => (values.length ? values.join(", ") : "none");

/**
 * The parameters of a search address whose values this release does not have (an unknown configuration, a
 * request kind that is none of the three, …), each with why; empty when every value is known. `search` is the
 * address's query string as written; `f` is what readSearch made of it.
 */
export function unknownSearchValues(search: string, f: StepSearch, known: KnownSearchValues): UnknownSearchValue[] {
  const p = new URLSearchParams(search);
  const out: UnknownSearchValue[] = [];
  const check = (param: string, value: string | null, allowed: readonly string[], why: string) => {
    if (value !== null && value !== "" && !allowed.includes(value))
      out.push({ param, value: boundText(value, 200).text, why });
  };
  check("mode", p.get("mode"), ["literal", "regex"], "not one of literal, regex");
  check("field", p.get("field"), FIELDS, `not one of ${listed(FIELDS)}`);
  check("config", f.config, known.configs, "no configuration of this release with trajectories has this id");
  check("condition", f.condition, known.conditions, `not a condition of this release (${listed(known.conditions)})`);
  check("group", f.group, known.groups, `not a task group of this release (${listed(known.groups)})`);
  check("repo", f.repo, known.repos, "no task of this release is from this repository");
  check("kind", p.get("kind"), KINDS, `not one of ${listed(KINDS)}`);
  check("tool", f.tool, known.tools, "no step of this release calls a tool of this name");
  check("outcome", p.get("outcome"), OUTCOMES, `not one of ${listed(OUTCOMES)}`);
  check("other", p.get("other"), ["1"], "only other=1 is known");
  return out;
}
