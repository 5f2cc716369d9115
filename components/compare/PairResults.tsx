// The compare page below the picker: a hint until two configurations are picked, the pair's state while it
// loads, then its outcome cards, the repeat metrics of both, the tasks the two disagree on, the two-pane view of an
// opened task and the cost and signature panels, each of which loads and fails on its own.
import type { UrlUpdate } from "@/components/site/useUrlState";
import { LocalBadge } from "@/components/local/LocalBadge";
import type { CompareModel } from "@/lib/queries/compare/model";
import type { CompareUrlState, PaneMode } from "@/lib/queries/compare/url";
import { CostDeltas } from "./CostDeltas";
import { Disagreements } from "./Disagreements";
import { GroupCards } from "./GroupCards";
import type { Loaded, PairState } from "./pair-state";
import { RepeatPair } from "./RepeatPair";
import { SignaturePrevalencePair } from "./SignaturePrevalencePair";
import { SignatureRates } from "./SignatureRates";
import { TwoPane } from "./TwoPane";

interface PairPanelsProps {
  releaseId: string;
  a: string | null;
  b: string | null;
  current: PairState | null;
  url: CompareUrlState;
  update: UrlUpdate<CompareUrlState>;
  groups: string[];
  /** The release's conditions (the repeat metrics' rows). */
  conditions: string[];
  repos: string[];
  submitText: string | null;
  releaseVersion: string;
  hasAnnotations: boolean;
}

export function PairResults({
  picked,
  hydrated,
  ...props
}: PairPanelsProps & {
  picked: boolean;
  /** The URL has been read. */
  hydrated: boolean;
}) {
  const { current } = props;
  const model = current?.model;
  return !picked ? (
    <p className="text-sm text-zinc-500" data-testid="compare-hint">
      {hydrated
        ? "Pick two configurations (or tick two rows on the leaderboard and follow “Compare selected”)."
        : "Pick two configurations."}
    </p>
  ) : current?.error ? (
    <p className="text-sm text-rose-700">Could not compute the comparison: {current.error}</p>
  ) : !model ? (
    <p className="text-sm text-zinc-500" data-testid="compare-pending">
      Loading the pair…
    </p>
  ) : (
    <PairPanels {...props} model={model} />
  );
}

function PairPanels({
  releaseId,
  a,
  b,
  current,
  url,
  update,
  groups,
  hasAnnotations,
  model,
  ...props
}: PairPanelsProps & { model: CompareModel }) {
  const open = (task: string, pane: PaneMode) => update({ task, pane, k: null });
  return (
    <>
      <p className="text-sm">
        <strong>A</strong>: {model.a?.display_name ?? a}
        <LocalBadge show={model.a?.is_local ?? false} /> · <strong>B</strong>: {model.b?.display_name ?? b}
        <LocalBadge show={model.b?.is_local ?? false} /> · {url.condition}
      </p>
      {current?.unmatched ? (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="unmatched-local-runs">
          {current.unmatched} local run(s) are on sessions this release does not have: they are left out of the
          comparison.
        </p>
      ) : null}
      <GroupCards releaseId={releaseId} model={model} />
      <RepeatPair
        releaseId={releaseId}
        a={model.pair.a}
        b={model.pair.b}
        baseline={model.baseline}
        conditions={props.conditions}
        groups={groups}
      />
      <Disagreements
        releaseId={releaseId}
        model={model}
        groups={groups}
        repos={props.repos}
        group={url.group}
        repo={url.repo}
        openTask={url.task}
        onFilter={(p) => update(p)}
        onOpen={open}
      />
      {url.task !== null && model.runsRead ? (
        <TwoPane
          key={`${url.task}/${url.pane}`}
          releaseId={releaseId}
          model={model}
          task={url.task}
          pane={url.pane}
          k={url.k}
          submitText={props.submitText}
          onPane={(pane) => update({ pane, k: null })}
          onK={(k) => update({ k }, "replace")}
          onClose={() => update({ task: null, k: null })}
        />
      ) : null}
      <Panel what="cost" loaded={current?.cost}>
        {(rows) => <CostDeltas releaseId={releaseId} model={model} cost={rows} group={url.group} />}
      </Panel>
      <Panel what="trace-signature prevalence" loaded={current?.prevalence}>
        {(prevalence) =>
          prevalence ? (
            <SignaturePrevalencePair
              releaseId={releaseId}
              model={model}
              prevalence={prevalence}
              releaseVersion={props.releaseVersion}
            />
          ) : null
        }
      </Panel>
      <Panel what="signature rates" loaded={current?.signatures}>
        {(rows) =>
          current?.prevalence?.rows ? null : hasAnnotations ? (
            <SignatureRates releaseId={releaseId} model={model} signatures={rows} />
          ) : (
            <p className="text-sm text-zinc-500" data-testid="no-annotations">
              This release publishes no annotations: no run carries a trace-signature tag.
            </p>
          )
        }
      </Panel>
    </>
  );
}

function Panel<T>({
  what,
  loaded,
  children,
}: {
  what: string;
  loaded: Loaded<T> | undefined;
  children: (rows: T) => React.ReactNode;
}) {
  if (!loaded) return <p className="text-sm text-zinc-500">Loading the {what}…</p>;
  if (loaded.error !== undefined || loaded.rows === undefined)
    return (
      <p className="text-sm text-rose-700">
        Could not compute the {what}: {loaded.error}
      </p>
    );
  return <>{children(loaded.rows)}</>;
}
