// Signature rates on real DuckDB against the hand-made trajectory release (e2e/fixtures/releases/trajcalc).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { SIGNATURE_RATES_SQL, signatureRatesSql, type SignatureRateRow } from "./rates.sql";

let db: NodeDb;

beforeAll(async () => {
  const { release, problems } = await loadRelease("e2e/fixtures/releases/trajcalc");
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
});
afterAll(() => db?.close());

const cell = (rows: SignatureRateRow[], config: string, condition: string, signature: string) =>
  rows.find((r) => r.config_id === config && r.condition === condition && r.signature === signature);

describe("signature rates", () => {
  it("counts tagged runs once per signature over all runs and over runs with a trajectory", async () => {
    const rows = await db.query<SignatureRateRow>(SIGNATURE_RATES_SQL);
    expect(rows).toHaveLength(8); // 2 configs × 2 conditions × 2 signatures
    // alpha.s-N1 carries two requirement-state-loss tags: one run.
    expect(cell(rows, "alpha", "switched", "requirement_state_loss")).toMatchObject({
      runs: 2,
      runs_with_trajectory: 2,
      tagged_runs: 1,
      rate: 50,
      rate_of_inspectable: 50,
    });
    expect(cell(rows, "alpha", "switched", "cross_task_interference")).toMatchObject({
      runs: 2,
      tagged_runs: 1,
      rate: 50,
    });
    expect(cell(rows, "alpha", "uninterrupted", "requirement_state_loss")).toMatchObject({
      runs: 1,
      runs_with_trajectory: 0,
      tagged_runs: 0,
      rate: 0,
      rate_of_inspectable: null,
    });
    expect(cell(rows, "beta", "switched", "cross_task_interference")).toMatchObject({
      runs: 2,
      runs_with_trajectory: 2,
      tagged_runs: 0,
      rate: 0,
      rate_of_inspectable: 0,
    });
    expect(rows.slice(0, 2).map((r) => [r.config_id, r.condition, r.signature])).toEqual([
      ["alpha", "switched", "requirement_state_loss"],
      ["alpha", "switched", "cross_task_interference"],
    ]);
  });

  it("filters by author kind", async () => {
    const human = await db.query<SignatureRateRow>(signatureRatesSql({ authorKinds: ["human"] }));
    expect(cell(human, "alpha", "switched", "requirement_state_loss")!.tagged_runs).toBe(1);
    expect(cell(human, "alpha", "switched", "cross_task_interference")!.tagged_runs).toBe(0);
    const detector = await db.query<SignatureRateRow>(signatureRatesSql({ authorKinds: ["detector"] }));
    expect(cell(detector, "alpha", "switched", "requirement_state_loss")!.tagged_runs).toBe(1);
  });
});
