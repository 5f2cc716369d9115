// What the pages say of the detectors against human labels (audit-model.ts): whether there is anything to show,
// the audit named in one sentence, why a cell has no corrected prevalence, and the leaderboard's one line per
// signature. Numbers are the model's; this file only words them.
import type { AgreementSummary, AuditModel, AuditSummary, Correction, SignatureAgreement } from "./audit-model";

/** How every agreement number is labelled: the runs were chosen by people, not drawn. */
export const ON_LOOKED_AT = "against the human labels on the runs humans looked at";

/** Some signature has a run with a human annotation. */
export const hasHumanLabels = (m: Pick<AuditModel, "signatures">) =>
  m.signatures.some((s) => s.lookedAt.labelled_runs > 0);

/** The signatures with an audit, in display order. */
export const auditedSignatures = (m: Pick<AuditModel, "signatures">) =>
  m.signatures.filter((s): s is SignatureAgreement & { audit: AuditSummary } => s.audit !== null);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const proportion = (x: number | null) => (x === null ? "unknown" : x.toFixed(3));

/**
 * "audit seed audit-2: 20 runs audited in 2 strata; sensitivity 0.700 (7 of 10 runs labelled present were tagged),
 * specificity 0.900 (9 of 10 labelled absent were not)".
 */
export function auditText(a: AuditSummary): string {
  const unreadable = a.unreadable_runs
    ? ` (${plural(a.unreadable_runs, "audited run")} without a readable trajectory left out)`
    : "";
  return (
    `audit seed ${a.seed}: ${plural(a.labelled_runs, "run")} audited in ${plural(a.strata.length, "stratum", "strata")}` +
    `${unreadable}; sensitivity ${proportion(a.sensitivity)} (${a.tp} of ${a.tp + a.fn} runs labelled present were tagged), ` +
    `specificity ${proportion(a.specificity)} (${a.tn} of ${a.tn + a.fp} labelled absent were not)`
  );
}

/** Why a cell shows no corrected prevalence; null when it has one. */
export function correctionReason(c: Correction): string | null {
  switch (c.kind) {
    case "no-audit":
      return "no audit of this signature";
    case "no-readable-runs":
      return "no readable run";
    case "accuracy-unknown":
      return "accuracy unknown: the audit has no run of one label";
    case "no-better-than-chance":
      return "no better than chance in the audit (sensitivity + specificity ≤ 1)";
    case "corrected":
      return null;
  }
}

const pct = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(1)} %`);

/** "precision 81.8 % (9/11), recall 69.2 % (9/13); 26 runs looked at (1 without a readable trajectory, left out)". */
export function agreementText(a: AgreementSummary): string {
  const unreadable = a.unreadable_runs ? ` (${a.unreadable_runs} without a readable trajectory, left out)` : "";
  return (
    `precision ${pct(a.precision.pct)} (${a.precision.k}/${a.precision.n}), ` +
    `recall ${pct(a.recall.pct)} (${a.recall.k}/${a.recall.n}); ${plural(a.labelled_runs, "run")} looked at${unreadable}`
  );
}
