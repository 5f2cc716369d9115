"use client";
// Every run of the release: the entry point to the explorer. The static HTML holds the list's index and first
// page; the rows of a filter or a later page come from the per-configuration files (lib/queries/trajectory/
// run-list.ts), fetched when the view needs them. The filters (configuration, condition, trajectory, tag, text)
// and the page live in the URL. Runs without a trajectory are listed and marked: their page still shows verdict
// and schedule.
import { Term } from "@/components/site/Term";
import { TableExport } from "@/components/site/TableExport";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { TrajectoryRunRow } from "@/lib/queries/trajectory/sql";
import {
  planFiles,
  runListPlan,
  runListView,
  RUN_LIST_ALL_LIMIT,
  type RunFilters,
  type RunListIndex,
} from "@/lib/queries/trajectory/run-list";
import { runListRows } from "@/lib/site/run-list-files";
import { runHref } from "@/lib/site/nav";
import { Badge } from "@/components/ui/Badge";
import { Pager } from "@/components/ui/Pager";
import { HeaderRow, Table } from "@/components/ui/Table";

type Filters = RunFilters;

const EMPTY: Filters = { config: "", condition: "", has: "", tag: "", text: "", page: 0 };

function readFilters(search: string): Filters {
  const p = new URLSearchParams(search);
  const tag = p.get("tag") ?? "";
  return {
    config: p.get("config") ?? "",
    condition: p.get("condition") ?? "",
    has:
      p.get("trajectory") === "with" || p.get("trajectory") === "without"
        ? (p.get("trajectory") as Filters["has"])
        : "",
    page: Math.max(0, Math.floor(Number(p.get("page") ?? 1) - 1) || 0),
    tag: tag === "any" || tag === "requirement_state_loss" || tag === "cross_task_interference" ? tag : "",
    text: p.get("q") ?? "",
  };
}

