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
import { useAsync, type AsyncRun } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import type { PublishedBench } from "@/lib/local";
import {
  computeCompare,
  computeCompareCost,
  computeCompareRuns,
  computeCompareSignatures,
  withIntervals,
  type CompareModel,
} from "@/lib/queries/compare/model";
import { unmatchedLocalRunsQuery } from "@/lib/queries/local/union.sql";
import { computePrevalence } from "@/lib/queries/signatures/prevalence-model";
import { watchEngine } from "@/lib/source";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { defaultCompareRequest } from "@/lib/queries/compare/default";
import { PairPicker } from "./PairPicker";
import { PairResults } from "./PairResults";
import type { PairState } from "./pair-state";
import { useCompareUrl, type CompareRelease } from "./useCompareUrl";

export interface CompareViewProps extends CompareRelease {
  submitText: string | null;
  /** The release publishes annotations (an empty annotations table is not loaded at all). */
  hasAnnotations: boolean;
  /** release.json's version, named beside the release's own annotations. */
  releaseVersion: string;
  bench: PublishedBench;
}

/** The loader's inputs: the source's key, A, B, condition. */
type PairInputs = [string, string, string, string];

/** What the loader reads besides its inputs, fixed for one render. */
interface PairContext {
  source: ReturnType<typeof useReleaseSource>;
  meta: { baseline: string; conditions: string[]; groups: string[] };
  /** Published configurations only (the build's rows); undefined with local results open. */
  known: ConfigRow[] | undefined;
  hasAnnotations: boolean;
}

export function CompareView(props: CompareViewProps) {
  const { releaseId, conditions, baseline, groups } = props;
  const { entries, configs, url, update, hydrated } = useCompareUrl(props);

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
  const pair = useAsync<PairState, PairInputs>(picked ? [source.key, a, b, url.condition] : null, (inputs, run) =>
    loadPair(
      {
        source,
        meta: { baseline, conditions, groups },
        // Published configurations only: the build's rows are configsQuery's (a local one comes from the source).
        known: entries.length === 0 ? props.configs : undefined,
        hasAnnotations,
      },
      inputs,
      run,
    ),
  );

  const current = pair.value ?? null;
  const settled =
    current?.intervals === true &&
    current.cost !== undefined &&
    current.signatures !== undefined &&
    current.prevalence !== undefined;
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
      <PairResults
        releaseId={releaseId}
        a={a}
        b={b}
        picked={picked}
        hydrated={hydrated}
        current={current}
        url={url}
        update={update}
        groups={groups}
        conditions={conditions}
        repos={props.repos}
        submitText={props.submitText}
        releaseVersion={props.releaseVersion}
        hasAnnotations={hasAnnotations}
      />
    </section>
  );
}

/** Loads one (A, B, condition), handing each part to `partial` as it arrives. */
async function loadPair(
  { source, meta, known, hasAnnotations }: PairContext,
  [, a, b, condition]: PairInputs,
  { signal, partial }: AsyncRun<PairState>,
): Promise<PairState> {
  const req = { a, b, condition };
  let s: PairState = {};
  const patch = (p: Partial<PairState>) => {
    s = { ...s, ...p };
    if (!signal.aborted) partial(s);
  };
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  let counts: CompareModel;
  try {
    const watched = watchEngine(source);
    counts = await computeCompare(watched.source, meta, req, { intervals: false, runs: false, configs: known });
    patch({ model: counts, origin: watched.usedEngine() ? "duckdb" : "static" });
    // The counts are painted before the bootstrap runs.
    await new Promise((r) => setTimeout(r, 0));
    if (signal.aborted) return s;
    counts = withIntervals(counts);
    patch({ model: counts });
    const runs = await computeCompareRuns(source, req);
    counts = { ...counts, runs, runsRead: true };
    // Only local runs can lack a published session to pair with.
    const unmatched = known ? 0 : ((await source.run(unmatchedLocalRunsQuery, [a, b]))[0]?.n ?? 0);
    patch({ model: counts, intervals: true, unmatched });
  } catch (e) {
    return { ...s, error: message(e) };
  }
  await computeCompareCost(source, meta, req).then(
    (rows) => patch({ cost: { rows } }),
    (e: unknown) => patch({ cost: { error: message(e) } }),
  );
  if (!counts.a?.is_local && !counts.b?.is_local) {
    // Published pair: the detectors' prevalence and the release's annotations by author (one panel).
    patch({ signatures: { rows: [] } });
    await computePrevalence(source, meta, { configIds: [a, b] }).then(
      (rows) => patch({ prevalence: { rows } }),
      (e: unknown) => patch({ prevalence: { error: message(e) } }),
    );
  } else if (!hasAnnotations) patch({ signatures: { rows: [] }, prevalence: { rows: null } });
  else {
    patch({ prevalence: { rows: null } });
    await computeCompareSignatures(source, req).then(
      (rows) => patch({ signatures: { rows } }),
      (e: unknown) => patch({ signatures: { error: message(e) } }),
    );
  }
  return s;
}
