// How often the detectors find each trace signature (Switch-SWE App. E.1), per configuration × condition ×
// locality group (docs/benchmark.md, "Near and far"), over every analysed trajectory of a release. One SQL
// text per number, run by DuckDB in Node at build time (the page's model) and by DuckDB-WASM in the browser (the
// signatures page's subsets); lib/queries/signatures/prevalence-model.ts only attaches intervals and p-values.
//
// Reads the build's derived tables (signature-tables.ts): `run_analysis` says which runs' trajectories were
// read, `signature_tags` holds the detectors' tags. A release's own annotations are never read here.
//
// Counting rules:
// - the unit is a run (each repeat counts); a run carries a signature once however many tags it has;
// - the denominator is the runs whose trajectory was readable; runs without a trajectory or with an
//   unreadable one are counted apart, never as "no signature";
// - "strong" runs carry at least one strong tag of the signature; "weak" runs carry weak tags only, so the
//   two never overlap and strong + weak is every tagged run.
import { OVERALL } from "../leaderboard/sql";
import { sqlInList, sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

export interface PrevalenceScope {
  /** Only runs whose focus task is in these repositories (empty or absent: all). */
  repos?: string[];
  /** Only resolved or only unresolved runs (absent: all). */
  outcome?: "resolved" | "unresolved";
  /** Only these configurations (empty or absent: all). */
  configIds?: string[];
}

function scopeWhere(scope: PrevalenceScope): string {
  const parts: string[] = [];
  if (scope.repos?.length) parts.push(`t.repo IN ${sqlInList(scope.repos)}`);
  if (scope.configIds?.length) parts.push(`r.config_id IN ${sqlInList(scope.configIds)}`);
  if (scope.outcome) parts.push(scope.outcome === "resolved" ? "r.resolved" : "NOT r.resolved");
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

/** One row per (run, signature, group incl. overall) with the run's readability and its tag strength. */
function flagsCte(scope: PrevalenceScope): string {
  return `
sigs AS (SELECT * FROM (VALUES ('requirement_state_loss', 0), ('cross_task_interference', 1)) v(signature, sig_ord)),
run_base AS (
  SELECT r.run_id, r.config_id, s.condition, s.task_group, s.focus_task_id AS task_id, t.repo, r.repeat, r.resolved,
    a.run_id IS NOT NULL AS analysed, COALESCE(a.readable, FALSE) AS readable
  FROM runs r
  JOIN sessions s ON s.session_id = r.session_id
  JOIN tasks t ON t.task_id = s.focus_task_id
  LEFT JOIN run_analysis a ON a.run_id = r.run_id
  ${scopeWhere(scope)}
),
tag_runs AS (
  SELECT run_id, signature, BOOL_OR(strength = 'strong') AS strong, BOOL_OR(strength = 'weak') AS weak
  FROM signature_tags GROUP BY run_id, signature
),
flags AS (
  SELECT b.run_id, b.config_id, b.condition, b.task_group, b.task_id, b.repo, b.repeat, b.resolved, b.analysed, b.readable,
    g.signature, g.sig_ord,
    b.readable AND COALESCE(tr.strong, FALSE) AS strong,
    b.readable AND COALESCE(tr.weak, FALSE) AND NOT COALESCE(tr.strong, FALSE) AS weak
  FROM run_base b CROSS JOIN sigs g
  LEFT JOIN tag_runs tr ON tr.run_id = b.run_id AND tr.signature = g.signature
),
by_grp AS (
  SELECT *, '${OVERALL}' AS grp FROM flags
  UNION ALL
  SELECT *, task_group AS grp FROM flags
)`;
}

export interface PrevalenceRow {
  config_id: string;
  display_name: string;
  condition: string;
  grp: string;
  signature: string;
  /** Runs of the cell (each repeat counts). */
  runs: number;
  /** Runs whose trajectory the build read: the denominator. */
  readable_runs: number;
  /** Runs with a trajectory the build could not read. */
  unreadable_runs: number;
  /** Runs without any analysed trajectory (none published). */
  no_trajectory_runs: number;
  /** Readable runs with at least one strong tag of the signature. */
  strong_runs: number;
  /** Readable runs with weak tags of the signature only. */
  weak_runs: number;
}

/** Prevalence per configuration × condition × group (overall first) × signature. */
export function prevalenceSql(scope: PrevalenceScope = {}): string {
  return `
WITH ${flagsCte(scope)}
SELECT f.config_id, c.display_name, f.condition, f.grp, f.signature,
  COUNT(*)::INTEGER AS runs,
  COUNT(*) FILTER (WHERE f.readable)::INTEGER AS readable_runs,
  COUNT(*) FILTER (WHERE f.analysed AND NOT f.readable)::INTEGER AS unreadable_runs,
  COUNT(*) FILTER (WHERE NOT f.analysed)::INTEGER AS no_trajectory_runs,
  COUNT(*) FILTER (WHERE f.strong)::INTEGER AS strong_runs,
  COUNT(*) FILTER (WHERE f.weak)::INTEGER AS weak_runs
FROM by_grp f JOIN configs c ON c.config_id = f.config_id
GROUP BY f.config_id, c.display_name, c.sort_order, f.condition, f.grp, f.signature, f.sig_ord
ORDER BY c.sort_order, f.config_id, f.condition, CASE WHEN f.grp = '${OVERALL}' THEN 0 ELSE 1 END, f.grp, f.sig_ord`;
}

export interface PrevalencePairRow {
  config_id: string;
  condition: string;
  grp: string;
  signature: string;
  task_id: string;
  /** Share of the task's readable baseline runs with a strong tag (0/1 without repeats). */
  base_value: number;
  /** The same under `condition`. */
  cond_value: number;
}

/**
 * Per focus task, the strong-tag share under the baseline and under each other condition, for the tasks with a
 * readable run under both (the pairs of the paired interval and of McNemar).
 */
export function prevalencePairsSql(baseline: string, scope: PrevalenceScope = {}): string {
  return `
WITH ${flagsCte(scope)},
per_task AS (
  SELECT config_id, condition, grp, signature, sig_ord, task_id, AVG(strong::INTEGER)::DOUBLE AS value
  FROM by_grp WHERE readable GROUP BY ALL
)
SELECT o.config_id, o.condition, o.grp, o.signature, o.task_id, b.value AS base_value, o.value AS cond_value
FROM per_task o
JOIN per_task b ON b.config_id = o.config_id AND b.grp = o.grp AND b.signature = o.signature AND b.task_id = o.task_id
  AND b.condition = ${sqlString(baseline)}
JOIN configs c ON c.config_id = o.config_id
WHERE o.condition <> ${sqlString(baseline)}
ORDER BY c.sort_order, o.config_id, o.condition, CASE WHEN o.grp = '${OVERALL}' THEN 0 ELSE 1 END, o.grp, o.sig_ord, o.task_id`;
}

export interface PrevalenceOutcomeRow {
  config_id: string;
  condition: string;
  grp: string;
  signature: string;
  strong_runs: number;
  strong_resolved: number;
  weak_runs: number;
  weak_resolved: number;
  /** Readable runs with no tag of the signature at all. */
  untagged_runs: number;
  untagged_resolved: number;
}

/** Resolution of readable runs with a strong tag, with weak tags only, and with no tag, per cell. */
export function prevalenceOutcomeSql(scope: PrevalenceScope = {}): string {
  return `
WITH ${flagsCte(scope)}
SELECT f.config_id, f.condition, f.grp, f.signature,
  COUNT(*) FILTER (WHERE f.strong)::INTEGER AS strong_runs,
  COUNT(*) FILTER (WHERE f.strong AND f.resolved)::INTEGER AS strong_resolved,
  COUNT(*) FILTER (WHERE f.weak)::INTEGER AS weak_runs,
  COUNT(*) FILTER (WHERE f.weak AND f.resolved)::INTEGER AS weak_resolved,
  COUNT(*) FILTER (WHERE f.readable AND NOT f.strong AND NOT f.weak)::INTEGER AS untagged_runs,
  COUNT(*) FILTER (WHERE f.readable AND NOT f.strong AND NOT f.weak AND f.resolved)::INTEGER AS untagged_resolved
FROM by_grp f JOIN configs c ON c.config_id = f.config_id
GROUP BY f.config_id, c.sort_order, f.condition, f.grp, f.signature, f.sig_ord
ORDER BY c.sort_order, f.config_id, f.condition, CASE WHEN f.grp = '${OVERALL}' THEN 0 ELSE 1 END, f.grp, f.sig_ord`;
}

export interface CellRunsFilter extends PrevalenceScope {
  configId: string;
  condition: string;
  /** "overall" or a locality group. */
  grp: string;
  signature: string;
  strength: "strong" | "weak";
}

export interface CellRunRow {
  run_id: string;
  config_id: string;
  condition: string;
  task_id: string;
  repo: string;
  task_group: string;
  repeat: number;
  resolved: boolean;
  /** The earliest evidence step among the run's tags of this signature and strength (the viewer's ?step=). */
  first_step: number | null;
  /** Note of the tag that step belongs to. */
  note: string | null;
  detector: string;
  detector_version: string;
  /** How many tags of this signature and strength the run carries. */
  tags: number;
}

/** The runs counted in one prevalence cell (the numerator), each with its first evidence step. */
export function cellRunsSql(f: CellRunsFilter): string {
  const groupWhere = f.grp === OVERALL ? "" : `AND b.task_group = ${sqlString(f.grp)}`;
  const strengthWhere = f.strength === "strong" ? "f.strong" : "f.weak";
  return `
WITH ${flagsCte(f)},
picked AS (
  SELECT * FROM flags b
  WHERE b.config_id = ${sqlString(f.configId)} AND b.condition = ${sqlString(f.condition)} AND b.signature = ${sqlString(f.signature)} ${groupWhere}
)
SELECT f.run_id, f.config_id, f.condition, f.task_id, f.repo, f.task_group, f.repeat::INTEGER AS repeat, f.resolved,
  MIN(t.first_step)::INTEGER AS first_step,
  arg_min(t.note, t.pick_key) AS note,
  arg_min(t.detector, t.pick_key) AS detector,
  arg_min(t.detector_version, t.pick_key) AS detector_version,
  COUNT(*)::INTEGER AS tags
FROM picked f
JOIN (SELECT *, lpad(COALESCE(first_step, 999999999)::VARCHAR, 10, '0') || '|' || tag_id AS pick_key FROM signature_tags) t ON t.run_id = f.run_id AND t.signature = f.signature AND t.strength = ${sqlString(f.strength)}
WHERE ${strengthWhere}
GROUP BY f.run_id, f.config_id, f.condition, f.task_id, f.repo, f.task_group, f.repeat, f.resolved
ORDER BY f.repo, f.task_id, f.repeat, f.run_id`;
}

export interface DetectorRow {
  detector: string;
  detector_version: string;
  signature: string;
  tags: number;
  runs: number;
}

/** Which detectors (and versions) made the tags: shown beside every detector number. */
export const DETECTORS_SQL = `
SELECT detector, detector_version, signature, COUNT(*)::INTEGER AS tags, COUNT(DISTINCT run_id)::INTEGER AS runs
FROM signature_tags GROUP BY detector, detector_version, signature
ORDER BY detector, detector_version, CASE signature WHEN 'requirement_state_loss' THEN 0 ELSE 1 END, signature`;

export interface AnnotationAuthorRow {
  author_kind: string;
  author_name: string | null;
  signature: string;
  tags: number;
  runs: number;
}

/** Who tagged the release's own annotations (annotations.jsonl): kept apart from the detectors' tags. */
export const ANNOTATION_AUTHORS_SQL = `
SELECT author_kind, author_name, signature, COUNT(*)::INTEGER AS tags, COUNT(DISTINCT run_id)::INTEGER AS runs
FROM annotations GROUP BY author_kind, author_name, signature
ORDER BY CASE author_kind WHEN 'human' THEN 0 WHEN 'judge' THEN 1 ELSE 2 END, author_kind, author_name NULLS LAST,
  CASE signature WHEN 'requirement_state_loss' THEN 0 ELSE 1 END, signature`;

// The detector prevalence reads the trajectory pass's derived tables (signature-tables.ts), never annotations.
const FLAG_TABLES = ["runs", "sessions", "tasks", "run_analysis", "signature_tags"] as const;

export const prevalenceQuery = defineQuery<PrevalenceScope, PrevalenceRow>({
  name: "prevalence",
  tables: [...FLAG_TABLES, "configs"],
  sql: (scope) => prevalenceSql(scope),
});

export const prevalencePairsQuery = defineQuery<{ baseline: string; scope?: PrevalenceScope }, PrevalencePairRow>({
  name: "prevalence pairs",
  tables: [...FLAG_TABLES, "configs"],
  sql: (p) => prevalencePairsSql(p.baseline, p.scope),
});

export const prevalenceOutcomeQuery = defineQuery<PrevalenceScope, PrevalenceOutcomeRow>({
  name: "prevalence outcomes",
  tables: [...FLAG_TABLES, "configs"],
  sql: (scope) => prevalenceOutcomeSql(scope),
});

export const cellRunsQuery = defineQuery<CellRunsFilter, CellRunRow>({
  name: "cell runs",
  tables: FLAG_TABLES,
  sql: (f) => cellRunsSql(f),
});

export const detectorsQuery = defineQuery<void, DetectorRow>({
  name: "detectors",
  tables: ["signature_tags"],
  sql: () => DETECTORS_SQL,
});

export const annotationAuthorsQuery = defineQuery<void, AnnotationAuthorRow>({
  name: "annotation authors",
  tables: ["annotations"],
  sql: () => ANNOTATION_AUTHORS_SQL,
});