function writeFilters(f: Filters): string {
  const p = new URLSearchParams();
  if (f.config) p.set("config", f.config);
  if (f.condition) p.set("condition", f.condition);
  if (f.has) p.set("trajectory", f.has);
  if (f.tag) p.set("tag", f.tag);
  if (f.text) p.set("q", f.text);
  if (f.page > 0) p.set("page", String(f.page + 1));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function RunList({ releaseId, index }: { releaseId: string; index: RunListIndex }) {
  const [f, setF] = useUrlState<Filters>(EMPTY, { parse: readFilters, serialize: writeFilters });
  // A filter change goes back to the first page; only the pager keeps its own page. The text box types.
  const update = (patch: Partial<Filters>) =>
    setF((prev) => ({ ...prev, page: 0, ...patch }), "text" in patch ? "typing" : "push");
  const plan = useMemo(() => runListPlan(index, f), [index, f]);
  const [files, setFiles] = useState<ReadonlyMap<number, readonly TrajectoryRunRow[]>>(new Map());
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const missing = planFiles(plan).filter((n) => !files.has(n));
    if (missing.length === 0) return;
    let live = true;
    Promise.all(missing.map((n) => runListRows(releaseId, n).then((rows) => [n, rows] as const)))
      .then((loaded) => {
        if (!live) return;
        setFailed(null);
        setFiles((prev) => new Map([...prev, ...loaded]));
      })
      .catch((err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [plan, files, releaseId]);
  const view = runListView(index, plan, files, f);
  const withTrajectory = index.with_trajectory;
  const pageRows = view?.rows ?? [];
  const { page, pages } = view ?? { page: 0, pages: 1 };
  const needsConfig = plan.kind === "needs-config";

  return (
    <section
      className="space-y-2"
      data-testid="run-list"
      data-export-scope
      aria-busy={view === null && !needsConfig && !failed}
    >
      <p className="text-sm" data-testid="trajectory-coverage" data-with={withTrajectory} data-runs={index.runs}>
        {withTrajectory === index.runs
          ? `Every run (${index.runs}) publishes a trajectory.`
          : `${withTrajectory} of ${index.runs} runs publish a trajectory; the others are marked “no trajectory” and their pages show the verdict, schedule and usage only.`}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <select
          className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
          value={f.config}
          onChange={(e) => update({ config: e.target.value })}
          aria-label="configuration"
        >
          <option value="">All configurations</option>
          {index.configs.map((c) => (
            <option key={c.config_id} value={c.config_id}>
              {c.display_name}
            </option>
          ))}
        </select>
        <select
          className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
          value={f.condition}
          onChange={(e) => update({ condition: e.target.value })}
          aria-label="condition"
        >
          <option value="">All conditions</option>
          {index.conditions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <select
          className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
          value={f.has}
          onChange={(e) => update({ has: e.target.value as Filters["has"] })}
          aria-label="trajectory"
          data-testid="run-trajectory-filter"
        >
          <option value="">With or without a trajectory</option>
          <option value="with">With a trajectory</option>
          <option value="without">Without a trajectory</option>
        </select>
        <select
          className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
          value={f.tag}
          onChange={(e) => update({ tag: e.target.value as Filters["tag"] })}
          aria-label="annotations"
          data-testid="run-tag-filter"
        >
          <option value="">Any annotation or none</option>
          <option value="any">Annotated with a signature</option>
          <option value="requirement_state_loss">Requirement-state loss</option>
          <option value="cross_task_interference">Cross-task interference</option>
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
          {view ? `${view.total} of ${index.runs} runs` : needsConfig ? "" : "loading runs…"}
        </span>
        <TableExport
          releaseId={releaseId}
          view="runs"
          subset={[f.config, f.condition, f.tag].filter(Boolean).join("-") || null}
          what="runs"
        />
      </div>
      <div className="overflow-x-auto">
        <Table
          className="w-full text-sm"
          caption="Every run of the release, its outcome, whether it publishes a trajectory, and its trace-signature annotations"
        >
          <thead>
            <HeaderRow
              look="ruled"
              className="text-left text-xs text-zinc-500"
              cellClassName="font-normal"
              columns={[
                { label: "Run", className: "py-1" },
                "Configuration",
                "Focus task",
                "Condition",
                <Term term="outcome">Outcome</Term>,
                "Trajectory",
                <Term term="annotations">Annotations</Term>,
              ]}
            />
          </thead>
          <tbody>
            {pageRows.map((r) => (
              <tr
                key={r.run_id}
                data-run={r.run_id}
                data-has-trajectory={r.trajectory !== null}
                className="border-b border-zinc-100 dark:border-zinc-900"
              >
                <td className="py-1 break-all">
                  <Link className="underline" href={runHref(releaseId, r.run_id)} prefetch={false}>
                    {r.run_id}
                  </Link>
                </td>
                <td>{r.display_name}</td>
                <td>
                  <code>{r.focus_task_id}</code> <span className="text-xs text-zinc-500">{r.task_group}</span>
                </td>
                <td>{r.condition}</td>
                <td>{r.resolved ? "resolved" : (r.failure_class ?? "unresolved")}</td>
                <td className="text-xs">{r.trajectory !== null ? "yes" : <Badge>no trajectory</Badge>}</td>
                <td className="text-xs">
                  {r.requirement_state_loss ? (
                    <Badge tone="bad" className="mr-1">
                      RSL ×{r.requirement_state_loss}
                    </Badge>
                  ) : null}
                  {r.cross_task_interference ? <Badge tone="info">CTI ×{r.cross_task_interference}</Badge> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Pager
        page={page}
        pages={pages}
        onPage={(p) => update({ page: p })}
        label="pages of runs"
        testIds={{ nav: "run-pager", page: "run-page" }}
      />
      {needsConfig ? (
        <p className="text-sm" role="status" data-testid="run-list-needs-config">
          This release has {index.runs.toLocaleString("en-US")} runs: choose a configuration to filter them (a filter
          over more than {RUN_LIST_ALL_LIMIT.toLocaleString("en-US")} runs would fetch every run). Paging through the
          whole list needs none.
        </p>
      ) : null}
      {failed ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert" data-testid="run-list-error">
          The runs could not be loaded: {failed}
        </p>
      ) : null}
      {index.runs === 0 ? <p className="text-sm text-zinc-500">This release has no runs.</p> : null}
    </section>
  );
}
