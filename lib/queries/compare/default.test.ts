// The compare page's default pair (compare-default.json) on real DuckDB over the hand-computed release
// comparecalc (e2e/fixtures/releases/comparecalc/EXPECTED.md): its configurations in release order are anna,
// bert, carl, its default condition is the first non-baseline one, switched; EXPECTED.md's "anna (A) vs bert (B),
// condition switched" gives the 2×2 (overall 2 / 5 / 1 / 2) and the cost table's A − B.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../../db/load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { ensureSignatureTablesSql } from "../signatures/tables";
import { computeCompareDefault, defaultCompareRequest, reviveCompareDefault, type CompareDefault } from "./default";
import { computeCompare, computeCompareCost } from "./model";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

let db: NodeDb;
let file: CompareDefault | null;
beforeAll(async () => {
  const { release, problems } = await loadRelease("e2e/fixtures/releases/comparecalc");
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  for (const sql of ensureSignatureTablesSql()) await db.run(sql);
  file = await computeCompareDefault(db, META);
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

describe("compare-default.json of comparecalc", () => {
  it("is anna vs bert under switched, with EXPECTED.md's 2×2", () => {
    expect(file?.request).toEqual({ a: "anna", b: "bert", condition: "switched" });
    const overall = file!.model.groups.find((g) => g.grp === "overall")!;
    expect([overall.both, overall.onlyA, overall.onlyB, overall.neither]).toEqual([2, 5, 1, 2]);
    expect(file!.prevalence.scope).toEqual({ configIds: ["anna", "bert"] });
  });

  it("after JSON and revival, equals what the browser computes for the same pair (intervals included)", async () => {
    const req = { a: "anna", b: "bert", condition: "switched" };
    const revived = reviveCompareDefault(JSON.parse(JSON.stringify(file)) as CompareDefault);
    expect(revived.model).toEqual(await computeCompare(db, META, req));
    expect(revived.cost).toEqual(await computeCompareCost(db, META, req));
  });

  it("revives an interval over no tasks (null in JSON) as NaN", () => {
    const g = { ...file!.model.groups[0]!, p: null, resDiff: { value: 0, lo: null, hi: null } };
    const json = { ...file!, model: { ...file!.model, groups: [g] } } as unknown as CompareDefault;
    const back = reviveCompareDefault(json).model.groups[0]!;
    expect([back.p, back.resDiff.lo, back.resDiff.hi, back.resDiff.value]).toEqual([NaN, NaN, NaN, 0]);
  });
});
