"use client";
// The run list's filters (configuration, condition, trajectory, annotations, text), how many runs they keep,
// and the export of the list.
import { TableExport } from "@/components/site/TableExport";
import type { RunFilters, RunListIndex } from "@/lib/queries/trajectory/run-list";
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/trajectory/tags";
import { configOptions, optionsOf, Select } from "@/components/ui/controls";

const select = "rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900";

export function RunListFilters({
  releaseId,
  index,
  f,
  update,
  count,
}: {
  releaseId: string;
  index: RunListIndex;
  f: RunFilters;
  update: (patch: Partial<RunFilters>) => void;
  /** What the count says: the runs kept, or that they load. */
  count: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {(["config", "condition"] as const).map((key) => (
        <Select
          key={key}
          className={select}
          value={f[key]}
          onValue={(v) => update({ [key]: v })}
          aria-label={key === "config" ? "configuration" : "condition"}
          options={key === "config" ? configOptions(index.configs) : optionsOf(index.conditions)}
        >
          <option value="">{key === "config" ? "All configurations" : "All conditions"}</option>
        </Select>
      ))}
      <select
        className={select}
        value={f.has}
        onChange={(e) => update({ has: e.target.value as RunFilters["has"] })}
        aria-label="trajectory"
        data-testid="run-trajectory-filter"
      >
        <option value="">With or without a trajectory</option>
        <option value="with">With a trajectory</option>
        <option value="without">Without a trajectory</option>
      </select>
      <select
        className={select}
        value={f.tag}
        onChange={(e) => update({ tag: e.target.value as RunFilters["tag"] })}
        aria-label="annotations"
        data-testid="run-tag-filter"
      >
        <option value="">Any annotation or none</option>
        <option value="any">Annotated with a signature</option>
        {SIGNATURES.map((s) => (
          <option key={s} value={s}>
            {SIGNATURE_LABELS[s]}
          </option>
        ))}
      </select>
      <input
        type="search"
        aria-label="search runs"
        placeholder="run, task or repository"
        value={f.text}
        onChange={(e) => update({ text: e.target.value })}
        className="w-56 rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <span className="text-xs text-zinc-500" data-testid="run-count" aria-live="polite">
        {count}
      </span>
      <TableExport
        releaseId={releaseId}
        view="runs"
        subset={[f.config, f.condition, f.tag].filter(Boolean).join("-") || null}
        what="runs"
      />
    </div>
  );
}
