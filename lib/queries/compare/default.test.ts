// The compare page's default pair on real DuckDB over the hand-computed release
// comparecalc (e2e/fixtures/releases/comparecalc/EXPECTED.md): its configurations in release order are anna,
// bert, carl, its default condition is the first non-baseline one, switched; EXPECTED.md's "anna (A) vs bert (B),
// condition switched" gives the 2×2 (overall 2 / 5 / 1 / 2) and the cost table's A − B.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { ensureSignatureTablesSql } from "../signatures/tables";
import { defaultCompareRequest } from "./default";
import { computeCompare, type CompareModel } from "./model";
import { computePrevalence, type PrevalenceModel } from "../signatures/prevalence-model";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

let db: NodeDb;
let model: CompareModel;
let prevalence: PrevalenceModel;
beforeAll(async () => {
  const { release, problems } = await loadRelease("e2e/fixtures/releases/comparecalc");
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  for (const sql of ensureSignatureTablesSql()) await db.run(sql);
  const req = defaultCompareRequest(["anna", "bert", "carl"], META)!;
  model = await computeCompare(db, META, req);
  prevalence = await computePrevalence(db, META, { configIds: [req.a, req.b] });
});
afterAll(() => db?.close());

describe("defaultCompareRequest", () => {
  it("takes the first two configurations under the first non-baseline condition", () => {
    expect(defaultCompareRequest(["anna", "bert", "carl"], META)).toEqual({
      a: "anna",
      b: "bert",
      condition: "switched",
    });
  });
  it("has no default with fewer than two configurations", () => {
    expect(defaultCompareRequest(["anna"], META)).toBeNull();
    expect(defaultCompareRequest([], META)).toBeNull();
  });
});

describe("the default pair of comparecalc", () => {
  it("is anna vs bert under switched, with EXPECTED.md's 2×2", () => {
    expect([model.a?.config_id, model.b?.config_id, model.condition]).toEqual(["anna", "bert", "switched"]);
    const overall = model.groups.find((g) => g.grp === "overall")!;
    expect([overall.both, overall.onlyA, overall.onlyB, overall.neither]).toEqual([2, 5, 1, 2]);
    expect(prevalence.scope).toEqual({ configIds: ["anna", "bert"] });
  });
});
