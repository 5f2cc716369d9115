"use client";
// The catalog's filter bar: search, repository, group, configuration and outcome, with how many focus tasks
// pass and a link to the leaderboard on just those tasks.
import { useMemo } from "react";
import type { CatalogModel, CatalogTask } from "@/lib/queries/catalog/model";
import { OUTCOME_LABELS, OUTCOMES, type CatalogState, type Outcome } from "@/lib/queries/catalog/url";
import { groupLabel } from "@/lib/site/labels";
import { releaseHref } from "@/lib/site/nav";
import { configOptions, optionsOf, Select } from "@/components/ui/controls";

export function CatalogFilters({
  releaseId,
  model,
  state,
  rows,
  update,
}: {
  releaseId: string;
  model: CatalogModel;
  state: CatalogState;
  rows: CatalogTask[];
  /** push: false for typing, so a search typed is one history entry. */
  update: (patch: Partial<CatalogState>, push?: boolean) => void;
}) {
  const repos = useMemo(() => [...new Set(model.tasks.map((t) => t.repo))].sort(), [model]);
  const select = "rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <input
        type="search"
        aria-label="search tasks"
        placeholder="Search id, title, repository, request text"
        className={`${select} w-72`}
        value={state.q}
        onChange={(e) => update({ q: e.target.value }, false)}
      />
      <Select
        aria-label="repository"
        className={select}
        value={state.repos[0] ?? ""}
        onValue={(repo) => update({ repos: repo ? [repo] : [] })}
        options={optionsOf(repos)}
      >
        <option value="">All repositories</option>
      </Select>
      <Select
        aria-label="group"
        className={select}
        value={state.groups[0] ?? ""}
        onValue={(group) => update({ groups: group ? [group] : [] })}
        options={optionsOf(model.groups, groupLabel)}
      >
        <option value="">All groups</option>
      </Select>
      <Select
        aria-label="configuration"
        className={select}
        value={state.config ?? ""}
        onValue={(config) => update({ config: config || null })}
        options={configOptions(model.configs)}
      >
        <option value="">Any configuration</option>
      </Select>
      <Select
        aria-label="outcome"
        className={select}
        value={state.outcome}
        onValue={(outcome) => update({ outcome: outcome as Outcome })}
        options={optionsOf(OUTCOMES, (o) => OUTCOME_LABELS[o])}
      />
      <span className="text-zinc-600 dark:text-zinc-400" data-testid="catalog-count">
        {rows.length} of {model.tasks.length} focus tasks
      </span>
      {rows.length > 0 && rows.length < model.tasks.length ? (
        <a
          className="underline"
          data-testid="catalog-to-leaderboard"
          href={`${releaseHref(releaseId)}?tasks=${rows.map((t) => encodeURIComponent(t.task_id)).join(",")}`}
        >
          Leaderboard on these {rows.length} tasks
        </a>
      ) : null}
    </div>
  );
}
