// Runs the prevalence queries (signature-prevalence.ts) on any Db and attaches the statistics SQL cannot
// express cheaply: Wilson intervals on the shares, the paired bootstrap interval and exact McNemar on the
// condition − baseline difference (the same functions and seed as the leaderboard's gap, so the page's model
// and the browser agree). Percentages throughout; null where the cell has no readable run (unknown, not 0).
import { mcnemarExact } from "../../metrics/mcnemar";
import { pairedBootstrapOfDiffs } from "../../metrics/paired-interval";
import { wilsonInterval } from "../../metrics/wilson";
import type { QuerySource } from "../../db/query";
import { signatureRatesQuery, type SignatureRateRow } from "./rates.sql";
import { detectorTrustQuery, type DetectorTrustRow } from "./accuracy.sql";
import {
  annotationAuthorsQuery,
  detectorsQuery,
  prevalenceOutcomeQuery,
  prevalencePairsQuery,
  prevalenceQuery,
  type AnnotationAuthorRow,
  type DetectorRow,
  type PrevalenceOutcomeRow,
  type PrevalencePairRow,
  type PrevalenceRow,
  type PrevalenceScope,
} from "./prevalence.sql";

export interface Share {
  k: number;
  n: number;
  /** Percent; null when n = 0. */
  pct: number | null;
  /** Wilson 95% interval, percent; null when n = 0. */
  lo: number | null;
  hi: number | null;
}

export interface PrevalenceCell extends PrevalenceRow {
  strong: Share;
  weak: Share;
}

export interface PrevalenceDiff {
  config_id: string;
  /** The non-baseline condition; the difference is condition − baseline. */
  condition: string;
  grp: string;
  signature: string;
  /** Focus tasks with a readable run under both conditions. */
  n_tasks: number;
  /** Mean over those tasks of (condition share − baseline share), percentage points; null without tasks. */
  diff: number | null;
  /** Paired bootstrap 95% interval over the tasks, percentage points. */
  lo: number | null;
  hi: number | null;
  /** Tasks tagged (more) only under the condition / only under the baseline: McNemar's discordant pairs. */
  condition_only: number;
  baseline_only: number;
  /** Exact two-sided McNemar; null without tasks. */
  p: number | null;
}

export interface PrevalenceOutcome extends PrevalenceOutcomeRow {
  /** Resolution of the runs with a strong tag, with weak tags only, with no tag. */
  strong: Share;
  weak: Share;
  untagged: Share;
}

export interface AnnotationRates {
  author_kind: string;
  rows: SignatureRateRow[];
}

export interface PrevalenceModel {
  baseline: string;
  conditions: string[];
  /** "overall" first, then the release's groups. */
  groups: string[];
  scope: PrevalenceScope;
  cells: PrevalenceCell[];
  diffs: PrevalenceDiff[];
  outcomes: PrevalenceOutcome[];
  detectors: DetectorRow[];
  /** Per signature, the tags' detector version and its accuracy on planted synthetic cases (accuracy.sql.ts). */
  accuracy: DetectorTrustRow[];
  /** The release's own annotations (annotations.jsonl), by who tagged: never mixed with the detectors'. */
  annotationAuthors: AnnotationAuthorRow[];
  annotationRates: AnnotationRates[];
}

export interface PrevalenceMeta {
  baseline: string;
  conditions: string[];
  groups: string[];
}

const pct = (x: number) => 100 * x;

export function share(k: number, n: number): Share {
  if (n === 0) return { k, n, pct: null, lo: null, hi: null };
  const ci = wilsonInterval(k, n);
  return { k, n, pct: pct(k / n), lo: pct(ci.lo), hi: pct(ci.hi) };
}

export function pairDiffs(pairs: PrevalencePairRow[]): PrevalenceDiff[] {
  const byKey = new Map<string, PrevalencePairRow[]>();
  for (const p of pairs) {
    const key = [p.config_id, p.condition, p.grp, p.signature].join("\u0000");
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key)!.push(p);
  }
  return [...byKey.values()].map((rows) => {
    const first = rows[0]!;
    const d = rows.map((r) => r.cond_value - r.base_value);
    const ci = pairedBootstrapOfDiffs(d);
    const conditionOnly = d.filter((x) => x > 0).length;
    const baselineOnly = d.filter((x) => x < 0).length;
    return {
      config_id: first.config_id,
      condition: first.condition,
      grp: first.grp,
      signature: first.signature,
      n_tasks: rows.length,
      diff: pct(ci.diff),
      lo: pct(ci.lo),
      hi: pct(ci.hi),
      condition_only: conditionOnly,
      baseline_only: baselineOnly,
      p: mcnemarExact(conditionOnly, baselineOnly),
    };
  });
}

/** A difference row for every (configuration, condition, group, signature) cell, unknown where no task pairs. */
function completeDiffs(cells: PrevalenceCell[], diffs: PrevalenceDiff[], baseline: string): PrevalenceDiff[] {
  const byKey = new Map(diffs.map((d) => [[d.config_id, d.condition, d.grp, d.signature].join("\u0000"), d]));
  return cells
    .filter((c) => c.condition !== baseline)
    .map(
      (c) =>
        byKey.get([c.config_id, c.condition, c.grp, c.signature].join("\u0000")) ?? {
          config_id: c.config_id,
          condition: c.condition,
          grp: c.grp,
          signature: c.signature,
          n_tasks: 0,
          diff: null,
          lo: null,
          hi: null,
          condition_only: 0,
          baseline_only: 0,
          p: null,
        },
    );
}

export async function computePrevalence(
  src: QuerySource,
  meta: PrevalenceMeta,
  scope: PrevalenceScope = {},
): Promise<PrevalenceModel> {
  const [rows, pairs, outcomeRows, detectors, accuracy, annotationAuthors] = await Promise.all([
    src.run(prevalenceQuery, scope),
    src.run(prevalencePairsQuery, { baseline: meta.baseline, scope }),
    src.run(prevalenceOutcomeQuery, scope),
    src.run(detectorsQuery),
    src.run(detectorTrustQuery),
    src.run(annotationAuthorsQuery),
  ]);
  const cells = rows.map((r) => ({
    ...r,
    strong: share(r.strong_runs, r.readable_runs),
    weak: share(r.weak_runs, r.readable_runs),
  }));
  const kinds = [...new Set(annotationAuthors.map((a) => a.author_kind))];
  const annotationRates = await Promise.all(
    kinds.map(async (kind) => ({
      author_kind: kind,
      rows: await src.run(signatureRatesQuery, { authorKinds: [kind] }),
    })),
  );
  return {
    baseline: meta.baseline,
    conditions: meta.conditions,
    groups: ["overall", ...meta.groups],
    scope,
    cells,
    diffs: completeDiffs(cells, pairDiffs(pairs), meta.baseline),
    outcomes: outcomeRows.map((o) => ({
      ...o,
      strong: share(o.strong_resolved, o.strong_runs),
      weak: share(o.weak_resolved, o.weak_runs),
      untagged: share(o.untagged_resolved, o.untagged_runs),
    })),
    detectors,
    accuracy,
    annotationAuthors,
    annotationRates,
  };
}
