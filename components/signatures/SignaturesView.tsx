"use client";
// The signatures page's matrix and cell runs. The static HTML carries the whole release's matrix (strong
// tags, every group); filters that change the counts (repository, outcome) rerun the same SQL in
// DuckDB-WASM, display filters (configuration, condition, group, signature, strength) only pick what is shown.
// A cell opens its runs, each linked to the trajectory viewer at its first evidence step. State in the URL
// (lib/queries/signatures/url.ts).
import Link from "next/link";
import { useMemo } from "react";
import { TableExport } from "@/components/site/TableExport";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState } from "@/components/site/useUrlState";
import { cellRunsQuery, type CellRunRow } from "@/lib/queries/signatures/prevalence.sql";
import { computePrevalence, type PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { versionLabel } from "@/lib/queries/signatures/accuracy-view";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { runHref } from "@/lib/site/nav";
import {
  DEFAULT_SIGNATURES_STATE,
  parseSignaturesUrl,
  serializeSignaturesUrl,
  type SignaturesUrlState,
} from "@/lib/queries/signatures/url";
import { STRENGTH_TEXT } from "@/lib/site/prevalence-dots";
import { configsOf } from "./PrevalenceTable";
import { PrevalenceDotPlot } from "./PrevalenceDotPlot";
import { SignatureFilters } from "./SignatureFilters";
import { cellKey, SignatureMatrix } from "./SignatureMatrix";
import { HeaderRow, RowHeader, Table } from "@/components/ui/Table";

export interface SignaturesViewProps {
  releaseId: string;
  model: PrevalenceModel;
  repos: string[];
}

type Cell = NonNullable<SignaturesUrlState["cell"]>;

export function SignaturesView({ releaseId, model: staticModel, repos }: SignaturesViewProps) {
  const configs = useMemo(() => configsOf(staticModel), [staticModel]);
  const ctx = useMemo(
    () => ({
      configs: configs.map((c) => c.id),
      conditions: staticModel.conditions,
      groups: staticModel.groups,
      repos,
    }),
    [configs, staticModel, repos],
  );
  // Every change of what is shown is a history entry (components/site/useUrlState.ts).
  const [state, update] = useUrlState<SignaturesUrlState>(
    DEFAULT_SIGNATURES_STATE,
    { parse: (search) => parseSignaturesUrl(search, ctx), serialize: serializeSignaturesUrl },
    ctx,
  );

  // Subsets that change the counts are recomputed in the browser; the default view is the static model.
  const source = useReleaseSource();
  const scoped = Boolean(state.repo || state.outcome);
  const subset = useAsync<PrevalenceModel, [string, string | null, SignaturesUrlState["outcome"]]>(
    scoped ? [source.key, state.repo, state.outcome] : null,
    ([, repo, outcome]) => {
      const meta = {
        baseline: staticModel.baseline,
        conditions: staticModel.conditions,
        groups: staticModel.groups.filter((g) => g !== "overall"),
      };
      return computePrevalence(source, meta, { repos: repo ? [repo] : [], outcome: outcome ?? undefined });
    },
  );
  const pending = scoped && subset.loading;
  const model = scoped && subset.value ? subset.value : staticModel;

  const shownConfigs = configs.filter((c) => !state.config || c.id === state.config);
  const shownConditions = staticModel.conditions.filter((c) => !state.condition || c === state.condition);
  const shownGroups = staticModel.groups.filter((g) => !state.group || g === state.group);
  const shownSignatures = SIGNATURES.filter((s) => !state.signature || s === state.signature);
  const cells = new Map(model.cells.map((c) => [cellKey(c.config_id, c.condition, c.grp, c.signature), c]));
  const subsetName =
    [state.repo?.replace("/", "-"), state.outcome, state.strength === "weak" ? "weak" : null]
      .filter(Boolean)
      .join("-") || null;

  return (
    <section aria-label="trace signatures" className="space-y-4" data-testid="signatures-view">
      <SignatureFilters
        configs={configs}
        conditions={staticModel.conditions}
        groups={staticModel.groups}
        repos={repos}
        state={state}
        update={update}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="signatures-status">
        {pending
          ? "Recomputing for the filters…"
          : scoped && subset.error
            ? `Could not compute the filtered matrix: ${subset.error}`
            : `Share of readable runs with ${STRENGTH_TEXT[state.strength].runs} (k/n, Wilson 95% in brackets)${state.repo ? ` in ${state.repo}` : ""}${state.outcome ? `, ${state.outcome} runs only` : ""}. Unknown where no trajectory was readable.`}
      </p>
      {shownSignatures.map((sig) => (
        <SignatureMatrix
          key={sig}
          releaseId={releaseId}
          sig={sig}
          subsetName={subsetName}
          strength={state.strength}
          cell={state.cell}
          shownConfigs={shownConfigs}
          shownConditions={shownConditions}
          shownGroups={shownGroups}
          cells={cells}
          onCell={(cell) => update({ cell })}
        />
      ))}
      {state.cell ? (
        <CellRuns
          releaseId={releaseId}
          cell={state.cell}
          name={configs.find((c) => c.id === state.cell!.config)?.name ?? state.cell.config}
          strength={state.strength}
          repo={state.repo}
          outcome={state.outcome}
          onClose={() => update({ cell: null })}
        />
      ) : null}
      <PrevalenceDotPlot
        releaseId={releaseId}
        cells={cells}
        configs={shownConfigs}
        conditions={shownConditions}
        group={state.group ?? (staticModel.groups.includes("overall") ? "overall" : staticModel.groups[0]!)}
        signatures={shownSignatures}
        strength={state.strength}
        subsetName={subsetName}
      />
    </section>
  );
}

function CellRuns(props: {
  releaseId: string;
  cell: Cell;
  name: string;
  strength: "strong" | "weak";
  repo: string | null;
  outcome: SignaturesUrlState["outcome"];
  onClose: () => void;
}) {
  const { releaseId, cell, strength, repo, outcome } = props;
  const source = useReleaseSource();
  // A new cell, strength or filter: the earlier list is dropped, never shown beside the new inputs.
  const listed = useAsync<CellRunRow[], [string, string, string, string, string, string, string | null, string | null]>(
    [source.key, cell.config, cell.condition, cell.grp, cell.signature, strength, repo, outcome ?? null],
    () =>
      source.run(cellRunsQuery, {
        configId: cell.config,
        condition: cell.condition,
        grp: cell.grp,
        signature: cell.signature,
        strength,
        repos: repo ? [repo] : [],
        outcome: outcome ?? undefined,
      }),
  );
  const runs = { rows: listed.loading ? undefined : listed.value, error: listed.error };
  const title = `${SIGNATURE_LABELS[cell.signature]} · ${props.name} · ${conditionLabel(cell.condition)} · ${groupLabel(cell.grp)} (${STRENGTH_TEXT[strength].short})`;
  return (
    <section
      aria-label="runs of the cell"
      data-testid="cell-runs"
      data-export-scope
      className="space-y-1 rounded border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">Runs: {title}</h2>
        <button type="button" className="btn px-1.5! py-0.5! text-xs!" onClick={props.onClose}>
          Close
        </button>
      </div>
      <TableExport
        releaseId={releaseId}
        view="signatures-runs"
        subset={[cell.config, cell.condition, cell.grp, cell.signature, strength, repo?.replace("/", "-"), outcome]
          .filter(Boolean)
          .join("-")}
        what="runs of the cell"
      />
      {runs.error ? (
        <p className="text-sm text-rose-700 dark:text-rose-400">Could not list the runs: {runs.error}</p>
      ) : !runs.rows ? (
        <p className="text-sm text-zinc-500">Loading the runs…</p>
      ) : (
        <Table
          className="w-full table-fixed border-collapse text-xs"
          caption={<>Runs of {title}, each with its first evidence step</>}
        >
          <thead>
            <HeaderRow
              look="ruled"
              className="text-left"
              cellClassName="px-1 py-1 font-normal"
              columns={[
                { label: "Task", className: "w-[30%]" },
                { label: "Resolved", className: "w-[16%]" },
                "Evidence",
              ]}
            />
          </thead>
          <tbody>
            {runs.rows.map((r) => (
              <tr
                key={r.run_id}
                data-cell-run={r.run_id}
                data-first-step={r.first_step ?? undefined}
                className="border-b border-zinc-100 align-top dark:border-zinc-900"
              >
                <RowHeader className="px-1 py-1 text-left font-normal [overflow-wrap:anywhere]">
                  {r.task_id} <span className="block text-zinc-500">{r.repo}</span>{" "}
                  <span className="block text-zinc-500">
                    {groupLabel(r.task_group)}
                    {r.repeat > 0 ? ` · repeat ${r.repeat}` : ""}
                  </span>
                </RowHeader>
                <td className="px-1 py-1">{r.resolved ? "yes" : "no"}</td>
                <td className="px-1 py-1 [overflow-wrap:anywhere]">
                  <Link
                    className="underline"
                    href={runHref(releaseId, r.run_id, r.first_step ?? undefined)}
                    prefetch={false}
                    data-run-link
                  >
                    {r.first_step !== null ? `Step ${r.first_step}` : "Open the run"}
                  </Link>
                  {r.tags > 1 ? <span className="text-zinc-500"> ({r.tags} tags)</span> : null}{" "}
                  <span className="block">{r.note}</span>{" "}
                  <span className="block text-zinc-500">
                    {r.detector} {versionLabel(r.detector_version)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {runs.rows?.length === 0 ? <p className="text-sm text-zinc-500">No run in this cell.</p> : null}
    </section>
  );
}
