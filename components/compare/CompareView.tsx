"use client";
// The compare page's state lives in the URL (a, b, condition, group, repo, task, pane, k), read after
// hydration. The static HTML is the picker. With no pair in the URL the page shows the default pair (the
// release's first two configurations, lib/queries/compare/default.ts) from the build's compare-default.json, with
// no DuckDB-WASM. A published pair in the URL under the default condition shows its 2×2 and intervals from the
// build's compare-pairs/<i>-<j>.json (lib/queries/compare/pairs.ts), then DuckDB-WASM adds its runs, cost and
// prevalence; any other pair or condition is computed by DuckDB-WASM running the compare SQL
// (lib/queries/compare/*.ts), the paired statistics attached in the browser. Local results
// opened on this page or another page of the release (lib/local/store.ts) add their configurations to the
// picker, marked local; the view's release source is then the combined one (lib/source/combined.ts).
import { useTitleDetail } from "@/components/site/useTitleDetail";
import { useUrlState } from "@/components/site/useUrlState";
import { useMemo, useSyncExternalStore } from "react";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { stableKey } from "@/lib/site/stable-key";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import { LocalBadge } from "@/components/local/LocalBadge";
import type { PublishedBench } from "@/lib/local/bench";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import { localConfigRow } from "@/lib/queries/local/union.sql";
import type { CompareCostRow } from "@/lib/queries/compare/sql";
import { withIntervals, type CompareModel } from "@/lib/queries/compare/model";
import type { SignatureRateRow } from "@/lib/queries/signatures/rates.sql";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import {
  parseCompareUrl,
  serializeCompareUrl,
  type CompareUrlContext,
  type CompareUrlState,
  type PaneMode,
} from "@/lib/queries/compare/url";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { defaultCompareRequest } from "@/lib/queries/compare/default";
import { comparePairFileFor } from "@/lib/queries/compare/pairs";
import {
  compareCostFor,
  compareFor,
  compareRunsFor,
  compareSignaturesFor,
  staticCompareDefault,
  staticComparePair,
  unmatchedLocalRuns,
} from "@/lib/site/browser-compare";
import { prevalenceFor } from "@/lib/site/browser-signatures";
import { CostDeltas } from "./CostDeltas";
import { Disagreements } from "./Disagreements";
import { GroupCards } from "./GroupCards";
import { PairPicker } from "./PairPicker";
import { SignaturePrevalencePair } from "./SignaturePrevalencePair";
import { SignatureRates } from "./SignatureRates";
import { TwoPane } from "./TwoPane";

export interface CompareViewProps {
  releaseId: string;
  configs: ConfigRow[];
  conditions: string[];
  baseline: string;
  groups: string[];
  repos: string[];
  submitText: string | null;
  /** The release publishes annotations (an empty annotations table is not loaded at all). */
  hasAnnotations: boolean;
  /** release.json's version, named beside the release's own annotations. */
  releaseVersion: string;
  bench: PublishedBench;
  /** The build wrote compare-pairs/ for these configurations (release.json's compare_pairs). */
  pairFiles: boolean;
}

/** A panel's rows, or why it has none. */
interface Loaded<T> {
  rows?: T;
  error?: string;
}

/** What has arrived for one (A, B, condition). */
interface PairState {
  model?: CompareModel;
  /** The model's bootstrap intervals are in. */
  intervals?: boolean;
  error?: string;
  cost?: Loaded<CompareCostRow[]>;
  signatures?: Loaded<SignatureRateRow[]>;
  /** Detector prevalence of a published pair; null for a pair with a local configuration (never analysed). */
  prevalence?: Loaded<PrevalenceModel | null>;
  /** Local runs of the pair on sessions the published release does not have. */
  unmatched?: number;
  /**
   * Where the 2×2 and its intervals came from. static: the build's compare-default.json (everything) or the pair's
   * compare-pairs file (the rest of the page still from DuckDB-WASM); duckdb: computed in the browser.
   */
  origin?: "static" | "duckdb";
}

