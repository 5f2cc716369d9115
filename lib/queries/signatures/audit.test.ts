// Detector agreement, audit and corrected prevalence on real DuckDB over the hand-made release and derived tables
// of lib/queries/fixtures/signature-audit (every number below is worked out in its README.md).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { isError, validateRelease } from "../../data/validate";
import { loadDerivedNode } from "../load-derived-node";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { auditModelOf, computeAudit, type AuditModel, type CorrectedCell } from "./audit-model";
import {
  detectorAgreementQuery,
  detectorAuditQuery,
  taggedShareQuery,
  type AgreementCountsRow,
  type AuditStratumRow,
  type TaggedShareRow,
} from "./audit.sql";

const FIXTURE = "lib/queries/fixtures/signature-audit";
const RSL = "requirement_state_loss";
const CTI = "cross_task_interference";

let db: NodeDb;
let model: AuditModel;
let agreementRows: AgreementCountsRow[];
let strataRows: AuditStratumRow[];
let shareRows: TaggedShareRow[];

beforeAll(async () => {
  const loaded = await loadRelease(`${FIXTURE}/release`);
  expect(loaded.problems).toEqual([]);
  expect(validateRelease(loaded.release!).filter(isError)).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(loaded.release!));
  await loadDerivedNode(db, FIXTURE);
  model = await computeAudit(db);
  [agreementRows, strataRows, shareRows] = await Promise.all([
    db.run(detectorAgreementQuery),
    db.run(detectorAuditQuery),
    db.run(taggedShareQuery),
  ]);
});
afterAll(() => db?.close());

const signature = (m: AuditModel, s: string) => m.signatures.find((x) => x.signature === s)!;
const cell = (m: AuditModel, config: string, condition: string, s: string): CorrectedCell =>
  m.cells.find((c) => c.config_id === config && c.condition === condition && c.signature === s)!;

describe("agreement on the runs humans looked at", () => {
  it("counts each labelled run once, human records only, unreadable runs apart", () => {
    expect(agreementRows).toEqual([
      {
        signature: RSL,
        labelled_runs: 26,
        unreadable_runs: 1,
        tp: 9,
        fp: 2,
        fn: 4,
        tn: 10,
        weak_only_present: 2,
        weak_only_absent: 2,
      },
      {
        signature: CTI,
        labelled_runs: 4,
        unreadable_runs: 0,
        tp: 1,
        fp: 1,
        fn: 1,
        tn: 1,
        weak_only_present: 0,
        weak_only_absent: 1,
      },
    ]);
  });

  it("gives precision and recall with Wilson intervals", () => {
    const rsl = signature(model, RSL).lookedAt;
    expect(rsl.precision).toMatchObject({ k: 9, n: 11 });
    expect(rsl.precision.pct).toBeCloseTo(81.8182, 3);
    expect(rsl.precision.lo).toBeCloseTo(52.3019, 3);
    expect(rsl.precision.hi).toBeCloseTo(94.8632, 3);
    expect(rsl.recall).toMatchObject({ k: 9, n: 13 });
    expect(rsl.recall.pct).toBeCloseTo(69.2308, 3);
    expect(rsl.recall.lo).toBeCloseTo(42.3693, 3);
    expect(rsl.recall.hi).toBeCloseTo(87.3193, 3);
    expect(rsl.specificity).toBeCloseTo(10 / 12, 12);
    const cti = signature(model, CTI).lookedAt;
    expect(cti.precision).toMatchObject({ k: 1, n: 2, pct: 50 });
    expect(cti.precision.lo).toBeCloseTo(9.4531, 3);
    expect(cti.recall.hi).toBeCloseTo(90.5469, 3);
  });
});

describe("the audit", () => {
  it("takes each signature's most recent seed, by review date, stratum by stratum", () => {
    expect(
      strataRows.map((r) => [r.signature, r.audit_seed, r.stratum, r.labelled_runs, r.tp, r.fp, r.fn, r.tn]),
    ).toEqual([
      [RSL, "audit-2", "alpha/switched", 10, 5, 0, 2, 3],
      [RSL, "audit-2", "alpha/uninterrupted", 10, 2, 1, 1, 6],
    ]);
    expect(signature(model, CTI).audit).toBeNull();
  });

  it("pools the strata into precision, recall, Se and Sp", () => {
    const audit = signature(model, RSL).audit!;
    expect(audit).toMatchObject({ seed: "audit-2", labelled_runs: 20, tp: 7, fp: 1, fn: 3, tn: 9 });
    expect(audit).toMatchObject({ sensitivity: 0.7, specificity: 0.9, weak_only_present: 2, weak_only_absent: 2 });
    expect(audit.precision).toMatchObject({ k: 7, n: 8, pct: 87.5 });
    expect(audit.precision.lo).toBeCloseTo(52.9112, 3);
    expect(audit.precision.hi).toBeCloseTo(97.7583, 3);
    expect(audit.recall).toMatchObject({ k: 7, n: 10, pct: 70 });
    expect(audit.recall.lo).toBeCloseTo(39.6778, 3);
    expect(audit.recall.hi).toBeCloseTo(89.2209, 3);
  });
});

