// A fixture release's hand-set derived tables replace the trajectory pass's in a test build only
// (fixture-derived.ts): e2e/fixtures/releases/auditcalc, whose rows are lib/queries/fixtures/signature-audit's.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import { ensureSignatureTablesSql } from "../../lib/queries/signatures/tables";
import { loadFixtureDerived } from "./fixture-derived";

const AUDITCALC = "e2e/fixtures/releases/auditcalc";

let db: NodeDb;
beforeEach(async () => {
  db = await openNodeDb();
  for (const sql of ensureSignatureTablesSql()) await db.run(sql);
});
afterEach(() => db.close());

const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT COUNT(*)::INTEGER AS n FROM ${table}`))[0]!.n;

describe("hand-set derived tables", () => {
  it("replace run_analysis and signature_tags when the build is a test build", async () => {
    expect(await loadFixtureDerived(db, AUDITCALC, { DATA_FIXTURE_DERIVED: "1" })).toEqual([
      "run_analysis",
      "signature_tags",
    ]);
    expect(await count("run_analysis")).toBe(42);
    expect(await count("signature_tags")).toBe(24);
    expect(await count("run_analysis WHERE NOT readable")).toBe(1);
  });

  it("are ignored, with a warning, by any other build", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await loadFixtureDerived(db, AUDITCALC, {})).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("DATA_FIXTURE_DERIVED=1"));
    warn.mockRestore();
    expect(await count("signature_tags")).toBe(0);
  });

  it("leave a release without the folder alone", async () => {
    expect(await loadFixtureDerived(db, "e2e/fixtures/releases/handcalc", { DATA_FIXTURE_DERIVED: "1" })).toEqual([]);
  });
});
