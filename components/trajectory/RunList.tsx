"use client";
// The runs that publish a trajectory: the entry point to the explorer. All rows are in the static HTML;
// the filters (configuration, condition, tag, text) live in the URL and apply after hydration.
import { TableExport } from "@/components/site/TableExport";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import type { TrajectoryRunRow } from "@/lib/queries/trajectory";
import { runHref } from "@/lib/site/nav";

interface Filters {
  config: string;
  condition: string;
  tag: "" | "any" | "requirement_state_loss" | "cross_task_interference";
  text: string;
}

const EMPTY: Filters = { config: "", condition: "", tag: "", text: "" };

function readFilters(search: string): Filters {
  const p = new URLSearchParams(search);
  const tag = p.get("tag") ?? "";
  return {
    config: p.get("config") ?? "",
    condition: p.get("condition") ?? "",
    tag: tag === "any" || tag === "requirement_state_loss" || tag === "cross_task_interference" ? tag : "",
    text: p.get("q") ?? "",
  };
}

function writeFilters(f: Filters): string {
  const p = new URLSearchParams();
  if (f.config) p.set("config", f.config);
  if (f.condition) p.set("condition", f.condition);
  if (f.tag) p.set("tag", f.tag);
  if (f.text) p.set("q", f.text);
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function RunList({ releaseId, runs }: { releaseId: string; runs: TrajectoryRunRow[] }) {
  const [f, setF] = useState<Filters>(EMPTY);
  useEffect(() => setF(readFilters(window.location.search)), []);
  const update = (patch: Partial<Filters>) =>
    setF((prev) => {
      const next = { ...prev, ...patch };
      window.history.replaceState(null, "", `${window.location.pathname}${writeFilters(next)}`);
      return next;
    });
  const configs = useMemo(() => [...new Map(runs.map((r) => [r.config_id, r.display_name])).entries()], [runs]);
  const conditions = useMemo(() => [...new Set(runs.map((r) => r.condition))], [runs]);
  const text = f.text.trim().toLowerCase();
  const shown = runs.filter(
    (r) =>
      (!f.config || r.config_id === f.config) &&
      (!f.condition || r.condition === f.condition) &&
      (f.tag === "" || (f.tag === "any" ? r.requirement_state_loss + r.cross_task_interference > 0 : r[f.tag] > 0)) &&
      (!text || `${r.run_id} ${r.focus_task_id} ${r.repo ?? ""}`.toLowerCase().includes(text)),
  );

  return (
    <section className="space-y-2" data-testid="run-list" data-export-scope>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <select className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900" value={f.config} onChange={(e) => update({ config: e.target.value })} aria-label="configuration">
          <option value="">All configurations</option>
          {configs.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900" value={f.condition} onChange={(e) => update({ condition: e.target.value })} aria-label="condition">
          <option value="">All conditions</option>
          {conditions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <select className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900" value={f.tag} onChange={(e) => update({ tag: e.target.value as Filters["tag"] })} aria-label="annotations" data-testid="run-tag-filter">
          <option value="">Any annotation or none</option>
          <option value="any">Annotated with a signature</option>
          <option value="requirement_state_loss">Requirement-state loss</option>
          <option value="cross_task_interference">Cross-task interference</option>
        </select>
        <input type="search" aria-label="search runs" placeholder="run, task or repository" value={f.text} onChange={(e) => update({ text: e.target.value })} className="w-56 rounded border border-zinc-300 px-2 py-0.5 dark:border-zinc-700 dark:bg-zinc-900" />
        <span className="text-xs text-zinc-500" data-testid="run-count">
          {shown.length} of {runs.length} runs
        </span>
        <TableExport releaseId={releaseId} view="runs" subset={[f.config, f.condition, f.tag].filter(Boolean).join("-") || null} what="runs" />
      </div>
      <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Runs that publish a trajectory, with their outcome and trace-signature annotations</caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500 dark:border-zinc-800">
            <th className="py-1 font-normal">Run</th>
            <th className="font-normal">Configuration</th>
            <th className="font-normal">Focus task</th>
            <th className="font-normal">Condition</th>
            <th className="font-normal">Outcome</th>
            <th className="font-normal">Annotations</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.run_id} data-run={r.run_id} className="border-b border-zinc-100 dark:border-zinc-900">
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
              <td className="text-xs">
                {r.requirement_state_loss ? <span className="mr-1 rounded bg-rose-100 px-1 text-rose-900 dark:bg-rose-950 dark:text-rose-100">RSL ×{r.requirement_state_loss}</span> : null}
                {r.cross_task_interference ? <span className="rounded bg-indigo-100 px-1 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">CTI ×{r.cross_task_interference}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {runs.length === 0 ? <p className="text-sm text-zinc-500">This release publishes no trajectory.</p> : null}
    </section>
  );
}
