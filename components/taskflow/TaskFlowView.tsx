"use client";
// The Task Flow page: TFAS and its components for every condition and target, then for the chosen
// condition the three distributions beside the target's and the Sankey of labels per user step.
// Condition, target and Sankey depth live in the URL; the static HTML carries the default view.
import { TableExport } from "@/components/site/TableExport";
import { Term } from "@/components/site/Term";
import { useMemo } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { TaskFlowModel } from "@/lib/queries/taskflow/model";
import {
  defaultTaskFlowState,
  flowShares,
  parseTaskFlowState,
  serializeTaskFlowState,
  type TaskFlowState,
} from "@/lib/queries/taskflow/view";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { DistBars } from "./DistBars";
import { Sankey } from "./Sankey";
import { Table, Th } from "@/components/ui/Table";

const score = (v: number) => (Number.isNaN(v) ? "—" : v.toFixed(3));

export function TaskFlowView({
  releaseId,
  model,
  baseline,
}: {
  releaseId: string;
  model: TaskFlowModel;
  baseline: string;
}) {
  const [state, update] = useUrlState<TaskFlowState>(
    () => defaultTaskFlowState(model, baseline),
    {
      parse: (search) => parseTaskFlowState(search, model, baseline),
      serialize: (next) => serializeTaskFlowState(next, model, baseline),
    },
    model,
  );

  const shares = useMemo(
    () => flowShares(model, state.condition, state.target),
    [model, state.condition, state.target],
  );
  const cond = model.conditions.find((c) => c.condition === state.condition);
  const target = model.targets.find((t) => t.file === state.target) ?? null;
  const select = "rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

  return (
    <div className="space-y-6">
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
                  <tr
                    key={c.condition}
                    data-condition={c.condition}
                    className="border-b border-zinc-100 dark:border-zinc-900"
                  >
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
                      <td
                        key={`${s.file}.a`}
                        className="px-2 py-1 text-right font-semibold"
                        data-tfas={`${s.file}.tfas`}
                      >
                        {fmt(s.tfas)}
                      </td>,
                    ])}
                  </tr>
                ))}
              </tbody>
            </Table>
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
            A target is a reference Task Flow shipped in the release&apos;s <code>taskflow/</code> folder, not a result
            of its runs and not covered by a synthetic release&apos;s list of calibrated and invented figures; its name
            says where it comes from.
          </p>
        ) : null}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          S_k = 1 − JSD₂(P_k, Q_k) for session lengths (L), labels (T) and transitions with START/END (R); TFAS =
          100·(S_L·S_T·S_R)^⅓. GREETING, META-QUESTION and OTHER are dropped before all three, and transitions skip
          them.
        </p>
      </section>

      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex items-center gap-1">
          Condition
          <select
            aria-label="condition"
            className={select}
            value={state.condition}
            onChange={(e) => update({ condition: e.target.value })}
          >
            {model.conditions.map((c) => (
              <option key={c.condition} value={c.condition}>
                {conditionLabel(c.condition)}
              </option>
            ))}
          </select>
        </label>
        {model.targets.length ? (
          <label className="flex items-center gap-1">
            Target
            <select
              aria-label="target"
              className={select}
              value={state.target ?? ""}
              onChange={(e) => update({ target: e.target.value || null })}
            >
              {model.targets.map((t) => (
                <option key={t.file} value={t.file}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      {cond && shares ? (
        <>
          <p className="text-sm" data-testid="flow-summary">
            {cond.sessions} sessions, {cond.messages} user messages; labels from the request&apos;s intent{" "}
            {cond.sources.request}, from the stage&apos;s intent {cond.sources.stage}, derived from the schedule{" "}
            {cond.sources.derived}. After dropping {cond.flow.dropped} message{cond.flow.dropped === 1 ? "" : "s"}:{" "}
            {cond.flow.sessions} sessions, {cond.flow.messages} messages.
          </p>
          <div className="flex flex-wrap gap-6">
            <DistBars
              releaseId={releaseId}
              subset={`${state.condition}-length`}
              title="Session length (messages)"
              rows={shares.length}
              testId="dist-length"
              targetName={target?.name ?? null}
            />
            <DistBars
              releaseId={releaseId}
              subset={`${state.condition}-labels`}
              title="Labels (share of retained messages)"
              rows={shares.labels}
              testId="dist-labels"
              targetName={target?.name ?? null}
            />
            <DistBars
              releaseId={releaseId}
              subset={`${state.condition}-transitions`}
              title="Transitions (most frequent)"
              rows={shares.transitions}
              testId="dist-transitions"
              targetName={target?.name ?? null}
            />
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Blue: this condition&apos;s sessions. Grey: the target. Percent of each distribution.
          </p>
          <section aria-labelledby="sankey-h" className="space-y-2">
            <h2 id="sankey-h" className="text-base font-semibold">
              Labels per user step
            </h2>
            <label className="flex items-center gap-1 text-sm">
              Steps
              <input
                type="number"
                min={1}
                max={cond.sankey.steps}
                aria-label="steps"
                className={`${select} w-16`}
                value={Math.min(state.steps, cond.sankey.steps)}
                onChange={(e) =>
                  update({ steps: Math.max(1, Math.min(cond.sankey.steps, Number(e.target.value) || 1)) })
                }
              />
              <span className="text-zinc-500">of {cond.sankey.steps}</span>
            </label>
            <Sankey data={cond.sankey} steps={state.steps} />
          </section>
        </>
      ) : null}
    </div>
  );
}
