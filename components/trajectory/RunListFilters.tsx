"use client";
// The run list's filters (configuration, condition, trajectory, annotations, text), how many runs they keep,
// and the export of the list.
import { TableExport } from "@/components/site/TableExport";
import type { RunFilters, RunListIndex } from "@/lib/queries/trajectory/run-list";
import { configOptions, optionsOf, Select, type Option } from "@/components/ui/controls";

const select = "rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900";

const TRAJECTORY_FILTER: Option[] = [
  { value: "", label: "With or without a trajectory" },
  { value: "with", label: "With a trajectory" },
  { value: "without", label: "Without a trajectory" },
];

const TAG_FILTER: Option[] = [
  { value: "", label: "Any annotation or none" },
  { value: "any", label: "Annotated with a signature" },
  { value: "requirement_state_loss", label: "Requirement-state loss" },
  { value: "cross_task_interference", label: "Cross-task interference" },
];

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
      <Select
        className={select}
        value={f.config}
        onValue={(config) => update({ config })}
        aria-label="configuration"
        options={configOptions(index.configs)}
      >
        <option value="">All configurations</option>
      </Select>
      <Select
        className={select}
        value={f.condition}
        onValue={(condition) => update({ condition })}
        aria-label="condition"
        options={optionsOf(index.conditions)}
      >
        <option value="">All conditions</option>
      </Select>
      <Select
        className={select}
        value={f.has}
        onValue={(has) => update({ has: has as RunFilters["has"] })}
        aria-label="trajectory"
        data-testid="run-trajectory-filter"
        options={TRAJECTORY_FILTER}
      />
      <Select
        className={select}
        value={f.tag}
        onValue={(tag) => update({ tag: tag as RunFilters["tag"] })}
        aria-label="annotations"
        data-testid="run-tag-filter"
        options={TAG_FILTER}
      />
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