describe("tagged share and corrected prevalence per configuration × condition", () => {
  it("counts strong tags over readable runs, weak-only runs apart", () => {
    expect(
      shareRows.map((r) => [
        r.config_id,
        r.condition,
        r.signature,
        r.runs,
        r.readable_runs,
        r.strong_runs,
        r.weak_runs,
      ]),
    ).toEqual([
      ["alpha", "switched", RSL, 20, 20, 10, 2],
      ["alpha", "switched", CTI, 20, 20, 3, 1],
      ["alpha", "uninterrupted", RSL, 20, 20, 4, 2],
      ["alpha", "uninterrupted", CTI, 20, 20, 0, 0],
      ["beta", "switched", RSL, 2, 0, 0, 0],
      ["beta", "switched", CTI, 2, 0, 0, 0],
      ["beta", "uninterrupted", RSL, 2, 1, 0, 0],
      ["beta", "uninterrupted", CTI, 2, 1, 0, 0],
    ]);
    const s = cell(model, "alpha", "switched", RSL).tagged;
    expect(s).toMatchObject({ k: 10, n: 20, pct: 50 });
    expect(s.lo).toBeCloseTo(29.9298, 3);
    expect(cell(model, "alpha", "uninterrupted", RSL).tagged.hi).toBeCloseTo(41.6017, 3);
  });

  it("corrects alpha · switched: 2/3, bootstrap close to the delta method", () => {
    const c = cell(model, "alpha", "switched", RSL);
    expect(c.in_audit).toBe(true);
    expect(c.correction).toMatchObject({ kind: "corrected", reps: 2000, without_correction: 2, hi: 100 });
    if (c.correction.kind !== "corrected") throw new Error("not corrected");
    expect(c.correction.pct).toBeCloseTo(200 / 3, 9);
    // Delta method (README): 66.667 ± 49.361 → [17.306, 116.03] → [17.306, 100]; within 5 points.
    expect(Math.abs(c.correction.lo! - 17.306)).toBeLessThan(5);
    expect(c.correction.lo).toBeCloseTo(19.995253164556953, 9);
  });

  it("corrects alpha · uninterrupted: 1/6, bootstrap close to the delta method", () => {
    const c = cell(model, "alpha", "uninterrupted", RSL);
    expect(c.correction).toMatchObject({ kind: "corrected", lo: 0, reps: 2000, without_correction: 2 });
    if (c.correction.kind !== "corrected") throw new Error("not corrected");
    expect(c.correction.pct).toBeCloseTo(100 / 6, 9);
    // Delta method (README): 16.667 ± 39.785 → [−23.118, 56.451] → [0, 56.451]; within 5 points.
    expect(Math.abs(c.correction.hi! - 56.451)).toBeLessThan(5);
    expect(c.correction.hi).toBeCloseTo(60, 9);
  });

  it("says why a cell has no correction", () => {
    expect(cell(model, "beta", "uninterrupted", RSL)).toMatchObject({
      in_audit: false,
      correction: { kind: "corrected", pct: 0, lo: 0, hi: 0 },
    });
    expect(cell(model, "beta", "switched", RSL).correction).toEqual({ kind: "no-readable-runs" });
    expect(cell(model, "beta", "switched", RSL).tagged.pct).toBeNull();
    expect(cell(model, "alpha", "switched", CTI).correction).toEqual({ kind: "no-audit" });
    expect(model.bootstrap).toEqual({ reps: 2000, seed: 20261129 });
  });

  it("refuses to correct with a detector no better than chance or an audit of one label", () => {
    // The same rows with the audit's strata replaced: Se 2/5 + Sp 3/5 − 1 = 0 (tp·tn = 6 = fn·fp).
    const chance = strataRows.map((r) => ({ ...r, tp: 1, fp: 1, fn: 1, tn: 2 }));
    chance[1] = { ...chance[1]!, tp: 1, fp: 1, fn: 2, tn: 1 };
    const m = auditModelOf(agreementRows, chance, shareRows);
    expect(signature(m, RSL).audit).toMatchObject({ tp: 2, fp: 2, fn: 3, tn: 3 });
    expect(cell(m, "alpha", "switched", RSL).correction).toEqual({ kind: "no-better-than-chance" });
    const onlyPositives = strataRows.map((r) => ({ ...r, fp: 0, tn: 0 }));
    const p = auditModelOf(agreementRows, onlyPositives, shareRows);
    expect(cell(p, "alpha", "switched", RSL).correction).toEqual({ kind: "accuracy-unknown" });
  });
});

describe("the browser tests' copy (e2e/fixtures/releases/auditcalc)", () => {
  it("holds the same release files, and the derived tables under derived/", () => {
    const E2E = "e2e/fixtures/releases/auditcalc";
    const read = (dir: string, f: string) => readFileSync(join(dir, f), "utf8");
    for (const f of readdirSync(`${FIXTURE}/release`)) expect(read(E2E, f), f).toBe(read(`${FIXTURE}/release`, f));
    for (const f of ["run_analysis.jsonl", "signature_tags.jsonl"])
      expect(read(`${E2E}/derived`, f), f).toBe(read(FIXTURE, f));
  });
});
