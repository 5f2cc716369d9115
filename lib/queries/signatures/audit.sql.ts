// How far the detectors' tags can be trusted: the detectors (derived `signature_tags`, `run_analysis`) against the
// release's human labels (`annotations`, docs/data-format.md: a (run, signature) is present when a human record
// has no review or a review `confirmed` or `added`, absent when its human records are all `rejected` or
// `absent`). lib/queries/signatures/audit-model.ts turns the counts into precision, recall and the corrected
// prevalence.
//
// Counting rules:
// - the unit is a (run, signature) humans looked at: a run with any human record of the signature, counted once
//   however many records it has; judge and detector-authored annotations are never labels;
// - the detector says present when the run has a strong tag of the signature; weak-only runs count as negatives
//   and are also counted apart (weak_only_present / weak_only_absent), so a page can show what they would add;
// - a labelled run without a readable trajectory has no detector verdict: counted apart (unreadable_runs),
//   never as a negative;
// - the audit of a signature is its most recent audit sample: the seed of the human record with the latest
//   review date (ISO dates compare as text; equal dates: the later line). Its runs are the runs with a human
//   record of the signature carrying that seed, each labelled from all its human records, in the stratum that
//   record names. Per signature, because a review may audit one signature and not the other.
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";
import { SIGNATURES } from "./tables";

const SIGS_CTE = `sigs AS (SELECT * FROM (VALUES ${SIGNATURES.map((s, i) => `(${sqlString(s)}, ${i})`).join(", ")}) v(signature, sig_ord))`;

const TAG_RUNS_CTE = `tag_runs AS (
  SELECT run_id, signature, BOOL_OR(strength = 'strong') AS strong, BOOL_OR(strength = 'weak') AS weak
  FROM signature_tags GROUP BY run_id, signature
)`;

/** One row per (run, signature) with a human record: the human label, the audit it belongs to, the detector's say. */
const LABELLED_CTES = `${SIGS_CTE},
${TAG_RUNS_CTE},
human AS (
  SELECT a.* FROM annotations a JOIN runs r ON r.run_id = a.run_id WHERE a.author_kind = 'human'
),
latest_audit AS (
  SELECT signature, audit_seed FROM human WHERE audit_seed IS NOT NULL
  QUALIFY row_number() OVER (PARTITION BY signature ORDER BY review_date DESC, annotation_id DESC) = 1
),
labels AS (
  SELECT h.run_id, h.signature,
    BOOL_OR(h.review_verdict IS NULL OR h.review_verdict IN ('confirmed', 'added')) AS human_present,
    COALESCE(BOOL_OR(h.audit_seed = l.audit_seed), FALSE) AS in_audit,
    MIN(h.audit_stratum) FILTER (WHERE h.audit_seed = l.audit_seed) AS stratum
  FROM human h LEFT JOIN latest_audit l ON l.signature = h.signature
  GROUP BY h.run_id, h.signature
),
labelled AS (
  SELECT lb.*, COALESCE(a.readable, FALSE) AS readable,
    COALESCE(t.strong, FALSE) AS detector,
    COALESCE(t.weak, FALSE) AND NOT COALESCE(t.strong, FALSE) AS weak_only
  FROM labels lb
  LEFT JOIN run_analysis a ON a.run_id = lb.run_id
  LEFT JOIN tag_runs t ON t.run_id = lb.run_id AND t.signature = lb.signature
)`;

const COUNTS = `
  COUNT(p.run_id)::INTEGER AS labelled_runs,
  COUNT(*) FILTER (WHERE NOT p.readable)::INTEGER AS unreadable_runs,
  COUNT(*) FILTER (WHERE p.readable AND p.detector AND p.human_present)::INTEGER AS tp,
  COUNT(*) FILTER (WHERE p.readable AND p.detector AND NOT p.human_present)::INTEGER AS fp,
  COUNT(*) FILTER (WHERE p.readable AND NOT p.detector AND p.human_present)::INTEGER AS fn,
  COUNT(*) FILTER (WHERE p.readable AND NOT p.detector AND NOT p.human_present)::INTEGER AS tn,
  COUNT(*) FILTER (WHERE p.readable AND p.weak_only AND p.human_present)::INTEGER AS weak_only_present,
  COUNT(*) FILTER (WHERE p.readable AND p.weak_only AND NOT p.human_present)::INTEGER AS weak_only_absent`;

