// The signatures page's filters: configuration, condition, repository, group, signature, strength and
// outcome, each a plain select so it works from the keyboard and in the static HTML.
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import type { SignaturesUrlState } from "@/lib/queries/signatures/url";
import { optionsOf, SelectField, type Option } from "@/components/ui/controls";

const SELECT =
  "mt-0.5 max-w-full rounded border border-zinc-300 bg-white px-1 py-0.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/** The filters one select sets; "" in a select is null in the state. */
type FilterKey = "config" | "condition" | "repo" | "group" | "signature" | "strength" | "outcome";

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
  const all = (label: string): Option => ({ value: "", label });
  // In order; a filter that changes which runs are counted closes the opened cell (`closes`).
  const filters: { label: string; name: FilterKey; options: Option[]; closes?: boolean }[] = [
    {
      label: "Configuration",
      name: "config",
      options: [all("All"), ...configs.map((c) => ({ value: c.id, label: c.name }))],
    },
    { label: "Condition", name: "condition", options: [all("Both"), ...optionsOf(conditions, conditionLabel)] },
    { label: "Repository", name: "repo", options: [all("All"), ...optionsOf(repos)], closes: true },
    { label: "Group", name: "group", options: [all("All"), ...optionsOf(groups, groupLabel)] },
    {
      label: "Signature",
      name: "signature",
      options: [all("Both"), ...optionsOf(SIGNATURES, (s) => SIGNATURE_LABELS[s])],
    },
    { label: "Strength", name: "strength", options: STRENGTHS },
    { label: "Outcome", name: "outcome", options: [all("All runs"), ...OUTCOMES], closes: true },
  ];
  return (
    <form className="flex flex-wrap gap-3" aria-label="filters" onSubmit={(e) => e.preventDefault()}>
      {filters.map((f) => (
        <SelectField
          key={f.name}
          label={f.label}
          labelClassName="flex flex-col text-xs text-zinc-600 dark:text-zinc-400"
          className={SELECT}
          data-filter={f.name}
          value={state[f.name] ?? ""}
          options={f.options}
          onValue={(v) => update({ ...patchOf(f.name, v), ...(f.closes ? { cell: null } : {}) })}
        />
      ))}
    </form>
  );
}

const STRENGTHS: Option[] = [
  { value: "strong", label: "Strong tags" },
  { value: "weak", label: "Weak only" },
];

const OUTCOMES: Option[] = [
  { value: "resolved", label: "Resolved" },
  { value: "unresolved", label: "Unresolved" },
];

/** The state a select's value sets: "" is no filter, and strength is "strong" unless "weak" is picked. */
function patchOf(name: FilterKey, v: string): Partial<SignaturesUrlState> {
  if (name === "strength") return { strength: v === "weak" ? "weak" : "strong" };
  if (name === "outcome") return { outcome: (v || null) as SignaturesUrlState["outcome"] };
  return { [name]: v || null };
}
