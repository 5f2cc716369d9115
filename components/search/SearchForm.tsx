"use client";
// The search form: the query (run on submit), regular expression or literal, and the filters; a filter changed
// runs the search with the query typed.
import type { StepSearch } from "@/lib/queries/search/sql";
import { optionsOf, Select, type Option } from "@/components/ui/controls";

const select = "max-w-full rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900";

/** The filters of StepSearch that one select sets. */
type ChoiceKey = "field" | "config" | "condition" | "group" | "repo" | "kind" | "tool" | "outcome";

const FIELDS: Option[] = [
  { value: "all", label: "Commands, paths and text" },
  { value: "command", label: "Commands" },
  { value: "paths", label: "Edited paths" },
  { value: "text", label: "Message and observation text" },
];

const KINDS: Option[] = [
  { value: "", label: "Any request" },
  { value: "focus", label: "Focus requests" },
  { value: "interruption", label: "Interruptions" },
  { value: "finalization", label: "Finalization" },
];

const OUTCOMES: Option[] = [
  { value: "", label: "Any outcome" },
  { value: "resolved", label: "Resolved runs" },
  { value: "unresolved", label: "Unresolved runs" },
];

/** What the filters offer: the release's configurations (id and name) and the values of each other filter. */
interface SearchLists {
  configs: { id: string; name: string }[];
  conditions: string[];
  groups: string[];
  repos: string[];
  tools: string[];
}

export function SearchForm({
  f,
  draft,
  onDraft,
  update,
  lists,
}: {
  f: StepSearch;
  draft: string;
  onDraft: (text: string) => void;
  update: (patch: Partial<StepSearch>) => void;
  lists: SearchLists;
}) {
  const set = (patch: Partial<StepSearch>) => update({ q: draft, ...patch });
  return (
    <form
      className="space-y-2 text-sm"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        update({ q: draft });
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="search-q">
          Search commands, paths and text
        </label>
        <input
          id="search-q"
          type="search"
          data-testid="search-q"
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          placeholder='e.g. git -C "$d" diff'
          className="w-full max-w-md rounded border border-zinc-300 px-2 py-1 font-mono dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" className="btn" data-testid="search-go">
          Search
        </button>
        <label className="inline-flex items-center gap-1">
          <input
            type="checkbox"
            checked={f.mode === "regex"}
            onChange={(e) => set({ mode: e.target.checked ? "regex" : "literal" })}
            data-testid="search-regex"
          />
          regular expression (RE2)
        </label>
      </div>
      <SearchFilters f={f} set={set} lists={lists} />
    </form>
  );
}

/** The filters: each one changed runs the search (`set` adds the query typed). */
function SearchFilters({
  f,
  set,
  lists: { configs, conditions, groups, repos, tools },
}: {
  f: StepSearch;
  set: (patch: Partial<StepSearch>) => void;
  lists: SearchLists;
}) {
  const all = (label: string, values: Option[]): Option[] => [{ value: "", label }, ...values];
  // The filters that pick one value, in order; `key` is the filter's field of StepSearch.
  const choices: { label: string; key: ChoiceKey; testId?: string; options: Option[] }[] = [
    { label: "field", key: "field", testId: "search-field", options: FIELDS },
    {
      label: "configuration",
      key: "config",
      testId: "search-config",
      options: all(
        "All configurations",
        configs.map((c) => ({ value: c.id, label: c.name })),
      ),
    },
    { label: "condition", key: "condition", options: all("All conditions", optionsOf(conditions)) },
    { label: "group", key: "group", options: all("All groups", optionsOf(groups)) },
    { label: "repository", key: "repo", options: all("All repositories", optionsOf(repos)) },
    { label: "request kind", key: "kind", testId: "search-kind", options: KINDS },
    { label: "tool", key: "tool", options: all("Any tool", optionsOf(tools)) },
    { label: "outcome", key: "outcome", options: OUTCOMES },
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      {choices.map((c) => (
        <Select
          key={c.key}
          className={select}
          aria-label={c.label}
          value={f[c.key]}
          onValue={(v) => set({ [c.key]: v })}
          data-testid={c.testId}
          options={c.options}
        />
      ))}
      <label className="inline-flex items-center gap-1">
        <input
          type="checkbox"
          checked={f.other}
          onChange={(e) => set({ other: e.target.checked })}
          data-testid="search-other"
        />
        only steps reaching another task’s checkout
      </label>
    </div>
  );
}
