// The leaderboard's SQL, unchanged, over the Hive-partitioned Parquet the build writes (lib/db/export-hive-node.ts),
// read back with DuckDB's read_parquet(hive_partitioning) in a fresh database: the same rows as over the flat
// tables, and the hand-computed numbers of e2e/fixtures/releases/handcalc/EXPECTED.md.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../data/load-release";
import { releaseTables } from "../data/tables";
import { computeLeaderboard } from "../queries/leaderboard/model";
import { repoGapSql, resolutionSql, taskScoresSql, CONFIGS_SQL } from "../queries/leaderboard/sql";
import { exportHive, HIVE_TABLES, hiveDir, hiveReadSql } from "./export-hive-node";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb, type NodeDb } from "./node";

const DIR = "e2e/fixtures/releases/handcalc";
let flat: NodeDb;
let hive: NodeDb;
let out = "";
const meta = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  flat = await openNodeDb();
  await loadTablesNode(flat, releaseTables(release!));
  out = mkdtempSync(join(tmpdir(), "switch-swe-hive-"));
  await exportHive(flat, out);
  hive = await openNodeDb();
  for (const table of Object.keys(HIVE_TABLES)) {
    if (readdirSync(hiveDir(out)).includes(table))
      await hive.run(`CREATE VIEW ${table} AS SELECT * FROM ${hiveReadSql(hiveDir(out), table)}`);
  }
});
afterAll(() => {
  flat?.close();
  hive?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("Hive-partitioned Parquet by configuration", () => {
  it("has one partition directory per configuration", () => {
    expect(readdirSync(join(hiveDir(out), "task_cells")).sort()).toEqual([
      "config_id=alpha",
      "config_id=beta",
      "config_id=gamma",
    ]);
  });

  it("gives the leaderboard's SQL the same rows as the flat tables", async () => {
    for (const sql of [
      CONFIGS_SQL,
      resolutionSql(),
      taskScoresSql(),
      repoGapSql("uninterrupted"),
      resolutionSql({ taskIds: ["N1", "F2"] }),
    ]) {
      const rows = await hive.query(sql);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await flat.query(sql));
    }
  });

  it("gives the hand-computed leaderboard", async () => {
    const board = await computeLeaderboard(hive, meta);
    const cell = (config: string, condition: string) =>
      board.rows.find((r) => r.config.config_id === config)!.rates.overall![condition]!.value;
    // EXPECTED.md: overall switched alpha 50.0, beta 25.0, gamma 50.0; uninterrupted 75.0, 75.0, 50.0.
    expect(["alpha", "beta", "gamma"].map((c) => cell(c, "switched"))).toEqual([50, 25, 50]);
    expect(["alpha", "beta", "gamma"].map((c) => cell(c, "uninterrupted"))).toEqual([75, 75, 50]);
    expect(board).toEqual(await computeLeaderboard(flat, meta));
  });
});
