// What the signatures page shows of the detectors' accuracy (audit.sql.ts for the counting rules): per signature,
// precision and recall against the human labels with Wilson intervals, on every run humans looked at and on the
// latest audit; per configuration × condition, the raw tagged share beside the prevalence corrected for the
// detector's errors (Rogan–Gladen), whose interval carries the audit's uncertainty as well as the share's.
// Percentages throughout; null where a denominator is 0 (unknown, never 0).
import { agreementOf, type Rate } from "../../metrics/detector-agreement";
import {
  DEFAULT_ROGAN_GLADEN_REPS,
  poolStrata,
  roganGladenBootstrap,
  type Confusion,
  type RoganGladenBootstrapOptions,
} from "../../metrics/rogan-gladen";
import { DEFAULT_BOOTSTRAP_SEED } from "../../metrics/paired-interval";
import type { QuerySource } from "../../db/query";
import { share, type Share } from "./prevalence-model";
import {
  detectorAgreementQuery,
  detectorAuditQuery,
  taggedShareQuery,
  type AgreementCountsRow,
  type AuditStratumRow,
  type TaggedShareRow,
} from "./audit.sql";

export interface AgreementSummary extends Confusion {
  /** Runs humans looked at, readable or not. */
  labelled_runs: number;
  /** Of those, without a readable trajectory: left out of the counts. */
  unreadable_runs: number;
  precision: Share;
  recall: Share;
  /** Proportions in [0, 1], what the correction uses; null when the audit has no run of that label. */
  sensitivity: number | null;
  specificity: number | null;
  weak_only_present: number;
  weak_only_absent: number;
}

export interface AuditSummary extends AgreementSummary {
  seed: string;
  strata: (Confusion & { stratum: string })[];
}

export interface SignatureLookedAt {
  signature: string;
  /** Every run humans looked at (the audit's runs included). */
  lookedAt: AgreementSummary;
}

export interface SignatureAgreement extends SignatureLookedAt {
  /** The signature's most recent audit; null: never audited, so no correction. */
  audit: AuditSummary | null;
}

/** Why a cell has or has not a corrected prevalence. */
export type Correction =
  | { kind: "no-audit" }
  | { kind: "no-readable-runs" }
  /** The audit has no human-present or no human-absent run: Se or Sp unknown. */
  | { kind: "accuracy-unknown" }
  /** Se + Sp − 1 ≤ 0: the detector is no better than chance. */
  | { kind: "no-better-than-chance" }
  | {
      kind: "corrected";
      /** Percent, clipped to [0, 100]. */
      pct: number;
      /** Bootstrap percentile bounds, percent; null if no replicate had a correction. */
      lo: number | null;
      hi: number | null;
      reps: number;
      without_correction: number;
    };

export interface CorrectedCell extends TaggedShareRow {
  /** strong_runs of readable_runs: what the detector tagged, uncorrected. */
  tagged: Share;
  /** The cell is one of the audit's strata (the correction elsewhere assumes the detector errs alike there). */
  in_audit: boolean;
  correction: Correction;
}

export interface AuditModel {
  signatures: SignatureAgreement[];
  cells: CorrectedCell[];
  /** The corrected intervals' replicates and seed, so a page can say how they were drawn. */
  bootstrap: { reps: number; seed: number };
}

const asShare = (r: Rate): Share =>
  r.value === null ? share(r.k, r.n) : { k: r.k, n: r.n, pct: 100 * r.value, lo: 100 * r.lo!, hi: 100 * r.hi! };

function summarise(row: AgreementCountsRow, counts: Confusion): AgreementSummary {
  const a = agreementOf(counts);
  return {
    ...counts,
    labelled_runs: row.labelled_runs,
    unreadable_runs: row.unreadable_runs,
    precision: asShare(a.precision),
    recall: asShare(a.recall),
    sensitivity: a.sensitivity,
    specificity: a.specificity,
    weak_only_present: row.weak_only_present,
    weak_only_absent: row.weak_only_absent,
  };
}

