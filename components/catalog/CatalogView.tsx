"use client";
// The task catalog: every focus task, searchable and filterable, with how each configuration did in each
// condition. The list and scores come computed from the build; filters live in the URL (read after
// hydration, so the static HTML lists every task).
import { LabelTerm, Term } from "@/components/site/Term";
import Link from "next/link";
import { useCallback, useMemo } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { CatalogModel } from "@/lib/queries/catalog/model";
import {
  EMPTY_CATALOG_STATE,
  filterCatalog,
  OUTCOME_LABELS,
  OUTCOMES,
  parseCatalogState,
  serializeCatalogState,
  type CatalogState,
  type Outcome,
} from "@/lib/queries/catalog/url";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { releaseHref } from "@/lib/site/nav";
import { TableExport } from "@/components/site/TableExport";
import { ScoreMark } from "./ScoreMark";
import { Table, Th } from "@/components/ui/Table";

const count = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export function CatalogView({ releaseId, model }: { releaseId: string; model: CatalogModel }) {
  // Back and Forward walk the filters (each a history entry; a search typed is one entry).
  const [state, setUrlState] = useUrlState<CatalogState>(
    EMPTY_CATALOG_STATE,
    {
      parse: (search) => parseCatalogState(search, model),
      serialize: serializeCatalogState,
    },
    model,
  );
  const update = useCallback(
    (patch: Partial<CatalogState>, push = true) => setUrlState(patch, push ? "push" : "typing"),
    [setUrlState],
  );

  const rows = useMemo(() => filterCatalog(model, state), [model, state]);
  const repos = useMemo(() => [...new Set(model.tasks.map((t) => t.repo))].sort(), [model]);
  const configIndex = state.config ? model.configs.findIndex((c) => c.config_id === state.config) : -1;
  const nConfigs = model.configs.length;
  const select = "rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

  return (
    <section aria-label="task catalog" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <input
          type="search"
          aria-label="search tasks"
          placeholder="Search id, title, repository, request text"
          className={`${select} w-72`}
          value={state.q}
          onChange={(e) => update({ q: e.target.value }, false)}
        />
        <select
          aria-label="repository"
          className={select}
          value={state.repos[0] ?? ""}
          onChange={(e) => update({ repos: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">All repositories</option>
          {repos.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <select
          aria-label="group"
          className={select}
          value={state.groups[0] ?? ""}
          onChange={(e) => update({ groups: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">All groups</option>
          {model.groups.map((g) => (
            <option key={g} value={g}>
              {groupLabel(g)}
            </option>
          ))}
        </select>
        <select
          aria-label="configuration"
          className={select}
          value={state.config ?? ""}
          onChange={(e) => update({ config: e.target.value || null })}
        >
          <option value="">Any configuration</option>
          {model.configs.map((c) => (
            <option key={c.config_id} value={c.config_id}>
              {c.display_name}
            </option>
          ))}
        </select>
        <select
          aria-label="outcome"
          className={select}
          value={state.outcome}
          onChange={(e) => update({ outcome: e.target.value as Outcome })}
        >
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
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
      <div className="overflow-x-auto" data-export-scope>
        <TableExport
          releaseId={releaseId}
          view="catalog"
          subset={serializeCatalogState(state).slice(1) || null}
          what="task catalog"
        />
        <Table
          className="w-full border-collapse text-sm"
          data-testid="catalog-table"
          caption="Focus tasks with their stages, verifier sizes, interruptions and how many configurations resolved each"
        >
          <thead>
            <tr className="border-b border-zinc-200 text-xs dark:border-zinc-800">
              <Th className="px-2 py-1 text-left font-medium">Task</Th>
              <Th className="px-2 py-1 text-left font-medium">Repository</Th>
              <Th className="px-2 py-1 text-left font-medium">Group</Th>
              <Th
                className="px-2 py-1 text-left font-medium"
                title="stage provenance: i = issue, r = review, e = extension"
              >
                <Term term="stages">Stages</Term>
              </Th>
              <Th className="px-2 py-1 text-right font-medium">
                <Term term="f2p_p2p">F2P / P2P</Term>
              </Th>
              <Th className="px-2 py-1 text-right font-medium">
                <Term term="interruption_tasks">Interruptions</Term>
              </Th>
              {model.conditions.map((c) => (
                <Th
                  key={c}
                  className="px-2 py-1 text-right font-medium"
                  title={`configurations (of ${nConfigs}) that resolved the task`}
                >
                  <LabelTerm label={conditionLabel(c)} suffix=" resolved" />
                </Th>
              ))}
              {configIndex >= 0 ? (
                <Th className="px-2 py-1 text-left font-medium" colSpan={1}>
                  {model.configs[configIndex]!.display_name}
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr
                key={t.task_id}
                data-task={t.task_id}
                className="border-b border-zinc-100 align-top dark:border-zinc-900"
              >
                <td className="px-2 py-1">
                  <Link
                    className="font-mono text-xs underline"
                    href={`${releaseHref(releaseId, "tasks")}${encodeURIComponent(t.task_id)}/`}
                  >
                    {t.task_id}
                  </Link>
                  {t.title ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{t.title}</div> : null}
                </td>
                <td className="px-2 py-1 text-xs">{t.repo}</td>
                <td className="px-2 py-1 text-xs" data-col="group">
                  {groupLabel(t.task_group)}
                </td>
                <td className="px-2 py-1 font-mono text-xs" data-col="stages" title={t.provenances}>
                  {t.stage_count} ·{" "}
                  {t.provenances
                    .split(" ")
                    .map((p) => p[0])
                    .join("")}
                </td>
                <td className="px-2 py-1 text-right tabular-nums" data-col="tests">
                  {t.f2p_count} / {t.p2p_count}
                </td>
                <td className="px-2 py-1 text-right tabular-nums" data-col="interruptions" title={t.interruption_ids}>
                  {t.interruption_count}
                </td>
                {model.conditions.map((c, ki) => (
                  <td
                    key={c}
                    className="px-2 py-1 text-right tabular-nums"
                    data-col={`resolved.${c}`}
                    data-k={t.resolvedBy[ki]}
                    data-n={nConfigs}
                  >
                    {count(t.resolvedBy[ki]!)}/{nConfigs}
                  </td>
                ))}
                {configIndex >= 0 ? (
                  <td className="px-2 py-1 text-xs" data-col="config">
                    {model.conditions.map((c, ki) => (
                      <span key={c} className="mr-2 whitespace-nowrap">
                        {conditionLabel(c)} <ScoreMark score={t.scores[configIndex]![ki] ?? null} />
                      </span>
                    ))}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
