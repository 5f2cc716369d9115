// The catalog's table: a row per focus task with its stages, verifier sizes, interruptions, how many
// configurations resolved it under each condition and, with a configuration picked, that one's scores.
import { LabelTerm, Term } from "@/components/site/Term";
import Link from "next/link";
import type { CatalogModel, CatalogTask } from "@/lib/queries/catalog/model";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { releaseHref } from "@/lib/site/nav";
import { ScoreMark } from "./ScoreMark";
import { Table, Th } from "@/components/ui/Table";

const count = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

interface CatalogTableProps {
  releaseId: string;
  model: CatalogModel;
  rows: CatalogTask[];
  /** The picked configuration's index in model.configs, -1 for none. */
  configIndex: number;
}

export function CatalogTable({ releaseId, model, rows, configIndex }: CatalogTableProps) {
  const nConfigs = model.configs.length;
  return (
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
          <CatalogRow key={t.task_id} releaseId={releaseId} model={model} t={t} configIndex={configIndex} />
        ))}
      </tbody>
    </Table>
  );
}

function CatalogRow({ releaseId, model, t, configIndex }: Omit<CatalogTableProps, "rows"> & { t: CatalogTask }) {
  const nConfigs = model.configs.length;
  return (
    <tr data-task={t.task_id} className="border-b border-zinc-100 align-top dark:border-zinc-900">
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
  );
}