const confusion = (r: Confusion): Confusion => ({ tp: r.tp, fp: r.fp, fn: r.fn, tn: r.tn });

function auditSummary(signature: string, strata: AuditStratumRow[]): AuditSummary | null {
  const rows = strata.filter((s) => s.signature === signature);
  if (rows.length === 0) return null;
  const sum = (f: (r: AuditStratumRow) => number) => rows.reduce((t, r) => t + f(r), 0);
  const totals: AgreementCountsRow = {
    signature,
    labelled_runs: sum((r) => r.labelled_runs),
    unreadable_runs: sum((r) => r.unreadable_runs),
    ...poolStrata(rows),
    weak_only_present: sum((r) => r.weak_only_present),
    weak_only_absent: sum((r) => r.weak_only_absent),
  };
  return {
    ...summarise(totals, confusion(totals)),
    seed: rows[0]!.audit_seed,
    strata: rows.map((r) => ({ stratum: r.stratum, ...confusion(r) })),
  };
}

function correctionOf(cell: TaggedShareRow, audit: AuditSummary | null, opts: RoganGladenBootstrapOptions): Correction {
  if (!audit) return { kind: "no-audit" };
  if (cell.readable_runs === 0) return { kind: "no-readable-runs" };
  if (audit.sensitivity === null || audit.specificity === null) return { kind: "accuracy-unknown" };
  // On integers, as roganGladenOfCounts decides it: Se + Sp − 1 > 0 ⇔ tp·tn > fn·fp.
  if (audit.tp * audit.tn <= audit.fn * audit.fp) return { kind: "no-better-than-chance" };
  const strata = audit.strata.map(confusion);
  const ci = roganGladenBootstrap(strata, { k: cell.strong_runs, n: cell.readable_runs }, opts);
  const pct = (x: number | null) => (x === null ? null : 100 * x);
  return {
    kind: "corrected",
    pct: 100 * ci.estimate!,
    lo: pct(ci.lo),
    hi: pct(ci.hi),
    reps: ci.reps,
    without_correction: ci.withoutCorrection,
  };
}

/** Combines the audit queries' rows with the statistics (pure: the build's model and the browser give the same). */
export function auditModelOf(
  agreement: AgreementCountsRow[],
  strata: AuditStratumRow[],
  shares: TaggedShareRow[],
  opts: RoganGladenBootstrapOptions = {},
): AuditModel {
  const signatures = lookedAtOf(agreement).map((s) => ({ ...s, audit: auditSummary(s.signature, strata) }));
  const bySignature = new Map(signatures.map((s) => [s.signature, s.audit]));
  const cells = shares.map((cell) => {
    const audit = bySignature.get(cell.signature) ?? null;
    return {
      ...cell,
      tagged: share(cell.strong_runs, cell.readable_runs),
      in_audit: audit?.strata.some((s) => s.stratum === `${cell.config_id}/${cell.condition}`) ?? false,
      correction: correctionOf(cell, audit, opts),
    };
  });
  const bootstrap = { reps: opts.reps ?? DEFAULT_ROGAN_GLADEN_REPS, seed: opts.seed ?? DEFAULT_BOOTSTRAP_SEED };
  return { signatures, cells, bootstrap };
}

/** Per signature, the agreement on every run humans looked at (no audit, no bootstrap): the leaderboard's lines. */
export function lookedAtOf(rows: readonly AgreementCountsRow[]): SignatureLookedAt[] {
  return rows.map((row) => ({ signature: row.signature, lookedAt: summarise(row, confusion(row)) }));
}

export async function computeAgreement(src: QuerySource): Promise<SignatureLookedAt[]> {
  return lookedAtOf(await src.run(detectorAgreementQuery));
}

export async function computeAudit(src: QuerySource, opts: RoganGladenBootstrapOptions = {}): Promise<AuditModel> {
  const [agreement, strata, shares] = await Promise.all([
    src.run(detectorAgreementQuery),
    src.run(detectorAuditQuery),
    src.run(taggedShareQuery),
  ]);
  return auditModelOf(agreement, strata, shares, opts);
}
