// One condition's flow: where its labels came from, its three distributions beside the target's, and the
// Sankey of labels per user step with its depth control.
import type { TaskFlowConditionModel } from "@/lib/queries/taskflow/model";
import type { FlowShares, TaskFlowState } from "@/lib/queries/taskflow/view";
import { DistBars } from "./DistBars";
import { SELECT_CLASS } from "./FlowControls";
import { Sankey } from "./Sankey";

export function ConditionFlow({
  releaseId,
  cond,
  shares,
  state,
  targetName,
  update,
}: {
  releaseId: string;
  cond: TaskFlowConditionModel;
  shares: FlowShares;
  state: TaskFlowState;
  targetName: string | null;
  update: (patch: Partial<TaskFlowState>) => void;
}) {
  return (
    <>
      <p className="text-sm" data-testid="flow-summary">
        {cond.sessions} sessions, {cond.messages} user messages; labels from the request&apos;s intent{" "}
        {cond.sources.request}, from the stage&apos;s intent {cond.sources.stage}, derived from the schedule{" "}
        {cond.sources.derived}. After dropping {cond.flow.dropped} message{cond.flow.dropped === 1 ? "" : "s"}:{" "}
        {cond.flow.sessions} sessions, {cond.flow.messages} messages.
      </p>
      <div className="flex flex-wrap gap-6">
        {DISTRIBUTIONS.map(({ key, title }) => (
          <DistBars
            key={key}
            releaseId={releaseId}
            subset={`${state.condition}-${key}`}
            title={title}
            rows={shares[key]}
            testId={`dist-${key}`}
            targetName={targetName}
          />
        ))}
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
            className={`${SELECT_CLASS} w-16`}
            value={Math.min(state.steps, cond.sankey.steps)}
            onChange={(e) => update({ steps: Math.max(1, Math.min(cond.sankey.steps, Number(e.target.value) || 1)) })}
          />
          <span className="text-zinc-500">of {cond.sankey.steps}</span>
        </label>
        <Sankey data={cond.sankey} steps={state.steps} />
      </section>
    </>
  );
}

/** The three distributions shown beside the target's, in order: their share key (also the export subset's and
 * test id's suffix) and title. */
const DISTRIBUTIONS: { key: "length" | "labels" | "transitions"; title: string }[] = [
  { key: "length", title: "Session length (messages)" },
  { key: "labels", title: "Labels (share of retained messages)" },
  { key: "transitions", title: "Transitions (most frequent)" },
];