export interface AgreementCountsRow {
  signature: string;
  /** (Run, signature) pairs humans looked at, readable or not. */
  labelled_runs: number;
  /** Of those, runs without a readable trajectory: no detector verdict, left out of tp…tn. */
  unreadable_runs: number;
  /** Detector strong tag × human label, over the readable labelled runs. */
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** Runs with weak tags only (counted in fn / tn), by human label. */
  weak_only_present: number;
  weak_only_absent: number;
}

/** (a) Per signature, every run humans looked at: one row per signature, zeros where nobody looked. */
export const AGREEMENT_SQL = `
WITH ${LABELLED_CTES}
SELECT g.signature, ${COUNTS}
FROM sigs g LEFT JOIN labelled p ON p.signature = g.signature
GROUP BY g.signature, g.sig_ord
ORDER BY g.sig_ord`;

export interface AuditStratumRow extends AgreementCountsRow {
  /** The signature's most recent audit seed. */
  audit_seed: string;
  /** `<config_id>/<condition>`, as the audit record names it. */
  stratum: string;
}

/** (b) Per signature and audit stratum, the runs of the signature's most recent audit; no row: never audited. */
export const AUDIT_STRATA_SQL = `
WITH ${LABELLED_CTES}
SELECT p.signature, l.audit_seed, p.stratum, ${COUNTS}
FROM labelled p JOIN latest_audit l ON l.signature = p.signature JOIN sigs g ON g.signature = p.signature
WHERE p.in_audit
GROUP BY p.signature, g.sig_ord, l.audit_seed, p.stratum
ORDER BY g.sig_ord, p.stratum`;

export interface TaggedShareRow {
  config_id: string;
  display_name: string;
  condition: string;
  signature: string;
  runs: number;
  /** Runs whose trajectory the build read: the denominator. */
  readable_runs: number;
  /** Readable runs with a strong tag of the signature: the numerator. */
  strong_runs: number;
  /** Readable runs with weak tags only: never in the numerator. */
  weak_runs: number;
}

/** (c) Per configuration × condition × signature, the detector's tagged share of readable runs (strong only). */
export const TAGGED_SHARE_SQL = `
WITH ${SIGS_CTE},
${TAG_RUNS_CTE},
flags AS (
  SELECT r.config_id, s.condition, g.signature, g.sig_ord,
    COALESCE(a.readable, FALSE) AS readable,
    COALESCE(a.readable, FALSE) AND COALESCE(t.strong, FALSE) AS strong,
    COALESCE(a.readable, FALSE) AND COALESCE(t.weak, FALSE) AND NOT COALESCE(t.strong, FALSE) AS weak
  FROM runs r
  JOIN sessions s ON s.session_id = r.session_id
  CROSS JOIN sigs g
  LEFT JOIN run_analysis a ON a.run_id = r.run_id
  LEFT JOIN tag_runs t ON t.run_id = r.run_id AND t.signature = g.signature
)
SELECT f.config_id, c.display_name, f.condition, f.signature,
  COUNT(*)::INTEGER AS runs,
  COUNT(*) FILTER (WHERE f.readable)::INTEGER AS readable_runs,
  COUNT(*) FILTER (WHERE f.strong)::INTEGER AS strong_runs,
  COUNT(*) FILTER (WHERE f.weak)::INTEGER AS weak_runs
FROM flags f JOIN configs c ON c.config_id = f.config_id
GROUP BY f.config_id, c.display_name, c.sort_order, f.condition, f.signature, f.sig_ord
ORDER BY c.sort_order, f.config_id, f.condition, f.sig_ord`;

const LABELLED_TABLES = ["annotations", "runs", "run_analysis", "signature_tags"] as const;

export const detectorAgreementQuery = defineQuery<void, AgreementCountsRow>({
  name: "detector agreement",
  tables: LABELLED_TABLES,
  sql: () => AGREEMENT_SQL,
});

export const detectorAuditQuery = defineQuery<void, AuditStratumRow>({
  name: "detector audit",
  tables: LABELLED_TABLES,
  sql: () => AUDIT_STRATA_SQL,
});

export const taggedShareQuery = defineQuery<void, TaggedShareRow>({
  name: "detector tagged share",
  tables: ["runs", "sessions", "configs", "run_analysis", "signature_tags"],
  sql: () => TAGGED_SHARE_SQL,
});
