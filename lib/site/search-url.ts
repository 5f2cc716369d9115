// The search page's state in the URL (?q=…&mode=regex&field=command&config=…&kind=focus&other=1), so every
// search is a permalink; and the example searches for the two signatures' evidence patterns.
import { EMPTY_SEARCH, type SearchField, type StepSearch } from "../queries/search/sql";

const FIELDS: SearchField[] = ["all", "command", "paths", "text"];
const KEYS = ["config", "condition", "group", "repo", "kind", "tool", "outcome"] as const;

export function readSearch(search: string): StepSearch {
  const p = new URLSearchParams(search);
  const f: StepSearch = { ...EMPTY_SEARCH, q: p.get("q") ?? "" };
  f.mode = p.get("mode") === "regex" ? "regex" : "literal";
  const field = p.get("field") as SearchField | null;
  f.field = field && FIELDS.includes(field) ? field : "all";
  for (const k of KEYS) f[k] = p.get(k) ?? "";
  if (!["", "focus", "interruption", "finalization"].includes(f.kind)) f.kind = "";
  if (!["", "resolved", "unresolved"].includes(f.outcome)) f.outcome = "";
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
  signature: "cross_task_interference" | "requirement_state_loss";
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
