// The focus tasks the two configurations disagree on under the chosen condition, filterable by group and
// repository, each with both runs (the explorer opens a run without a trajectory too, with its verdict)
// and buttons that open the task in the two-pane view.
import { Term } from "@/components/site/Term";
import { TableExport } from "@/components/site/TableExport";
import Link from "next/link";
import { runOf, type CompareModel } from "@/lib/queries/compare/model";
import type { ComparePairRow } from "@/lib/queries/compare/sql";
import type { PaneMode } from "@/lib/queries/compare/url";
import { OVERALL } from "@/lib/queries/leaderboard/sql";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { releaseHref, runHref } from "@/lib/site/nav";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { HeaderRow, Table } from "@/components/ui/Table";
import { DisagreementFilters } from "./DisagreementFilters";

export interface DisagreementsProps {
  releaseId: string;
  model: CompareModel;
  groups: string[];
  repos: string[];
  group: string;
  repo: string | null;
  openTask: string | null;
  onFilter: (patch: { group?: string; repo?: string | null }) => void;
  onOpen: (task: string, pane: PaneMode) => void;
}

function RunLink({
  releaseId,
  model,
  config,
  task,
  label,
}: {
  releaseId: string;
  model: CompareModel;
  config: string;
  task: string;
  label: string;
}) {
  const source = useReleaseSource();
  if (!model.runsRead) return <span className="text-zinc-500">{label}: reading its run…</span>;
  const run = runOf(model.runs, config, task, model.condition);
  if (!run) return <span className="text-zinc-500">{label}: no run</span>;
  // A local run opens in the explorer from the user's files, by a client-side link (the local release lives in
  // this page's memory; a full load would forget it) and never prefetched.
  if (source.origin(run.run_id) === "local") {
    const text = `${label} (local, ${run.resolved ? "resolved" : "unresolved"})`;
    return run.trajectory ? (
      <Link
        href={runHref(releaseId, run.run_id)}
        prefetch={false}
        className="underline"
        data-run={run.run_id}
        title="open the trajectory from your local files"
      >
        {text}
      </Link>
    ) : (
      <span data-run={run.run_id} title="this run of your local results names no trajectory file">
        {text} (no trajectory)
      </span>
    );
  }
  return (
    <Link
      href={runHref(releaseId, run.run_id)}
      className="underline"
      data-run={run.run_id}
      title={run.trajectory ? "open the trajectory" : "this run publishes no trajectory: its page shows the verdict"}
    >
      {label}
      {run.trajectory ? "" : " (no trajectory)"}
    </Link>
  );
}

export function Disagreements(props: DisagreementsProps) {
  const { model, group, repo } = props;
  const rows = model.pairs.filter(
    (t: ComparePairRow) =>
      (t.outcome === "only_a" || t.outcome === "only_b") &&
      (group === OVERALL || t.grp === group) &&
      (repo === null || t.repo === repo),
  );
  const name = (c: string) => (c === "a" ? (model.a?.display_name ?? "A") : (model.b?.display_name ?? "B"));
  return (
    <section aria-label="disagreeing tasks" data-testid="disagreements" data-export-scope className="space-y-2">
      <h2 className="text-lg font-semibold">Tasks they disagree on</h2>
      {rows.length ? (
        <TableExport
          releaseId={props.releaseId}
          view="compare-disagreements"
          subset={[model.pair.a, "vs", model.pair.b, model.condition, group, repo].filter(Boolean).join("-")}
          what="disagreeing tasks"
        />
      ) : null}
      <DisagreementFilters
        rows={rows}
        linked={rows.flatMap((t) => [
          runOf(model.runs, model.pair.a, t.task_id, model.condition),
          runOf(model.runs, model.pair.b, t.task_id, model.condition),
        ])}
        runsRead={model.runsRead}
        groups={props.groups}
        repos={props.repos}
        group={group}
        repo={repo}
        onFilter={props.onFilter}
      />
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">No disagreement under this filter.</p>
      ) : (
        <div className="max-h-96 overflow-auto">
          <Table className="w-full border-collapse text-xs" caption="Focus tasks resolved by exactly one of A and B">
            <thead className="sticky top-0 bg-white dark:bg-zinc-950">
              <HeaderRow
                look="ruled"
                className="text-left"
                cellClassName="px-2 py-1 font-medium"
                columns={[
                  "Focus task",
                  "Group",
                  "Repository",
                  <Term term="disagreeing">Resolved by</Term>,
                  <>Runs ({conditionLabel(model.condition)})</>,
                  "Side by side",
                ]}
              />
            </thead>
            <tbody>
              {rows.map((t) => (
                <DisagreementRow
                  key={t.task_id}
                  releaseId={props.releaseId}
                  model={model}
                  t={t}
                  name={name}
                  open={props.openTask === t.task_id}
                  onOpen={props.onOpen}
                />
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

function DisagreementRow({
  releaseId,
  model,
  t,
  name,
  open,
  onOpen,
}: {
  releaseId: string;
  model: CompareModel;
  t: ComparePairRow;
  /** A side's display name: "a" or "b". */
  name: (c: string) => string;
  /** The task is the one open in the two-pane view. */
  open: boolean;
  onOpen: (task: string, pane: PaneMode) => void;
}) {
  return (
    <tr
      data-task={t.task_id}
      data-outcome={t.outcome}
      aria-current={open ? "true" : undefined}
      className={`border-b border-zinc-100 dark:border-zinc-900 ${open ? "bg-amber-50 dark:bg-amber-950" : ""}`}
    >
      <td className="px-2 py-1">
        <Link className="underline" href={`${releaseHref(releaseId, "tasks")}${encodeURIComponent(t.task_id)}/`}>
          {t.task_id}
        </Link>
      </td>
      <td className="px-2 py-1">{groupLabel(t.grp)}</td>
      <td className="px-2 py-1">{t.repo}</td>
      <td className="px-2 py-1">{t.outcome === "only_a" ? `only A (${name("a")})` : `only B (${name("b")})`}</td>
      <td className="space-x-2 px-2 py-1">
        <RunLink releaseId={releaseId} model={model} config={model.pair.a} task={t.task_id} label="A" />
        <RunLink releaseId={releaseId} model={model} config={model.pair.b} task={t.task_id} label="B" />
      </td>
      <td className="space-x-1 px-2 py-1 whitespace-nowrap">
        <button type="button" className="btn" data-open="ab" onClick={() => onOpen(t.task_id, "ab")}>
          A vs B
        </button>
        {(["a", "b"] as const).map((side) => (
          <button
            key={side}
            type="button"
            className="btn"
            data-open={side}
            onClick={() => onOpen(t.task_id, side)}
            title={`${side.toUpperCase()}: ${model.baseline} vs ${model.gapCondition}`}
          >
            {side.toUpperCase()}: {conditionLabel(model.baseline)} vs {conditionLabel(model.gapCondition)}
          </button>
        ))}
      </td>
    </tr>
  );
}
