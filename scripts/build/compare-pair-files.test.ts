// The compare pair files the data build writes (compare-pair-files.ts), on real DuckDB over the hand-computed
// release comparecalc (e2e/fixtures/releases/comparecalc/EXPECTED.md): three published configurations, so
// 3 · 2 = 6 files, and none when the cap is below three.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { loadTablesNode } from "../../lib/db/load-node";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import { reviveCompareModel, type CompareModel } from "../../lib/queries/compare/model";
import { writeComparePairs } from "./compare-pair-files";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

let db: NodeDb;
const tmp: string[] = [];
beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/comparecalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
});
afterAll(() => {
  db?.close();
  tmp.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const outDir = () => {
  const d = mkdtempSync(join(tmpdir(), "pairs-test-"));
  tmp.push(d);
  return d;
};

describe("writeComparePairs", () => {
  it("writes one file per ordered pair, named by release positions", async () => {
    const out = outDir();
    expect(await writeComparePairs(db, META, out)).toBe(3);
    expect(readdirSync(join(out, "compare-pairs")).sort()).toEqual([
      "0-1.json",
      "0-2.json",
      "1-0.json",
      "1-2.json",
      "2-0.json",
      "2-1.json",
    ]);
    // 2-1 is carl vs bert under switched: carl resolves nothing, bert N3, F4, F5 (EXPECTED.md, "Pair files").
    const file = reviveCompareModel(
      JSON.parse(readFileSync(join(out, "compare-pairs", "2-1.json"), "utf8")) as CompareModel,
    );
    expect([file.pair.a, file.pair.b, file.condition]).toEqual(["carl", "bert", "switched"]);
    const overall = file.groups.find((g) => g.grp === "overall")!;
    expect([overall.both, overall.onlyA, overall.onlyB, overall.neither, overall.resDiff.value]).toEqual([
      0, 0, 3, 7, -30,
    ]);
  });

  it("writes none above the cap", async () => {
    const out = outDir();
    expect(await writeComparePairs(db, META, out, 2)).toBe(0);
    expect(existsSync(join(out, "compare-pairs"))).toBe(false);
  });
});
