// The signatures page's filters: configuration, condition, repository, group, signature, strength and
// outcome, each a plain select so it works from the keyboard and in the static HTML.
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import type { SignaturesUrlState } from "@/lib/queries/signatures/url";

function Select(props: {
  label: string;
  name: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col text-xs text-zinc-600 dark:text-zinc-400">
      {props.label}
      <select
        className="mt-0.5 max-w-full rounded border border-zinc-300 bg-white px-1 py-0.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        data-filter={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SignatureFilters({
  configs,
  conditions,
  groups,
  repos,
  state,
  update,
}: {
  configs: { id: string; name: string }[];
  conditions: string[];
  groups: string[];
  repos: string[];
  state: SignaturesUrlState;
  update: (patch: Partial<SignaturesUrlState>) => void;
}) {
  const all = (label: string): [string, string] => ["", label];
  return (
    <form className="flex flex-wrap gap-3" aria-label="filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label="Configuration"
        name="config"
        value={state.config ?? ""}
        options={[all("All"), ...configs.map((c): [string, string] => [c.id, c.name])]}
        onChange={(v) => update({ config: v || null })}
      />
      <Select
        label="Condition"
        name="condition"
        value={state.condition ?? ""}
        options={[all("Both"), ...conditions.map((c): [string, string] => [c, conditionLabel(c)])]}
        onChange={(v) => update({ condition: v || null })}
      />
      <Select
        label="Repository"
        name="repo"
        value={state.repo ?? ""}
        options={[all("All"), ...repos.map((r): [string, string] => [r, r])]}
        onChange={(v) => update({ repo: v || null, cell: null })}
      />
      <Select
        label="Group"
        name="group"
        value={state.group ?? ""}
        options={[all("All"), ...groups.map((g): [string, string] => [g, groupLabel(g)])]}
        onChange={(v) => update({ group: v || null })}
      />
      <Select
        label="Signature"
        name="signature"
        value={state.signature ?? ""}
        options={[all("Both"), ...SIGNATURES.map((s): [string, string] => [s, SIGNATURE_LABELS[s]!])]}
        onChange={(v) => update({ signature: v || null })}
      />
      <Select
        label="Strength"
        name="strength"
        value={state.strength}
        options={[
          ["strong", "Strong tags"],
          ["weak", "Weak only"],
        ]}
        onChange={(v) => update({ strength: v === "weak" ? "weak" : "strong" })}
      />
      <Select
        label="Outcome"
        name="outcome"
        value={state.outcome ?? ""}
        options={[all("All runs"), ["resolved", "Resolved"], ["unresolved", "Unresolved"]]}
        onChange={(v) => update({ outcome: (v || null) as SignaturesUrlState["outcome"], cell: null })}
      />
    </form>
  );
}
