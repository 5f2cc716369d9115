"use client";
// The search form: the query (run on submit), regular expression or literal, and the filters; a filter changed
// runs the search with the query typed.
import type { StepSearch } from "@/lib/queries/search/sql";

const select = "max-w-full rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900";

type Option = { value: string; label: string };

const each = (values: string[]): Option[] => values.map((v) => ({ value: v, label: v }));

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
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Choice
        label="field"
        value={f.field}
        onChange={(v) => set({ field: v as StepSearch["field"] })}
        testId="search-field"
        options={FIELDS}
      />
      <Choice
        label="configuration"
        value={f.config}
        onChange={(v) => set({ config: v })}
        testId="search-config"
        options={[{ value: "", label: "All configurations" }, ...configs.map((c) => ({ value: c.id, label: c.name }))]}
      />
      <Choice
        label="condition"
        value={f.condition}
        onChange={(v) => set({ condition: v })}
        options={[{ value: "", label: "All conditions" }, ...each(conditions)]}
      />
      <Choice
        label="group"
        value={f.group}
        onChange={(v) => set({ group: v })}
        options={[{ value: "", label: "All groups" }, ...each(groups)]}
      />
      <Choice
        label="repository"
        value={f.repo}
        onChange={(v) => set({ repo: v })}
        options={[{ value: "", label: "All repositories" }, ...each(repos)]}
      />
      <Choice
        label="request kind"
        value={f.kind}
        onChange={(v) => set({ kind: v })}
        testId="search-kind"
        options={KINDS}
      />
      <Choice
        label="tool"
        value={f.tool}
        onChange={(v) => set({ tool: v })}
        options={[{ value: "", label: "Any tool" }, ...each(tools)]}
      />
      <Choice label="outcome" value={f.outcome} onChange={(v) => set({ outcome: v })} options={OUTCOMES} />
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

function Choice({
  label,
  value,
  onChange,
  testId,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  options: Option[];
}) {
  return (
    <select
      className={select}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
