// Which two configurations, under which condition. Plain selects: they work in the static HTML's first
// paint and from the keyboard. Local configurations are listed last, in their own group, marked "(local)".
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { conditionLabel } from "@/lib/site/labels";
import { optionsOf, SelectField } from "@/components/ui/controls";

export interface PairPickerProps {
  configs: ConfigRow[];
  conditions: string[];
  a: string | null;
  b: string | null;
  condition: string;
  onChange: (patch: { a?: string | null; b?: string | null; condition?: string }) => void;
}

export function PairPicker({ configs, conditions, a, b, condition, onChange }: PairPickerProps) {
  const select = "rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";
  const option = (c: ConfigRow) => (
    <option key={c.config_id} value={c.config_id} data-local={c.is_local ? "true" : undefined}>
      {c.is_local ? `${c.display_name} (local)` : c.display_name}
    </option>
  );
  // Configurations opened from local files (never in the static HTML) in a group of their own.
  const local = configs.filter((c) => c.is_local);
  const options = (
    <>
      {configs.filter((c) => !c.is_local).map(option)}
      {local.length ? <optgroup label="Local results">{local.map(option)}</optgroup> : null}
    </>
  );
  /** The select of configuration A or B. */
  const side = (which: "a" | "b", value: string | null) => (
    <label className="flex flex-col gap-1">
      <span className="text-xs text-zinc-500">{`Configuration ${which.toUpperCase()}`}</span>
      <select
        className={select}
        data-testid={`pick-${which}`}
        value={value ?? ""}
        onChange={(e) => onChange({ [which]: e.target.value || null })}
      >
        <option value="">— pick —</option>
        {options}
      </select>
    </label>
  );
  return (
    <form
      className="flex flex-wrap items-end gap-3 text-sm"
      aria-label="pick two configurations"
      onSubmit={(e) => e.preventDefault()}
    >
      {side("a", a)}
      <button type="button" className="btn" aria-label="swap A and B" onClick={() => onChange({ a: b, b: a })}>
        ⇄
      </button>
      {side("b", b)}
      <SelectField
        label={<span className="text-xs text-zinc-500">Condition</span>}
        labelClassName="flex flex-col gap-1"
        className={select}
        data-testid="pick-condition"
        value={condition}
        onValue={(c) => onChange({ condition: c })}
        options={optionsOf(conditions, (c) => `${conditionLabel(c)} (${c})`)}
      />
      {a !== null && a === b ? (
        <span className="text-xs text-amber-700 dark:text-amber-400">
          A and B are the same configuration: every task agrees with itself.
        </span>
      ) : null}
    </form>
  );
}
