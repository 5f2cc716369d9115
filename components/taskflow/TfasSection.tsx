// The TaskFlow Alignment Score of every condition against each target Task Flow, with its three similarities,
// the targets the release could not use and how the score is defined.
import { TableExport } from "@/components/site/TableExport";
import { Term } from "@/components/site/Term";
import type { TaskFlowModel } from "@/lib/queries/taskflow/model";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { Table, Th } from "@/components/ui/Table";

const score = (v: number) => (Number.isNaN(v) ? "—" : v.toFixed(3));

export function TfasSection({ releaseId, model }: { releaseId: string; model: TaskFlowModel }) {
  return (
    <section aria-labelledby="tfas-h" className="space-y-2">
      <h2 id="tfas-h" className="text-base font-semibold">
        TaskFlow Alignment Score
      </h2>
      {model.targets.length === 0 ? (
        <p className="text-sm" data-testid="tfas-none">
          This release has no target Task Flow (<code>taskflow/&lt;name&gt;.json</code>), so there is nothing to score
          against; the distributions below are the release&apos;s own.
        </p>
      ) : (
        <div className="overflow-x-auto" data-export-scope>
          <TableExport releaseId={releaseId} view="taskflow-tfas" what="Task Flow alignment scores" />
          <TfasTable model={model} />
        </div>
      )}
      {model.targetProblems.length ? (
        <ul className="text-xs text-amber-700 dark:text-amber-400" data-testid="target-problems">
          {model.targetProblems.map((p) => (
            <li key={p}>Target not used: {p}</li>
          ))}
        </ul>
      ) : null}
      {model.targets.length ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="target-note">
          A target is a reference Task Flow shipped in the release&apos;s <code>taskflow/</code> folder, not a result of
          its runs and not covered by a synthetic release&apos;s list of calibrated and invented figures; its name says
          where it comes from.
        </p>
      ) : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        S_k = 1 − JSD₂(P_k, Q_k) for session lengths (L), labels (T) and transitions with START/END (R); TFAS =
        100·(S_L·S_T·S_R)^⅓. GREETING, META-QUESTION and OTHER are dropped before all three, and transitions skip them.
      </p>
    </section>
  );
}

function TfasTable({ model }: { model: TaskFlowModel }) {
  return (
    <Table
      className="text-sm tabular-nums"
      data-testid="tfas-table"
      caption="TaskFlow Alignment Score per condition against each target, with its three similarities"
    >
      <thead>
        <tr className="border-b border-zinc-200 text-xs dark:border-zinc-800">
          <Th rowSpan={2} className="px-2 py-1 text-left font-medium">
            Condition
          </Th>
          {model.targets.map((t) => (
            <Th
              key={t.file}
              colSpan={4}
              className="border-l border-zinc-200 px-2 py-1 text-center font-semibold dark:border-zinc-800"
              title={t.file}
            >
              {t.name}
            </Th>
          ))}
        </tr>
        <tr className="border-b border-zinc-200 text-xs dark:border-zinc-800">
          {model.targets.map((t) => [
            <Th
              key={`${t.file}.l`}
              className="border-l border-zinc-200 px-2 py-1 text-right font-medium dark:border-zinc-800"
            >
              <Term term="s_l">S_L</Term>
            </Th>,
            <Th key={`${t.file}.t`} className="px-2 py-1 text-right font-medium">
              <Term term="s_t">S_T</Term>
            </Th>,
            <Th key={`${t.file}.r`} className="px-2 py-1 text-right font-medium">
              <Term term="s_r">S_R</Term>
            </Th>,
            <Th key={`${t.file}.a`} className="px-2 py-1 text-right font-semibold">
              <Term term="tfas">TFAS</Term>
            </Th>,
          ])}
        </tr>
      </thead>
      <tbody>
        {model.conditions.map((c) => (
          <tr key={c.condition} data-condition={c.condition} className="border-b border-zinc-100 dark:border-zinc-900">
            <td className="px-2 py-1">{conditionLabel(c.condition)}</td>
            {c.scores.map((s) => [
              <td
                key={`${s.file}.l`}
                className="border-l border-zinc-200 px-2 py-1 text-right dark:border-zinc-800"
                data-tfas={`${s.file}.sL`}
              >
                {score(s.sL)}
              </td>,
              <td key={`${s.file}.t`} className="px-2 py-1 text-right" data-tfas={`${s.file}.sT`}>
                {score(s.sT)}
              </td>,
              <td key={`${s.file}.r`} className="px-2 py-1 text-right" data-tfas={`${s.file}.sR`}>
                {score(s.sR)}
              </td>,
              <td key={`${s.file}.a`} className="px-2 py-1 text-right font-semibold" data-tfas={`${s.file}.tfas`}>
                {fmt(s.tfas)}
              </td>,
            ])}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
