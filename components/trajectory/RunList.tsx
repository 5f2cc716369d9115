"use client";
// Every run of the release: the entry point to the explorer. The static HTML holds the list's index and first
// page; the rows of a filter or a later page are read a configuration at a time (the build answers each ahead:
// lib/queries/trajectory/run.sql.ts), when the view needs them. The filters (configuration, condition, trajectory, tag, text)
// and the page live in the URL. Runs without a trajectory are listed and marked: their page still shows verdict
// and schedule.
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
import { configRunsQuery } from "@/lib/queries/trajectory/run.sql";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { Pager } from "@/components/ui/Pager";
import { RunListFilters } from "./RunListFilters";
import { RunListTable } from "./RunListTable";
import { isSignature } from "@/lib/trajectory/tags";

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
    tag: tag === "any" || isSignature(tag) ? tag : "",
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
  // The list is the published release's (its index is the build's).
  const source = useReleaseSource().published;
  useEffect(() => {
    const missing = planFiles(plan).filter((n) => !files.has(n));
    if (missing.length === 0) return;
    let live = true;
    const rowsOf = (n: number) => source.run(configRunsQuery, index.configs[n]!.config_id);
    Promise.all(missing.map((n) => rowsOf(n).then((rows) => [n, rows] as const)))
      .then((loaded) => {
        if (!live) return;
        setFailed(null);
        setFiles((prev) => new Map([...prev, ...loaded]));
      })
      .catch((err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [plan, files, source, index]);
  const view = runListView(index, plan, files, f);
  const withTrajectory = index.with_trajectory;
  const pageRows = view?.rows ?? [];
  const { page, pages } = view ?? { page: 0, pages: 1 };
  const needsConfig = plan.kind === "needs-config";
  const count = view ? `${view.total} of ${index.runs} runs` : needsConfig ? "" : "loading runs…";

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
      <RunListFilters releaseId={releaseId} index={index} f={f} update={update} count={count} />
      <RunListTable releaseId={releaseId} rows={pageRows} />
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
