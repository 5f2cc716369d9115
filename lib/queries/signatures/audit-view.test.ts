// The words around the audit's numbers (audit-view.ts), on the counts of lib/queries/fixtures/signature-audit/README.md.
import { describe, expect, it } from "vitest";
import type { AgreementSummary, AuditSummary, Correction } from "./audit-model";
import { agreementText, auditText, correctionReason, hasHumanLabels } from "./audit-view";

const share = (k: number, n: number, pct: number) => ({ k, n, pct, lo: 0, hi: 100 });
const counts = { weak_only_present: 2, weak_only_absent: 2, sensitivity: 0.7, specificity: 0.9 };

describe("audit view", () => {
  it("words the agreement on the runs looked at (README: RSL 9/11, 9/13, 26 runs, 1 unreadable)", () => {
    const a: AgreementSummary = {
      ...counts,
      tp: 9,
      fp: 2,
      fn: 4,
      tn: 10,
      labelled_runs: 26,
      unreadable_runs: 1,
      precision: share(9, 11, 81.8182),
      recall: share(9, 13, 69.2308),
    };
    expect(agreementText(a)).toBe(
      "precision 81.8 % (9/11), recall 69.2 % (9/13); 26 runs looked at (1 without a readable trajectory, left out)",
    );
    expect(hasHumanLabels({ signatures: [{ signature: "x", lookedAt: a, audit: null }] })).toBe(true);
    expect(
      hasHumanLabels({ signatures: [{ signature: "x", lookedAt: { ...a, labelled_runs: 0 }, audit: null }] }),
    ).toBe(false);
  });

  it("names the audit with its sensitivity and specificity (README: audit-2, 7/10 and 9/10)", () => {
    const a: AuditSummary = {
      ...counts,
      tp: 7,
      fp: 1,
      fn: 3,
      tn: 9,
      labelled_runs: 20,
      unreadable_runs: 0,
      precision: share(7, 8, 87.5),
      recall: share(7, 10, 70),
      seed: "audit-2",
      strata: [
        { stratum: "alpha/switched", tp: 5, fp: 0, fn: 2, tn: 3 },
        { stratum: "alpha/uninterrupted", tp: 2, fp: 1, fn: 1, tn: 6 },
      ],
    };
    expect(auditText(a)).toBe(
      "audit seed audit-2: 20 runs audited in 2 strata; sensitivity 0.700 (7 of 10 runs labelled present were tagged), " +
        "specificity 0.900 (9 of 10 labelled absent were not)",
    );
  });

  it("says why a cell has no correction, and nothing when it has one", () => {
    const kinds: Correction["kind"][] = ["no-audit", "no-readable-runs", "accuracy-unknown", "no-better-than-chance"];
    for (const kind of kinds) expect(correctionReason({ kind } as Correction), kind).toMatch(/\w/);
    expect(
      correctionReason({ kind: "corrected", pct: 50, lo: 10, hi: 90, reps: 2000, without_correction: 0 }),
    ).toBeNull();
  });
});