export function CompareView(props: CompareViewProps) {
  const { releaseId, conditions, baseline, groups } = props;
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const configs = useMemo(
    () => [...props.configs, ...entries.flatMap((e) => e.configs.map((c) => localConfigRow(c, props.configs.length)))],
    [props.configs, entries],
  );
  const ctx: CompareUrlContext = {
    configs: configs.map((c) => c.config_id),
    conditions,
    baseline,
    groups,
    repos: props.repos,
  };
  // The context only changes with the release (a new page) or the local releases opened; the pair, condition,
  // filters and open task are history entries, moving the panes to another request replaces the entry
  // (components/site/useUrlState.ts).
  const [url, update, hydrated] = useUrlState<CompareUrlState>(
    () => parseCompareUrl("", ctx),
    {
      parse: (search) => parseCompareUrl(search, ctx),
      serialize: (next) => serializeCompareUrl(next, { conditions, baseline }),
    },
    stableKey([ctx.configs, conditions, baseline, groups, props.repos]),
  );

  // With local results open the source is the combined one: a local configuration pairs with a published one.
  const source = useReleaseSource();
  const hasAnnotations = props.hasAnnotations;
  // No pair in the URL: the default pair (after hydration, when the URL is known), from the static file when
  // it holds this request and no local results are open.
  const fallback =
    hydrated && url.a === null && url.b === null
      ? defaultCompareRequest(
          props.configs.map((c) => c.config_id),
          { conditions, baseline },
        )
      : null;
  const a = url.a ?? fallback?.a ?? null;
  const b = url.b ?? fallback?.b ?? null;
  const picked = a !== null && b !== null;
  const fromStatic = fallback !== null && fallback.condition === url.condition && entries.length === 0;
  // A published pair under the default condition, nothing local open: its counts are a build file.
  const pairFile =
    picked && !fromStatic && entries.length === 0 && props.pairFiles
      ? comparePairFileFor(
          props.configs.map((c) => c.config_id),
          { a, b, condition: url.condition },
          { conditions, baseline },
        )
      : null;
  const pair = useAsync<PairState, [string, string, string, string, boolean, string | null]>(
    picked ? [source.key, a, b, url.condition, fromStatic, pairFile] : null,
    async ([, a, b, condition, fromStatic, pairFile], { signal, partial }) => {
      const meta = { baseline, conditions, groups };
      const req = { a, b, condition };
      const file = fromStatic ? await staticCompareDefault(releaseId, req) : null;
      if (file)
        return {
          model: file.model,
          intervals: true,
          cost: { rows: file.cost },
          signatures: { rows: [] },
          prevalence: { rows: file.prevalence },
          unmatched: 0,
          origin: "static",
        };
      let s: PairState = {};
      const patch = (p: Partial<PairState>) => {
        s = { ...s, ...p };
        if (!signal.aborted) partial(s);
      };
      const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
      // The counts first (no runs table: task_cells, sessions, tasks), the bootstrap intervals right after (pure,
      // on the counts' own rows), then the pair's runs for the links; the cost and signature panels load their
      // own tables and fail on their own.
      // A pair file, when the build wrote one, stands for both steps (the same model, intervals included).
      let counts: CompareModel;
      try {
        const file = pairFile !== null ? await staticComparePair(releaseId, pairFile) : null;
        if (signal.aborted) return s;
        if (file) {
          counts = file;
          patch({ model: counts, origin: "static" });
        } else {
          s = { origin: "duckdb" };
          // Published configurations only: the build's rows are configsQuery's (a local one comes from the source).
          const known = entries.length === 0 ? props.configs : undefined;
          counts = await compareFor(source, meta, req, { intervals: false, runs: false, configs: known });
          patch({ model: counts });
          await new Promise((r) => setTimeout(r, 0));
          if (signal.aborted) return s;
          counts = withIntervals(counts);
          patch({ model: counts });
        }
        const runs = await compareRunsFor(source, req);
        counts = { ...counts, runs, runsRead: true };
        patch({ model: counts, intervals: true, unmatched: await unmatchedLocalRuns(source, req) });
      } catch (e) {
        return { ...s, error: message(e) };
      }
      await compareCostFor(source, meta, req).then(
        (rows) => patch({ cost: { rows } }),
        (e: unknown) => patch({ cost: { error: message(e) } }),
      );
      if (!counts.a?.is_local && !counts.b?.is_local) {
        // Published pair: the detectors' prevalence and the release's annotations by author (one panel).
        patch({ signatures: { rows: [] } });
        await prevalenceFor(source, meta, { configIds: [a, b] }).then(
          (rows) => patch({ prevalence: { rows } }),
          (e: unknown) => patch({ prevalence: { error: message(e) } }),
        );
      } else if (!hasAnnotations) patch({ signatures: { rows: [] }, prevalence: { rows: null } });
      else {
        patch({ prevalence: { rows: null } });
        await compareSignaturesFor(source, req).then(
          (rows) => patch({ signatures: { rows } }),
          (e: unknown) => patch({ signatures: { error: message(e) } }),
        );
      }
      return s;
    },
  );

  const current = pair.value ?? null;
  const model = current?.model;
  const settled =
    current?.intervals === true &&
    current.cost !== undefined &&
    current.signatures !== undefined &&
    current.prevalence !== undefined;
  const open = (task: string, pane: PaneMode) => update({ task, pane, k: null });
  useTitleDetail(picked ? `${a} vs ${b}${url.task ? ` · task ${url.task}` : ""}` : null);

  return (
    <section
      aria-label="compare"
      data-testid="compare"
      data-ready={settled ? "true" : undefined}
      data-origin={current?.origin}
      className="space-y-4"
    >
      <div className="flex justify-end">
        <OpenLocalResults releaseId={releaseId} bench={props.bench} />
      </div>
      <PairPicker
        configs={configs}
        conditions={conditions}
        a={a}
        b={b}
        condition={url.condition}
        // Picking one side of the default pair names both in the URL: the other side stays what was shown.
        onChange={(p) => update({ a, b, ...p, task: p.a !== undefined || p.b !== undefined ? null : url.task })}
      />
      {!picked ? (
        <p className="text-sm text-zinc-500" data-testid="compare-hint">
          {hydrated
            ? "Pick two configurations (or tick two rows on the leaderboard and follow “Compare selected”)."
            : "Pick two configurations."}
        </p>
      ) : current?.error ? (
        <p className="text-sm text-rose-700">Could not compute the comparison: {current.error}</p>
      ) : !model ? (
        <p className="text-sm text-zinc-500" data-testid="compare-pending">
          {fromStatic
            ? "Loading the default pair…"
            : pairFile !== null
              ? "Loading the pair…"
              : "Computing in your browser (DuckDB-WASM)…"}
        </p>
      ) : (
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
      )}
    </section>
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
