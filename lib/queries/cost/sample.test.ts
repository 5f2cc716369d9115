// The bundled sample release against the Table 2 ranges the paper states (docs/benchmark.md, "Figures the paper
// publishes"): over its seven configurations, Switch-All uses 4.5–11.1× the tokens and 2.4–4.3× the model calls of
// Unint, and Switch-Focus 1.41–2.95× the tokens of a whole uninterrupted session. Checked on the native configurations
// (the paper's Table 2 population; the +Router/+RCM variants belong to its Table 3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { costScopesSql, type CostScopeRow } from "./sql";
import { CONFIGS_SQL, type ConfigRow } from "../leaderboard/sql";

let db: NodeDb;
let rows: CostScopeRow[];
let natives: string[];

beforeAll(async () => {
  const { release, problems } = await loadRelease("data/releases/sample");
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  rows = await db.query<CostScopeRow>(costScopesSql(release!.meta.baseline_condition));
  natives = (await db.query<ConfigRow>(CONFIGS_SQL)).filter((c) => c.variant === "native").map((c) => c.config_id);
});
afterAll(() => db?.close());

const ratios = (measure: string, key: "all_ratio" | "focus_ratio") =>
  Object.fromEntries(
    rows
      .filter((r) => r.grp === "overall" && r.measure === measure && natives.includes(r.config_id))
      .map((r) => [r.config_id, r[key]]),
  );

function expectWithin(values: Record<string, number | null>, lo: number, hi: number) {
  expect(Object.keys(values)).toHaveLength(7);
  for (const [config, v] of Object.entries(values)) {
    expect(v, config).not.toBeNull();
    expect(v!, `${config}: ${v}`).toBeGreaterThanOrEqual(lo);
    expect(v!, `${config}: ${v}`).toBeLessThanOrEqual(hi);
  }
}

describe("sample release, Table 2 ranges", () => {
  it("Switch-All / Unint tokens within 4.5–11.1×", () => expectWithin(ratios("tokens", "all_ratio"), 4.5, 11.1));
  it("Switch-All / Unint model calls within 2.4–4.3×", () =>
    expectWithin(ratios("model_calls", "all_ratio"), 2.4, 4.3));
  it("Switch-Focus / Unint tokens within 1.41–2.95×", () => expectWithin(ratios("tokens", "focus_ratio"), 1.41, 2.95));
});
